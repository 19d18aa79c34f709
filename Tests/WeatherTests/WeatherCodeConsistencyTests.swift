// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastWeather

@Suite("Weather codes agree with the numbers")
struct WeatherCodeConsistencyTests {
    let samples = SampleGrid.samples

    @Test func valuesStayInTheirRanges() {
        for sample in samples {
            let c = sample.conditions
            #expect((0...100).contains(c.relativeHumidity), "\(sample)")
            #expect((0...100).contains(c.cloudCover), "\(sample)")
            #expect(c.windSpeedMps >= 0, "\(sample)")
            #expect(c.windSpeedMps < 40, "\(sample)")
            #expect((0..<360).contains(c.windDirectionDegrees), "\(sample)")
            #expect(c.precipitationMm >= 0, "\(sample)")
            #expect((-70...50).contains(c.temperatureCelsius), "\(sample)")
            #expect(abs(c.apparentTemperatureCelsius - c.temperatureCelsius) < 25, "\(sample)")
        }
    }

    @Test func precipitationFallsOnlyFromACloudySky() {
        let wet = samples.filter { $0.conditions.precipitationMm > 0 }
        #expect(wet.count > samples.count / 50, "some samples should be wet")
        for sample in wet {
            #expect(sample.conditions.cloudCover >= 75, "\(sample)")
            #expect(sample.conditions.weatherCode.isPrecipitation, "\(sample)")
        }
        for sample in samples where sample.conditions.precipitationMm == 0 {
            #expect(!sample.conditions.weatherCode.isPrecipitation, "\(sample)")
        }
    }

    @Test func snowFallsOnlyNearOrBelowFreezing() {
        let snow = samples.filter { $0.conditions.weatherCode.isSnow }
        #expect(!snow.isEmpty)
        for sample in snow {
            #expect(sample.conditions.temperatureCelsius <= 1, "\(sample)")
        }
    }

    @Test func rainFallsOnlyAboveFreezing() {
        let rain = samples.filter { $0.conditions.weatherCode.isRain }
        #expect(!rain.isEmpty)
        for sample in rain {
            #expect(sample.conditions.temperatureCelsius > 1, "\(sample)")
        }
        for sample in samples where sample.conditions.weatherCode.isFreezing {
            #expect((-2...0).contains(sample.conditions.temperatureCelsius), "\(sample)")
        }
    }

    @Test func thunderstormsAreRareAndWarm() {
        let storms = samples.filter { $0.conditions.weatherCode.isThunderstorm }
        #expect(Double(storms.count) < 0.02 * Double(samples.count))
        for sample in storms {
            #expect(sample.conditions.temperatureCelsius >= 14, "\(sample)")
            #expect(sample.conditions.precipitationMm >= 2, "\(sample)")
        }
    }

    @Test func fogNeedsHumidAndCalmAir() {
        for sample in samples where sample.conditions.weatherCode.isFog {
            #expect(sample.conditions.relativeHumidity >= 97, "\(sample)")
            #expect(sample.conditions.windSpeedMps < 3, "\(sample)")
        }
    }

    @Test func dryCodesFollowCloudCover() {
        for sample in samples
        where !sample.conditions.weatherCode.isPrecipitation && !sample.conditions.weatherCode.isFog {
            let expected: WMOWeatherCode =
                switch sample.conditions.cloudCover {
                case ..<20: .clearSky
                case ..<50: .mainlyClear
                case ..<85: .partlyCloudy
                default: .overcast
                }
            #expect(sample.conditions.weatherCode == expected, "\(sample)")
        }
    }

    @Test func everyKindOfSkyOccurs() {
        let codes = Set(samples.map(\.conditions.weatherCode))
        for code in [
            WMOWeatherCode.clearSky, .mainlyClear, .partlyCloudy, .overcast, .fog,
            .slightRain, .slightSnowFall, .slightRainShowers,
        ] {
            #expect(codes.contains(code), "\(code) never occurs")
        }
    }

    @Test func apparentTemperatureFollowsTheFormula() {
        for sample in samples.prefix(2_000) {
            let c = sample.conditions
            let expected = ApparentTemperature.celsius(
                temperatureCelsius: c.temperatureCelsius, relativeHumidity: Double(c.relativeHumidity),
                windSpeedMps: c.windSpeedMps)
            #expect(abs(c.apparentTemperatureCelsius - expected) <= 0.05 + 1e-9, "\(sample)")
        }
    }
}
