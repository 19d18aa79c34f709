// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
public import TrailcastWeather

/// How a run reaches its weather over HTTP: the Open-Meteo URLs and request timeout, and
/// for a local server (`--weather local`), the faults it injects.
public struct WeatherNetworkSettings: Sendable, Equatable {
    /// The public Open-Meteo forecast service, `https://api.open-meteo.com`: used without `--weather-url`.
    package static let defaultForecastURL = OpenMeteoRequest.publicForecastBaseURL
    /// The public Open-Meteo historical archive, `https://archive-api.open-meteo.com`: for dates older than the
    /// forecast service keeps, when neither `--weather-archive-url` nor `--weather-url` is given.
    package static let defaultArchiveURL = OpenMeteoRequest.publicArchiveBaseURL

    /// `--weather-url`; nil for the public service.
    public var forecastURL: String?
    /// `--weather-archive-url`; nil for `forecastURL` when that is given, else the public archive.
    public var archiveURL: String?
    /// `--weather-timeout`: per request (connecting gets at most 2 s of it).
    public var timeout: Duration
    /// `--server-*`: what a local server does wrong, on purpose.
    public var serverFaults: WeatherServerFaults

    /// Settings for the public service, a 5-second timeout and no server faults, unless the arguments say otherwise.
    public init(
        forecastURL: String? = nil, archiveURL: String? = nil, timeout: Duration = .seconds(5),
        serverFaults: WeatherServerFaults = .init()
    ) {
        self.forecastURL = forecastURL
        self.archiveURL = archiveURL
        self.timeout = timeout
        self.serverFaults = serverFaults
    }

    /// The forecast base URL in effect, without a trailing slash.
    package var effectiveForecastURL: String {
        Self.trimmed(forecastURL ?? Self.defaultForecastURL)
    }

    /// The archive base URL in effect: a server given by URL (such as `serve-weather`)
    /// serves `/v1/archive` too.
    package var effectiveArchiveURL: String {
        Self.trimmed(archiveURL ?? forecastURL ?? Self.defaultArchiveURL)
    }

    /// Why these settings cannot work, or nil.
    public var problem: String? {
        for (name, url) in [("url", forecastURL), ("archive url", archiveURL)] {
            if let url, !(url.hasPrefix("http://") || url.hasPrefix("https://")) || url.count < 10 {
                return "the weather \(name) must be an http:// or https:// URL, not '\(url)'"
            }
        }
        if timeout < .milliseconds(1) { return "the weather timeout must be at least 1 ms" }
        return serverFaults.problem
    }

    private static func trimmed(_ url: String) -> String {
        var url = url
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }
}
