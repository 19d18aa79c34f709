// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics
import TrailcastRoutes

/// GeoJSON read into GPX's events: lines as tracks (times from `coordTimes`), points as waypoints.
@Suite("GeoJSON reader")
struct GeoJSONReaderTests {
    static func time(_ second: Int) -> String {
        Timestamp(secondsSince1970: 1_781_366_400 + Int64(second)).iso8601(fractionDigits: 3)
    }

    static func line(_ count: Int, from first: Int = 0) -> String {
        "[" + (first..<first + count).map { "[\(8.5 + Double($0) * 1e-5),47.3,\(400 + $0 % 5)]" }.joined(separator: ",")
            + "]"
    }

    static func times(_ count: Int, from first: Int = 0) -> String {
        "[" + (first..<first + count).map { "\"\(time($0))\"" }.joined(separator: ",") + "]"
    }

    static func trackPoints(_ events: [RouteEvent]) -> [RoutePoint] {
        events.compactMap { if case .trackPoint(let point) = $0 { point } else { nil } }
    }

    @Test("coordTimes pair with positions whichever comes first, past the queue's memory", arguments: [true, false])
    func keyOrder(timesFirst: Bool) throws {
        let geometry = #""geometry":{"coordinates":\#(Self.line(6000)),"type":"LineString"}"#
        let properties = #""properties":{"name":"Ride","coordTimes":\#(Self.times(6000))}"#
        let text =
            #"{"features":[{"type":"Feature",\#(timesFirst ? properties + "," + geometry : geometry + "," + properties)}],"type":"FeatureCollection"}"#
        let (events, error) = readUntilError(text, as: .geojson)
        #expect(error == nil)
        let points = Self.trackPoints(events)
        #expect(points.count == 6000)
        for (index, point) in points.enumerated() where index % 1001 == 0 || index == 5999 {
            #expect(point.time == Timestamp(secondsSince1970: 1_781_366_400 + Int64(index)))
            #expect(abs(point.longitude - (8.5 + Double(index) * 1e-5)) < 1e-12)
            #expect(point.elevationMeters == Double(400 + index % 5))
        }
        guard case .beginTrack(let info) = events[1] else { return }
        #expect(info.name == "Ride")
    }

    @Test("a MultiLineString's lines are segments, with coordTimes per line; the same in 16-byte chunks")
    func multiLineString() {
        let text =
            #"{"type":"Feature","geometry":{"type":"MultiLineString","coordinates":[\#(Self.line(2)),\#(Self.line(3, from: 10))]},"#
            + #""properties":{"coordTimes":[\#(Self.times(2)),\#(Self.times(3, from: 10))]}}"#
        let (events, error) = readUntilError(text, as: .geojson)
        #expect(error == nil)
        #expect(
            events.map(\.caseName) == [
                "metadata", "beginTrack", "beginSegment", "trackPoint", "trackPoint", "endSegment",
                "beginSegment", "trackPoint", "trackPoint", "trackPoint", "endSegment", "endTrack",
            ])
        #expect(Self.trackPoints(events).last?.time == Timestamp(secondsSince1970: 1_781_366_412))
        #expect(readUntilError(text, as: .geojson, options: .init(chunkSize: 16)).events == events)
    }

    @Test("Point features are waypoints; a bare LineString without times is an untimed track; polygons are skipped")
    func pointsAndBareGeometry() throws {
        let points =
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[8.54,47.37,410]},"#
            + #""properties":{"name":"Café \u00e9\ud83d\ude00","time":"\#(Self.time(3))"}},"#
            + #"{"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[8,47],[9,47],[9,48],[8,47]]]},"properties":null}]}"#
        let (events, error) = readUntilError(points, as: .geojson)
        #expect(error == nil)
        let waypoint = try #require(
            events.compactMap { if case .waypoint(let point) = $0 { point } else { nil } }.first)
        #expect(waypoint.name == "Café é😀" && waypoint.elevationMeters == 410)
        #expect(waypoint.time == Timestamp(secondsSince1970: 1_781_366_403))
        #expect(events.filter { $0.caseName == "waypoint" }.count == 1)

        let bare = readUntilError(#"{"coordinates":[[8.5,47.3],[8.6,47.4]],"type":"LineString"}"#, as: .geojson)
        #expect(bare.error == nil)
        #expect(Self.trackPoints(bare.events).map(\.time) == [nil, nil])
        #expect(bare.events.filter { $0.caseName == "warning" }.isEmpty, "no times is no mismatch")
        let untimed = readUntilError(
            #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[8.5,47.3],[8.6,47.4]]},"properties":{"name":"x"}}"#,
            as: .geojson)
        #expect(untimed.error == nil)
        #expect(Self.trackPoints(untimed.events).map(\.time) == [nil, nil])
        #expect(
            untimed.events.filter { $0.caseName == "warning" }.isEmpty, "a feature without coordTimes warns of nothing")
    }

    /// RFC 7946 §1.4: a GeoJSON text may be a bare geometry of any type, not only a
    /// LineString: a bare MultiLineString is a track of segments, a bare Point a waypoint,
    /// a bare MultiPoint its waypoints, a bare Polygon nothing.
    @Test("every bare geometry: MultiLineString segments, Point and MultiPoint waypoints, a Polygon nothing")
    func everyBareGeometry() {
        let multiLine = readUntilError(
            #"{"type":"MultiLineString","coordinates":[[[8.5,47.3],[8.6,47.4]],[[8.7,47.5],[8.8,47.6]]]}"#,
            as: .geojson)
        #expect(multiLine.error == nil)
        #expect(multiLine.events.filter { $0.caseName == "beginSegment" }.count == 2)
        #expect(Self.trackPoints(multiLine.events).map(\.latitude) == [47.3, 47.4, 47.5, 47.6])
        let point = readUntilError(#"{"type":"Point","coordinates":[8.54,47.37,410]}"#, as: .geojson)
        #expect(point.error == nil)
        #expect(point.events.filter { $0.caseName == "waypoint" }.count == 1, "\(point.events.map(\.caseName))")
        let points = readUntilError(#"{"type":"MultiPoint","coordinates":[[8.54,47.37],[8.55,47.38]]}"#, as: .geojson)
        #expect(points.error == nil)
        #expect(points.events.filter { $0.caseName == "waypoint" }.count == 2, "\(points.events.map(\.caseName))")
        let polygon = readUntilError(
            #"{"type":"Polygon","coordinates":[[[8,47],[9,47],[9,48],[8,47]]]}"#, as: .geojson)
        #expect(polygon.error == nil)
        #expect(Self.trackPoints(polygon.events).isEmpty && !polygon.events.contains { $0.caseName == "waypoint" })
        // The other two of RFC 7946's seven: a MultiPolygon nothing either; a
        // GeometryCollection whatever its members are.
        let polygons = readUntilError(
            #"{"type":"MultiPolygon","coordinates":[[[[8,47],[9,47],[9,48],[8,47]]]]}"#, as: .geojson)
        #expect(polygons.error == nil, "\(String(describing: polygons.error))")
        #expect(Self.trackPoints(polygons.events).isEmpty && !polygons.events.contains { $0.caseName == "waypoint" })
        let collection = readUntilError(
            #"{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[8.54,47.37]}]}"#,
            as: .geojson)
        #expect(collection.error == nil, "\(String(describing: collection.error))")
    }

    /// RFC 7946 §3.2 leaves `properties` free; the two spellings in use are Mapbox
    /// togeojson's: `desc` for a GPX `<desc>`, `description` for a KML `<description>`
    /// (docs/route-formats.md: "`desc`/`description`"). Either is the waypoint's or the
    /// track's description.
    @Test(
        "a feature's properties.description, like desc, is its waypoint's or track's description",
        arguments: ["description", "desc"])
    func descriptionKeys(key: String) throws {
        let text =
            #"{"type":"FeatureCollection","features":["#
            + #"{"type":"Feature","geometry":{"type":"Point","coordinates":[8.54,47.37]},"properties":{"name":"Hut","\#(key)":"Open in summer"}},"#
            + #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[8.5,47.3],[8.6,47.4]]},"properties":{"\#(key)":"Ridge path","name":"Ridge"}}]}"#
        let (events, error) = readUntilError(text, as: .geojson)
        #expect(error == nil)
        let waypoint = try #require(
            events.compactMap { if case .waypoint(let point) = $0 { point } else { nil } }.first)
        #expect(waypoint.name == "Hut" && waypoint.description == "Open in summer")
        let track = try #require(events.compactMap { if case .beginTrack(let info) = $0 { info } else { nil } }.first)
        #expect(track.name == "Ridge" && track.description == "Ridge path")
    }

    @Test("bad positions are warnings, and the times after them stay with their own positions")
    func badPosition() {
        let text =
            #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[8.5,47.3],[8.5,95],["x",1],[8.6,47.4]]},"#
            + #""properties":{"coordTimes":\#(Self.times(4))}}"#
        let (events, error) = readUntilError(text, as: .geojson)
        #expect(error == nil)
        #expect(events.filter { $0.caseName == "warning" }.count == 2)
        #expect(
            Self.trackPoints(events).map(\.time) == [
                Timestamp(secondsSince1970: 1_781_366_400), Timestamp(secondsSince1970: 1_781_366_403),
            ])
    }

    @Test(
        "malformed JSON, JSON that is not GeoJSON, and deep nesting: one located error each",
        arguments: [
            (
                #"{"type":"LineString","coordinates":[[8.5,47.3],]}"#,
                "test.geojson:1:48: error: expected a JSON value, found ']'"
            ),
            (
                "{\"type\":\"Feature\",\n  \"geometry\": nul}",
                "test.geojson:2:15: error: expected a JSON value, found an unknown word"
            ),
            (#"{"type":"Topology"}"#, #"test.geojson:1:9: error: this is not GeoJSON: its "type" is "Topology""#),
            (#"{"name":"x"}"#, #"test.geojson:1:1: error: this is not GeoJSON: the top-level object has no "type""#),
            (#"[1,2]"#, "test.geojson:1:1: error: this is not GeoJSON: the document is an array, not an object"),
            (#"{"type":"LineString","coordinates":"#, "test.geojson:1:36: error: the file ends inside an object"),
            ("", "test.geojson:1:1: error: the file is empty: no JSON value"),
            // RFC 8259 section 6: a number has an optional minus sign, never a plus.
            (
                #"{"type":"Point","coordinates":[+8.5,47.3]}"#,
                "test.geojson:1:32: error: expected a JSON value, found '+'"
            ),
            (#"{"type":"Point"} {}"#, "test.geojson:1:18: error: text after the end of the JSON document: '{'"),
            (#"{"a":"#, "test.geojson:1:6: error: the file ends inside an object"),
            (
                #"{"type":"Point","coordinates":"# + String(repeating: "[", count: 100_000),
                "test.geojson:1:94: error: JSON nested deeper than 64 levels"
            ),
        ])
    func malformed(text: String, message: String) {
        let (_, error) = readUntilError(text, as: .geojson)
        #expect(error?.description == message)
    }
}
