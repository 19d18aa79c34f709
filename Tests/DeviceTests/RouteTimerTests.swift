// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastDevice
import TrailcastRoutes
import Testing
import TrailcastBasics

@Suite("Timing route points into fixes")
struct RouteTimerTests {
    static let start = Timestamp(iso8601: "2026-06-13T16:00:00Z")!

    /// Points 0.001 degrees of latitude apart (111.2 m) going north.
    static func point(_ step: Int, seconds: Double?, elevation: Double? = nil) -> RoutePoint {
        RoutePoint(
            latitude: 47 + Double(step) * 0.001, longitude: 8, elevationMeters: elevation,
            time: seconds.map { start.adding(seconds: $0) }, line: step + 10)
    }

    static func run(_ points: [RoutePoint], timer: RouteTimer = RouteTimer()) -> (
        fixes: [LocationFix], timer: RouteTimer
    ) {
        let (routeFixes, timer) = RouteTimerRun.run(points, timer: timer)
        return (routeFixes.map(\.fix), timer)
    }

    @Test func timedPointsKeepTheirTimesAndGetSpeedAndCourseFromTheirLegs() {
        let (fixes, _) = Self.run([Self.point(0, seconds: 0), Self.point(1, seconds: 100), Self.point(2, seconds: 150)])
        #expect(fixes.map { $0.time.seconds(since: Self.start) } == [0, 100, 150])
        #expect(fixes.map(\.sourceIndex) == [0, 1, 2])
        #expect(abs(fixes[0].speedMetersPerSecond - 1.112) < 0.001)
        #expect(abs(fixes[1].speedMetersPerSecond - 2.224) < 0.001)
        #expect(abs(fixes[2].speedMetersPerSecond - 2.224) < 0.001, "the last point uses its incoming leg")
        #expect(fixes.allSatisfy { abs($0.courseDegrees) < 1e-9 }, "due north")
    }

    /// Course is degrees clockwise from true north, 0..<360: along the equator and a
    /// meridian, the four points of the compass exactly; west is 270, not -90 or 90.
    @Test(arguments: [(0.001, 0.0, 0.0), (0, 0.001, 90), (-0.001, 0, 180), (0, -0.001, 270)])
    func courseGoesClockwiseFromNorth(northward: Double, eastward: Double, course: Double) {
        let (fixes, _) = Self.run([
            RoutePoint(latitude: 0, longitude: 8, time: Self.start),
            RoutePoint(latitude: northward, longitude: 8 + eastward, time: Self.start.adding(seconds: 10)),
        ])
        #expect(fixes.map(\.courseDegrees) == [course, course])
    }

    /// Away from the equator the course is the great circle's initial bearing, to the
    /// micro-degree: due south is 180, a thousandth of a degree east along the 47th parallel
    /// starts at 89.99963 (the circle bends toward the pole), north-east there 34.29331; in
    /// the south, 140.30735 to the south-east.
    @Test(arguments: [
        (47.0, 8.0, 46.999, 8.0, 180.0), (47, 8, 47, 8.001, 89.999_634_32), (47, 8, 47.001, 8.001, 34.293_308_44),
        (-33.9, 18.4, -33.901, 18.401, 140.307_354_08),
    ])
    func courseIsTheGreatCirclesInitialBearing(
        latitude: Double, longitude: Double, toLatitude: Double, toLongitude: Double, course: Double
    ) {
        let (fixes, _) = Self.run([
            RoutePoint(latitude: latitude, longitude: longitude, time: Self.start),
            RoutePoint(latitude: toLatitude, longitude: toLongitude, time: Self.start.adding(seconds: 10)),
        ])
        #expect(fixes.count == 2)
        #expect(fixes.allSatisfy { abs($0.courseDegrees - course) < 1e-6 }, "\(fixes.map(\.courseDegrees))")
    }

    @Test func untimedPointsAreReachedAtTravelSpeedFromTheReferenceDate() {
        let (fixes, _) = Self.run(
            [Self.point(0, seconds: nil), Self.point(1, seconds: nil)],
            timer: RouteTimer(travelSpeedMetersPerSecond: 2))
        #expect(fixes[0].time == RouteTimer.defaultStartTime)
        let legMeters = GreatCircle.distanceMeters(latitude1: 47, longitude1: 8, latitude2: 47.001, longitude2: 8)
        #expect(abs(fixes[1].time.seconds(since: fixes[0].time) - legMeters / 2) < 1e-6)
        #expect(abs(fixes[0].speedMetersPerSecond - 2) < 1e-6)
    }

    /// Found by review: a FIT point's warning printed as `run.fit:0:OFFSET:`.
    @Test func aBinaryFilesPointGoingBackIsPlacedByItsByte() {
        var late = Self.point(0, seconds: 10)
        late.byteOffset = 120
        var early = Self.point(1, seconds: 5)
        early.byteOffset = 150
        let (_, timer) = Self.run([late, early])
        let warning = timer.warnings.first
        #expect(warning?.byteOffset == 150)
        #expect(warning?.description.hasPrefix(" byte 150: warning: time ") == true, "\(String(describing: warning))")
    }

    @Test func pointsGoingBackInTimeKeepTheirPositionAndLoseTheirTimeWithTheirLine() {
        let (fixes, timer) = Self.run([
            Self.point(0, seconds: 0), Self.point(1, seconds: 50), Self.point(2, seconds: 40),
            Self.point(3, seconds: 60),
        ])
        #expect(fixes.map(\.sourceIndex) == [0, 1, 2, 3])
        // Without a lookahead (this timer has none) point 2 goes on at the travel speed, and
        // the route never goes back for point 3; a replay's lookahead times it between its
        // neighbours (ReplayErrorTests).
        let seconds = fixes.map { $0.time.seconds(since: fixes[0].time) }
        #expect(seconds[0...1] == [0, 50])
        #expect(seconds[2] > 50 && seconds[3] == seconds[2])
        #expect(timer.warnings.map(\.line) == [12])
    }

    /// Only a time *earlier* than the last recorded one goes back: a point with the same
    /// `<time>` as the one before (a recorder logging twice in one second) is kept, without
    /// a warning. GPX 1.1 asks for no strictly increasing times (`<time>` is an
    /// `xsd:dateTime`, "Creation/modification timestamp for element").
    @Test func aPointWithTheSameTimeAsThePreviousIsKept() {
        let (fixes, timer) = Self.run([
            Self.point(0, seconds: 0), Self.point(1, seconds: 50), Self.point(2, seconds: 50),
            Self.point(3, seconds: 60),
        ])
        #expect(fixes.map(\.sourceIndex) == [0, 1, 2, 3])
        #expect(fixes.map { $0.time.seconds(since: Self.start) } == [0, 50, 50, 60])
        #expect(timer.warnings.isEmpty)
    }

    /// An untimed point before a point sharing the previous point's time is timed against
    /// that point (the lookahead's first point "whose time is at least" the last one), not
    /// against a later one: the recorder stood still, and so does the walk.
    @Test func anUntimedPointBeforeTheSameTimeStaysAtThatTime() {
        let points = [
            Self.point(0, seconds: 0), Self.point(1, seconds: 50), Self.point(2, seconds: nil),
            Self.point(3, seconds: 50), Self.point(4, seconds: 60),
        ]
        let (routeFixes, timer) = RouteTimerRun.run(points)
        #expect(routeFixes.map(\.fix.sourceIndex) == [0, 1, 2, 3, 4])
        #expect(routeFixes.map { $0.fix.time.seconds(since: Self.start) } == [0, 50, 50, 50, 60])
        #expect(timer.warnings.isEmpty)
    }

    /// docs/replay.md, `--max-gap`: a leg between recorded times *longer* than the limit is a
    /// pause; one exactly as long is walked.
    @Test func aLegExactlyAsLongAsTheMaxGapIsWalkedALongerOneIsAPause() {
        let points = [Self.point(0, seconds: 0), Self.point(1, seconds: 10), Self.point(2, seconds: 30)]
        let (routeFixes, _) = RouteTimerRun.run(points, timer: RouteTimer(maxGapSeconds: 10))
        #expect(routeFixes.map { $0.recordingResumesAt?.seconds(since: Self.start) } == [nil, 30, nil])
        let (interval, _) = RouteTimerRun.run(points, timer: RouteTimer(intervalSeconds: 5, maxGapSeconds: 10))
        #expect(interval.map { $0.fix.time.seconds(since: Self.start) } == [0, 5, 10, 30], "no fix inside the pause")
    }

    @Test func intervalInterpolatesPositionAndElevationAndKeepsThePointBefore() {
        let (fixes, _) = Self.run(
            [Self.point(0, seconds: 0, elevation: 100), Self.point(1, seconds: 10, elevation: 200)],
            timer: RouteTimer(intervalSeconds: 2.5))
        #expect(fixes.map { $0.time.seconds(since: Self.start) } == [0, 2.5, 5, 7.5, 10])
        #expect(fixes.map(\.sourceIndex) == [0, 0, 0, 0, 1])
        let latitudes = fixes.map { (($0.latitude - 47) * 1e6).rounded() }
        #expect(latitudes == [0, 250, 500, 750, 1000])
        #expect(fixes.map(\.altitudeMeters) == [100, 125, 150, 175, 200])
    }

    @Test func accuracyComesFromDilutionAndVerticalOnlyWithAltitude() {
        var withDilution = Self.point(0, seconds: 0, elevation: 10)
        withDilution.horizontalDilution = 2
        withDilution.verticalDilution = 3
        let (fixes, _) = Self.run([withDilution, Self.point(1, seconds: 10)])
        #expect(fixes[0].horizontalAccuracyMeters == 10)
        #expect(fixes[0].verticalAccuracyMeters == 15)
        #expect(fixes[1].horizontalAccuracyMeters == 5)
        #expect(fixes[1].verticalAccuracyMeters == nil)
        #expect(fixes[1].altitudeMeters == nil)
    }

    /// Without dilutions a point gets the nominal accuracy: 5 m across, and twice that,
    /// 10 m, up and down (a receiver's vertical error is about twice its horizontal),
    /// only where the point has an elevation.
    @Test("no <hdop>/<vdop>: 5 m horizontal, and 10 m vertical where there is an elevation")
    func nominalAccuracyWithoutDilution() {
        let (fixes, _) = Self.run([Self.point(0, seconds: 0, elevation: 10), Self.point(1, seconds: 10)])
        #expect(fixes.map(\.horizontalAccuracyMeters) == [5, 5])
        #expect(fixes.map(\.verticalAccuracyMeters) == [10, nil])
    }

    @Test func speedAndCourseFromTheFileWin() {
        var point = Self.point(0, seconds: 0)
        point.speedMetersPerSecond = 7
        point.courseDegrees = 123
        let (fixes, _) = Self.run([point, Self.point(1, seconds: 10)])
        #expect(fixes[0].speedMetersPerSecond == 7)
        #expect(fixes[0].courseDegrees == 123)
    }

    @Test func aSinglePointAndAStandstillHaveUnknownCourse() {
        let (single, _) = Self.run([Self.point(0, seconds: 0)])
        #expect(single.count == 1)
        #expect(single[0].speedMetersPerSecond == -1)
        #expect(single[0].courseDegrees == -1)
        let (still, _) = Self.run([Self.point(0, seconds: 0), Self.point(0, seconds: 5)])
        #expect(still[0].speedMetersPerSecond == 0)
        #expect(still[0].courseDegrees == -1)
    }

    /// `drain(into:upTo:)` (how a replay fills its batches) gives exactly the fixes `next()`
    /// gives, in order, whatever the batch size: with an interval (several fixes per leg),
    /// a pause (a segment start) and the final point, and stopping at the limit mid-leg.
    @Test("drain gives next()'s fixes, in order, for any batch size", arguments: [1, 2, 3, 7, 100])
    func drainGivesTheSameFixesAsNext(batchSize: Int) {
        let points = (0..<8).map { Self.point($0, seconds: Double($0) * 25, elevation: Double($0)) }
        let expected = RouteTimerRun.run(points, segmentStarts: [5], intervalSeconds: 10).fixes
        var timer = RouteTimer(intervalSeconds: 10, lookahead: { PointStreamLookahead(points.makeIterator()) })
        var batches: [[RouteFix]] = []
        var batch: [RouteFix] = []
        var next = 0
        var finished = false
        while true {
            if timer.drain(into: &batch, upTo: batchSize) {
                #expect(batch.count == batchSize)
                batches.append(batch)
                batch.removeAll()
                continue
            }
            if next < points.count {
                timer.add(points[next], index: next, startsSegment: next == 5)
                next += 1
            } else if !finished {
                timer.finish()
                finished = true
            } else {
                break
            }
        }
        batches.append(batch)
        #expect(batches.dropLast().allSatisfy { $0.count == batchSize })
        #expect(batches.flatMap { $0 } == expected)
        #expect(
            expected.count == 17,
            "every 10 s to 90 s, the pause's own point at 100 s, then every 10 s from 125 s to the last point at 175 s")
    }
}
