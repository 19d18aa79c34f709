// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastWeather

extension Simulation {
    /// The built-in weather model's conditions at a place at the simulated present: a
    /// deterministic stand-in for a forecast service that follows the virtual clock, for
    /// an app's weather client in tests (the same model `trailcast replay` and
    /// `serve-weather` answer from).
    public func weather(latitude: Double, longitude: Double, elevationMeters: Double? = nil) -> WeatherConditions {
        WeatherModel().conditions(
            latitude: latitude, longitude: longitude, elevationMeters: elevationMeters,
            unixTime: now.timeIntervalSince1970)
    }
}
