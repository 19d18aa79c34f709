// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation

/// The Open-Meteo request that answers one ``TrailcastWeather/WeatherQuery``: which API, which URL,
/// and which hour of the answer to read.
///
/// Open-Meteo's hourly values are for whole hours, so the request asks for the two hours
/// around the simulated instant and the answer is the hour nearest it. Recent and future
/// instants go to the forecast API (`/v1/forecast` with `start_hour`/`end_hour`); instants on
/// UTC dates more than `forecastPastDays` (92) days before today
/// go to the archive (`/v1/archive` with `start_date`/`end_date`), since the forecast API only
/// keeps `past_days=92`.
///
/// ```swift
/// let request = try OpenMeteoRequest(
///     query: WeatherQuery(latitude: 47.3769, longitude: 8.5417, unixTime: 1_719_835_200),
///     nowUnixTime: 1_720_000_000)
/// request.url
/// // https://api.open-meteo.com/v1/forecast?latitude=47.3769&longitude=8.5417&hourly=...
/// //     &start_hour=2024-07-01T12:00&end_hour=2024-07-01T13:00
/// ```
package struct OpenMeteoRequest: Sendable, Equatable {
    /// Which of Open-Meteo's services a request goes to.
    package enum API: String, Sendable, Equatable {
        /// `/v1/forecast`: 92 days back to 16 days ahead, by the hour.
        case forecast
        /// `/v1/archive`: historical weather from 1940, by whole days.
        case archive
    }

    /// The hourly variables asked for, in Open-Meteo's names; one per field of
    /// ``TrailcastWeather/WeatherConditions``.
    package static let hourlyVariables = [
        "temperature_2m", "relative_humidity_2m", "apparent_temperature", "is_day",
        "precipitation", "weather_code", "cloud_cover", "wind_speed_10m", "wind_direction_10m",
    ]

    /// The service asked.
    package let api: API
    /// The full GET URL.
    package let url: String
    /// `host[:port]` of the URL, for messages such as `HTTP 503 from 127.0.0.1:8080`.
    package let authority: String
    /// The start of the whole UTC hour nearest the simulated instant, in Unix seconds: the
    /// entry of `hourly.time` whose values answer the query.
    package let targetUnixTime: Double

    /// Scheme and host of Open-Meteo's public forecast API.
    package static let publicForecastBaseURL = "https://api.open-meteo.com"
    /// Scheme and host of Open-Meteo's public historical-weather (archive) API.
    package static let publicArchiveBaseURL = "https://archive-api.open-meteo.com"

    /// The request for `query` when the wall clock reads `nowUnixTime`: to the archive at
    /// `archiveBaseURL` for UTC dates more than `forecastPastDays` before today, else to the
    /// forecast API at `forecastBaseURL`.
    ///
    /// - Throws: A non-transient ``TrailcastWeather/WeatherFetchFailure`` when a coordinate, the
    ///   elevation or the time is not a finite number.
    package init(
        query: WeatherQuery, forecastBaseURL: String = Self.publicForecastBaseURL,
        archiveBaseURL: String = Self.publicArchiveBaseURL, forecastPastDays: Int = 92, nowUnixTime: Double
    ) throws(WeatherFetchFailure) {
        guard query.unixTime.isFinite, nowUnixTime.isFinite,
            let latitude = DecimalText.format(query.latitude, decimals: 6),
            let longitude = DecimalText.format(query.longitude, decimals: 6)
        else {
            throw WeatherFetchFailure(
                message: "invalid query: latitude \(query.latitude), longitude \(query.longitude), "
                    + "time \(query.unixTime)",
                isTransient: false)
        }
        var parameters = [("latitude", latitude), ("longitude", longitude)]
        // Without `elevation` Open-Meteo uses its terrain model's height; send ours only when
        // the GPX point had one, as Open-Meteo's docs recommend for GPS altitudes.
        if let elevationMeters = query.elevationMeters {
            guard let elevation = DecimalText.format(elevationMeters, decimals: 2) else {
                throw WeatherFetchFailure(message: "invalid query: elevation \(elevationMeters)", isTransient: false)
            }
            parameters.append(("elevation", elevation))
        }
        parameters += [
            ("hourly", Self.hourlyVariables.joined(separator: ",")),
            ("wind_speed_unit", "ms"),
            ("timezone", "GMT"),
            ("timeformat", "unixtime"),
        ]

        let containing = UTCHour(containing: query.unixTime)
        let nearest = UTCHour(nearest: query.unixTime)
        let today = UTCHour(containing: nowUnixTime).daysSinceEpoch
        let baseURL: String
        if containing.daysSinceEpoch < today - Int64(max(0, forecastPastDays)) {
            api = .archive
            baseURL = archiveBaseURL
            // The archive answers whole days; the nearest hour may be 00:00 of the next one.
            parameters += [("start_date", containing.dateText), ("end_date", nearest.dateText)]
        } else {
            api = .forecast
            baseURL = forecastBaseURL
            parameters += [("start_hour", containing.hourText), ("end_hour", containing.next.hourText)]
        }

        let trimmedBase = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        let query = parameters.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
        url = "\(trimmedBase)/v1/\(api.rawValue)?\(query)"
        authority = Self.authority(of: trimmedBase)
        targetUnixTime = nearest.unixTime
    }

    /// `host[:port]` of a base URL such as `http://127.0.0.1:8080` (everything between the
    /// scheme and the first `/`, without user info).
    static func authority(of baseURL: String) -> String {
        var rest = Substring(baseURL)
        if let schemeEnd = rest.range(of: "://") {
            rest = rest[schemeEnd.upperBound...]
        }
        if let slash = rest.firstIndex(of: "/") {
            rest = rest[..<slash]
        }
        if let at = rest.lastIndex(of: "@") {
            rest = rest[rest.index(after: at)...]
        }
        return String(rest)
    }
}
