// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics
import TrailcastRoutes

/// Waypoints are places, not a path: each keeps its time whatever the order they are
/// listed in (121 of 196 times were dropped from three KML files of places listed by name).
@Suite("Waypoint times")
struct WaypointTimesTests {
    static func waypoints(_ text: String, format: RouteFormat) throws -> (times: [String?], warnings: [String]) {
        let reader = try format.makeReader(bytes: Array(text.utf8), name: "places", options: .init())
        var times: [String?] = []
        var warnings: [String] = []
        while let event = try reader.next() {
            if case .waypoint(let point) = event { times.append(point.time?.description) }
            if case .warning(let warning) = event { warnings.append(warning.description) }
        }
        return (times, warnings)
    }

    @Test("KML placemarks out of time order keep every time, with no warning")
    func kml() throws {
        let placemark = { (name: String, when: String) in
            "<Placemark><name>\(name)</name><TimeStamp><when>\(when)</when></TimeStamp><Point><coordinates>8.5,47.3</coordinates></Point></Placemark>"
        }
        let kml =
            "<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Document>"
            + placemark("Alpha", "2024-05-03T10:00:00Z") + placemark("Beta", "2024-05-01T10:00:00Z")
            + placemark("Gamma", "2024-05-02T10:00:00Z") + "</Document></kml>"
        let (times, warnings) = try Self.waypoints(kml, format: .kml)
        #expect(times == ["2024-05-03T10:00:00.000Z", "2024-05-01T10:00:00.000Z", "2024-05-02T10:00:00.000Z"])
        #expect(warnings.isEmpty)
    }

    @Test("GPX waypoints out of time order keep their times; a segment's point going back still loses its")
    func gpx() throws {
        let gpx = """
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
            <wpt lat="47.3" lon="8.5"><time>2024-05-02T10:00:00Z</time></wpt>
            <wpt lat="47.3" lon="8.6"><time>2024-05-01T10:00:00Z</time></wpt>
            <trk><trkseg><trkpt lat="47.3" lon="8.5"><time>2024-05-02T10:00:00Z</time></trkpt>
            <trkpt lat="47.3" lon="8.6"><time>2024-05-01T10:00:00Z</time></trkpt></trkseg></trk></gpx>
            """
        let (times, warnings) = try Self.waypoints(gpx, format: .gpx)
        #expect(times == ["2024-05-02T10:00:00.000Z", "2024-05-01T10:00:00.000Z"])
        #expect(
            warnings == [
                "5:28: warning: <trkpt> time 2024-05-01T10:00:00.000Z is earlier than the previous point's 2024-05-02T10:00:00.000Z; "
                    + "position kept, time dropped"
            ])
    }
}
