// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastWeather

@Suite("WMO weather codes")
struct WMOWeatherCodeTests {
    @Test func coversOpenMeteosCodes() {
        #expect(
            WMOWeatherCode.allCases.map(\.rawValue) == [
                0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77, 80, 81, 82, 85, 86, 95, 96,
                99,
            ])
    }

    @Test(arguments: [
        (0, "Clear sky"), (1, "Mainly clear"), (2, "Partly cloudy"), (3, "Overcast"),
        (45, "Fog"), (48, "Depositing rime fog"),
        (51, "Light drizzle"), (53, "Moderate drizzle"), (55, "Dense drizzle"),
        (56, "Light freezing drizzle"), (57, "Dense freezing drizzle"),
        (61, "Slight rain"), (63, "Moderate rain"), (65, "Heavy rain"),
        (66, "Light freezing rain"), (67, "Heavy freezing rain"),
        (71, "Slight snow fall"), (73, "Moderate snow fall"), (75, "Heavy snow fall"), (77, "Snow grains"),
        (80, "Slight rain showers"), (81, "Moderate rain showers"), (82, "Violent rain showers"),
        (85, "Slight snow showers"), (86, "Heavy snow showers"),
        (95, "Thunderstorm"), (96, "Thunderstorm with slight hail"), (99, "Thunderstorm with heavy hail"),
    ])
    func describesEachCode(rawValue: Int, text: String) throws {
        let code = try #require(WMOWeatherCode(rawValue: rawValue))
        #expect(code.description == text)
        #expect(code.condition == text.lowercased())
        #expect("\(code)" == text)
    }

    @Test func unknownCodesAreRejected() {
        #expect(WMOWeatherCode(rawValue: 4) == nil)
        #expect(WMOWeatherCode(rawValue: 100) == nil)
    }

    /// WMO 4677's thunderstorm codes in Open-Meteo's table: 95 (slight or moderate), 96 and 99
    /// (with hail); showers (80-82) are not thunderstorms.
    @Test func thunderstormsAreNinetyFiveAndUp() {
        let thunderstorms = WMOWeatherCode.allCases.filter(\.isThunderstorm).map(\.rawValue)
        #expect(thunderstorms == [95, 96, 99])
    }

    @Test func everyCodeHasExactlyOneKind() {
        for code in WMOWeatherCode.allCases {
            let kinds = [code.isFog, code.isRain, code.isSnow, code.isFreezing, code.rawValue <= 3]
            #expect(kinds.filter { $0 }.count == 1, "\(code)")
            #expect(code.isPrecipitation == (code.isRain || code.isSnow || code.isFreezing), "\(code)")
            if code.isThunderstorm { #expect(code.isRain) }
        }
    }
}
