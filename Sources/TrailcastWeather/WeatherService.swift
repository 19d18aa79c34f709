// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// The app's weather service: the refetch policy between location changes and a weather
/// source, in simulated time.
///
/// Every location the app receives is a ``lookup(_:)``. Answers are cached per
/// ``WeatherCell`` and freshness window (``WeatherServicePolicy``): a fresh answer is reused,
/// otherwise the built-in model answers at once, or the caller is handed a
/// ``WeatherFetchTicket`` to run on a ``WeatherFetcher`` and bring back to
/// ``complete(_:with:)``. The service itself never waits, so the replay decides what waits:
/// on virtual time each fetch is awaited in order; in real time fetches run beside the
/// location stream, and lookups for a cell already being fetched share that fetch.
///
/// A failed fetch is reported once, the last good weather is kept (reported as stale), and
/// the cell is left alone for a backoff in simulated time, so that a dead server neither
/// floods the timeline nor stalls the run. When the server could not be reached or did not
/// answer in time, every cell backs off together: a new cell would only find it down too.
///
/// ```swift
/// var service = WeatherService(policy: WeatherServicePolicy(), model: WeatherModel())
/// let query = WeatherQuery(latitude: 47.37, longitude: 8.54, unixTime: 1_719_835_200)
/// if case .event(.weather(let weather)) = service.lookup(query) {
///     print(weather.conditions.temperatureCelsius)
/// }
/// ```
package struct WeatherService: Sendable {
    /// What a lookup needs from the caller.
    package enum Lookup: Sendable, Equatable {
        /// Nothing to report (a cache hit that is not reported, a shared fetch, a backoff).
        case nothing
        /// Report this event now.
        case event(WeatherServiceEvent)
        /// Run this fetch and bring its outcome to ``complete(_:with:)``.
        case fetch(WeatherFetchTicket)
    }

    package let policy: WeatherServicePolicy
    /// The built-in model; nil when answers come from a ``WeatherFetcher``.
    package let model: WeatherModel?
    package private(set) var statistics = WeatherStatistics()

    private var cache: [WeatherCell: CachedAnswer] = [:]
    private var fetching: Set<CacheKey> = []
    private var backoffs: [WeatherCell: Backoff] = [:]
    /// The backoff of the server itself, after failures to connect at all.
    private var serverBackoff = Backoff()
    /// The app's last good weather, kept while fetches fail.
    private var lastGood: WeatherConditions?

    /// - Parameters:
    ///   - model: answers misses at once; pass nil to fetch them from the network instead.
    package init(policy: WeatherServicePolicy, model: WeatherModel?) {
        self.policy = policy
        self.model = model
    }

    /// Whether any fetch handed out has not been completed yet.
    package var hasFetchesInFlight: Bool { !fetching.isEmpty }

    /// The app wants the weather for a new location.
    package mutating func lookup(_ query: WeatherQuery) -> Lookup {
        statistics.lookups += 1
        let cell = WeatherCell(latitude: query.latitude, longitude: query.longitude, sizeDegrees: policy.cellDegrees)
        let window = self.window(of: query.unixTime)
        if let cached = cache[cell], cached.window == window {
            statistics.cacheHits += 1
            guard policy.reportsCacheHits else { return .nothing }
            return .event(
                .weather(
                    WeatherObservation(
                        latitude: query.latitude, longitude: query.longitude, cell: cell, source: .cache,
                        conditions: cached.conditions, attempts: 0)))
        }
        let key = CacheKey(cell: cell, window: window)
        if fetching.contains(key) {
            statistics.cacheHits += 1
            return .nothing
        }
        if query.unixTime < max(backoffs[cell]?.retryTime ?? -.infinity, serverBackoff.retryTime) {
            guard let lastGood else { return .nothing }
            statistics.cacheHits += 1
            guard policy.reportsCacheHits else { return .nothing }
            return .event(.weather(staleObservation(of: lastGood, for: query, cell: cell)))
        }
        if let model {
            let conditions = model.conditions(
                latitude: query.latitude, longitude: query.longitude,
                elevationMeters: query.elevationMeters, unixTime: query.unixTime)
            store(conditions, key: key)
            return .event(
                .weather(
                    WeatherObservation(
                        latitude: query.latitude, longitude: query.longitude, cell: cell, source: .model,
                        conditions: conditions, attempts: 1)))
        }
        statistics.networkFetches += 1
        fetching.insert(key)
        return .fetch(WeatherFetchTicket(query: query, cell: cell, window: window))
    }

    /// A fetch handed out by ``lookup(_:)`` has its outcome; the events to report, in order:
    /// the weather, or a failure followed by the last good weather marked stale (if any).
    package mutating func complete(_ ticket: WeatherFetchTicket, with outcome: WeatherFetchOutcome)
        -> [WeatherServiceEvent]
    {
        fetching.remove(CacheKey(cell: ticket.cell, window: ticket.window))
        let query = ticket.query
        switch outcome.result {
        case .success(let conditions):
            backoffs[ticket.cell] = nil
            serverBackoff = Backoff()
            store(conditions, key: CacheKey(cell: ticket.cell, window: ticket.window))
            if outcome.origin == .disk {
                // Counted as a fetch when it was handed out; it turned out to need none.
                statistics.networkFetches -= 1
                statistics.cacheHits += 1
                return [
                    .weather(
                        WeatherObservation(
                            latitude: query.latitude, longitude: query.longitude, cell: ticket.cell, source: .disk,
                            conditions: conditions, attempts: 0))
                ]
            }
            return [
                .weather(
                    WeatherObservation(
                        latitude: query.latitude, longitude: query.longitude, cell: ticket.cell, source: .network,
                        conditions: conditions, attempts: outcome.attempts,
                        fetchMilliseconds: outcome.elapsedMilliseconds))
            ]
        case .failure(let failure):
            if outcome.origin == .disk { statistics.networkFetches -= 1 }
            statistics.errors += 1
            var backoff = backoffs[ticket.cell] ?? Backoff()
            backoff.extend(after: failure, at: query.unixTime, window: ticket.window, policy: policy)
            backoffs[ticket.cell] = backoff
            if failure.serverUnreachable {
                serverBackoff.extend(after: failure, at: query.unixTime, window: ticket.window, policy: policy)
            }
            var events: [WeatherServiceEvent] = [
                .failure(
                    WeatherFailure(
                        cell: ticket.cell, message: failure.message, attempts: outcome.attempts,
                        httpStatus: failure.httpStatus, willRetry: failure.isTransient))
            ]
            if let lastGood {
                events.append(.weather(staleObservation(of: lastGood, for: query, cell: ticket.cell)))
            }
            return events
        }
    }

    private mutating func store(_ conditions: WeatherConditions, key: CacheKey) {
        lastGood = conditions
        // Answers from past windows are never fresh again; drop them once the cache grows,
        // so a long route keeps constant memory.
        if cache.count >= 4096 { cache = cache.filter { $0.value.window >= key.window } }
        cache[key.cell] = CachedAnswer(window: key.window, conditions: conditions)
    }

    private func staleObservation(of conditions: WeatherConditions, for query: WeatherQuery, cell: WeatherCell)
        -> WeatherObservation
    {
        WeatherObservation(
            latitude: query.latitude, longitude: query.longitude, cell: cell, source: .cache, stale: true,
            conditions: conditions, attempts: 0)
    }

    private func window(of unixTime: Double) -> Int64 {
        Int64((unixTime / policy.freshnessSeconds).rounded(.down))
    }

    private struct CachedAnswer: Sendable {
        var window: Int64
        var conditions: WeatherConditions
    }

    private struct CacheKey: Hashable, Sendable {
        var cell: WeatherCell
        var window: Int64
    }

    private struct Backoff: Sendable {
        var failures = 0
        var retryTime = -Double.infinity

        /// One more failure at `time`: wait the base backoff doubled per earlier failure
        /// (at most the freshness), or, for a request the server will always refuse, until
        /// the next window asks something else.
        mutating func extend(
            after failure: WeatherFetchFailure, at time: Double, window: Int64, policy: WeatherServicePolicy
        ) {
            failures += 1
            if failure.isTransient {
                var delay = policy.failureBackoffSeconds
                for _ in 1..<min(failures, 20) { delay *= 2 }
                retryTime = time + min(delay, max(policy.failureBackoffSeconds, policy.freshnessSeconds))
            } else {
                retryTime = Double(window + 1) * policy.freshnessSeconds
            }
        }
    }
}

/// A cache miss for the caller to fetch: the query, and the cell and window it will fill.
package struct WeatherFetchTicket: Sendable, Equatable {
    package let query: WeatherQuery
    package let cell: WeatherCell
    /// The freshness window (simulated time / freshness, rounded down).
    package let window: Int64
}
