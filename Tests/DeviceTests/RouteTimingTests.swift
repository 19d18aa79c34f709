// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastDevice
import TrailcastRoutes
import Testing
import TrailcastBasics

/// The crash found by mutating real GPX files, and the timing rules that fixed it: legs
/// and gaps of any length are interpolated lazily; untimed points are timed from the
/// timed ones around them; recording pauses are not walked.
@Suite("Route timing: untimed runs, long legs, recording pauses")
struct RouteTimingTests {
    static let start = Timestamp(iso8601: "2010-05-01T10:00:00Z")!
    /// 0.001 degrees of latitude, in metres.
    static let stepMeters = GreatCircle.distanceMeters(latitude1: 47, longitude1: 8, latitude2: 47.001, longitude2: 8)

    static func point(_ step: Int, seconds: Double?) -> RoutePoint {
        RoutePoint(
            latitude: 47 + Double(step) * 0.001, longitude: 8,
            time: seconds.map { start.adding(seconds: $0) }, line: step + 10)
    }

    static func offsets(_ fixes: [RouteFix]) -> [Double] {
        fixes.map { ($0.fix.time.seconds(since: start) * 1000).rounded() / 1000 }
    }

    @Test func aLegOfAYearAtOneSecondIsProducedOneFixAtATime() {
        // The regression: a 9-year leg with --interval 1 used to be materialised whole.
        // (With the default --max-gap such a leg is a pause; --max-gap 0 walks it.)
        let yearSeconds = 365.0 * 86_400
        var timer = RouteTimer(intervalSeconds: 1, maxGapSeconds: nil)
        timer.add(Self.point(0, seconds: 0), index: 0)
        #expect(timer.next() == nil, "the first point waits for its leg")
        timer.add(Self.point(1, seconds: yearSeconds), index: 1)
        for expected in 0..<1000 {
            let fix = timer.next()
            #expect(fix?.fix.time.seconds(since: Self.start) == Double(expected))
        }
        // Nothing else was computed: the timer still holds the leg, not its fixes.
        #expect(timer.next()?.fix.time.seconds(since: Self.start) == 1000)
    }

    @Test func aDayLongLegYieldsEverySecondAndEndsOnItsLastPoint() {
        var timer = RouteTimer(intervalSeconds: 1, maxGapSeconds: nil)
        timer.add(Self.point(0, seconds: 0), index: 0)
        timer.add(Self.point(1, seconds: 86_400), index: 1)
        var count = 0
        var last: RouteFix?
        while let fix = timer.next() {
            count += 1
            last = fix
        }
        timer.finish()
        let final = timer.next()
        #expect(count == 86_400)
        #expect(last?.fix.time.seconds(since: Self.start) == 86_399)
        #expect(final?.fix.time.seconds(since: Self.start) == 86_400)
        #expect(final?.fix.sourceIndex == 1)
        #expect(timer.next() == nil)
    }

    @Test func untimedPointsBeforeTheFirstTimedOneAreTimedBackwardsFromIt() {
        let points = [
            Self.point(0, seconds: nil), Self.point(1, seconds: nil), Self.point(2, seconds: 1000),
            Self.point(3, seconds: 1010),
        ]
        let (fixes, _) = RouteTimerRun.run(points)
        let perLeg = Self.stepMeters / RouteTimer.defaultTravelSpeedMetersPerSecond
        let expected = [1000 - 2 * perLeg, 1000 - perLeg, 1000, 1010].map { ($0 * 1000).rounded() / 1000 }
        #expect(Self.offsets(fixes) == expected)
        #expect(fixes[0].fix.time > RouteTimer.defaultStartTime, "not 2001-01-01: the route's own era")
    }

    @Test func untimedPointsBetweenTimedOnesShareTheTimeInProportionToDistance() {
        // Steps of 1, 1 and 2 units between the timed points at 0 s and 100 s.
        var points = [
            Self.point(0, seconds: 0), Self.point(1, seconds: nil), Self.point(2, seconds: nil),
            Self.point(4, seconds: 100), Self.point(5, seconds: 110),
        ]
        points[3].line = 13
        let (fixes, _) = RouteTimerRun.run(points)
        #expect(Self.offsets(fixes) == [0, 25, 50, 100, 110])
    }

    @Test func aTimedPointGoingBackInsideAnUntimedRunKeepsItsPositionAndLosesItsTime() {
        // Point 2's time is before the anchor's: it is one more untimed point of the run,
        // timed by its distance (two units of two between 100 s and 200 s).
        let points = [
            Self.point(0, seconds: 100), Self.point(1, seconds: nil), Self.point(2, seconds: 50),
            Self.point(2, seconds: 200),
        ]
        let (fixes, timer) = RouteTimerRun.run(points)
        #expect(fixes.map(\.fix.sourceIndex) == [0, 1, 2, 3])
        #expect(Self.offsets(fixes) == [100, 150, 200, 200])
        #expect(timer.warnings.map(\.line) == [12])
    }

    @Test func untimedPointsAfterTheLastTimedOneGoOnAtTravelSpeed() {
        let points = [Self.point(0, seconds: 0), Self.point(1, seconds: 10), Self.point(2, seconds: nil)]
        let (fixes, _) = RouteTimerRun.run(points)
        let expected = 10 + Self.stepMeters / RouteTimer.defaultTravelSpeedMetersPerSecond
        #expect(Self.offsets(fixes) == [0, 10, (expected * 1000).rounded() / 1000])
    }

    @Test func aRouteWithNoTimeAtAllStartsAtTheReferenceDate() {
        let (fixes, _) = RouteTimerRun.run([Self.point(0, seconds: nil), Self.point(1, seconds: nil)])
        #expect(fixes[0].fix.time == RouteTimer.defaultStartTime)
    }

    @Test func theCrashFileShapeGivesARouteInItsOwnEraWithoutAGiantLeg() {
        // Untimed points, then 2010 times: before the fix, a 9-year leg from 2001.
        let points = (0..<5).map { Self.point($0, seconds: nil) } + (5..<10).map { Self.point($0, seconds: Double($0)) }
        let (fixes, _) = RouteTimerRun.run(points, intervalSeconds: 1)
        let span = fixes.last!.fix.time.seconds(since: fixes.first!.fix.time)
        #expect(span < 600, "the route lasts minutes, not years: \(span) s")
        #expect(fixes.count < 700)
    }

    @Test func aNewSegmentIsAPauseThatNoInterpolatedFixCrosses() {
        let points = [
            Self.point(0, seconds: 0), Self.point(1, seconds: 10), Self.point(2, seconds: 100),
            Self.point(3, seconds: 104),
        ]
        let (fixes, _) = RouteTimerRun.run(points, segmentStarts: [2], intervalSeconds: 3)
        #expect(Self.offsets(fixes) == [0, 3, 6, 9, 10, 100, 103, 104])
        #expect(fixes[4].recordingResumesAt == Self.start.adding(seconds: 100))
        #expect(fixes.filter { $0.recordingResumesAt != nil }.count == 1)
    }

    @Test func aLegLongerThanTheMaximumGapIsAPauseButAShorterOneIsWalked() {
        let points = [Self.point(0, seconds: 0), Self.point(1, seconds: 301), Self.point(2, seconds: 600)]
        let (fixes, _) = RouteTimerRun.run(points)
        #expect(fixes.map { $0.recordingResumesAt?.seconds(since: Self.start) } == [301, nil, nil])
        let (never, _) = RouteTimerRun.run(points, maxGapSeconds: nil)
        #expect(never.allSatisfy { $0.recordingResumesAt == nil })
        let (interpolated, _) = RouteTimerRun.run(points, intervalSeconds: 60)
        #expect(
            Self.offsets(interpolated) == [0, 301, 361, 421, 481, 541, 600],
            "nothing between 0 and 301 s; the interval starts again after the pause")
    }

    @Test func legsWithoutRecordedTimesAreNeverPauses() {
        // Ten kilometres at walking pace takes two hours, but it is walked, not a pause.
        let points = [
            RoutePoint(latitude: 47, longitude: 8, line: 1), RoutePoint(latitude: 47.09, longitude: 8, line: 2),
        ]
        let (fixes, _) = RouteTimerRun.run(points)
        #expect(fixes.allSatisfy { $0.recordingResumesAt == nil })
    }
}
