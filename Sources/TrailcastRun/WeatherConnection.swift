// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Logging
package import TrailcastOpenMeteo
package import TrailcastWeather
import TrailcastWeatherServer
package import TrailcastSettings
import TrailcastScenario

/// The network side of a run's weather, for as long as the run lasts: nothing for the
/// built-in model, an Open-Meteo client, or a `serve-weather` started on an ephemeral port
/// of 127.0.0.1 with a client pointed at it.
///
/// ```swift
/// let summary = try await WeatherConnection.withFetcher(for: .local, network: settings) { fetcher in
///     try await Replay(file: path, configuration: configuration, weatherFetcher: fetcher)
///         .run(clock: ContinuousClock(), recorder: &timeline)
/// }
/// ```
package enum WeatherConnection {
    /// Runs `body` with the fetcher the settings need: ``withFetcher(for:network:_:)``'s,
    /// behind the disk cache when there is one (offline: the cache alone, no network at
    /// all). `warn` hears of cache entries passed over.
    package static func withFetcher<T: Sendable>(
        for settings: WeatherSettings, network: WeatherNetworkSettings,
        warn: @escaping @Sendable (WeatherDiskCache.Warning) -> Void = { _ in },
        _ body: @Sendable ((any WeatherFetcher)?) async throws -> T
    ) async throws -> T {
        guard let cacheSettings = settings.cache, settings.usesNetwork else {
            return try await withFetcher(for: settings.provider, network: network, body)
        }
        let cache = WeatherDiskCache(
            directory: cacheSettings.directory,
            maximumBytes: cacheSettings.maximumMegabytes.map { Int64(($0 * 1_000_000).rounded()) }, warn: warn)
        if let problem = cache.prepare() {
            throw WeatherCacheUnavailable(directory: cacheSettings.directory, reason: problem)
        }
        let policy = settings.policy
        if cacheSettings.offline {
            return try await body(CachingWeatherFetcher(cache: cache, network: nil, policy: policy))
        }
        return try await withFetcher(for: settings.provider, network: network) { fetcher in
            try await body(fetcher.map { CachingWeatherFetcher(cache: cache, network: $0, policy: policy) })
        }
    }

    /// Runs `body` with the fetcher `provider` needs (nil for `builtin` and `none`), then
    /// shuts the client and the local server down, also when `body` throws.
    package static func withFetcher<T: Sendable>(
        for provider: WeatherSettings.Provider, network: WeatherNetworkSettings,
        _ body: @Sendable ((any WeatherFetcher)?) async throws -> T
    ) async throws -> T {
        switch provider {
        case .builtin, .none:
            return try await body(nil)
        case .openMeteo:
            return try await withClient(
                forecastURL: network.effectiveForecastURL, archiveURL: network.effectiveArchiveURL,
                timeout: network.timeout, body)
        case .local:
            let server = WeatherServer(port: 0, faults: network.serverFaults, logger: quietLogger)
            return try await server.withRunningServer { port in
                let url = "http://127.0.0.1:\(port)"
                return try await withClient(forecastURL: url, archiveURL: url, timeout: network.timeout, body)
            }
        }
    }

    private static func withClient<T: Sendable>(
        forecastURL: String, archiveURL: String, timeout: Duration,
        _ body: @Sendable ((any WeatherFetcher)?) async throws -> T
    ) async throws -> T {
        var configuration = OpenMeteoClient.Configuration()
        configuration.forecastBaseURL = forecastURL
        configuration.archiveBaseURL = archiveURL
        configuration.requestTimeout = timeout
        configuration.connectTimeout = min(configuration.connectTimeout, timeout)
        return try await OpenMeteoClient.withClient(configuration: configuration) { client in
            try await body(client)
        }
    }

    /// A local server's request lines would interleave with the timeline on a terminal; its
    /// answers and failures are in the timeline's weather events already.
    private static let quietLogger: Logger = {
        var logger = Logger(label: "trailcast.local-weather")
        logger.logLevel = .critical
        return logger
    }()
}

/// The `--weather-cache` directory cannot be created or written.
package struct WeatherCacheUnavailable: Error, Sendable, CustomStringConvertible {
    package var directory: String
    package var reason: String
    package var description: String { "\(directory): error: cannot use the weather cache: \(reason)" }
}
