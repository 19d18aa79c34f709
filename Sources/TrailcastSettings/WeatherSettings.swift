// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
public import TrailcastWeather

/// Where the app's weather comes from and how it is cached: the weather part of a run's
/// settings, as the `start` event records them.
///
/// The network itself is not here: a run with ``Provider/openMeteo`` or ``Provider/local``
/// is given a ``WeatherFetcher`` (``Replay/weatherFetcher``), so that this module needs no
/// HTTP client.
public struct WeatherSettings: Sendable, Equatable {
    /// `--weather`.
    public enum Provider: String, Sendable, CaseIterable {
        /// The built-in deterministic model: no network.
        case builtin
        /// An Open-Meteo-compatible server (the real one, or `trailcast serve-weather`).
        case openMeteo = "open-meteo"
        /// A `serve-weather` started on 127.0.0.1 for this run alone (with its faults), reached
        /// over HTTP like any Open-Meteo server.
        case local
        /// No weather lookups at all.
        case none
    }

    /// Which source answers the app's weather lookups.
    public var provider: Provider
    /// The server's base URL, for the record (only with ``Provider/openMeteo``; a local
    /// server's port changes from run to run, so it is not recorded).
    public var url: String?
    /// How lookups are cached in memory and backed off after failures, and which lookups are reported.
    public var policy: WeatherServicePolicy

    /// `--weather-cache DIR`: answers kept on disk for later runs.
    public struct Cache: Sendable, Equatable {
        /// The cache directory, created if needed: one JSON file per cell and freshness window.
        public var directory: String
        /// `--weather-offline`: the cache only, never the network.
        public var offline: Bool
        /// `--weather-cache-max MB`: evict the oldest entries beyond this many megabytes.
        public var maximumMegabytes: Double?

        /// A disk cache in `directory` that fetches what it lacks and grows without limit unless told otherwise.
        public init(directory: String, offline: Bool = false, maximumMegabytes: Double? = nil) {
            self.directory = directory
            self.offline = offline
            self.maximumMegabytes = maximumMegabytes
        }
    }

    /// The disk cache for network answers; nil keeps answers in memory for this run only.
    public var cache: Cache?

    /// The built-in weather model with the default policy and no disk cache, unless the arguments say otherwise.
    public init(
        provider: Provider = .builtin, url: String? = nil, policy: WeatherServicePolicy = .init(), cache: Cache? = nil
    ) {
        self.provider = provider
        self.url = url
        self.policy = policy
        self.cache = cache
    }

    /// Whether answers come over HTTP, from a ``WeatherFetcher``.
    package var usesNetwork: Bool { provider == .openMeteo || provider == .local }
}
