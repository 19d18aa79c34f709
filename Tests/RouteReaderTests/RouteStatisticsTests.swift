// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastRoutes
import TrailcastBasics

/// The numbers `trailcast inspect` reports, on hand-computed examples.
@Suite("Statistics")
struct RouteStatisticsTests {
    /// Metres per degree along a meridian: R x pi / 180 with R = 6,371,008.8 m.
    static let metersPerDegree = 111_195.080_233_532_9

    private func point(_ latitude: Double, _ longitude: Double, ele: Double? = nil, time: String? = nil) -> RoutePoint {
        RoutePoint(
            latitude: latitude, longitude: longitude, elevationMeters: ele,
            time: time.flatMap { Timestamp(iso8601: $0) })
    }

    /// A point `meters` north of the equator at longitude 0.
    private func north(_ meters: Double, seconds: Int? = nil) -> RoutePoint {
        point(
            meters / Self.metersPerDegree, 0,
            time: seconds.map { "2026-01-01T00:00:\(String(format2: $0))Z" })
    }

    private func track(_ segments: [RoutePoint]...) -> [RouteEvent] {
        [.beginTrack(RoutePathInfo())]
            + segments.flatMap { [.beginSegment(line: 0)] + $0.map(RouteEvent.trackPoint) + [.endSegment] }
            + [.endTrack]
    }

    private func summary(_ events: [RouteEvent]) -> RouteSummary {
        var statistics = RouteStatistics(file: "test.gpx")
        for event in events { statistics.add(event) }
        return statistics.summary
    }

    // MARK: - Length

    @Test func lengthOfAThreePointTrackIsTheSumOfHaversineDistances() {
        // Along the equator 1 degree, then along a meridian 1 degree: R x pi / 180 each.
        let result = summary(track([point(0, 0), point(0, 1), point(1, 1)]))
        #expect(abs(result.length2DMeters - 222_390.160_467_065_8) < 1e-6)
        #expect(result.routeLength2DMeters == 0)
        #expect(result.trackPoints == 3)
        #expect(result.tracks == 1)
        #expect(result.segments == 1)
    }

    @Test func lengthOfADiagonalTrackReadFromAFile() throws {
        // Haversine with R = 6,371,008.8 m, computed by hand (Python, math module):
        // 134.59258739279548 + 134.59178767257436.
        let events = try readAllEvents(
            ofGPX: gpx11(
                """
                <trk><trkseg>
                <trkpt lat="47.000" lon="8.000"/><trkpt lat="47.001" lon="8.001"/><trkpt lat="47.002" lon="8.000"/>
                </trkseg></trk>
                """))
        #expect(abs(summary(events).length2DMeters - 269.184_375_065_369_86) < 1e-6)
    }

    @Test func segmentsAreNotJoined() {
        let result = summary(track([point(0, 0), point(0, 1)], [point(10, 10), point(11, 10)], [point(50, 50)]))
        #expect(abs(result.length2DMeters - 2 * Self.metersPerDegree) < 1e-6)
        #expect(result.segments == 3)
        #expect(result.trackPoints == 5)
    }

    @Test func routeLengthIsSeparateFromTrackLengthAndRoutesAreNotJoined() {
        let events: [RouteEvent] = [
            .beginRoute(RoutePathInfo()), .routePoint(point(0, 0)), .routePoint(point(0, 1)),
            .routePoint(point(1, 1)), .endRoute,
            .beginRoute(RoutePathInfo()), .routePoint(point(40, 40)), .routePoint(point(40, 40)), .endRoute,
            .waypoint(point(80, 80)),
        ]
        let result = summary(events)
        #expect(abs(result.routeLength2DMeters - 2 * Self.metersPerDegree) < 1e-6)
        #expect(result.length2DMeters == 0)
        #expect(result.routes == 2)
        #expect(result.routePoints == 5)
        #expect(result.waypoints == 1)
    }

    // MARK: - Moving time

    @Test func movingTimeCountsIntervalsFasterThanOneKilometrePerHour() {
        // 1 km/h is 2.777... m in 10 s.
        let result = summary(
            track([
                north(0, seconds: 0),
                north(100, seconds: 10),  // 36 km/h: moving
                north(102.7, seconds: 20),  // 0.972 km/h: stopped
                north(105.55, seconds: 30),  // 1.026 km/h: moving
                north(105.55, seconds: 40),  // standing still
                north(205.55, seconds: 40),  // no time passes: not counted
            ]))
        #expect(result.movingSeconds == 20)
        #expect(RouteStatistics.movingSpeedThresholdMetersPerSecond == 1000.0 / 3600.0)
    }

    @Test func movingTimeMeasuresFromThePreviousTimedPoint() {
        // The untimed point far away does not make the 10 s from A to C a movement.
        let result = summary(track([north(0, seconds: 0), north(5000), north(1, seconds: 10)]))
        #expect(result.movingSeconds == 0)
        #expect(abs(result.length2DMeters - 9999) < 1e-6)
    }

    @Test func movingTimeDoesNotSpanSegments() {
        let result = summary(track([north(0, seconds: 0)], [north(1000, seconds: 10)]))
        #expect(result.movingSeconds == nil)
    }

    @Test func movingTimeIsUnknownWithoutTimes() {
        #expect(summary(track([north(0), north(100)])).movingSeconds == nil)
    }

    // MARK: - Elevation

    @Test(arguments: [
        // Smoothed: 100, 0.3*100+0.4*110+0.3*100 = 104, 0.3*110+0.4*100+0.3*120 = 109, 120.
        ([100.0, 110, 100, 120], 20.0, 0.0),
        // Smoothed: 100, 104, 0.3*110+0.4*100+0.3*90 = 100, 90.
        ([100.0, 110, 100, 90], 4.0, 14.0),
        // Two points: nothing to smooth.
        ([100.0, 97.5], 0.0, 2.5),
        // One point: no climb.
        ([100.0], 0.0, 0.0),
        // Jitter is damped: 10, 10.4, 0.3*11+0.4*10+0.3*11 = 10.6, 10.4, 10.
        ([10.0, 11, 10, 11, 10], 0.6, 0.6),
    ])
    func elevationGainAndLossUseGpxpySmoothing(_ elevations: [Double], _ gain: Double, _ loss: Double) {
        let points = elevations.enumerated().map { point(Double($0.offset) * 0.001, 0, ele: $0.element) }
        let result = summary(track(points))
        #expect(
            result.elevationGainMeters.map { abs($0 - gain) < 1e-9 } == true,
            "gain \(String(describing: result.elevationGainMeters))")
        #expect(
            result.elevationLossMeters.map { abs($0 - loss) < 1e-9 } == true,
            "loss \(String(describing: result.elevationLossMeters))")
    }

    @Test func elevationIsNotClimbedBetweenSegments() {
        let result = summary(
            track(
                [point(0, 0, ele: 100), point(0, 0.001, ele: 110)],
                [point(0, 0.002, ele: 50), point(0, 0.003, ele: 60)]))
        #expect(result.elevationGainMeters == 20)
        #expect(result.elevationLossMeters == 0)
    }

    @Test func elevationGainIgnoresWaypointsAndRoutesButMinAndMaxDoNot() {
        let events: [RouteEvent] =
            [.waypoint(point(0, 0, ele: 2000))]
            + [
                .beginRoute(RoutePathInfo()), .routePoint(point(0, 0, ele: -5)), .routePoint(point(0, 0, ele: 900)),
                .endRoute,
            ]
            + track([point(0, 0, ele: 400), point(0, 0.001), point(0, 0.002, ele: 410)])
        let result = summary(events)
        #expect(result.elevationGainMeters == 10)
        #expect(result.elevationLossMeters == 0)
        #expect(result.minElevationMeters == -5)
        #expect(result.maxElevationMeters == 2000)
    }

    @Test func elevationIsUnknownWithoutElevations() {
        let result = summary(track([point(0, 0), point(0, 1)]))
        #expect(result.elevationGainMeters == nil)
        #expect(result.elevationLossMeters == nil)
        #expect(result.minElevationMeters == nil)
        #expect(result.maxElevationMeters == nil)
    }

    // MARK: - Times, bounds, warnings

    @Test func startAndEndAreTheEarliestAndLatestTrackPointTimes() {
        let events: [RouteEvent] =
            [.waypoint(point(0, 0, time: "2020-01-01T00:00:00Z"))]
            + track(
                [point(0, 0, time: "2026-01-01T10:00:00Z"), point(0, 0), point(0, 0, time: "2026-01-01T10:30:00.5Z")],
                [point(0, 0, time: "2026-01-01T09:00:00Z"), point(0, 0, time: "2026-01-01T11:00:00Z")])
            + [.waypoint(point(0, 0, time: "2030-01-01T00:00:00Z"))]
        let result = summary(events)
        #expect(result.startTime == Timestamp(iso8601: "2026-01-01T09:00:00Z"))
        #expect(result.endTime == Timestamp(iso8601: "2026-01-01T11:00:00Z"))
        #expect(result.durationSeconds == 7200)
    }

    @Test func noTimesMeansNoStartEndOrDuration() {
        let result = summary([.waypoint(point(0, 0, time: "2020-01-01T00:00:00Z"))] + track([point(0, 0)]))
        #expect(result.startTime == nil)
        #expect(result.endTime == nil)
        #expect(result.durationSeconds == nil)
    }

    @Test func boundsCoverEveryKindOfPoint() {
        let events: [RouteEvent] =
            [.waypoint(point(-33.9, 151.2))]
            + [.beginRoute(RoutePathInfo()), .routePoint(point(64.1, -21.9)), .endRoute]
            + track([point(47.4, 8.5), point(47.5, 8.6)])
        #expect(
            summary(events).bounds
                == RouteBounds(
                    minLatitude: -33.9, minLongitude: -21.9, maxLatitude: 64.1, maxLongitude: 151.2))
        #expect(summary([]).bounds == nil)
    }

    @Test func warningsAreCappedButAllCounted() {
        let warnings = (1...1500).map { RouteWarning(line: $0, column: 1, message: "warning \($0)") }
        let result = summary(warnings.map(RouteEvent.warning))
        #expect(RouteStatistics.maximumKeptWarnings == 1000)
        #expect(result.warningCount == 1500)
        #expect(result.warnings == Array(warnings.prefix(1000)))
    }

    @Test func summaryOfAReadDocument() throws {
        let events = try readAllEvents(
            ofGPX: gpx11(
                """
                <metadata><name>Summary</name></metadata>
                <wpt lat="47.0" lon="8.0"><ele>500</ele></wpt>
                <wpt lat="95" lon="8.0"/>
                <rte><rtept lat="47.0" lon="8.0"/><rtept lat="47.0" lon="8.0"/></rte>
                <trk><trkseg>
                <trkpt lat="47.0" lon="8.0"><ele>400</ele><time>2026-01-01T10:00:00Z</time></trkpt>
                <trkpt lat="47.001" lon="8.0"><ele>401</ele><time>2026-01-01T10:01:00Z</time></trkpt>
                </trkseg><trkseg/></trk>
                """))
        let result = summary(events)
        #expect(result.file == "test.gpx")
        #expect(result.metadata.name == "Summary")
        #expect(result.metadata.version == "1.1")
        #expect((result.waypoints, result.routes, result.routePoints) == (1, 1, 2))
        #expect((result.tracks, result.segments, result.trackPoints) == (1, 2, 2))
        #expect(abs(result.length2DMeters - 0.001 * Self.metersPerDegree) < 1e-6)
        #expect(result.movingSeconds == 60)
        #expect(result.durationSeconds == 60)
        #expect(result.elevationGainMeters == 1)
        #expect((result.minElevationMeters, result.maxElevationMeters) == (400, 500))
        #expect(result.warningCount == 2)
        #expect(result.warnings.map(\.line) == [5, 10])
    }
}

extension String {
    /// Two digits, zero-padded.
    fileprivate init(format2 value: Int) {
        self = value < 10 ? "0\(value)" : "\(value)"
    }
}
