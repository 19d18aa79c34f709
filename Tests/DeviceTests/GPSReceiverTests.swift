// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastDevice
import Testing
import TrailcastBasics

/// The simulated receiver through its public API: what it does to the route's fixes.
@Suite("GPS receiver: noise, honesty, determinism")
struct GPSReceiverTests {
    static let start = Timestamp(iso8601: "2026-06-13T16:00:00Z")!

    /// A walk due east at 1.4 m/s, one route fix a second.
    static func walk(seconds: Int, speed: Double = 1.4) -> [RouteFix] {
        (0..<seconds).map { second in
            RouteFix(
                fix: LocationFix(
                    time: start.adding(seconds: Double(second)), latitude: 47,
                    longitude: 8 + Double(second) * speed / 75_800, altitudeMeters: 400,
                    horizontalAccuracyMeters: 5, verticalAccuracyMeters: 10,
                    speedMetersPerSecond: speed, courseDegrees: speed > 0 ? 90 : -1, sourceIndex: second))
        }
    }

    static func measureAll(_ route: [RouteFix], profile: GPSProfile, seed: UInt64 = 1) -> [LocationFix] {
        var receiver = GPSReceiver(configuration: .init(profile: profile, seed: seed))
        receiver.begin(at: route[0].fix.time)
        var fixes: [LocationFix] = []
        for routeFix in route {
            let time = receiver.deliveryTime(of: routeFix)
            while receiver.nextSignalChange(notAfter: time) != nil {}
            if let fix = receiver.measure(routeFix, at: time) { fixes.append(fix) }
        }
        return fixes
    }

    static func errorMeters(_ fix: LocationFix) -> Double {
        GreatCircle.distanceMeters(
            latitude1: fix.truth!.latitude, longitude1: fix.truth!.longitude,
            latitude2: fix.latitude, longitude2: fix.longitude)
    }

    @Test func aPerfectReceiverReportsTheRouteItself() {
        let route = Self.walk(seconds: 100)
        #expect(Self.measureAll(route, profile: .perfect) == route.map(\.fix))
    }

    @Test(arguments: [GPSProfile.openSky, .suburban, .urbanCanyon, .indoor])
    func theReportedAccuracyHoldsAboutTwoThirdsOfTheErrorsAndTheErrorIsCorrelated(profile: GPSProfile) {
        let fixes = Self.measureAll(Self.walk(seconds: 3 * 3600), profile: profile)
        let within =
            Double(fixes.filter { Self.errorMeters($0) <= $0.horizontalAccuracyMeters }.count) / Double(fixes.count)
        #expect(within >= 0.60 && within <= 0.76, "\(profile.name): \(within) within the reported accuracy")
        // Lag-1 autocorrelation of the north error over fixes one second apart.
        var pairs: [(Double, Double)] = []
        for (a, b) in zip(fixes, fixes.dropFirst()) where b.time.seconds(since: a.time) == 1 {
            pairs.append((a.latitude - a.truth!.latitude, b.latitude - b.truth!.latitude))
        }
        #expect(Statistics.correlation(pairs) > 0.8, "\(profile.name)")
        #expect(Set(fixes.map(\.horizontalAccuracyMeters)).count > 100, "the reported accuracy varies")
        let verticalWithin =
            Double(
                fixes.filter {
                    abs($0.altitudeMeters! - 400) <= $0.verticalAccuracyMeters!
                }.count) / Double(fixes.count)
        #expect(verticalWithin >= 0.55 && verticalWithin <= 0.80, "\(profile.name) vertical: \(verticalWithin)")
    }

    @Test func theMedianErrorGrowsFromOpenSkyToIndoor() {
        let route = Self.walk(seconds: 3 * 3600)
        let medians = [GPSProfile.openSky, .suburban, .urbanCanyon, .indoor].map { profile in
            Statistics.median(Self.measureAll(route, profile: profile).map(Self.errorMeters))
        }
        #expect(medians == medians.sorted(), "\(medians)")
        #expect(Set(medians).count == 4)
    }

    @Test func theSameSeedGivesTheSameFixesAndAnotherSeedOthers() {
        let route = Self.walk(seconds: 600)
        let first = Self.measureAll(route, profile: .urbanCanyon, seed: 7)
        #expect(first == Self.measureAll(route, profile: .urbanCanyon, seed: 7))
        let other = Self.measureAll(route, profile: .urbanCanyon, seed: 8)
        #expect(zip(first, other).filter { $0.latitude == $1.latitude }.isEmpty)
    }

    @Test func aStandingDeviceWandersALittleWithASmallSpeedAndNoCourse() {
        let fixes = Self.measureAll(Self.walk(seconds: 600, speed: 0), profile: .openSky)
        let speeds = fixes.map(\.speedMetersPerSecond)
        #expect(speeds.allSatisfy { $0 >= 0 && $0 < 0.6 }, "\(speeds.max()!)")
        #expect(Set(speeds).count > 100, "not a constant 0")
        #expect(fixes.filter { $0.courseDegrees == -1 }.count > fixes.count * 9 / 10)
        let spread = fixes.map(Self.errorMeters).max()!
        #expect(spread > 1 && spread < 20, "wanders a little: up to \(spread) m")
    }

    @Test func aMovingDeviceKeepsItsSpeedAndCourseWithinTheVelocityError() {
        let fixes = Self.measureAll(Self.walk(seconds: 600), profile: .openSky)
        #expect(fixes.allSatisfy { abs($0.speedMetersPerSecond - 1.4) < 0.6 })
        #expect(fixes.allSatisfy { abs($0.courseDegrees - 90) < 25 })
    }

    @Test func jitterDelaysEachFixByLessThanItsBoundDeterministically() {
        let route = Self.walk(seconds: 500)
        var receiver = GPSReceiver(configuration: .init(profile: .perfect, seed: 3, jitterSeconds: 0.2))
        let delays = route.map { receiver.deliveryTime(of: $0).seconds(since: $0.fix.time) }
        #expect(delays.allSatisfy { $0 >= 0 && $0 < 0.2 })
        #expect(Set(delays).count > 400)
        #expect(
            delays == route.map { receiver.deliveryTime(of: $0).seconds(since: $0.fix.time) },
            "asking again changes nothing")
        var times: [Timestamp] = []
        for routeFix in route {
            let time = receiver.deliveryTime(of: routeFix)
            if let fix = receiver.measure(routeFix, at: time) { times.append(fix.time) }
        }
        #expect(times == times.sorted())
    }

    @Test func customFiguresOverrideAPresetAndAreNamedCustom() {
        let custom = GPSProfile.urbanCanyon.overriding(sigmaMeters: 3, correlationSeconds: nil, multipathPerSecond: 0)
        #expect(custom.name == "custom")
        #expect(custom.sigmaMeters == 3)
        #expect(custom.correlationSeconds == GPSProfile.urbanCanyon.correlationSeconds)
        #expect(custom.dropoutsPerHour == GPSProfile.urbanCanyon.dropoutsPerHour)
        let fromPerfect = GPSProfile.perfect.overriding(
            sigmaMeters: 4, correlationSeconds: nil, multipathPerSecond: nil)
        #expect(!fromPerfect.isPerfect)
        #expect(fromPerfect.dropoutsPerHour == 0)
        #expect(
            GPSProfile.perfect.overriding(sigmaMeters: nil, correlationSeconds: nil, multipathPerSecond: nil)
                == .perfect)
        #expect(
            GPSProfile.openSky.overriding(sigmaMeters: -1, correlationSeconds: nil, multipathPerSecond: nil).problem
                != nil)
    }

    /// The documented ranges include both ends (--gps-sigma 0 to 10000 m, --gps-correlation
    /// 0.001 to 86400 s, --gps-multipath 0 to 1 a second); just past an end is refused in
    /// the option's words.
    @Test("each custom figure's range includes its ends; just past them, the option's message")
    func customFigureRanges() {
        func problem(sigma: Double? = nil, correlation: Double? = nil, multipath: Double? = nil) -> String? {
            GPSProfile.openSky.overriding(
                sigmaMeters: sigma, correlationSeconds: correlation, multipathPerSecond: multipath
            ).problem
        }
        for accepted in [
            problem(sigma: 0), problem(sigma: 10_000), problem(correlation: 0.001), problem(correlation: 86_400),
            problem(multipath: 0), problem(multipath: 1),
        ] {
            #expect(accepted == nil)
        }
        #expect(problem(sigma: 10_000.5) == "--gps-sigma must be a number of metres from 0 to 10000, not 10000.5")
        #expect(problem(correlation: 0.0005) == "--gps-correlation must be from 0.001 to 86400 seconds, not 0.0005")
        #expect(problem(correlation: 86_400.5) == "--gps-correlation must be from 0.001 to 86400 seconds, not 86400.5")
        #expect(problem(multipath: 1.5) == "--gps-multipath must be a probability per second from 0 to 1, not 1.5")
        #expect(problem(multipath: -0.5) == "--gps-multipath must be a probability per second from 0 to 1, not -0.5")
    }
}

/// Small statistics for the tests.
enum Statistics {
    static func median(_ values: [Double]) -> Double {
        values.sorted()[values.count / 2]
    }

    static func correlation(_ pairs: [(Double, Double)]) -> Double {
        let n = Double(pairs.count)
        let meanX = pairs.map(\.0).reduce(0, +) / n
        let meanY = pairs.map(\.1).reduce(0, +) / n
        var covariance = 0.0, varianceX = 0.0, varianceY = 0.0
        for (x, y) in pairs {
            covariance += (x - meanX) * (y - meanY)
            varianceX += (x - meanX) * (x - meanX)
            varianceY += (y - meanY) * (y - meanY)
        }
        return covariance / (varianceX * varianceY).squareRoot()
    }
}
