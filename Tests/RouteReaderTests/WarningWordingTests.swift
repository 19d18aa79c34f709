// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics
import TrailcastRoutes

/// Issue 39: every reader's warning names the file, the place (line:column, or byte for FIT)
/// and what was kept. Each case is a small file with one kind of problem; the whole line a
/// user reads (`FILE:PLACE: warning: MESSAGE`, as `replay` and `inspect` print it) is exact.
@Suite("Warnings say where and what was kept")
struct WarningWordingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let format: RouteFormat
        let bytes: [UInt8]
        let lines: [String]
        var testDescription: String { name }

        init(_ name: String, _ format: RouteFormat, _ text: String, _ lines: [String]) {
            self.init(name, format, bytes: Array(text.utf8), lines)
        }

        init(_ name: String, _ format: RouteFormat, bytes: [UInt8], _ lines: [String]) {
            (self.name, self.format, self.bytes, self.lines) = (name, format, bytes, lines)
        }
    }

    static let kmlWithoutGX = """
        <kml xmlns="http://www.opengis.net/kml/2.2"><Placemark>
        <gx:Track><when>2024-05-01T10:00:00Z</when><gx:coord>8.5 47.3 400</gx:coord>
        <when>2024-05-01T10:00:01Z</when><gx:coord>8.5001 47.3 401</gx:coord>
        <when>2024-05-01T10:00:02Z</when><gx:coord>8.5002 47.3 402</gx:coord>
        </gx:Track></Placemark></kml>
        """

    static let cases: [Case] = [
        Case(
            "GPX: an empty segment", .gpx, gpx11("<trk><trkseg>\n</trkseg></trk>"),
            [
                "route.gpx:4:10: warning: empty track segment <trkseg> (it has no valid points); nothing read from it"
            ]),
        Case(
            "GPX: a time without a zone, said once", .gpx,
            gpx11(
                """
                <trk><trkseg><trkpt lat="47" lon="8"><time>2024-05-01T10:00:00</time></trkpt>
                <trkpt lat="47" lon="8.001"><time>2024-05-01T10:00:01</time></trkpt></trkseg></trk>
                """),
            [
                "route.gpx:3:70: warning: time \"2024-05-01T10:00:00\" has no zone; times without a zone are read as UTC"
            ]),
        Case(
            "KML: gx:Track without the gx namespace, said once for each element", .kml, kmlWithoutGX,
            [
                "route.kml:2:10: warning: Namespace prefix gx on Track is not defined; read on as written (warned once)",
                "route.kml:2:53: warning: Namespace prefix gx on coord is not defined; read on as written (warned once)",
            ]),
        Case(
            "KML: more times than coordinates", .kml,
            """
            <kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Placemark>
            <gx:Track><when>2024-05-01T10:00:00Z</when><when>2024-05-01T10:00:01Z</when>
            <gx:coord>8.5 47.3 400</gx:coord></gx:Track></Placemark></kml>
            """,
            [
                "route.kml:3:45: warning: <gx:Track> has 1 more <when> than <gx:coord>; those times are ignored"
            ]),
        Case(
            "GeoJSON: more coordTimes than positions", .geojson,
            """
            {"type": "Feature", "properties": {"coordTimes": ["2024-05-01T10:00:00Z", "2024-05-01T10:00:01Z",
              "2024-05-01T10:00:02Z"]},
             "geometry": {"type": "LineString", "coordinates": [[8.5, 47.3], [8.5001, 47.3]]}}
            """,
            [
                "route.geojson:1:1: warning: 3 coordTimes for 2 positions; paired in order, the last 1 times dropped"
            ]),
        Case(
            "GeoJSON: fewer coordTimes than positions", .geojson,
            """
            {"type": "Feature", "properties": {"coordTimes": ["2024-05-01T10:00:00Z"]},
             "geometry": {"type": "LineString", "coordinates": [[8.5, 47.3], [8.5001, 47.3], [8.5002, 47.3]]}}
            """,
            [
                "route.geojson:1:1: warning: 1 coordTimes for 3 positions; paired in order, the last 2 positions untimed"
            ]),
        Case(
            "GeoJSON: a GeometryCollection", .geojson,
            """
            {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {},
             "geometry": {"type": "GeometryCollection", "geometries": []}}]}
            """,
            [
                "route.geojson:2:59: warning: a GeometryCollection is skipped (warned once): give its lines and points as features"
            ]),
        Case(
            "TCX: a trackpoint without a position", .tcx,
            """
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
            <Activities><Activity Sport="Running"><Id>2024-05-01T10:00:00Z</Id><Lap StartTime="2024-05-01T10:00:00Z"><Track>
            <Trackpoint><Time>2024-05-01T10:00:00Z</Time></Trackpoint>
            </Track></Lap></Activity></Activities></TrainingCenterDatabase>
            """,
            [
                "route.tcx:3:12: warning: <Trackpoint> has no <Position> (indoors, or no fix yet); such points are skipped (warned once)"
            ]),
        Case(
            "FIT: a record without a position", .fit, bytes: fitWithPositionlessRecord(),
            [
                "route.fit: byte 63: warning: a record without a position (indoors, or no fix yet): such records are skipped (warned once)"
            ]),
    ]

    /// A record with a time and no position fields, after a record with both.
    static func fitWithPositionlessRecord() -> [UInt8] {
        var fit = FITBuilder()
        fit.definition(local: 0, global: 20, fields: FITReaderTests.record)
        fit.data(
            local: 0, FITReaderTests.recordBytes(time: 1_000_000_030, latitude: 47.5, longitude: 8.5, altitude: 400))
        fit.definition(local: 1, global: 20, fields: [(253, 4, 0x86)])
        fit.data(local: 1, FITBuilder.integer(1_000_000_031, 4, false))
        return fit.file()
    }

    @Test("each warning's line, exactly", arguments: cases)
    func wording(_ example: Case) throws {
        let name = "route.\(example.format.rawValue)"
        let reader = try example.format.makeReader(bytes: example.bytes, name: name, options: .init(chunkSize: 16))
        let (events, error) = readUntilError(reader)
        #expect(error == nil)
        let lines = events.compactMap { event -> String? in
            guard case .warning(let warning) = event else { return nil }
            return "\(name):\(warning)"
        }
        #expect(lines == example.lines)
    }
}
