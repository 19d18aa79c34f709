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

/// The simulated receiver's error at one moment, and what it reports about it.
package struct ErrorSample: Sendable, Equatable {
    /// Position error in metres, north, east and up.
    package var northMeters: Double
    package var eastMeters: Double
    package var upMeters: Double
    /// The radius that holds about 68% of the horizontal errors at this moment: what Core
    /// Location reports as `horizontalAccuracy`.
    package var horizontalAccuracyMeters: Double
    /// One standard deviation of the vertical error (68% for one axis): `verticalAccuracy`.
    package var verticalAccuracyMeters: Double
    /// Velocity error in m/s, north and east.
    package var velocityNorth: Double
    package var velocityEast: Double
}

/// The error model of a ``GPSProfile``: correlated, seeded, and honest about its size.
///
/// - Horizontal and vertical errors are unit Gauss-Markov processes (one per axis,
///   correlation time from the profile) scaled by the current sigma.
/// - The sigma itself drifts slowly (log-normal, five-minute correlation): satellite
///   geometry and surroundings change, and the reported accuracy follows them.
/// - The reported `horizontalAccuracy` is the 68% radius of the current error
///   distribution: for two independent axes of sigma s the distance is Rayleigh, and
///   P(r <= R) = 0.68 at R = s * sqrt(-2 ln 0.32) = 1.51 s.
/// - Multipath (a reflected signal) adds a jump of 15-60 m for 2-8 s. The receiver sees
///   its satellites disagree: the reported accuracy grows by the jump (added in
///   quadrature), so the radius stays honest while the fix jumps.
/// - Velocity (what Doppler gives a receiver) has its own small correlated error.
package struct PositionError: Sendable {
    /// The 68% radius as a multiple of the per-axis sigma (Rayleigh distribution).
    package static let accuracyPerSigma = (-2 * log(0.32)).squareRoot()
    /// How long the error's size takes to change.
    static let sigmaCorrelationSeconds = 300.0
    /// Velocity errors are short-lived: Doppler is measured afresh every epoch.
    static let velocityCorrelationSeconds = 3.0
    static let multipathMeters = 15.0...60.0
    static let multipathSeconds = 2.0...8.0
    /// How much of a multipath jump the reported accuracy owns up to (1: all of it, in
    /// quadrature). Less would leave the jump's fixes outside the 68% radius.
    static let multipathAwareness = 1.0

    package let profile: GPSProfile
    private var random: SplitMix64
    private var north: GaussMarkovProcess
    private var east: GaussMarkovProcess
    private var up: GaussMarkovProcess
    private var logSigma: GaussMarkovProcess
    private var velocityNorth: GaussMarkovProcess
    private var velocityEast: GaussMarkovProcess
    private var multipath: (north: Double, east: Double, meters: Double, until: Timestamp)?
    private var lastTime: Timestamp?
    /// The factors of the last step length: most fixes come the same time apart, so the
    /// exponentials are computed once per distinct step, not per fix.
    private var steps: StepFactors?

    package init(profile: GPSProfile, seed: UInt64) {
        self.profile = profile
        var random = SplitMix64(seed: seed, stream: 1)
        let (n, e) = random.nextGaussianPair()
        let (u, s) = random.nextGaussianPair()
        let (vn, ve) = random.nextGaussianPair()
        north = GaussMarkovProcess(startingAt: n)
        east = GaussMarkovProcess(startingAt: e)
        up = GaussMarkovProcess(startingAt: u)
        logSigma = GaussMarkovProcess(startingAt: s)
        velocityNorth = GaussMarkovProcess(startingAt: vn)
        velocityEast = GaussMarkovProcess(startingAt: ve)
        self.random = random
    }

    /// The error at `time` (never earlier than the last call's).
    package mutating func sample(at time: Timestamp) -> ErrorSample {
        let step = lastTime.map { max(0, time.seconds(since: $0)) } ?? 0
        lastTime = time
        if step > 0 {
            if steps?.seconds != step { steps = StepFactors(seconds: step, profile: profile) }
            let factors = steps!
            let (n, e) = random.nextGaussianPair()
            let (u, s) = random.nextGaussianPair()
            let (vn, ve) = random.nextGaussianPair()
            north.advance(factors.error, draw: n)
            east.advance(factors.error, draw: e)
            up.advance(factors.error, draw: u)
            logSigma.advance(factors.sigma, draw: s)
            velocityNorth.advance(factors.velocity, draw: vn)
            velocityEast.advance(factors.velocity, draw: ve)
            updateMultipath(at: time, chance: factors.multipathChance)
        } else if let current = multipath, time >= current.until {
            multipath = nil
        }
        let sigma = profile.sigmaMeters * exp(profile.sigmaVariation * logSigma.value)
        var sample = ErrorSample(
            northMeters: sigma * north.value, eastMeters: sigma * east.value,
            upMeters: sigma * profile.verticalFactor * up.value,
            horizontalAccuracyMeters: sigma * Self.accuracyPerSigma,
            verticalAccuracyMeters: sigma * profile.verticalFactor,
            velocityNorth: profile.velocitySigmaMetersPerSecond * velocityNorth.value,
            velocityEast: profile.velocitySigmaMetersPerSecond * velocityEast.value)
        if let multipath {
            sample.northMeters += multipath.north
            sample.eastMeters += multipath.east
            let seen = multipath.meters * Self.multipathAwareness
            sample.horizontalAccuracyMeters =
                (sample.horizontalAccuracyMeters * sample.horizontalAccuracyMeters + seen * seen)
                .squareRoot()
        }
        return sample
    }

    /// Ends a jump that is over; starts one with the step's chance.
    private mutating func updateMultipath(at time: Timestamp, chance: Double) {
        if let current = multipath, time >= current.until { multipath = nil }
        guard multipath == nil, chance > 0, random.nextUnit() < chance else { return }
        let meters = random.nextUniform(in: Self.multipathMeters)
        let direction = random.nextUniform(in: 0...(2 * .pi))
        multipath = (
            north: meters * cos(direction), east: meters * sin(direction), meters: meters,
            until: time.adding(seconds: random.nextUniform(in: Self.multipathSeconds))
        )
    }
}

/// Everything that depends only on the length of a step between fixes.
private struct StepFactors: Sendable {
    var seconds: Double
    var error: GaussMarkovProcess.Step
    var sigma: GaussMarkovProcess.Step
    var velocity: GaussMarkovProcess.Step
    /// The chance that a multipath jump starts within the step.
    var multipathChance: Double

    init(seconds: Double, profile: GPSProfile) {
        self.seconds = seconds
        error = .init(seconds: seconds, correlationSeconds: profile.correlationSeconds)
        sigma = .init(seconds: seconds, correlationSeconds: PositionError.sigmaCorrelationSeconds)
        velocity = .init(seconds: seconds, correlationSeconds: PositionError.velocityCorrelationSeconds)
        multipathChance = profile.multipathPerSecond > 0 ? 1 - pow(1 - profile.multipathPerSecond, seconds) : 0
    }
}
