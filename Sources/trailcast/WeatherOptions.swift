import ArgumentParser
import LocationReplay
import OpenMeteo
import Weather

/// The weather flags of `trailcast replay`.
struct WeatherOptions: ParsableArguments {
    static let defaultForecastURL = "https://api.open-meteo.com"
    static let defaultArchiveURL = "https://archive-api.open-meteo.com"

    @Option(name: .customLong("weather"), help: ArgumentHelp(
        "Weather source: builtin (offline model, the default), open-meteo, or none.", valueName: "source"))
    var provider: WeatherSettings.Provider?

    @Option(name: .customLong("weather-url"), help: ArgumentHelp(
        "Open-Meteo base URL (implies --weather open-meteo; default \(defaultForecastURL)).", valueName: "URL"))
    var url: String?

    @Option(name: .customLong("weather-archive-url"), help: ArgumentHelp(
        "Base URL for times more than 92 days ago (default: --weather-url if given, else \(defaultArchiveURL)).",
        valueName: "URL"))
    var archiveURL: String?

    @Option(name: .customLong("weather-timeout"), help: ArgumentHelp(
        "Time allowed per weather request, such as 5s or 800ms (connecting gets at most 2 s).", valueName: "D"))
    var timeout: String = "5s"

    @Option(name: .customLong("weather-cell"), help: ArgumentHelp(
        "Cache cell size in degrees: places in one cell share an answer.", valueName: "DEG"))
    var cellDegrees: Double = 0.01

    @Option(name: .customLong("weather-ttl"), help: ArgumentHelp(
        "How long an answer stays fresh, in simulated time, such as 15m or 1h.", valueName: "D"))
    var freshness: String = "15m"

    @Option(name: .customLong("weather-events"), help: ArgumentHelp(
        "Which lookups get a weather event: fetches (cache misses) or all (cache hits too).", valueName: "which"))
    var events: WeatherEventChoice = .fetches

    @Option(name: .customLong("weather-log"), help: ArgumentHelp(
        "Also write the weather events alone to FILE, as CSV.", valueName: "FILE"))
    var logFile: String?

    enum WeatherEventChoice: String, ExpressibleByArgument, CaseIterable { case fetches, all }

    /// The provider in effect: `--weather`, or open-meteo when only `--weather-url` is given.
    var effectiveProvider: WeatherSettings.Provider {
        provider ?? (url != nil ? .openMeteo : .builtin)
    }

    func validate() throws {
        if let provider, provider != .openMeteo, url != nil || archiveURL != nil {
            throw ValidationError("--weather-url and --weather-archive-url need --weather open-meteo, not \(provider.rawValue)")
        }
        for (flag, value) in [("--weather-url", url), ("--weather-archive-url", archiveURL)] {
            if let value, !(value.hasPrefix("http://") || value.hasPrefix("https://")) || value.count < 10 {
                throw ValidationError("\(flag) must be an http:// or https:// URL, not '\(value)'")
            }
        }
        guard let parsed = SimulatedOffset(timeout), parsed.milliseconds >= 1 else {
            throw ValidationError("--weather-timeout must be a duration such as 5s or 800ms, not '\(timeout)'")
        }
        guard SimulatedOffset(freshness) != nil else {
            throw ValidationError("--weather-ttl must be a duration such as 15m or 1h, not '\(freshness)'")
        }
        if let problem = settings.policy.problem { throw ValidationError(problem) }
    }

    /// The settings the `start` event records.
    var settings: WeatherSettings {
        let policy = WeatherServicePolicy(
            cellDegrees: cellDegrees, freshnessSeconds: SimulatedOffset(freshness)?.seconds ?? 0,
            reportsCacheHits: events == .all)
        let provider = effectiveProvider
        return WeatherSettings(
            provider: provider, url: provider == .openMeteo ? forecastURL : nil, policy: policy)
    }

    private var forecastURL: String { Self.trimmed(url ?? Self.defaultForecastURL) }

    /// The Open-Meteo client for `--weather open-meteo`, nil otherwise.
    func makeClient() -> OpenMeteoClient? {
        guard effectiveProvider == .openMeteo else { return nil }
        // A local server given with --weather-url serves /v1/archive too.
        let archive = archiveURL ?? url ?? Self.defaultArchiveURL
        var configuration = OpenMeteoClient.Configuration()
        configuration.forecastBaseURL = forecastURL
        configuration.archiveBaseURL = Self.trimmed(archive)
        configuration.requestTimeout = .milliseconds(SimulatedOffset(timeout)?.milliseconds ?? 5000)
        configuration.connectTimeout = min(configuration.connectTimeout, configuration.requestTimeout)
        return OpenMeteoClient(configuration: configuration)
    }

    private static func trimmed(_ url: String) -> String {
        var url = url
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }
}

extension WeatherSettings.Provider: ExpressibleByArgument {}
