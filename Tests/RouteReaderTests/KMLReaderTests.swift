// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics
import TrailcastRoutes

/// KML read into GPX's events: `gx:Track`s as tracks, `LineString`s as routes, `Point`s as waypoints.
@Suite("KML reader")
struct KMLReaderTests {
    static func kml(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">
        <Document><Folder>\(body)</Folder></Document></kml>
        """
    }

    static func time(_ second: Int) -> String {
        Timestamp(secondsSince1970: 1_781_366_400 + Int64(second)).iso8601(fractionDigits: 3)
    }

    /// A `gx:Track` as the schema orders it: every `<when>`, then every `<gx:coord>`.
    static func track(points: Int, from first: Int = 0) -> String {
        let whens = (first..<first + points).map { "<when>\(time($0))</when>" }.joined(separator: "\n")
        let coords = (first..<first + points).map {
            "<gx:coord>\(8.5 + Double($0) * 1e-5) 47.3 \(400 + $0 % 7)</gx:coord>"
        }
        .joined(separator: "\n")
        return "<gx:Track>\(whens)\n\(coords)</gx:Track>"
    }

    @Test("a gx:Track of 10,000 points: each <gx:coord> gets its own <when>, past the spool's memory")
    func longTrackPairsTimes() throws {
        let (events, error) = readUntilError(
            Self.kml("<Placemark><name>Ride</name>\(Self.track(points: 10_000))</Placemark>"), as: .kml)
        #expect(error == nil)
        let points = events.compactMap { if case .trackPoint(let point) = $0 { point } else { nil } }
        #expect(points.count == 10_000)
        for (index, point) in points.enumerated() where index % 997 == 0 || index == 9_999 {
            #expect(point.time == Timestamp(secondsSince1970: 1_781_366_400 + Int64(index)))
            #expect(abs(point.longitude - (8.5 + Double(index) * 1e-5)) < 1e-12)
            #expect(point.elevationMeters == Double(400 + index % 7))
        }
        guard case .beginTrack(let info) = events[1] else { return }
        #expect(info.name == "Ride")
    }

    @Test("Google My Tracks' order, each <gx:coord> before its <when>: the n-th with the n-th, no warning")
    func coordinateBeforeTime() throws {
        let body = """
            <Placemark><gx:Track><gx:coord>8.5 47.3 400</gx:coord><when>2024-05-01T10:00:00Z</when>
            <gx:coord>8.5001 47.3 401</gx:coord><when>2024-05-01T10:00:01Z</when>
            <gx:coord>8.5002 47.3 402</gx:coord><when>2024-05-01T10:00:02Z</when></gx:Track></Placemark>
            """
        let (events, error) = readUntilError(Self.kml(body), as: .kml)
        #expect(error == nil)
        #expect(!events.contains { $0.caseName == "warning" }, "\(events)")
        let points = events.compactMap { if case .trackPoint(let point) = $0 { point } else { nil } }
        #expect(points.map(\.time) == (0..<3).map { Timestamp(secondsSince1970: 1_714_557_600 + Int64($0)) })
        #expect(points.map(\.longitude) == [8.5, 8.5001, 8.5002])
        #expect(points.map(\.elevationMeters) == [400, 401, 402])
        // Each point where its <gx:coord> is, not where its <when> came.
        #expect(points.map(\.line) == [3, 4, 5])
    }

    @Test("every <gx:coord> first, then every <when>, past the spool's memory; and mixed orders pair by position")
    func coordinatesFirst() throws {
        let whens = (0..<10_000).map { "<when>\(Self.time($0))</when>" }.joined(separator: "\n")
        let coords = (0..<10_000).map { "<gx:coord>\(8.5 + Double($0) * 1e-5) 47.3 400</gx:coord>" }.joined(
            separator: "\n")
        let (events, error) = readUntilError(
            Self.kml("<Placemark><gx:Track>\(coords)\n\(whens)</gx:Track></Placemark>"), as: .kml)
        #expect(error == nil)
        let points = events.compactMap { if case .trackPoint(let point) = $0 { point } else { nil } }
        #expect(points.count == 10_000)
        for (index, point) in points.enumerated() where index % 997 == 0 || index == 9_999 {
            #expect(point.time == Timestamp(secondsSince1970: 1_781_366_400 + Int64(index)))
            #expect(abs(point.longitude - (8.5 + Double(index) * 1e-5)) < 1e-12)
        }
        // when, coord, coord, when, when, coord: pairs 0-0, 1-1, 2-2.
        let mixed =
            "<Placemark><gx:Track><when>\(Self.time(0))</when><gx:coord>8.5 47.3</gx:coord><gx:coord>8.6 47.3</gx:coord>"
            + "<when>\(Self.time(1))</when><when>\(Self.time(2))</when><gx:coord>8.7 47.3</gx:coord></gx:Track></Placemark>"
        let read = readUntilError(Self.kml(mixed), as: .kml)
        let mixedPoints = read.events.compactMap { if case .trackPoint(let point) = $0 { point } else { nil } }
        #expect(mixedPoints.map(\.longitude) == [8.5, 8.6, 8.7])
        #expect(mixedPoints.map(\.time) == (0..<3).map { Timestamp(secondsSince1970: 1_781_366_400 + Int64($0)) })
    }

    @Test("a skipped <gx:coord> takes its <when> with it; more coordinates than times: the rest untimed, one warning")
    func unpairedCoordinates() throws {
        let body =
            "<Placemark><gx:Track><gx:coord>8.5 47.3</gx:coord><gx:coord>bad</gx:coord><gx:coord>8.7 47.3</gx:coord>"
            + "<gx:coord>8.8 47.3</gx:coord><when>\(Self.time(0))</when><when>\(Self.time(1))</when><when>\(Self.time(2))</when>"
            + "</gx:Track></Placemark>"
        let (events, error) = readUntilError(Self.kml(body), as: .kml)
        #expect(error == nil)
        let warnings = events.compactMap { if case .warning(let warning) = $0 { warning.message } else { nil } }
        #expect(
            warnings == [
                "<gx:coord> is \"bad\", not lon lat [alt] in range; point skipped",
                "<gx:Track> has 1 more <gx:coord> than <when>; those points are untimed",
            ])
        let points = events.compactMap { if case .trackPoint(let point) = $0 { point } else { nil } }
        #expect(points.map(\.longitude) == [8.5, 8.7, 8.8])
        #expect(
            points.map(\.time) == [
                Timestamp(secondsSince1970: 1_781_366_400), Timestamp(secondsSince1970: 1_781_366_402), nil,
            ])
    }

    @Test("a <when> that is a date, a month or a year (KML's dateTime union) is its first instant in UTC")
    func dateOnlyTimes() throws {
        // In time order: waypoints' times are checked against the previous one's (issue 39, item 6).
        let whens = ["1997", "1997-07", "1997-07-16", "1997-07-16Z", "1997-12", "1997-12-31", "2024-02-29T12:00:00Z"]
        let body = (whens + ["1997-02-30", "1998-13", "1998-00"])
            .map {
                "<Placemark><TimeStamp><when>\($0)</when></TimeStamp><Point><coordinates>8.5,47.3</coordinates></Point></Placemark>"
            }
            .joined()
        let (events, error) = readUntilError(Self.kml(body), as: .kml)
        #expect(error == nil)
        let times = events.compactMap { if case .waypoint(let point) = $0 { point.time } else { nil } }
        #expect(
            times == [
                Timestamp(iso8601: "1997-01-01T00:00:00Z"), Timestamp(iso8601: "1997-07-01T00:00:00Z"),
                Timestamp(iso8601: "1997-07-16T00:00:00Z"), Timestamp(iso8601: "1997-07-16T00:00:00Z"),
                Timestamp(iso8601: "1997-12-01T00:00:00Z"), Timestamp(iso8601: "1997-12-31T00:00:00Z"),
                Timestamp(iso8601: "2024-02-29T12:00:00Z"),
            ])
        let warnings = events.compactMap { if case .warning(let warning) = $0 { warning.message } else { nil } }
        #expect(
            warnings == [
                "unparsable time \"1997-02-30\"; time dropped", "unparsable time \"1998-13\"; time dropped",
                "unparsable time \"1998-00\"; time dropped",
            ], "no February 30th, no 13th or 0th month")
    }

    @Test("tuples with more than three values keep lon, lat and alt, with one warning for the file")
    func extraValues() throws {
        let body =
            "<Placemark><LineString><coordinates>8.5,47.3,400,20 8.6,47.4,401,21,x 8.7,47.5</coordinates></LineString></Placemark>"
            + "<Placemark><gx:Track><when>\(Self.time(0))</when><gx:coord>8.5 47.3 400 7</gx:coord></gx:Track></Placemark>"
        let (events, error) = readUntilError(Self.kml(body), as: .kml)
        #expect(error == nil)
        let route = events.compactMap { if case .routePoint(let point) = $0 { point } else { nil } }
        #expect(
            route.map { [$0.longitude, $0.latitude, $0.elevationMeters ?? -1] } == [
                [8.5, 47.3, 400], [8.6, 47.4, 401], [8.7, 47.5, -1],
            ])
        #expect(events.filter { $0.caseName == "trackPoint" }.count == 1)
        let warnings = events.compactMap { if case .warning(let warning) = $0 { warning.message } else { nil } }
        #expect(
            warnings == [
                "a coordinate has more than lon, lat and alt; the first three are kept, the rest dropped (warned once)"
            ])
    }

    @Test("a gx:MultiTrack's tracks are one placemark's segments")
    func multiTrack() {
        let body =
            "<Placemark><gx:MultiTrack>\(Self.track(points: 2))\(Self.track(points: 2, from: 10))</gx:MultiTrack></Placemark>"
        let (events, error) = readUntilError(Self.kml(body), as: .kml)
        #expect(error == nil)
        #expect(
            events.map(\.caseName) == [
                "metadata", "beginTrack", "beginSegment", "trackPoint", "trackPoint", "endSegment",
                "beginSegment", "trackPoint", "trackPoint", "endSegment", "endTrack",
            ])
    }

    @Test("a LineString is an untimed route, its coordinates read as they stream in, whatever the chunks")
    func lineString() throws {
        let coordinates = (0..<500).map { "\(8.5 + Double($0) * 1e-4),\(47.3 + Double($0) * 1e-4),\($0)" }.joined(
            separator: "\n ")
        let text = Self.kml(
            "<Placemark><name>Drawn</name><LineString><coordinates>\n \(coordinates)\n</coordinates></LineString></Placemark>"
        )
        let whole = readUntilError(text, as: .kml)
        let small = readUntilError(text, as: .kml, options: .init(chunkSize: 16))
        #expect(whole.error == nil && small.error == nil)
        let points = whole.events.compactMap { if case .routePoint(let point) = $0 { point } else { nil } }
        let smallPoints = small.events.compactMap { if case .routePoint(let point) = $0 { point } else { nil } }
        #expect(points.count == 500)
        #expect(
            smallPoints.map { [$0.latitude, $0.longitude, $0.elevationMeters ?? -1] }
                == points.map { [$0.latitude, $0.longitude, $0.elevationMeters ?? -1] })
        #expect(points.allSatisfy { $0.time == nil })
        #expect(points[499].longitude == 8.5 + 499 * 1e-4 && points[499].elevationMeters == 499)
        guard case .beginRoute(let info) = whole.events[1] else { return }
        #expect(info.name == "Drawn")
    }

    /// KML 2.2 §16.9: tuples are separated by whitespace, which XML's includes tabs and
    /// carriage returns as well as spaces and line feeds.
    @Test(
        "tuples separated by tabs, carriage returns, spaces or line feeds",
        arguments: ["\t", "\r\n", " ", "\n", "\t \r"])
    func whitespaceBetweenTuples(separator: String) throws {
        let text = Self.kml(
            "<Placemark><LineString><coordinates>8.5,47.3\(separator)8.6,47.4,10\(separator)8.7,47.5</coordinates></LineString></Placemark>"
        )
        let (events, error) = readUntilError(text, as: .kml)
        #expect(error == nil)
        let points = events.compactMap { if case .routePoint(let point) = $0 { point } else { nil } }
        #expect(points.map { [$0.longitude, $0.latitude] } == [[8.5, 47.3], [8.6, 47.4], [8.7, 47.5]])
        #expect(events.filter { $0.caseName == "warning" }.isEmpty)
    }

    @Test("a Point placemark is a waypoint with its name, description and TimeStamp")
    func pointPlacemark() throws {
        let body =
            "<Placemark><name>Café</name><description>Coffee</description><TimeStamp><when>\(Self.time(5))</when></TimeStamp>"
            + "<Point><coordinates>8.54,47.37,410</coordinates></Point></Placemark>"
        let (events, error) = readUntilError(Self.kml(body), as: .kml)
        #expect(error == nil)
        let waypoint = try #require(
            events.compactMap { if case .waypoint(let point) = $0 { point } else { nil } }.first)
        #expect(waypoint.name == "Café" && waypoint.description == "Coffee")
        #expect(waypoint.latitude == 47.37 && waypoint.longitude == 8.54 && waypoint.elevationMeters == 410)
        #expect(waypoint.time == Timestamp(secondsSince1970: 1_781_366_405))
    }

    @Test("bad tuples and unpaired times are warnings; the rest is read")
    func problems() {
        let body =
            "<Placemark><LineString><coordinates>8.5,47.3 8.5;47.3 8.5,95 8.6,47.4</coordinates></LineString></Placemark>"
            + "<Placemark><gx:Track><when>\(Self.time(0))</when><when>\(Self.time(1))</when><gx:coord>8.5 47.3</gx:coord></gx:Track></Placemark>"
        let (events, error) = readUntilError(Self.kml(body), as: .kml)
        #expect(error == nil)
        let warnings = events.compactMap { if case .warning(let warning) = $0 { warning.message } else { nil } }
        #expect(
            warnings == [
                "<coordinates>'s tuple 2, \"8.5;47.3\", is not lon,lat[,alt] in range; point skipped",
                "<coordinates>'s tuple 3, \"8.5,95\", is not lon,lat[,alt] in range; point skipped",
                "<gx:Track> has 1 more <when> than <gx:coord>; those times are ignored",
            ])
        #expect(events.filter { $0.caseName == "routePoint" }.count == 2)
        #expect(events.filter { $0.caseName == "trackPoint" }.count == 1)
    }

    @Test("another root element: one located error naming the format")
    func wrongRoot() {
        let (_, error) = readUntilError("<gpx version=\"1.1\"></gpx>", as: .kml, name: "walk.kml")
        #expect(
            error?.description == "walk.kml:1:19: error: the root element is <gpx>, not <kml>: this is not a KML file")
    }
}
