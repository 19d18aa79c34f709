// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// Counts of what the weather service did in a run: the weather keys of the `end` event.
public struct WeatherStatistics: Sendable, Equatable {
    /// Lookups: one per location the app received while weather was on.
    public var lookups: Int
    /// Fetches sent to a weather server (each may have retried; see the events' `attempts`);
    /// not those answered from the disk cache, nor an offline run's misses.
    public var networkFetches: Int
    /// Lookups answered without a fetch of their own: a fresh cached answer, a fetch
    /// already under way for the cell, the last good weather while backing off, or the
    /// disk cache.
    public var cacheHits: Int
    /// Fetches that failed after their retries (`weatherError` events).
    public var errors: Int

    package init(lookups: Int = 0, networkFetches: Int = 0, cacheHits: Int = 0, errors: Int = 0) {
        self.lookups = lookups
        self.networkFetches = networkFetches
        self.cacheHits = cacheHits
        self.errors = errors
    }
}
