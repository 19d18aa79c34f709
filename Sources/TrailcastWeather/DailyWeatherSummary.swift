// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// One day's weather in brief, from its hourly ``WeatherConditions``.
package struct DailyWeatherSummary: Sendable, Equatable {
    /// The highest hourly temperature, °C (`temperature_2m_max`).
    package var maximumCelsius: Double
    /// The lowest hourly temperature, °C (`temperature_2m_min`).
    package var minimumCelsius: Double
    /// The most severe hourly weather code, i.e. the largest (`weather_code`).
    package var weatherCode: WMOWeatherCode
    /// The sum of the hourly precipitation, mm, to 0.1 (`precipitation_sum`).
    package var precipitationSumMm: Double

    /// Creates a summary from already rounded values.
    package init(
        maximumCelsius: Double, minimumCelsius: Double, weatherCode: WMOWeatherCode, precipitationSumMm: Double
    ) {
        self.maximumCelsius = maximumCelsius
        self.minimumCelsius = minimumCelsius
        self.weatherCode = weatherCode
        self.precipitationSumMm = precipitationSumMm
    }

    /// Summarises `hours`, which must not be empty.
    package init(hours: [WeatherConditions]) {
        precondition(!hours.isEmpty, "a daily summary needs at least one hour")
        maximumCelsius = hours.map(\.temperatureCelsius).max()!
        minimumCelsius = hours.map(\.temperatureCelsius).min()!
        weatherCode = hours.map(\.weatherCode).max { $0.rawValue < $1.rawValue }!
        precipitationSumMm = roundedToTenth(hours.reduce(0) { $0 + $1.precipitationMm })
    }
}
