// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastWeather
import TrailcastBasics

extension OpenMeteoClient {
    /// Where an ``OpenMeteoClient`` sends its requests, how long it waits and how often it
    /// retries.
    ///
    /// The defaults suit the public service; tests point the base URLs at a local
    /// `WeatherServer` and shorten the timeouts and delays:
    ///
    /// ```swift
    /// let configuration = OpenMeteoClient.Configuration(
    ///     forecastBaseURL: "http://127.0.0.1:\(port)", archiveBaseURL: "http://127.0.0.1:\(port)",
    ///     requestTimeout: .milliseconds(300), retryBaseDelay: .milliseconds(10))
    /// ```
    package struct Configuration: Sendable, Equatable {
        /// Scheme, host and optional port of the forecast API, without a trailing path.
        package var forecastBaseURL: String
        /// Scheme, host and optional port of the historical-weather (archive) API.
        package var archiveBaseURL: String
        /// The most one attempt may take, from sending the request to the last byte of the body.
        package var requestTimeout: Duration
        /// The most establishing a connection may take (part of ``requestTimeout``).
        package var connectTimeout: Duration
        /// HTTP requests per fetch, the first included; values below 1 mean 1.
        package var maxAttempts: Int
        /// The wait before the second attempt; each later wait doubles it (see ``RetryPolicy``).
        package var retryBaseDelay: Duration
        /// The `User-Agent` header: Open-Meteo asks clients to identify themselves.
        package var userAgent: String
        /// How many days back the forecast API reaches (Open-Meteo's `past_days` allows up to
        /// 92); simulated times on earlier UTC dates are asked of the archive API.
        package var forecastPastDays: Int
        /// The largest response body read, in bytes; a bigger answer is a failure, so a
        /// misbehaving server cannot exhaust memory.
        package var maxResponseBytes: Int

        /// The public Open-Meteo service.
        package static let defaultForecastBaseURL = OpenMeteoRequest.publicForecastBaseURL
        /// The public Open-Meteo historical-weather service.
        package static let defaultArchiveBaseURL = OpenMeteoRequest.publicArchiveBaseURL
        /// The `User-Agent` sent unless told otherwise.
        package static let defaultUserAgent =
            "trailcast/\(TrailcastVersion.majorAndMinor) (GPX replay; +https://github.com/trailcast)"

        /// Creates a configuration; every parameter defaults to the public service's values.
        package init(
            forecastBaseURL: String = Configuration.defaultForecastBaseURL,
            archiveBaseURL: String = Configuration.defaultArchiveBaseURL,
            requestTimeout: Duration = .seconds(5),
            connectTimeout: Duration = .seconds(2),
            maxAttempts: Int = 3,
            retryBaseDelay: Duration = .milliseconds(100),
            userAgent: String = Configuration.defaultUserAgent,
            forecastPastDays: Int = 92,
            maxResponseBytes: Int = 4 << 20
        ) {
            self.forecastBaseURL = forecastBaseURL
            self.archiveBaseURL = archiveBaseURL
            self.requestTimeout = requestTimeout
            self.connectTimeout = connectTimeout
            self.maxAttempts = maxAttempts
            self.retryBaseDelay = retryBaseDelay
            self.userAgent = userAgent
            self.forecastPastDays = forecastPastDays
            self.maxResponseBytes = maxResponseBytes
        }

        /// A configuration whose forecast and archive APIs are both served at `baseURL`, as a
        /// local Open-Meteo-compatible server does.
        package init(baseURL: String) {
            self.init(forecastBaseURL: baseURL, archiveBaseURL: baseURL)
        }

        /// The retry schedule these settings describe.
        package var retryPolicy: RetryPolicy {
            RetryPolicy(maxAttempts: maxAttempts, baseDelay: retryBaseDelay)
        }
    }
}

extension OpenMeteoRequest {
    /// The request for `query` to the services `configuration` names.
    package init(
        query: WeatherQuery, configuration: OpenMeteoClient.Configuration, nowUnixTime: Double
    ) throws(WeatherFetchFailure) {
        try self.init(
            query: query, forecastBaseURL: configuration.forecastBaseURL,
            archiveBaseURL: configuration.archiveBaseURL, forecastPastDays: configuration.forecastPastDays,
            nowUnixTime: nowUnixTime)
    }
}
