// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation

/// The part of an Open-Meteo forecast or archive answer the client reads: the `hourly`
/// arrays requested with `timeformat=unixtime`.
///
/// ```json
/// {"latitude": 47.38, "longitude": 8.54, "utc_offset_seconds": 0,
///  "hourly": {"time": [1719835200, 1719838800], "temperature_2m": [16.8, 17.4], ...}}
/// ```
///
/// Each array has one entry per `time`; an entry may be `null` where a model has no value.
package struct OpenMeteoHourlyResponse: Sendable, Equatable, Decodable {
    /// The `hourly` object: parallel arrays indexed like ``time``.
    package struct Hourly: Sendable, Equatable, Decodable {
        /// The start of each hour, Unix seconds.
        package var time: [Double]
        /// `temperature_2m`, °C.
        package var temperatureCelsius: [Double?]
        /// `relative_humidity_2m`, percent.
        package var relativeHumidity: [Double?]
        /// `apparent_temperature`, °C.
        package var apparentTemperatureCelsius: [Double?]
        /// `is_day`, 1 or 0.
        package var isDay: [Double?]
        /// `precipitation`, mm over the preceding hour.
        package var precipitationMm: [Double?]
        /// `weather_code`, a WMO code.
        package var weatherCode: [Double?]
        /// `cloud_cover`, percent.
        package var cloudCover: [Double?]
        /// `wind_speed_10m`, m/s (requested with `wind_speed_unit=ms`).
        package var windSpeedMps: [Double?]
        /// `wind_direction_10m`, degrees the wind blows from.
        package var windDirectionDegrees: [Double?]

        enum CodingKeys: String, CodingKey {
            case time
            case temperatureCelsius = "temperature_2m"
            case relativeHumidity = "relative_humidity_2m"
            case apparentTemperatureCelsius = "apparent_temperature"
            case isDay = "is_day"
            case precipitationMm = "precipitation"
            case weatherCode = "weather_code"
            case cloudCover = "cloud_cover"
            case windSpeedMps = "wind_speed_10m"
            case windDirectionDegrees = "wind_direction_10m"
        }
    }

    /// The hourly arrays.
    package var hourly: Hourly

    /// Decodes a response body.
    ///
    /// - Throws: A transient ``TrailcastWeather/WeatherFetchFailure`` (`malformed response: ...`) when
    ///   the body is not JSON or lacks an array: a 200 with such a body was cut short or garbled
    ///   on the way, and asking again may well succeed.
    package static func decode(_ body: some Collection<UInt8>) throws(WeatherFetchFailure) -> OpenMeteoHourlyResponse {
        do {
            return try JSONDecoder().decode(OpenMeteoHourlyResponse.self, from: Data(body))
        } catch let error as DecodingError {
            throw WeatherFetchFailure(message: "malformed response: \(Self.describe(error))", isTransient: true)
        } catch {
            throw WeatherFetchFailure(message: "malformed response: cannot decode", isTransient: true)
        }
    }

    /// The conditions of the hour starting at `unixTime` (an entry of `hourly.time`).
    ///
    /// - Throws: A non-transient ``TrailcastWeather/WeatherFetchFailure`` when that hour is missing,
    ///   a value of it is `null`, or its weather code is not a WMO code Open-Meteo reports:
    ///   the server answered, and would answer the same again.
    package func conditions(atHourStarting unixTime: Double) throws(WeatherFetchFailure) -> WeatherConditions {
        // No hour Open-Meteo can answer is this far out (year 5138); and such a time would
        // not fit the hour's integer arithmetic.
        guard unixTime.isFinite, abs(unixTime) < 1e11 else {
            throw WeatherFetchFailure(message: "response has no hour at \(unixTime)", isTransient: false)
        }
        let hourText = UTCHour(containing: unixTime).hourText + "Z"
        guard let index = hourly.time.firstIndex(of: unixTime) else {
            throw WeatherFetchFailure(message: "response has no hour \(hourText)", isTransient: false)
        }
        func value(_ name: String, _ values: [Double?]) throws(WeatherFetchFailure) -> Double {
            guard index < values.count, let value = values[index], value.isFinite else {
                throw WeatherFetchFailure(message: "response has no \(name) for \(hourText)", isTransient: false)
            }
            return value
        }
        // A server's numbers are not trusted to fit an Int: Int(_:) would trap on 1e300.
        func wholeNumber(_ name: String, _ values: [Double?]) throws(WeatherFetchFailure) -> Int {
            let rounded = try value(name, values).rounded()
            guard abs(rounded) <= 1_000_000 else {
                throw WeatherFetchFailure(
                    message: "response has out-of-range \(name) for \(hourText)", isTransient: false)
            }
            return Int(rounded)
        }
        let code = try value("weather_code", hourly.weatherCode)
        guard let rawCode = Int(exactly: code), let weatherCode = WMOWeatherCode(rawValue: rawCode) else {
            let codeText = DecimalText.format(code, decimals: 3) ?? "\(code)"
            throw WeatherFetchFailure(
                message: "response has unknown weather_code \(codeText) for \(hourText)", isTransient: false)
        }
        // Open-Meteo reports north as 360 as well as 0; WeatherConditions keeps 0..<360.
        let direction = try wholeNumber("wind_direction_10m", hourly.windDirectionDegrees)
        return WeatherConditions(
            temperatureCelsius: tenths(try value("temperature_2m", hourly.temperatureCelsius)),
            apparentTemperatureCelsius: tenths(try value("apparent_temperature", hourly.apparentTemperatureCelsius)),
            relativeHumidity: try wholeNumber("relative_humidity_2m", hourly.relativeHumidity),
            precipitationMm: tenths(try value("precipitation", hourly.precipitationMm)),
            cloudCover: try wholeNumber("cloud_cover", hourly.cloudCover),
            weatherCode: weatherCode,
            windSpeedMps: tenths(try value("wind_speed_10m", hourly.windSpeedMps)),
            windDirectionDegrees: (direction % 360 + 360) % 360,
            isDay: try value("is_day", hourly.isDay) != 0)
    }

    /// A one-line account of a decoding error: what is wrong and where (`hourly.time`).
    private static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey], _ last: (any CodingKey)? = nil) -> String {
            let keys = codingPath + (last.map { [$0] } ?? [])
            let text = keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.hasPrefix(".") ? String(text.dropFirst()) : text
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "no \(path(context.codingPath, key))"
        case .valueNotFound(_, let context):
            return "null \(path(context.codingPath))"
        case .typeMismatch(_, let context):
            return "unexpected value at \(path(context.codingPath))"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "invalid value at \(path(context.codingPath))"
        @unknown default:
            return "cannot decode"
        }
    }
}

/// `value` rounded half away from zero to 0.1, never −0, as ``TrailcastWeather/WeatherConditions`` keeps it.
private func tenths(_ value: Double) -> Double {
    (value * 10).rounded() / 10 + 0.0
}
