// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastWeather

/// A scenario's `weather:` block: the weather flags without their `--weather-` prefix
/// (`ttl` for `--weather-ttl`), and `server:` for a local server's faults
/// (`server.failRate` for `--server-fail-rate`). What it reads goes to the run's weather
/// settings (recorded in `start`) and to its network settings (not recorded).
enum WeatherSettingsReader {
    static let keys = [
        "source", "url", "archiveUrl", "timeout", "cell", "ttl", "events", "server", "cache", "offline", "cacheMax",
    ]
    static let serverKeys = ["failRate", "latency", "timeoutRate", "malformedRate", "rateLimit", "seed"]

    static func read<Input: SettingInput>(_ input: Input, into draft: inout SettingsDraft) throws(Input.Failure) {
        var settings = draft.configuration.weather
        var network = draft.network
        var provider: WeatherSettings.Provider?
        var serverInput: Input?
        var urlInput: Input?
        var cacheInput: Input?
        var offlineInput: Input?
        var offline = false
        var cacheMax: Double?
        for (key, value) in try input.mapping(allowed: keys) {
            switch key {
            case "source":
                provider = try value.choice(of: WeatherSettings.Provider.self)
            case "url":
                network.forecastURL = try value.string()
                urlInput = value
            case "archiveUrl":
                network.archiveURL = try value.string()
                urlInput = value
            case "timeout":
                let seconds = try value.duration()
                guard seconds >= 0.001 else { throw value.error("must be at least 1ms") }
                network.timeout = .milliseconds(Int64((seconds * 1000).rounded()))
            case "cell": settings.policy.cellDegrees = try value.positive()
            case "ttl": settings.policy.freshnessSeconds = try value.duration()
            case "events": settings.policy.reportsCacheHits = try value.choice(["fetches", "all"]) == "all"
            case "server":
                network.serverFaults = try faults(value)
                serverInput = value
            case "cache":
                // Like the route: a relative path starts at the scenario file's folder, so a
                // recorded cache committed beside its scenario works from anywhere.
                settings.cache = WeatherSettings.Cache(directory: try value.filePath())
                cacheInput = value
            case "offline":
                offline = try value.bool()
                offlineInput = value
            case "cacheMax":
                cacheMax = try value.positive()
                offlineInput = offlineInput ?? value
            default: break
            }
        }
        if settings.cache != nil {
            settings.cache?.offline = offline
            settings.cache?.maximumMegabytes = cacheMax
        } else if let offlineInput, offline || cacheMax != nil {
            throw offlineInput.error("'offline' and 'cacheMax' need 'cache: DIR'")
        }
        // As on the command line: a URL means Open-Meteo, a server means a local one.
        settings.provider = provider ?? (serverInput != nil ? .local : urlInput != nil ? .openMeteo : .builtin)
        if let serverInput, settings.provider != .local {
            throw serverInput.error("a local server's faults need 'source: local', not '\(settings.provider.rawValue)'")
        }
        if let urlInput, settings.provider != .openMeteo {
            throw urlInput.error("a URL needs 'source: open-meteo', not '\(settings.provider.rawValue)'")
        }
        if let cacheInput, !settings.usesNetwork {
            throw cacheInput.error(
                "a weather cache keeps network answers: it needs 'source: open-meteo' or 'local', not '\(settings.provider.rawValue)'"
            )
        }
        if settings.provider == .openMeteo { settings.url = network.effectiveForecastURL }
        if let problem = settings.policy.problem ?? network.problem { throw input.error(problem) }
        draft.configuration.weather = settings
        draft.network = network
    }

    private static func faults<Input: SettingInput>(_ input: Input) throws(Input.Failure) -> WeatherServerFaults {
        var faults = WeatherServerFaults()
        for (key, value) in try input.mapping(allowed: serverKeys) {
            switch key {
            case "failRate": faults.failRate = try value.rate()
            case "timeoutRate": faults.timeoutRate = try value.rate()
            case "malformedRate": faults.malformedRate = try value.rate()
            case "latency": faults.latency = .milliseconds(Int64((try value.duration() * 1000).rounded()))
            case "rateLimit":
                let limit = try value.integer()
                guard limit >= 1 else { throw value.error("must be at least 1 request a minute") }
                faults.rateLimitPerMinute = limit
            case "seed": faults.seed = try value.seed()
            default: break
            }
        }
        return faults
    }
}
