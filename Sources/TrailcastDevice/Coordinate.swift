// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// A position on the WGS 84 ellipsoid, in degrees.
public struct Coordinate: Sendable, Hashable {
    /// Degrees north of the equator, -90 to 90; south is negative.
    public var latitude: Double
    /// Degrees east of the prime meridian, -180 to 180; west is negative.
    public var longitude: Double

    /// A coordinate of the degrees as given: nothing is checked or wrapped.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
