// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastWeather
import TrailcastBasics

@Suite("Weather model")
struct WeatherModelTests {
    struct Golden: Sendable, CustomTestStringConvertible {
        var place: String
        var latitude: Double, longitude: Double, elevationMeters: Double?, unixTime: Double
        var expected: WeatherConditions
        var testDescription: String { place }
    }

    /// Recorded outputs of the default world. If one changes, the model changed: update the
    /// values deliberately (and the examples in docs/replay.md and docs/weather.md) or find the regression.
    static let goldens: [Golden] = [
        Golden(
            place: "Zurich, 2024-07-01T12:00Z", latitude: 47.3769, longitude: 8.5417, elevationMeters: 408,
            unixTime: 1_719_835_200,
            expected: WeatherConditions(
                temperatureCelsius: 16.8, apparentTemperatureCelsius: 14.1, relativeHumidity: 87,
                precipitationMm: 10.2, cloudCover: 100, weatherCode: .thunderstorm, windSpeedMps: 6.0,
                windDirectionDegrees: 250, isDay: true)),
        Golden(
            place: "San Francisco, 2024-01-01T00:00Z", latitude: 37.7954, longitude: -122.3942, elevationMeters: 4.5,
            unixTime: 1_704_067_200,
            expected: WeatherConditions(
                temperatureCelsius: 12.0, apparentTemperatureCelsius: 5.7, relativeHumidity: 47,
                precipitationMm: 0, cloudCover: 16, weatherCode: .clearSky, windSpeedMps: 6.4,
                windDirectionDegrees: 223, isDay: true)),
        Golden(
            place: "Sydney, 2025-01-27T00:00Z", latitude: -33.8688, longitude: 151.2093, elevationMeters: nil,
            unixTime: 1_737_936_000,
            expected: WeatherConditions(
                temperatureCelsius: 25.1, apparentTemperatureCelsius: 29.2, relativeHumidity: 83,
                precipitationMm: 0, cloudCover: 79, weatherCode: .partlyCloudy, windSpeedMps: 0.9,
                windDirectionDegrees: 343, isDay: true)),
        Golden(
            place: "Everest summit, 2024-05-20T00:00Z", latitude: 27.9881, longitude: 86.925, elevationMeters: 8_848,
            unixTime: 1_716_163_200,
            expected: WeatherConditions(
                temperatureCelsius: -39.7, apparentTemperatureCelsius: -44.6, relativeHumidity: 92,
                precipitationMm: 0, cloudCover: 44, weatherCode: .mainlyClear, windSpeedMps: 1.3,
                windDirectionDegrees: 293, isDay: true)),
        Golden(
            place: "Longyearbyen, 2023-12-08T01:46:40Z", latitude: 78.22, longitude: 15.65, elevationMeters: 10,
            unixTime: 1_702_000_000,
            expected: WeatherConditions(
                temperatureCelsius: -19.2, apparentTemperatureCelsius: -23.8, relativeHumidity: 78,
                precipitationMm: 0, cloudCover: 74, weatherCode: .partlyCloudy, windSpeedMps: 1.3,
                windDirectionDegrees: 86, isDay: false)),
        Golden(
            place: "Singapore, 2023-11-14T22:13:20Z", latitude: 1.3521, longitude: 103.8198, elevationMeters: 15,
            unixTime: 1_700_000_000,
            expected: WeatherConditions(
                temperatureCelsius: 23.8, apparentTemperatureCelsius: 28.4, relativeHumidity: 100,
                precipitationMm: 0, cloudCover: 70, weatherCode: .fog, windSpeedMps: 1.6,
                windDirectionDegrees: 119, isDay: false)),
        Golden(
            place: "South Pole, 2001-09-09T01:46:40Z", latitude: -90, longitude: 0, elevationMeters: 2_835,
            unixTime: 1_000_000_000,
            expected: WeatherConditions(
                temperatureCelsius: -38.8, apparentTemperatureCelsius: -44.9, relativeHumidity: 63,
                precipitationMm: 0, cloudCover: 47, weatherCode: .mainlyClear, windSpeedMps: 3.1,
                windDirectionDegrees: 91, isDay: false)),
    ]

    @Test(arguments: goldens)
    func matchesRecordedValues(_ golden: Golden) {
        let conditions = WeatherModel().conditions(
            latitude: golden.latitude, longitude: golden.longitude,
            elevationMeters: golden.elevationMeters, unixTime: golden.unixTime)
        #expect(conditions == golden.expected)
        #expect(conditions.condition == golden.expected.weatherCode.condition)
    }

    @Test func sameInputsGiveSameOutputs() {
        var random = SeededRandom(seed: 2)
        for _ in 0..<500 {
            let latitude = Double.random(in: -90...90, using: &random)
            let longitude = Double.random(in: -180...180, using: &random)
            let elevation = Double.random(in: -400...6_000, using: &random)
            let time = Double.random(in: 0...4e9, using: &random)
            let first = WeatherModel().conditions(
                latitude: latitude, longitude: longitude,
                elevationMeters: elevation, unixTime: time)
            let second = WeatherModel().conditions(
                latitude: latitude, longitude: longitude,
                elevationMeters: elevation, unixTime: time)
            #expect(first == second)
        }
    }

    @Test func outputsAreRoundedForDisplay() {
        var random = SeededRandom(seed: 4)
        for _ in 0..<500 {
            let c = WeatherModel().conditions(
                latitude: .random(in: -90...90, using: &random), longitude: .random(in: -180...180, using: &random),
                elevationMeters: .random(in: 0...3_000, using: &random),
                unixTime: .random(in: 1e9...2e9, using: &random))
            for value in [c.temperatureCelsius, c.apparentTemperatureCelsius, c.precipitationMm, c.windSpeedMps] {
                #expect(value == (value * 10).rounded() / 10, "\(value)")
                #expect(value.sign == .plus || value != 0, "negative zero")
            }
            #expect(c.windSpeedKilometersPerHour == (c.windSpeedMps * 36).rounded() / 10)
        }
    }

    @Test func longitudeWrapsAroundTheGlobe() {
        let model = WeatherModel()
        for longitude in [-179.5, -10.0, 0.0, 45.25, 179.9] {
            let time = 1_720_000_000.0
            let a = model.conditions(latitude: 40, longitude: longitude, elevationMeters: nil, unixTime: time)
            let b = model.conditions(latitude: 40, longitude: longitude + 360, elevationMeters: nil, unixTime: time)
            #expect(abs(a.temperatureCelsius - b.temperatureCelsius) <= 0.1 + 1e-9)
            #expect(abs(a.cloudCover - b.cloudCover) <= 1)
        }
    }

    @Test func seedsMakeDifferentWorldsWithTheSameClimate() {
        let standard = WeatherModel(), other = WeatherModel(seed: 12_345)
        #expect(standard.seed == WeatherModel.defaultSeed)
        var random = SeededRandom(seed: 5)
        var differences = 0
        for _ in 0..<200 {
            let latitude = Double.random(in: -60...60, using: &random)
            let longitude = Double.random(in: -180...180, using: &random)
            let time = Double.random(in: 1.6e9...1.8e9, using: &random)
            let a = standard.conditions(latitude: latitude, longitude: longitude, elevationMeters: nil, unixTime: time)
            let b = other.conditions(latitude: latitude, longitude: longitude, elevationMeters: nil, unixTime: time)
            if a != b { differences += 1 }
            #expect(abs(a.temperatureCelsius - b.temperatureCelsius) < 20)
            #expect(a.isDay == b.isDay)
        }
        #expect(differences > 190)
    }

    @Test func latitudesBeyondThePolesAreClamped() {
        let model = WeatherModel()
        #expect(
            model.conditions(latitude: 95, longitude: 0, elevationMeters: nil, unixTime: 1.7e9)
                == model.conditions(latitude: 90, longitude: 0, elevationMeters: nil, unixTime: 1.7e9))
    }
}
