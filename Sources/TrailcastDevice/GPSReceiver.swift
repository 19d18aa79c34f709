// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
package import TrailcastBasics

/// The simulated device's GPS receiver: the layer between the true route and Core
/// Location. It turns each fix of the route into what a receiver reports (with the
/// profile's error, at a slightly jittered moment) or into nothing while the signal is
/// lost, and reports signal changes. Feeds that stand in for a real device tap its
/// output; the location service applies Core Location's rules to it.
///
/// Seeded: the same configuration and route give the same fixes on every machine.
///
/// A run drives it in time order:
/// ```swift
/// var receiver = GPSReceiver(configuration: .init(profile: .urbanCanyon, seed: 7))
/// receiver.begin(at: firstRouteFix.fix.time)
/// for routeFix in route {
///     let moment = receiver.deliveryTime(of: routeFix)
///     while let change = receiver.nextSignalChange(notAfter: moment) { record(change) }
///     if let fix = receiver.measure(routeFix, at: moment) { deliver(fix) }
/// }
/// ```
package struct GPSReceiver: Sendable {
    /// What kind of receiver, and its seed.
    package struct Configuration: Sendable, Equatable {
        package var profile: GPSProfile
        /// Seeds the noise, the dropouts and the jitter (each its own stream).
        package var seed: UInt64
        /// Each fix comes up to this much later than its nominal moment (0: exactly on time).
        package var jitterSeconds: Double
        /// How often the receiver reports (the route's interval, or 1 Hz): how soon it
        /// notices a missing fix.
        package var cadenceSeconds: Double

        package init(
            profile: GPSProfile = .perfect, seed: UInt64 = 1, jitterSeconds: Double = 0, cadenceSeconds: Double = 1
        ) {
            self.profile = profile
            self.seed = seed
            self.jitterSeconds = jitterSeconds
            self.cadenceSeconds = cadenceSeconds
        }
    }

    /// Below this speed a receiver's course is meaningless: Core Location reports -1.
    package static let minimumCourseSpeedMetersPerSecond = 0.5

    package let configuration: Configuration
    private var error: PositionError?
    private var signal: SignalModel
    private let jitterKey: UInt64
    private var lastMeasuredTime: Timestamp?

    package init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        error =
            configuration.profile.isPerfect
            ? nil : PositionError(profile: configuration.profile, seed: configuration.seed)
        signal = SignalModel(profile: configuration.profile, seed: configuration.seed)
        jitterKey = splitMix64(configuration.seed ^ 0x4A17_7E12)
    }

    /// Whether the receiver has a fix now.
    package var hasSignal: Bool { !signal.isLost }

    /// The route starts: the profile's dropouts are counted from here.
    package mutating func begin(at time: Timestamp) {
        signal.begin(at: time)
    }

    /// When the receiver reports the route fix: its own time, plus the jitter (a hash of
    /// the seed and the time, so asking twice gives the same answer).
    package func deliveryTime(of routeFix: RouteFix) -> Timestamp {
        let nominal = routeFix.fix.time
        guard configuration.jitterSeconds > 0 else { return nominal }
        let bits =
            UInt64(bitPattern: nominal.secondsSince1970) &* 1_000_000_007
            ^ UInt64(UInt32(bitPattern: nominal.nanoseconds))
        let unit = Double(splitMix64(jitterKey ^ bits) >> 11) * 0x1p-53
        var time = nominal.adding(seconds: unit * configuration.jitterSeconds)
        // Fixes never come out of order, however close the route's points are.
        if let lastMeasuredTime, time <= lastMeasuredTime { time = lastMeasuredTime.adding(seconds: 0.001) }
        return time
    }

    /// The next signal change (a dropout of the profile, a pause of the recording) at or
    /// before `time`; nil when none is due.
    package mutating func nextSignalChange(notAfter time: Timestamp) -> SignalChange? {
        signal.nextChange(notAfter: time)
    }

    /// A scheduled `signal=lost|restored` at `time`; the change it makes, if any.
    package mutating func setSignal(_ state: SignalState, at time: Timestamp) -> SignalChange? {
        signal.set(state, byEventAt: time)
    }

    /// The fix the receiver reports for the route's fix at `time` (from ``deliveryTime(of:)``),
    /// or nil while the signal is lost.
    package mutating func measure(_ routeFix: RouteFix, at time: Timestamp) -> LocationFix? {
        if let resumes = routeFix.recordingResumesAt {
            signal.pause(after: routeFix.fix.time, resumes: resumes, cadenceSeconds: configuration.cadenceSeconds)
        }
        guard !signal.isLost else { return nil }
        lastMeasuredTime = time
        var fix = routeFix.fix
        fix.time = time
        // Mutated in place: the error model is too big to copy out and back per fix.
        guard let sample = error?.sample(at: time) else { return fix }
        return Self.apply(sample, to: fix)
    }

    /// The true fix seen through the error: position, accuracy, speed and course.
    static func apply(_ sample: ErrorSample, to truth: LocationFix) -> LocationFix {
        var fix = truth
        fix.truth = Coordinate(latitude: truth.latitude, longitude: truth.longitude)
        let metersPerDegree = GreatCircle.meanEarthRadiusMeters * .pi / 180
        fix.latitude = min(90, max(-90, truth.latitude + sample.northMeters / metersPerDegree))
        let eastScale = metersPerDegree * max(cos(truth.latitude * .pi / 180), 0.01)
        var longitude = truth.longitude + sample.eastMeters / eastScale
        if longitude >= 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
        fix.longitude = longitude
        fix.horizontalAccuracyMeters = sample.horizontalAccuracyMeters
        if let altitude = truth.altitudeMeters {
            fix.altitudeMeters = altitude + sample.upMeters
            fix.verticalAccuracyMeters = sample.verticalAccuracyMeters
        }
        // The receiver measures velocity (Doppler) with its own small error; a standing
        // device reports a small speed and, below walking pace, no course.
        let trueSpeed = max(truth.speedMetersPerSecond, 0)
        let course = truth.courseDegrees >= 0 ? truth.courseDegrees * .pi / 180 : 0
        let north = trueSpeed * cos(course) + sample.velocityNorth
        let east = trueSpeed * sin(course) + sample.velocityEast
        let speed = (north * north + east * east).squareRoot()
        fix.speedMetersPerSecond = speed
        if speed >= minimumCourseSpeedMetersPerSecond {
            // A hair west of north is 360 once 360 is added: Core Location's course is 0..<360.
            let degrees = atan2(east, north) * 180 / .pi
            let clockwise = degrees < 0 ? degrees + 360 : degrees
            fix.courseDegrees = clockwise >= 360 ? 0 : clockwise
        } else {
            fix.courseDegrees = -1
        }
        return fix
    }
}
