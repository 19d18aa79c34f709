// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
public import TrailcastBasics

/// One location as an app receives it: Core Location's `CLLocation`, in SI units.
public struct LocationFix: Sendable, Equatable {
    /// The simulated time of the fix.
    public var time: Timestamp
    /// Degrees north (WGS 84) as reported, the simulated GPS error included (see `truth`).
    public var latitude: Double
    /// Degrees east (WGS 84) as reported, the simulated GPS error included (see `truth`).
    public var longitude: Double
    /// Metres above sea level; nil when the route has no elevation.
    public var altitudeMeters: Double?
    /// Radius of uncertainty, in metres.
    public var horizontalAccuracyMeters: Double
    /// Nil exactly when `altitudeMeters` is nil.
    public var verticalAccuracyMeters: Double?
    /// Metres per second; -1 when unknown, as Core Location reports it.
    public var speedMetersPerSecond: Double
    /// Degrees clockwise from true north, 0..<360; -1 when unknown.
    public var courseDegrees: Double
    /// The index of the route point the fix comes from (the one before, for interpolated fixes).
    public var sourceIndex: Int
    /// Handed over from Core Location's cache when updates start: the last known location,
    /// with its own (older) time and accuracy, not measured now.
    public var isCached = false
    /// Where the device really was: the route's position before the simulated GPS added
    /// its error; nil when the GPS is perfect (the fix is the route itself).
    public var truth: Coordinate?

    /// A fix of these values; by default 5 m accurate, with altitude, speed and course unknown.
    public init(
        time: Timestamp, latitude: Double, longitude: Double, altitudeMeters: Double? = nil,
        horizontalAccuracyMeters: Double = 5, verticalAccuracyMeters: Double? = nil,
        speedMetersPerSecond: Double = -1, courseDegrees: Double = -1, sourceIndex: Int = 0,
        truth: Coordinate? = nil
    ) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.altitudeMeters = altitudeMeters
        self.horizontalAccuracyMeters = horizontalAccuracyMeters
        self.verticalAccuracyMeters = verticalAccuracyMeters
        self.speedMetersPerSecond = speedMetersPerSecond
        self.courseDegrees = courseDegrees
        self.sourceIndex = sourceIndex
        self.truth = truth
    }
}
