// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// The weather for a place now: the app's view of a forecast service.
public protocol WeatherClient: Sendable {
    func currentWeather(at place: Place) async throws -> CurrentWeather
}

public struct CurrentWeather: Sendable, Equatable {
    public var temperatureCelsius: Double
    public var weatherCode: Int

    public init(temperatureCelsius: Double, weatherCode: Int) {
        self.temperatureCelsius = temperatureCelsius
        self.weatherCode = weatherCode
    }
}
