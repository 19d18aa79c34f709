// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
@testable import TrailcastWeather

@Suite("Weather code rules")
struct WeatherCodeRulesTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var temperature: Double, humidity: Int, cloud: Int, precipitation: Double, wind: Double
        var convective = false, instability = 0.0, warmLayer = 0.0
        var expected: WMOWeatherCode
        var testDescription: String { "\(expected)" }
    }

    @Test(arguments: [
        Case(temperature: 20, humidity: 50, cloud: 10, precipitation: 0, wind: 4, expected: .clearSky),
        Case(temperature: 20, humidity: 50, cloud: 30, precipitation: 0, wind: 4, expected: .mainlyClear),
        Case(temperature: 20, humidity: 50, cloud: 60, precipitation: 0, wind: 4, expected: .partlyCloudy),
        Case(temperature: 20, humidity: 50, cloud: 95, precipitation: 0, wind: 4, expected: .overcast),
        Case(temperature: 8, humidity: 98, cloud: 30, precipitation: 0, wind: 1, expected: .fog),
        Case(temperature: 8, humidity: 98, cloud: 30, precipitation: 0, wind: 5, expected: .mainlyClear),
        Case(temperature: -3, humidity: 100, cloud: 30, precipitation: 0, wind: 1, expected: .depositingRimeFog),
        // The fog's edges: rime "at or below 0 °C" (0 itself rime, a tenth above not), humidity
        // from 97 %, wind under 3 m/s.
        Case(temperature: 0, humidity: 97, cloud: 30, precipitation: 0, wind: 2.9, expected: .depositingRimeFog),
        Case(temperature: 0.1, humidity: 97, cloud: 30, precipitation: 0, wind: 2.9, expected: .fog),
        Case(temperature: 0, humidity: 96, cloud: 30, precipitation: 0, wind: 1, expected: .mainlyClear),
        Case(temperature: 0, humidity: 99, cloud: 30, precipitation: 0, wind: 3, expected: .mainlyClear),
        Case(temperature: 12, humidity: 95, cloud: 100, precipitation: 0.1, wind: 3, expected: .lightDrizzle),
        Case(temperature: 12, humidity: 95, cloud: 100, precipitation: 0.3, wind: 3, expected: .denseDrizzle),
        Case(temperature: 12, humidity: 80, cloud: 100, precipitation: 0.3, wind: 3, expected: .slightRain),
        Case(temperature: 12, humidity: 90, cloud: 100, precipitation: 3, wind: 3, expected: .moderateRain),
        Case(temperature: 12, humidity: 90, cloud: 100, precipitation: 9, wind: 3, expected: .heavyRain),
        Case(
            temperature: 22, humidity: 80, cloud: 90, precipitation: 1, wind: 3, convective: true,
            expected: .slightRainShowers),
        Case(
            temperature: 22, humidity: 80, cloud: 90, precipitation: 8, wind: 3, convective: true,
            expected: .violentRainShowers),
        Case(
            temperature: 22, humidity: 80, cloud: 100, precipitation: 5, wind: 8, convective: true, instability: 0.9,
            expected: .thunderstorm),
        Case(
            temperature: 22, humidity: 80, cloud: 100, precipitation: 14, wind: 8, convective: true, instability: 0.9,
            expected: .thunderstormWithSlightHail),
        Case(
            temperature: 10, humidity: 80, cloud: 100, precipitation: 5, wind: 8, convective: true, instability: 0.9,
            expected: .moderateRainShowers),
        Case(temperature: 1.0, humidity: 95, cloud: 100, precipitation: 0.5, wind: 3, expected: .slightSnowFall),
        Case(temperature: -4, humidity: 95, cloud: 100, precipitation: 3, wind: 3, expected: .heavySnowFall),
        Case(temperature: -12, humidity: 95, cloud: 100, precipitation: 0.1, wind: 3, expected: .snowGrains),
        Case(
            temperature: -1, humidity: 95, cloud: 100, precipitation: 2, wind: 3, convective: true,
            expected: .heavySnowShowers),
        Case(
            temperature: -1, humidity: 95, cloud: 100, precipitation: 0.2, wind: 3, warmLayer: 0.6,
            expected: .lightFreezingDrizzle),
        Case(
            temperature: -0.5, humidity: 95, cloud: 100, precipitation: 3, wind: 3, warmLayer: 0.6,
            expected: .heavyFreezingRain),
        Case(
            temperature: -3, humidity: 95, cloud: 100, precipitation: 3, wind: 3, warmLayer: 0.6,
            expected: .heavySnowFall),
    ])
    func classifies(_ c: Case) {
        check(c)
    }

    /// Every threshold of the rules, on both sides (the doc comment of `classify`): a code
    /// one step over an edge is a code that contradicts the numbers shown beside it.
    @Test(arguments: [
        // Cloud cover: clear under 20, mainly clear under 50, partly cloudy under 85.
        Case(temperature: 20, humidity: 50, cloud: 19, precipitation: 0, wind: 4, expected: .clearSky),
        Case(temperature: 20, humidity: 50, cloud: 20, precipitation: 0, wind: 4, expected: .mainlyClear),
        Case(temperature: 20, humidity: 50, cloud: 49, precipitation: 0, wind: 4, expected: .mainlyClear),
        Case(temperature: 20, humidity: 50, cloud: 50, precipitation: 0, wind: 4, expected: .partlyCloudy),
        Case(temperature: 20, humidity: 50, cloud: 84, precipitation: 0, wind: 4, expected: .partlyCloudy),
        Case(temperature: 20, humidity: 50, cloud: 85, precipitation: 0, wind: 4, expected: .overcast),
        // Drizzle at 90 % humidity or more, up to 0.3 mm: light 0.1, moderate 0.2, dense 0.3.
        Case(temperature: 12, humidity: 90, cloud: 100, precipitation: 0.1, wind: 3, expected: .lightDrizzle),
        Case(temperature: 12, humidity: 89, cloud: 100, precipitation: 0.1, wind: 3, expected: .slightRain),
        Case(temperature: 12, humidity: 90, cloud: 100, precipitation: 0.2, wind: 3, expected: .moderateDrizzle),
        Case(temperature: 12, humidity: 90, cloud: 100, precipitation: 0.3, wind: 3, expected: .denseDrizzle),
        Case(temperature: 12, humidity: 90, cloud: 100, precipitation: 0.4, wind: 3, expected: .slightRain),
        // Rain: slight under 2.5, moderate under 7.6; rain only above 1 °C.
        Case(temperature: 12, humidity: 80, cloud: 100, precipitation: 2.4, wind: 3, expected: .slightRain),
        Case(temperature: 12, humidity: 80, cloud: 100, precipitation: 2.5, wind: 3, expected: .moderateRain),
        Case(temperature: 12, humidity: 80, cloud: 100, precipitation: 7.5, wind: 3, expected: .moderateRain),
        Case(temperature: 12, humidity: 80, cloud: 100, precipitation: 7.6, wind: 3, expected: .heavyRain),
        Case(temperature: 1.1, humidity: 80, cloud: 100, precipitation: 0.5, wind: 3, expected: .slightRain),
        // Showers: slight under 2.5, moderate under 7.6.
        Case(
            temperature: 22, humidity: 80, cloud: 90, precipitation: 2.5, wind: 3, convective: true,
            expected: .moderateRainShowers),
        Case(
            temperature: 22, humidity: 80, cloud: 90, precipitation: 7.6, wind: 3, convective: true,
            expected: .violentRainShowers),
        // Thunder: at least 14 °C, p at least 2, instability at least 0.75; hail from 12 and 25 mm.
        Case(
            temperature: 14, humidity: 80, cloud: 100, precipitation: 2, wind: 8, convective: true, instability: 0.75,
            expected: .thunderstorm),
        Case(
            temperature: 13.9, humidity: 80, cloud: 100, precipitation: 2, wind: 8, convective: true, instability: 0.9,
            expected: .slightRainShowers),
        Case(
            temperature: 20, humidity: 80, cloud: 100, precipitation: 1.9, wind: 8, convective: true, instability: 0.9,
            expected: .slightRainShowers),
        Case(
            temperature: 20, humidity: 80, cloud: 100, precipitation: 3, wind: 8, convective: true, instability: 0.74,
            expected: .moderateRainShowers),
        Case(
            temperature: 20, humidity: 80, cloud: 100, precipitation: 12, wind: 8, convective: true, instability: 0.9,
            expected: .thunderstormWithSlightHail),
        Case(
            temperature: 20, humidity: 80, cloud: 100, precipitation: 25, wind: 8, convective: true, instability: 0.9,
            expected: .thunderstormWithHeavyHail),
        // Freezing from −2 °C (not included) to 0 °C under a warm layer of at least 0.45:
        // drizzle up to 0.4 (light up to 0.2), rain light under 2.5.
        Case(
            temperature: 0, humidity: 95, cloud: 100, precipitation: 0.3, wind: 3, warmLayer: 0.45,
            expected: .denseFreezingDrizzle),
        Case(
            temperature: 0, humidity: 95, cloud: 100, precipitation: 0.3, wind: 3, warmLayer: 0.44,
            expected: .slightSnowFall),
        Case(
            temperature: -2, humidity: 95, cloud: 100, precipitation: 0.3, wind: 3, warmLayer: 0.6,
            expected: .slightSnowFall),
        Case(
            temperature: -1, humidity: 95, cloud: 100, precipitation: 0.4, wind: 3, warmLayer: 0.6,
            expected: .denseFreezingDrizzle),
        Case(
            temperature: -1, humidity: 95, cloud: 100, precipitation: 0.5, wind: 3, warmLayer: 0.6,
            expected: .lightFreezingRain),
        Case(
            temperature: -1, humidity: 95, cloud: 100, precipitation: 2.5, wind: 3, warmLayer: 0.6,
            expected: .heavyFreezingRain),
        // Snow: showers slight under 1; grains at 0.1 and −10 °C or below; fall slight under 1,
        // moderate under 2.5.
        Case(
            temperature: -1, humidity: 95, cloud: 100, precipitation: 0.9, wind: 3, convective: true,
            expected: .slightSnowShowers),
        Case(
            temperature: -1, humidity: 95, cloud: 100, precipitation: 1, wind: 3, convective: true,
            expected: .heavySnowShowers),
        Case(temperature: -10, humidity: 95, cloud: 100, precipitation: 0.1, wind: 3, expected: .snowGrains),
        Case(temperature: -9.9, humidity: 95, cloud: 100, precipitation: 0.1, wind: 3, expected: .slightSnowFall),
        Case(temperature: -12, humidity: 95, cloud: 100, precipitation: 0.2, wind: 3, expected: .slightSnowFall),
        Case(temperature: -4, humidity: 95, cloud: 100, precipitation: 1, wind: 3, expected: .moderateSnowFall),
        Case(temperature: -4, humidity: 95, cloud: 100, precipitation: 2.4, wind: 3, expected: .moderateSnowFall),
        Case(temperature: -4, humidity: 95, cloud: 100, precipitation: 2.5, wind: 3, expected: .heavySnowFall),
    ])
    func classifiesAtEveryEdge(_ c: Case) {
        check(c)
    }

    private func check(_ c: Case) {
        let code = WMOWeatherCode.classify(
            temperatureCelsius: c.temperature, relativeHumidity: c.humidity, cloudCover: c.cloud,
            precipitationMm: c.precipitation, windSpeedMps: c.wind,
            isConvective: c.convective, instability: c.instability, warmLayer: c.warmLayer)
        #expect(code == c.expected)
    }

    @Test func theDailyCycleIsContinuousAndPeaksAtThree() {
        for minimumHour in [4.0, 6.0, 8.0] {
            var previous = Climate.diurnalCycle(solarTimeHours: 0, minimumHour: minimumHour)
            for step in 1..<(24 * 60) {
                let value = Climate.diurnalCycle(solarTimeHours: Double(step) / 60, minimumHour: minimumHour)
                #expect(abs(value - previous) < 0.01)
                previous = value
            }
            #expect(Climate.diurnalCycle(solarTimeHours: minimumHour, minimumHour: minimumHour) == -1)
            #expect(abs(Climate.diurnalCycle(solarTimeHours: 15, minimumHour: minimumHour) - 1) < 1e-12)
            #expect(
                abs(
                    Climate.diurnalCycle(solarTimeHours: 23.9999999, minimumHour: minimumHour)
                        - Climate.diurnalCycle(solarTimeHours: 0, minimumHour: minimumHour)) < 1e-6)
        }
    }
}
