// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation

/// One answer on disk: the file `DIR/<cellDegrees>/<south>,<west>/<windowStart>-<windowSeconds>.json`
/// holds
///
/// ```json
/// {"format":"trailcast-weather-cache/1","cell":"37.79,-122.40","cellDegrees":0.01,
///  "windowStart":1781366400,"windowSeconds":900,"fetchedAt":1795478400.25,
///  "conditions":{"temperatureCelsius":19.4,"apparentTemperatureCelsius":18,"relativeHumidity":61,
///   "precipitationMm":0,"cloudCover":17,"weatherCode":0,"windSpeedMps":2.7,"windDirectionDegrees":272,"isDay":true}}
/// ```
///
/// Times are Unix seconds: `windowStart` is the start of the freshness window the answer
/// is for (simulated time), `fetchedAt` when it was fetched (wall clock, for eviction).
package struct WeatherCacheEntry: Codable, Equatable {
    package static let format = "trailcast-weather-cache/1"

    package struct Conditions: Codable, Equatable {
        package var temperatureCelsius: Double
        package var apparentTemperatureCelsius: Double
        package var relativeHumidity: Int
        package var precipitationMm: Double
        package var cloudCover: Int
        package var weatherCode: Int
        package var windSpeedMps: Double
        package var windDirectionDegrees: Int
        package var isDay: Bool
    }

    package var format: String
    package var cell: String
    package var cellDegrees: Double
    package var windowStart: Int64
    package var windowSeconds: Double
    package var fetchedAt: Double
    package var conditions: Conditions

    package init(key: WeatherCacheKey, conditions: WeatherConditions, fetchedAt: Double) {
        format = Self.format
        cell = key.cell.description
        cellDegrees = key.cell.sizeDegrees
        windowStart = key.windowStart
        windowSeconds = key.windowSeconds
        self.fetchedAt = fetchedAt
        self.conditions = Conditions(
            temperatureCelsius: conditions.temperatureCelsius,
            apparentTemperatureCelsius: conditions.apparentTemperatureCelsius,
            relativeHumidity: conditions.relativeHumidity, precipitationMm: conditions.precipitationMm,
            cloudCover: conditions.cloudCover, weatherCode: conditions.weatherCode.rawValue,
            windSpeedMps: conditions.windSpeedMps, windDirectionDegrees: conditions.windDirectionDegrees,
            isDay: conditions.isDay)
    }

    /// The conditions, if the entry is one this version reads and is for `key`.
    package func weather(for key: WeatherCacheKey) -> WeatherConditions? {
        guard cell == key.cell.description, windowStart == key.windowStart, windowSeconds == key.windowSeconds else {
            return nil
        }
        return readableConditions
    }

    /// The conditions, if the entry is one this version reads, whatever it is for.
    package var readableConditions: WeatherConditions? {
        // What the model and Open-Meteo give, and the timeline's units promise: an entry outside
        // these ranges was not written by this version, and reads as a miss.
        guard format == Self.format, let code = WMOWeatherCode(rawValue: conditions.weatherCode),
            conditions.temperatureCelsius.isFinite, conditions.apparentTemperatureCelsius.isFinite,
            conditions.precipitationMm.isFinite, conditions.precipitationMm >= 0,
            conditions.windSpeedMps.isFinite, conditions.windSpeedMps >= 0,
            (0...100).contains(conditions.relativeHumidity), (0...100).contains(conditions.cloudCover),
            (0...360).contains(conditions.windDirectionDegrees)
        else { return nil }
        return WeatherConditions(
            temperatureCelsius: conditions.temperatureCelsius,
            apparentTemperatureCelsius: conditions.apparentTemperatureCelsius,
            relativeHumidity: conditions.relativeHumidity, precipitationMm: conditions.precipitationMm,
            cloudCover: conditions.cloudCover, weatherCode: code, windSpeedMps: conditions.windSpeedMps,
            windDirectionDegrees: conditions.windDirectionDegrees, isDay: conditions.isDay)
    }
}

/// Which entry answers a query: its cell and its freshness window.
package struct WeatherCacheKey: Hashable, Sendable {
    package var cell: WeatherCell
    /// Unix seconds at which the window starts (a multiple of `windowSeconds`).
    package var windowStart: Int64
    package var windowSeconds: Double

    package init(query: WeatherQuery, policy: WeatherServicePolicy) {
        cell = WeatherCell(latitude: query.latitude, longitude: query.longitude, sizeDegrees: policy.cellDegrees)
        windowSeconds = policy.freshnessSeconds
        let window = (query.unixTime / policy.freshnessSeconds).rounded(.down)
        windowStart = Int64(clamping: Int64(exactly: (window * policy.freshnessSeconds).rounded(.down)) ?? 0)
    }

    /// The entry's path below the cache directory.
    package var relativePath: String {
        "\(WeatherCell.describe(sizeDegrees: cell.sizeDegrees))/\(cell)/\(windowStart)-\(Int64(windowSeconds.rounded())).json"
    }
}

extension WeatherCacheEntry {
    /// The conditions a file's bytes hold, if they are an entry this version reads (for any
    /// key): what the fuzz target checks.
    package static func readableConditions(decoding bytes: [UInt8]) -> WeatherConditions? {
        (try? JSONDecoder().decode(WeatherCacheEntry.self, from: Data(bytes)))?.readableConditions
    }
}
