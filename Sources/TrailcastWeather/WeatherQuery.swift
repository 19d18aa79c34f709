// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// A request for the weather at one place and instant: what the app asks its weather
/// service, and what a ``WeatherFetcher`` answers.
package struct WeatherQuery: Sendable, Equatable {
    /// Degrees north.
    package var latitude: Double
    /// Degrees east.
    package var longitude: Double
    /// Height above sea level from the location's altitude; nil when unknown.
    package var elevationMeters: Double?
    /// The simulated instant, seconds since 1970-01-01T00:00:00Z.
    package var unixTime: Double

    package init(latitude: Double, longitude: Double, elevationMeters: Double? = nil, unixTime: Double) {
        self.latitude = latitude
        self.longitude = longitude
        self.elevationMeters = elevationMeters
        self.unixTime = unixTime
    }
}
