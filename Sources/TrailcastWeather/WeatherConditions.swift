// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// The weather at one place and instant, in SI units and rounded for display.
///
/// Values are rounded the way they are shown (temperatures and speeds to 0.1, precipitation
/// to 0.1 mm, humidity, cloud cover and direction to whole numbers), which also hides the
/// last-bit differences between platforms' maths libraries. The weather code is derived from
/// the rounded values, so they never contradict each other.
public struct WeatherConditions: Sendable, Equatable {
    /// Air temperature at 2 m, °C, to 0.1 (Open-Meteo `temperature_2m`).
    public var temperatureCelsius: Double
    /// Feels-like temperature, °C, to 0.1 (`apparent_temperature`); see ``ApparentTemperature``.
    public var apparentTemperatureCelsius: Double
    /// Relative humidity at 2 m, percent, 0...100 (`relative_humidity_2m`).
    public var relativeHumidity: Int
    /// Precipitation over the preceding hour, mm of water, to 0.1 (`precipitation`).
    public var precipitationMm: Double
    /// Total cloud cover, percent, 0...100 (`cloud_cover`).
    public var cloudCover: Int
    /// The WMO weather code consistent with the values above (`weather_code`).
    public var weatherCode: WMOWeatherCode
    /// Wind speed at 10 m, m/s, to 0.1 (`wind_speed_10m` with `wind_speed_unit=ms`).
    public var windSpeedMps: Double
    /// Direction the wind blows from, degrees clockwise from north, 0..<360 (`wind_direction_10m`).
    public var windDirectionDegrees: Int
    /// Whether the sun is up (`is_day`); see ``SolarPosition/isDay``.
    public var isDay: Bool

    /// Creates conditions from already rounded values.
    package init(
        temperatureCelsius: Double, apparentTemperatureCelsius: Double, relativeHumidity: Int,
        precipitationMm: Double, cloudCover: Int, weatherCode: WMOWeatherCode,
        windSpeedMps: Double, windDirectionDegrees: Int, isDay: Bool
    ) {
        self.temperatureCelsius = temperatureCelsius
        self.apparentTemperatureCelsius = apparentTemperatureCelsius
        self.relativeHumidity = relativeHumidity
        self.precipitationMm = precipitationMm
        self.cloudCover = cloudCover
        self.weatherCode = weatherCode
        self.windSpeedMps = windSpeedMps
        self.windDirectionDegrees = windDirectionDegrees
        self.isDay = isDay
    }

    /// The weather code in words for running text, e.g. "partly cloudy".
    package var condition: String { weatherCode.condition }

    /// Wind speed in km/h to 0.1, Open-Meteo's default `wind_speed_10m` unit.
    package var windSpeedKilometersPerHour: Double { roundedToTenth(windSpeedMps * 3.6) }
}

/// `value` rounded half away from zero to one decimal, never −0.
func roundedToTenth(_ value: Double) -> Double {
    (value * 10).rounded() / 10 + 0.0
}
