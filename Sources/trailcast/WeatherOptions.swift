// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// Public: a public type of the run library conforms to ExpressibleByArgument below.
public import ArgumentParser
import TrailcastBasics
import TrailcastWeather
import TrailcastSettings

/// The weather flags of `trailcast replay`; optional for the same reason as ``RouteOptions``.
struct WeatherOptions: ParsableArguments {
    @Option(
        name: .customLong("weather"),
        help: ArgumentHelp(
            "Weather source: builtin (offline model), open-meteo, local (a serve-weather started for this run, with --server-* faults), or none. (default: builtin)",
            valueName: "source"))
    var provider: WeatherSettings.Provider?

    @Option(
        name: .customLong("weather-url"),
        help: ArgumentHelp(
            "Open-Meteo base URL (implies --weather open-meteo; default \(WeatherNetworkSettings.defaultForecastURL)).",
            valueName: "URL"))
    var url: String?

    @Option(
        name: .customLong("weather-archive-url"),
        help: ArgumentHelp(
            "Base URL for times more than 92 days ago (default: --weather-url if given, else \(WeatherNetworkSettings.defaultArchiveURL)).",
            valueName: "URL"))
    var archiveURL: String?

    @Option(
        name: .customLong("weather-timeout"),
        help: ArgumentHelp(
            "Time allowed per weather request, such as 5s or 800ms (connecting gets at most 2 s). (default: 5s)",
            valueName: "D"))
    var timeout: String?

    @Option(
        name: .customLong("weather-cell"), parsing: .unconditional,
        help: ArgumentHelp(
            "Cache cell size in degrees: places in one cell share an answer. (default: 0.01)", valueName: "DEG"))
    var cellDegrees: Double?

    @Option(
        name: .customLong("weather-ttl"),
        help: ArgumentHelp(
            "How long an answer stays fresh, in simulated time, such as 15m or 1h. (default: 15m)", valueName: "D"))
    var freshness: String?

    @Option(
        name: .customLong("weather-events"),
        help: ArgumentHelp(
            "Which lookups get a weather event: fetches (cache misses) or all (cache hits too). (default: fetches)",
            valueName: "which"))
    var events: WeatherEventChoice?

    @Option(
        name: .customLong("weather-log"),
        help: ArgumentHelp(
            "Also write the weather events alone to OUTPUT, as CSV.", valueName: "OUTPUT"), completion: .file())
    var logFile: String?

    @Option(
        name: .customLong("weather-cache"),
        help: ArgumentHelp(
            "Keep network answers on disk in DIR and use them in later runs (one JSON file per cell and window; see docs/weather.md).",
            valueName: "DIR"), completion: .directory)
    var cacheDirectory: String?

    @Flag(
        name: .customLong("weather-offline"),
        help: "Only the --weather-cache, never the network: a miss is a weatherError.")
    var offline = false

    @Option(
        name: .customLong("weather-cache-max"), parsing: .unconditional,
        help: ArgumentHelp(
            "Evict the entries fetched longest ago once the cache passes MB megabytes.", valueName: "MB"))
    var cacheMaximumMegabytes: Double?

    @Option(
        name: .customLong("server-fail-rate"), parsing: .unconditional,
        help: ArgumentHelp(
            "--weather local: the share of requests answered with HTTP 500, 0...1.", valueName: "P"))
    var failRate: Double?

    @Option(
        name: .customLong("server-latency"),
        help: ArgumentHelp(
            "--weather local: delay added to every answer, such as 250ms.", valueName: "D"))
    var latency: String?

    @Option(
        name: .customLong("server-timeout-rate"), parsing: .unconditional,
        help: ArgumentHelp(
            "--weather local: the share of requests never answered, 0...1.", valueName: "P"))
    var timeoutRate: Double?

    @Option(
        name: .customLong("server-malformed-rate"), parsing: .unconditional,
        help: ArgumentHelp(
            "--weather local: the share of requests answered with truncated JSON, 0...1.", valueName: "P"))
    var malformedRate: Double?

    @Option(
        name: .customLong("server-rate-limit"), parsing: .unconditional,
        help: ArgumentHelp(
            "--weather local: at most N requests a minute, then HTTP 429.", valueName: "N"))
    var rateLimit: Int?

    @Option(
        name: .customLong("server-seed"), parsing: .unconditional,
        help: ArgumentHelp(
            "--weather local: the seed of the fault draws. (default: 0)", valueName: "N"))
    var seed: UInt64?

    enum WeatherEventChoice: String, ExpressibleByArgument, CaseIterable { case fetches, all }

    private var givesServerFaults: Bool {
        failRate != nil || latency != nil || timeoutRate != nil || malformedRate != nil || rateLimit != nil
            || seed != nil
    }

    func validate() throws {
        if let provider, provider != .openMeteo, url != nil || archiveURL != nil {
            throw ValidationError(
                "--weather-url and --weather-archive-url need --weather open-meteo, not \(provider.rawValue)")
        }
        if let provider, provider != .local, givesServerFaults {
            throw ValidationError("the --server-* faults need --weather local, not \(provider.rawValue)")
        }
        if let timeout {
            _ = try DurationArgument(option: "--weather-timeout", examples: "5s or 800ms", minimumMilliseconds: 1)
                .milliseconds(timeout)
        }
        if let freshness {
            // The weather service's own least, so that -5m, 0s and 500ms are refused in one message.
            _ = try DurationArgument(
                option: "--weather-ttl", examples: "15m or 1h",
                minimumMilliseconds: WeatherServicePolicy.leastFreshnessMilliseconds
            ).milliseconds(freshness)
        }
        if let latency {
            _ = try DurationArgument(option: "--server-latency", examples: "250ms or 2s").milliseconds(latency)
        }
        for (flag, rate) in [
            ("--server-fail-rate", failRate), ("--server-timeout-rate", timeoutRate),
            ("--server-malformed-rate", malformedRate),
        ] {
            if let rate, !(0...1).contains(rate) {
                throw ValidationError("\(flag) must be a share between 0 and 1, not \(rate.asGiven)")
            }
        }
        if let rateLimit, rateLimit < 1 {
            throw ValidationError("--server-rate-limit must be at least 1 request a minute, not \(rateLimit)")
        }
        if offline || cacheMaximumMegabytes != nil, cacheDirectory == nil {
            throw ValidationError("--weather-offline and --weather-cache-max need --weather-cache DIR")
        }
        if let cacheMaximumMegabytes, !(cacheMaximumMegabytes > 0 && cacheMaximumMegabytes < 1e9) {
            throw ValidationError(
                "--weather-cache-max must be a positive number of megabytes, not \(cacheMaximumMegabytes.asGiven)")
        }
        var settings = WeatherSettings()
        var network = WeatherNetworkSettings()
        try apply(to: &settings, network: &network)
        if let problem = settings.policy.problem ?? network.problem { throw ValidationError(problem) }
    }

    /// The flags given, laid over `settings` and `network` (the defaults, or a scenario's).
    func apply(to settings: inout WeatherSettings, network: inout WeatherNetworkSettings) throws {
        if let url { network.forecastURL = url }
        if let archiveURL { network.archiveURL = archiveURL }
        if let timeout, let parsed = SimulatedOffset(timeout) { network.timeout = .milliseconds(parsed.milliseconds) }
        if let failRate { network.serverFaults.failRate = failRate }
        if let latency, let parsed = SimulatedOffset(latency) {
            network.serverFaults.latency = .milliseconds(parsed.milliseconds)
        }
        if let timeoutRate { network.serverFaults.timeoutRate = timeoutRate }
        if let malformedRate { network.serverFaults.malformedRate = malformedRate }
        if let rateLimit { network.serverFaults.rateLimitPerMinute = rateLimit }
        if let seed { network.serverFaults.seed = seed }
        if let cellDegrees { settings.policy.cellDegrees = cellDegrees }
        if let freshness, let parsed = SimulatedOffset(freshness) { settings.policy.freshnessSeconds = parsed.seconds }
        if let events { settings.policy.reportsCacheHits = events == .all }
        if let cacheDirectory {
            settings.cache = WeatherSettings.Cache(
                directory: cacheDirectory, offline: offline, maximumMegabytes: cacheMaximumMegabytes)
        }
        // As documented: a URL alone means Open-Meteo there, faults alone a local server.
        if let provider {
            settings.provider = provider
        } else if url != nil || archiveURL != nil {
            settings.provider = .openMeteo
        } else if givesServerFaults {
            settings.provider = .local
        }
        settings.url = settings.provider == .openMeteo ? network.effectiveForecastURL : nil
    }
}

extension WeatherSettings.Provider: ExpressibleByArgument {}
