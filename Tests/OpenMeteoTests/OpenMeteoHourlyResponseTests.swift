// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastOpenMeteo
import Testing
import TrailcastWeather

/// Decoding canned answers; no network.
@Suite struct OpenMeteoHourlyResponseTests {
    /// Two hours from 2024-07-01T12:00Z, as the forecast API answers with `timeformat=unixtime`.
    static func body(
        temperature: String = "[16.8, 17.44]", code: String = "[95, 3]", direction: String = "[360, 271.6]",
        dropping variable: String? = nil
    ) -> [UInt8] {
        var hourly = [
            #""time": [1719835200, 1719838800]"#,
            #""temperature_2m": \#(temperature)"#,
            #""relative_humidity_2m": [71, 64.5]"#,
            #""apparent_temperature": [17.2, 17.9]"#,
            #""is_day": [1, 0]"#,
            #""precipitation": [2.3, 0.04]"#,
            #""weather_code": \#(code)"#,
            #""cloud_cover": [100, 48]"#,
            #""wind_speed_10m": [4.1, 3.25]"#,
            #""wind_direction_10m": \#(direction)"#,
        ]
        if let variable {
            hourly.removeAll { $0.hasPrefix("\"\(variable)\"") }
        }
        let json =
            #"{"latitude":47.38,"longitude":8.54,"utc_offset_seconds":0,"timezone":"GMT","#
            + #""hourly_units":{"time":"unixtime"},"hourly":{\#(hourly.joined(separator: ","))}}"#
        return Array(json.utf8)
    }

    @Test func readsTheHourAsked() throws {
        let response = try OpenMeteoHourlyResponse.decode(Self.body())
        #expect(
            try response.conditions(atHourStarting: 1_719_835_200)
                == WeatherConditions(
                    temperatureCelsius: 16.8, apparentTemperatureCelsius: 17.2, relativeHumidity: 71,
                    precipitationMm: 2.3, cloudCover: 100, weatherCode: .thunderstorm,
                    windSpeedMps: 4.1, windDirectionDegrees: 0, isDay: true))
        #expect(
            try response.conditions(atHourStarting: 1_719_838_800)
                == WeatherConditions(
                    temperatureCelsius: 17.4, apparentTemperatureCelsius: 17.9, relativeHumidity: 65,
                    precipitationMm: 0, cloudCover: 48, weatherCode: .overcast,
                    windSpeedMps: 3.3, windDirectionDegrees: 272, isDay: false))
    }

    /// Found by the Open-Meteo fuzz target: an hour beyond Int64's hours trapped.
    @Test(arguments: [1e300, -1e300, Double.nan, Double.infinity])
    func anHourNoAnswerCanHaveIsAFailureNotATrap(_ hour: Double) throws {
        let response = try OpenMeteoHourlyResponse.decode(
            Self.body(
                temperature: "[1, 2]"
            ).replacing(Array("1719835200".utf8), with: Array("1e300".utf8)))
        #expect(throws: WeatherFetchFailure.self) { try response.conditions(atHourStarting: hour) }
    }

    @Test func anHourNotInTheAnswerIsAPermanentFailure() throws {
        let response = try OpenMeteoHourlyResponse.decode(Self.body())
        let failure = #expect(throws: WeatherFetchFailure.self) {
            try response.conditions(atHourStarting: 1_719_842_400)
        }
        #expect(failure == WeatherFetchFailure(message: "response has no hour 2024-07-01T14:00Z", isTransient: false))
    }

    @Test func aNullValueIsAPermanentFailure() throws {
        let response = try OpenMeteoHourlyResponse.decode(Self.body(temperature: "[null, 17.4]"))
        let failure = #expect(throws: WeatherFetchFailure.self) {
            try response.conditions(atHourStarting: 1_719_835_200)
        }
        #expect(
            failure
                == WeatherFetchFailure(
                    message: "response has no temperature_2m for 2024-07-01T12:00Z", isTransient: false))
        // The other hour is still usable.
        #expect(try response.conditions(atHourStarting: 1_719_838_800).temperatureCelsius == 17.4)
    }

    @Test func aShortArrayIsAPermanentFailure() throws {
        let response = try OpenMeteoHourlyResponse.decode(Self.body(temperature: "[16.8]"))
        #expect(throws: WeatherFetchFailure.self) {
            try response.conditions(atHourStarting: 1_719_838_800)
        }
    }

    @Test(arguments: ["[42, 3]", "[2.5, 3]", "[-1, 3]"])
    func anUnknownWeatherCodeIsAPermanentFailure(codes: String) throws {
        let response = try OpenMeteoHourlyResponse.decode(Self.body(code: codes))
        let failure = #expect(throws: WeatherFetchFailure.self) {
            try response.conditions(atHourStarting: 1_719_835_200)
        }
        #expect(failure?.isTransient == false)
        #expect(failure?.message.hasPrefix("response has unknown weather_code") == true)
    }

    @Test func absurdNumbersFailInsteadOfTrapping() throws {
        let response = try OpenMeteoHourlyResponse.decode(Self.body(direction: "[1e300, 0]"))
        let failure = #expect(throws: WeatherFetchFailure.self) {
            try response.conditions(atHourStarting: 1_719_835_200)
        }
        #expect(failure?.message == "response has out-of-range wind_direction_10m for 2024-07-01T12:00Z")
    }

    /// A whole number is trusted up to a million either way (the direction then wraps into
    /// 0..<360); past it, out of range. 1000000.5 rounds to 1000001.
    @Test(arguments: [("[1000000.4, 0]", 280), ("[-1000000, 0]", 80), ("[1000000.5, 0]", nil)] as [(String, Int?)])
    func wholeNumbersUpToAMillion(direction: String, degrees: Int?) throws {
        let response = try OpenMeteoHourlyResponse.decode(Self.body(direction: direction))
        if let degrees {
            #expect(try response.conditions(atHourStarting: 1_719_835_200).windDirectionDegrees == degrees)
        } else {
            let failure = #expect(throws: WeatherFetchFailure.self) {
                try response.conditions(atHourStarting: 1_719_835_200)
            }
            #expect(failure?.message == "response has out-of-range wind_direction_10m for 2024-07-01T12:00Z")
        }
    }

    /// An hour under 1e11 s is looked for by its UTC hour (year 5138 at most); from 1e11 on
    /// it is no hour at all.
    @Test func anHourJustUnder1e11IsLookedForByItsUTCHour() throws {
        let response = try OpenMeteoHourlyResponse.decode(Self.body())
        let under = #expect(throws: WeatherFetchFailure.self) {
            try response.conditions(atHourStarting: 99_999_999_999)
        }
        #expect(under?.message.hasPrefix("response has no hour 5138-") == true, "\(String(describing: under))")
        let at = #expect(throws: WeatherFetchFailure.self) { try response.conditions(atHourStarting: 1e11) }
        #expect(at?.message.hasPrefix("response has no hour at ") == true, "\(String(describing: at))")
    }

    @Test func aMissingArrayIsATransientMalformedResponse() {
        let failure = #expect(throws: WeatherFetchFailure.self) {
            try OpenMeteoHourlyResponse.decode(Self.body(dropping: "cloud_cover"))
        }
        #expect(failure == WeatherFetchFailure(message: "malformed response: no hourly.cloud_cover", isTransient: true))
    }

    @Test func aTruncatedBodyIsATransientMalformedResponse() {
        let body = Self.body()
        let failure = #expect(throws: WeatherFetchFailure.self) {
            try OpenMeteoHourlyResponse.decode(body.prefix(body.count / 2))
        }
        #expect(failure == WeatherFetchFailure(message: "malformed response: not valid JSON", isTransient: true))
    }

    @Test func aWrongTypeSaysWhere() {
        let failure = #expect(throws: WeatherFetchFailure.self) {
            try OpenMeteoHourlyResponse.decode(Self.body(temperature: #"["warm", 17]"#))
        }
        #expect(failure?.message == "malformed response: unexpected value at hourly.temperature_2m[0]")
        #expect(failure?.isTransient == true)
    }
}
