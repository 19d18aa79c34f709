// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastWeather

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
struct WeatherCacheEntry: Codable, Equatable {
    static let format = "trailcast-weather-cache/1"

    struct Conditions: Codable, Equatable {
        var temperatureCelsius: Double
        var apparentTemperatureCelsius: Double
        var relativeHumidity: Int
        var precipitationMm: Double
        var cloudCover: Int
        var weatherCode: Int
        var windSpeedMps: Double
        var windDirectionDegrees: Int
        var isDay: Bool
    }

    var format: String
    var cell: String
    var cellDegrees: Double
    var windowStart: Int64
    var windowSeconds: Double
    var fetchedAt: Double
    var conditions: Conditions

    init(key: WeatherCacheKey, conditions: WeatherConditions, fetchedAt: Double) {
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
    func weather(for key: WeatherCacheKey) -> WeatherConditions? {
        guard cell == key.cell.description, windowStart == key.windowStart, windowSeconds == key.windowSeconds else {
            return nil
        }
        return readableConditions
    }

    /// The conditions, if the entry is one this version reads, whatever it is for.
    var readableConditions: WeatherConditions? {
        guard format == Self.format, let code = WMOWeatherCode(rawValue: conditions.weatherCode),
            conditions.temperatureCelsius.isFinite, conditions.apparentTemperatureCelsius.isFinite,
            conditions.precipitationMm.isFinite, conditions.windSpeedMps.isFinite
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
struct WeatherCacheKey: Hashable, Sendable {
    var cell: WeatherCell
    /// Unix seconds at which the window starts (a multiple of `windowSeconds`).
    var windowStart: Int64
    var windowSeconds: Double

    init(query: WeatherQuery, policy: WeatherServicePolicy) {
        cell = WeatherCell(latitude: query.latitude, longitude: query.longitude, sizeDegrees: policy.cellDegrees)
        windowSeconds = policy.freshnessSeconds
        let window = (query.unixTime / policy.freshnessSeconds).rounded(.down)
        windowStart = Int64(clamping: Int64(exactly: (window * policy.freshnessSeconds).rounded(.down)) ?? 0)
    }

    /// The entry's path below the cache directory.
    var relativePath: String {
        "\(WeatherCell.describe(sizeDegrees: cell.sizeDegrees))/\(cell)/\(windowStart)-\(Int64(windowSeconds.rounded())).json"
    }
}
