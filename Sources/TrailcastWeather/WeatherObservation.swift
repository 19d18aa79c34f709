// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// The weather the app got for a place: the payload of a timeline `weather` event.
public struct WeatherObservation: Sendable, Equatable {
    /// Where the answer came from.
    package enum Source: String, Sendable, CaseIterable {
        /// Computed by the built-in ``WeatherModel``.
        case model
        /// Fetched from a weather server.
        case network
        /// Read from the weather cache on disk (`--weather-cache`), recorded by an earlier run.
        case disk
        /// An earlier answer reused: fresh for this cell and window, or (``stale``) the last
        /// good weather kept while the server fails.
        case cache
    }

    /// The location the weather was looked up for.
    package var latitude: Double
    /// The longitude in degrees, east positive; with `latitude`, the app's location.
    package var longitude: Double
    /// The grid cell the answer is cached under.
    package var cell: WeatherCell
    /// Where the answer came from: the built-in model, the network, the disk cache or the memory cache.
    package var source: Source
    /// Whether this is old weather kept because fetching the current one failed.
    package var stale: Bool
    /// The weather itself: temperature, humidity, precipitation, cloud, WMO code, wind and daylight.
    package var conditions: WeatherConditions
    /// Network requests made for this answer (retries included); 1 for the model, 0 from the cache.
    package var attempts: Int
    /// Wall-clock milliseconds the network fetch took; nil unless `source` is `network`.
    package var fetchMilliseconds: Double?

    package init(
        latitude: Double, longitude: Double, cell: WeatherCell, source: Source, stale: Bool = false,
        conditions: WeatherConditions, attempts: Int, fetchMilliseconds: Double? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.cell = cell
        self.source = source
        self.stale = stale
        self.conditions = conditions
        self.attempts = attempts
        self.fetchMilliseconds = fetchMilliseconds
    }
}

/// A fetch that failed after its retries: the payload of a timeline `weatherError` event.
public struct WeatherFailure: Sendable, Equatable {
    /// The grid cell whose weather could not be fetched.
    package var cell: WeatherCell
    /// Why the fetch failed, in one line, such as `HTTP 500` or the offline cache's miss.
    package var message: String
    /// Network requests made before giving up.
    package var attempts: Int
    /// The last HTTP status, nil when no response came.
    package var httpStatus: Int?
    /// Whether the service will try this cell again after backing off (false for answers
    /// that will never change, such as a 400).
    package var willRetry: Bool

    package init(cell: WeatherCell, message: String, attempts: Int, httpStatus: Int?, willRetry: Bool) {
        self.cell = cell
        self.message = message
        self.attempts = attempts
        self.httpStatus = httpStatus
        self.willRetry = willRetry
    }
}

/// What the weather service tells the app: weather, or a failure to get it.
package enum WeatherServiceEvent: Sendable, Equatable {
    case weather(WeatherObservation)
    case failure(WeatherFailure)
}
