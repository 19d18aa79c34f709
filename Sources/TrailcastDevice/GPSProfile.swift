// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// How good the simulated GPS is: its error, how the error drifts, its multipath jumps
/// and its signal dropouts. `--gps NAME`, or the custom form with `--gps-sigma`.
///
/// The figures are this project's reading of typical phone receivers (open sky: the
/// 3-5 m a phone reports outdoors; urban canyon: tens of metres with jumps; indoor: the
/// 30-65 m of a fix through a roof); `bench/gps-accuracy.py` measures what they give.
public struct GPSProfile: Sendable, Equatable {
    /// The preset's name (`custom` once a figure is overridden).
    public var name: String
    /// Standard deviation of the horizontal error on each axis (north, east), in metres,
    /// before the slow variation of ``sigmaVariation``. Zero: a perfect GPS.
    public var sigmaMeters: Double
    /// Correlation time of the error (first-order Gauss-Markov), in seconds: the error
    /// drifts over about this long rather than jumping every fix.
    public var correlationSeconds: Double
    /// Chance per second that a multipath jump starts (tens of metres, a few seconds).
    public var multipathPerSecond: Double
    /// Spread of the slow changes in the error's size (satellite geometry, surroundings),
    /// as the standard deviation of its natural logarithm; they change over minutes.
    public var sigmaVariation: Double
    /// Vertical error's standard deviation as a multiple of the horizontal one.
    public var verticalFactor: Double
    /// Standard deviation of the velocity error on each axis, in m/s: a standing device
    /// reports a small speed, never a constant 0.
    public var velocitySigmaMetersPerSecond: Double
    /// Signal dropouts: how many start per hour on average (0: none), and their length.
    public var dropoutsPerHour: Double
    /// How long each dropout lasts, in seconds: drawn uniformly from this range.
    public var dropoutSeconds: ClosedRange<Double>

    /// A profile of these figures, in the properties' units; `problem` says whether they can run.
    /// Dropouts stay off unless `dropoutsPerHour` is above 0.
    public init(
        name: String, sigmaMeters: Double, correlationSeconds: Double, multipathPerSecond: Double,
        sigmaVariation: Double = 0.3, verticalFactor: Double = 1.6, velocitySigmaMetersPerSecond: Double = 0.2,
        dropoutsPerHour: Double = 0, dropoutSeconds: ClosedRange<Double> = 5...60
    ) {
        self.name = name
        self.sigmaMeters = sigmaMeters
        self.correlationSeconds = correlationSeconds
        self.multipathPerSecond = multipathPerSecond
        self.sigmaVariation = sigmaVariation
        self.verticalFactor = verticalFactor
        self.velocitySigmaMetersPerSecond = velocitySigmaMetersPerSecond
        self.dropoutsPerHour = dropoutsPerHour
        self.dropoutSeconds = dropoutSeconds
    }

    /// Every fix is the route itself: the output of a run without `--gps`.
    public static let perfect = GPSProfile(
        name: "perfect", sigmaMeters: 0, correlationSeconds: 30, multipathPerSecond: 0, sigmaVariation: 0,
        velocitySigmaMetersPerSecond: 0)
    /// A phone outdoors with a clear view of the sky.
    public static let openSky = GPSProfile(
        name: "open-sky", sigmaMeters: 2.5, correlationSeconds: 40, multipathPerSecond: 0, sigmaVariation: 0.2,
        velocitySigmaMetersPerSecond: 0.1)
    /// Houses and trees: larger error, a rare short dropout.
    public static let suburban = GPSProfile(
        name: "suburban", sigmaMeters: 5, correlationSeconds: 30, multipathPerSecond: 0.002, sigmaVariation: 0.3,
        velocitySigmaMetersPerSecond: 0.2, dropoutsPerHour: 1, dropoutSeconds: 3...15)
    /// Tall buildings on both sides: large error, multipath jumps, dropouts of 5-60 s a
    /// few times an hour.
    public static let urbanCanyon = GPSProfile(
        name: "urban-canyon", sigmaMeters: 12, correlationSeconds: 20, multipathPerSecond: 0.02,
        sigmaVariation: 0.4, velocitySigmaMetersPerSecond: 0.4, dropoutsPerHour: 4, dropoutSeconds: 5...60)
    /// Inside a building: tens of metres, frequent long dropouts.
    public static let indoor = GPSProfile(
        name: "indoor", sigmaMeters: 25, correlationSeconds: 45, multipathPerSecond: 0.01, sigmaVariation: 0.4,
        verticalFactor: 2, velocitySigmaMetersPerSecond: 0.6, dropoutsPerHour: 6, dropoutSeconds: 10...120)

    /// The presets `--gps` names, in order of growing error.
    public static let presets = [perfect, openSky, suburban, urbanCanyon, indoor]

    /// The preset called `name`, or nil.
    package static func preset(named name: String) -> GPSProfile? {
        presets.first { $0.name == name }
    }

    /// Whether fixes are the route itself.
    package var isPerfect: Bool { sigmaMeters == 0 && multipathPerSecond == 0 }

    /// This profile with the custom figures given (nil keeps the profile's own); named
    /// `custom` when any is given. A perfect profile given a sigma becomes a noisy one with
    /// open-sky's character and no dropouts.
    package func overriding(sigmaMeters: Double?, correlationSeconds: Double?, multipathPerSecond: Double?)
        -> GPSProfile
    {
        guard sigmaMeters != nil || correlationSeconds != nil || multipathPerSecond != nil else { return self }
        var custom = isPerfect ? Self.openSky : self
        custom.name = "custom"
        if let sigmaMeters { custom.sigmaMeters = sigmaMeters }
        if let correlationSeconds { custom.correlationSeconds = correlationSeconds }
        if let multipathPerSecond { custom.multipathPerSecond = multipathPerSecond }
        return custom
    }

    /// Why the figures cannot run, or nil.
    package var problem: String? {
        if !(sigmaMeters >= 0) || !sigmaMeters.isFinite || sigmaMeters > 10_000 {
            return "--gps-sigma must be a number of metres from 0 to 10000, not \(sigmaMeters.asGiven)"
        }
        if !(correlationSeconds >= 0.001) || !correlationSeconds.isFinite || correlationSeconds > 86_400 {
            return "--gps-correlation must be from 0.001 to 86400 seconds, not \(correlationSeconds.asGiven)"
        }
        if !(multipathPerSecond >= 0) || !(multipathPerSecond <= 1) {
            return "--gps-multipath must be a probability per second from 0 to 1, not \(multipathPerSecond.asGiven)"
        }
        return nil
    }
}
