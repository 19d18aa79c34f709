// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics
import TrailcastRoutes

/// Google Takeout's location history in its three shapes, read as one track.
@Suite("Google Takeout reader")
struct TakeoutReaderTests {
    static func time(_ text: String) -> Timestamp? { Timestamp(iso8601: text) }

    @Test(
        "Records.json: E7 degrees, ISO timestamp or timestampMs, altitude, velocity, heading; activity guesses passed over"
    )
    func records() {
        let text = """
            {
              "locations": [{
                "latitudeE7": 473665000,
                "longitudeE7": 85447000,
                "accuracy": 20,
                "altitude": 409,
                "velocity": 3,
                "heading": 270,
                "activity": [{ "activity": [{ "type": "STILL", "confidence": 100 }], "timestamp": "2015-10-10T18:40:00.000Z" }],
                "source": "WIFI",
                "timestamp": "2015-10-10T18:47:02.597Z"
              }, {
                "timestampMs": "1444503000000",
                "latitudeE7": -337000000,
                "longitudeE7": 1512000000
              }, {
                "timestamp": "2015-10-10T19:00:00Z"
              }]
            }
            """
        let (events, error) = readUntilError(text, as: .takeout)
        #expect(error == nil)
        let points = events.trackPoints
        #expect(points.map(\.latitude) == [47.3665, -33.7])
        #expect(points.map(\.longitude) == [8.5447, 151.2])
        #expect(
            points.map(\.time) == [Self.time("2015-10-10T18:47:02.597Z"), Timestamp(secondsSince1970: 1_444_503_000)])
        #expect(points[0].elevationMeters == 409)
        #expect(points[0].speedMetersPerSecond == 3)
        #expect(points[0].courseDegrees == 270)
        #expect(points[0].line == 2)
        #expect(events.warnings.map(\.message) == ["a location without latitudeE7 and longitudeE7; skipped"])
    }

    @Test(
        "the Android timeline: a stay's place at its start and end, a move's ends, a path's points, in time order; rawSignals counted"
    )
    func androidTimeline() {
        let text = """
            {
              "semanticSegments": [
                { "startTime": "2024-05-01T08:00:00.000+02:00", "endTime": "2024-05-01T09:00:00.000+02:00",
                  "visit": { "hierarchyLevel": 0, "probability": 0.9,
                    "topCandidate": { "placeId": "ChIJ", "semanticType": "HOME", "probability": 0.8,
                      "placeLocation": { "latLng": "47.3665°, 8.5447°" } } } },
                { "startTime": "2024-05-01T09:00:00.000+02:00", "endTime": "2024-05-01T09:30:00.000+02:00",
                  "activity": { "start": { "latLng": "47.3665°, 8.5447°" }, "end": { "latLng": "47.38°, 8.54°" },
                    "distanceMeters": 1800, "topCandidate": { "type": "WALKING", "probability": 0.9 } } },
                { "startTime": "2024-05-01T09:00:00.000+02:00", "endTime": "2024-05-01T11:00:00.000+02:00",
                  "timelinePath": [
                    { "point": "47.37°, 8.541°", "time": "2024-05-01T09:10:00.000+02:00" },
                    { "point": "47.375°, 8.542°", "time": "2024-05-01T09:20:00.000+02:00" } ] }
              ],
              "rawSignals": [
                { "position": { "LatLng": "47.3665°, 8.5447°", "accuracyMeters": 10, "timestamp": "2024-05-01T09:40:00.000+02:00" } },
                { "wifiScan": { "deliveryTime": "2024-05-01T09:40:00.000+02:00" } }
              ],
              "userLocationProfile": { "frequentPlaces": [] }
            }
            """
        let (events, error) = readUntilError(text, as: .takeout)
        #expect(error == nil)
        let points = events.trackPoints
        // In the order of their times: the path of 09:10 and 09:20 (listed after the move)
        // before the move's end at 09:30.
        #expect(points.map(\.latitude) == [47.3665, 47.3665, 47.3665, 47.37, 47.375, 47.38])
        #expect(
            points.map(\.time) == [
                Self.time("2024-05-01T06:00:00Z"), Self.time("2024-05-01T07:00:00Z"), Self.time("2024-05-01T07:00:00Z"),
                Self.time("2024-05-01T07:10:00Z"), Self.time("2024-05-01T07:20:00Z"), Self.time("2024-05-01T07:30:00Z"),
            ])
        #expect(
            events.warnings.map(\.message) == ["1 rawSignals positions not read: the timeline's segments are the route"]
        )
    }

    @Test(
        "the iOS export: a top-level array, keys sorted (activity before startTime), geo: places, minutes after the start, numbers as strings"
    )
    func iOS() {
        let text = """
            [
              { "endTime": "2024-05-01T09:00:00.000-05:00", "startTime": "2024-05-01T08:00:00.000-05:00",
                "visit": { "hierarchyLevel": "0", "probability": "0.9",
                  "topCandidate": { "placeID": "ChIJ", "placeLocation": "geo:41.88,-87.63", "semanticType": "Home" } } },
              { "activity": { "end": "geo:41.9,-87.64", "start": "geo:41.88,-87.63", "topCandidate": { "type": "walking" } },
                "endTime": "2024-05-01T09:30:00.000-05:00", "startTime": "2024-05-01T09:00:00.000-05:00" },
              { "endTime": "2024-05-01T11:30:00.000-05:00", "startTime": "2024-05-01T09:30:00.000-05:00",
                "timelinePath": [
                  { "durationMinutesOffsetFromStartTime": "10", "point": "geo:41.91,-87.65" },
                  { "durationMinutesOffsetFromStartTime": "25", "point": "geo:41.92,-87.66" } ] }
            ]
            """
        let (events, error) = readUntilError(text, as: .takeout, options: .init(chunkSize: 16))
        #expect(error == nil)
        #expect(events.warnings.isEmpty)
        let points = events.trackPoints
        #expect(points.map(\.latitude) == [41.88, 41.88, 41.88, 41.9, 41.91, 41.92])
        #expect(points.map(\.longitude) == [-87.63, -87.63, -87.63, -87.64, -87.65, -87.66])
        #expect(
            points.map(\.time) == [
                Self.time("2024-05-01T13:00:00Z"), Self.time("2024-05-01T14:00:00Z"),
                Self.time("2024-05-01T14:00:00Z"), Self.time("2024-05-01T14:30:00Z"),
                Self.time("2024-05-01T14:40:00Z"), Self.time("2024-05-01T14:55:00Z"),
            ])
    }

    @Test(
        "found in a .json or by its first key; GeoJSON stays GeoJSON; another JSON is refused in one line; a cut file ends in an error"
    )
    func detectionAndRefusals() {
        #expect(RouteFormat.detect(head: Array("{\n  \"locations\": [".utf8)) == .takeout)
        #expect(RouteFormat.detect(head: Array("{\"semanticSegments\":[".utf8)) == .takeout)
        #expect(RouteFormat.detect(head: Array("[\n  {\"endTime\"".utf8)) == .takeout)
        #expect(RouteFormat.detect(head: Array("{\"type\":\"FeatureCollection\"".utf8)) == .geojson)
        let other = readUntilError(#"{"timelineObjects": []}"#, as: .takeout)
        #expect(
            other.error?.description
                == "test.takeout:1:1: error: not a Google Takeout location history (no `locations`, `semanticSegments` or top-level array of segments)"
        )
        let cut = readUntilError(
            #"{"locations":[{"latitudeE7":473665000,"longitudeE7":85447000,"timestamp":"2015-10-10T18:47:02Z"},{"latitudeE7":47"#,
            as: .takeout)
        #expect(cut.events.trackPoints.count == 1)
        #expect(cut.error != nil)
    }

    @Test("points of the same time keep the file's order: a stay's end, then the next move's start")
    func equalTimesInFileOrder() {
        let text = """
            {"semanticSegments": [
              {"startTime": "2024-05-01T08:00:00Z", "endTime": "2024-05-01T09:00:00Z",
               "visit": {"topCandidate": {"placeLocation": {"latLng": "47.1°, 8.1°"}}}},
              {"startTime": "2024-05-01T09:00:00Z", "endTime": "2024-05-01T09:30:00Z",
               "activity": {"start": {"latLng": "47.2°, 8.2°"}, "end": {"latLng": "47.3°, 8.3°"}}}
            ]}
            """
        let (events, error) = readUntilError(text, as: .takeout)
        #expect(error == nil)
        #expect(events.trackPoints.map(\.latitude) == [47.1, 47.1, 47.2, 47.3])
        #expect(
            events.trackPoints.map(\.time) == [
                Self.time("2024-05-01T08:00:00Z"), Self.time("2024-05-01T09:00:00Z"), Self.time("2024-05-01T09:00:00Z"),
                Self.time("2024-05-01T09:30:00Z"),
            ])
    }
}
