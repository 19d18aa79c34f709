// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
package import TrailcastWeather

/// A ``WeatherFetcher`` with the disk cache in front: a recorded answer is returned without
/// a request (``WeatherFetchOutcome/Origin/disk``); a miss goes to the network and its
/// answer is kept; offline (no network fetcher), a miss is a failure that says so.
///
/// The weather service's own memory cache stays in front of this one: it asks only for
/// cells and windows it does not hold.
package struct CachingWeatherFetcher: WeatherFetcher {
    package let cache: WeatherDiskCache
    package let network: (any WeatherFetcher)?
    package let policy: WeatherServicePolicy

    /// - Parameter network: nil for `--weather-offline`: only the cache answers.
    package init(cache: WeatherDiskCache, network: (any WeatherFetcher)?, policy: WeatherServicePolicy) {
        self.cache = cache
        self.network = network
        self.policy = policy
    }

    package func fetch(_ query: WeatherQuery) async -> WeatherFetchOutcome {
        if let conditions = cache.conditions(for: query, policy: policy) {
            return WeatherFetchOutcome(result: .success(conditions), attempts: 0, elapsedMilliseconds: 0, origin: .disk)
        }
        guard let network else {
            let cell = WeatherCell(
                latitude: query.latitude, longitude: query.longitude, sizeDegrees: policy.cellDegrees)
            return WeatherFetchOutcome(
                result: .failure(
                    WeatherFetchFailure(
                        message: "offline: cell \(cell) at this hour is not in the weather cache", isTransient: true)),
                attempts: 0, elapsedMilliseconds: 0, origin: .disk)
        }
        let outcome = await network.fetch(query)
        if case .success(let conditions) = outcome.result {
            cache.store(conditions, for: query, policy: policy)
        }
        return outcome
    }
}
