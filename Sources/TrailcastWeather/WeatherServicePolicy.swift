// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// How ``WeatherService`` caches and backs off.
public struct WeatherServicePolicy: Sendable, Equatable {
    /// The side of a cache cell in degrees (0.01° is about 1.1 km north-south).
    public var cellDegrees: Double
    /// Freshness in simulated seconds: an answer serves its cell for the rest of the
    /// window of this length (aligned to the Unix epoch) it was fetched in.
    public var freshnessSeconds: Double
    /// After a failed fetch, no new attempt for that cell for this many simulated seconds,
    /// doubling with each further failure up to ``freshnessSeconds``.
    public var failureBackoffSeconds: Double
    /// Also report lookups answered from the cache (`--weather-events all`), not only fetches.
    public var reportsCacheHits: Bool

    /// A policy of 0.01° cells, 15-minute freshness and a 60-second first backoff, reporting fetches only,
    /// unless the arguments say otherwise.
    public init(
        cellDegrees: Double = 0.01, freshnessSeconds: Double = 15 * 60, failureBackoffSeconds: Double = 60,
        reportsCacheHits: Bool = false
    ) {
        self.cellDegrees = cellDegrees
        self.freshnessSeconds = freshnessSeconds
        self.failureBackoffSeconds = failureBackoffSeconds
        self.reportsCacheHits = reportsCacheHits
    }

    /// The shortest time an answer is kept (`--weather-ttl`), in milliseconds.
    package static let leastFreshnessMilliseconds: Int64 = 1000

    /// Why this policy cannot work, or nil.
    package var problem: String? {
        if !(cellDegrees >= 0.0001 && cellDegrees <= 10) {
            return "--weather-cell must be between 0.0001 and 10 degrees, not \(cellDegrees.asGiven)"
        }
        if !(freshnessSeconds >= Double(Self.leastFreshnessMilliseconds) / 1000 && freshnessSeconds.isFinite) {
            return "--weather-ttl must be at least 1 second, not \(freshnessSeconds.asGiven)s"
        }
        if !(failureBackoffSeconds >= 0 && failureBackoffSeconds.isFinite) {
            return "the failure backoff must be a non-negative number of seconds"
        }
        return nil
    }
}
