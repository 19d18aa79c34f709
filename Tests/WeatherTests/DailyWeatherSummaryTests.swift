// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastWeather

@Suite("Daily summary")
struct DailyWeatherSummaryTests {
    let model = WeatherModel()

    @Test(arguments: [(47.37, 8.54, 408.0), (-33.9, 151.2, 0.0), (64.1, -21.9, 50.0), (1.35, 103.8, 15.0)])
    func summarisesTheDaysHours(latitude: Double, longitude: Double, elevation: Double) {
        let midnight = 1_719_792_000.0  // 2024-07-01T00:00:00Z
        let summary = model.dailySummary(
            latitude: latitude, longitude: longitude, elevationMeters: elevation,
            dayStartUnixTime: midnight)
        let hours = (0..<24).map {
            model.conditions(
                latitude: latitude, longitude: longitude, elevationMeters: elevation,
                unixTime: midnight + Double($0) * 3_600)
        }
        #expect(summary.maximumCelsius == hours.map(\.temperatureCelsius).max())
        #expect(summary.minimumCelsius == hours.map(\.temperatureCelsius).min())
        #expect(summary.maximumCelsius > summary.minimumCelsius)
        #expect(summary.weatherCode.rawValue == hours.map(\.weatherCode.rawValue).max())
        let sum = hours.map(\.precipitationMm).reduce(0, +)
        #expect(abs(summary.precipitationSumMm - sum) < 0.05 + 1e-9)
    }

    @Test func takesTheMostSevereCode() {
        func hour(_ code: WMOWeatherCode, _ temperature: Double, _ precipitation: Double) -> WeatherConditions {
            WeatherConditions(
                temperatureCelsius: temperature, apparentTemperatureCelsius: temperature,
                relativeHumidity: 80, precipitationMm: precipitation, cloudCover: 90,
                weatherCode: code, windSpeedMps: 3, windDirectionDegrees: 180, isDay: true)
        }
        let summary = DailyWeatherSummary(hours: [
            hour(.overcast, 12.3, 0), hour(.slightRain, 14.1, 0.7), hour(.fog, 9.8, 0), hour(.moderateRain, 11, 2.6),
        ])
        #expect(
            summary
                == DailyWeatherSummary(
                    maximumCelsius: 14.1, minimumCelsius: 9.8,
                    weatherCode: .moderateRain, precipitationSumMm: 3.3))
    }
}
