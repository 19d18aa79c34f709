// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// Something that answers a ``WeatherQuery`` over the network (the Open-Meteo client),
/// for ``WeatherService`` to call on a cache miss.
///
/// A fetcher does its own retries; the outcome says how many attempts it made.
package protocol WeatherFetcher: Sendable {
    /// The weather for `query`, or why there is none after all attempts.
    func fetch(_ query: WeatherQuery) async -> WeatherFetchOutcome
}

/// The answer to one ``WeatherFetcher/fetch(_:)``: conditions or a failure, and its cost.
package struct WeatherFetchOutcome: Sendable, Equatable {
    /// Where an answer came from.
    package enum Origin: Sendable, Equatable {
        /// A weather server.
        case network
        /// A weather cache on disk, recorded by an earlier run (no request made).
        case disk
    }

    package var result: Result<WeatherConditions, WeatherFetchFailure>
    /// HTTP requests made, retries included (0 when the query could not even be sent).
    package var attempts: Int
    /// Wall-clock milliseconds from the first request to the answer.
    package var elapsedMilliseconds: Double
    package var origin: Origin

    package init(
        result: Result<WeatherConditions, WeatherFetchFailure>, attempts: Int, elapsedMilliseconds: Double,
        origin: Origin = .network
    ) {
        self.result = result
        self.attempts = attempts
        self.elapsedMilliseconds = elapsedMilliseconds
        self.origin = origin
    }
}

/// Why a fetch gave no weather, after its retries.
package struct WeatherFetchFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line for a person, such as `HTTP 500 from 127.0.0.1:8080` or Open-Meteo's `reason`.
    package var message: String
    /// The last HTTP status, nil when no response came (timeout, refused connection).
    package var httpStatus: Int?
    /// Whether asking again later may succeed (timeouts, connection errors, 429, 5xx), as
    /// opposed to a request the server will always refuse (other 4xx, an unusable answer).
    package var isTransient: Bool
    /// Whether the server could not be reached or did not answer in time (refused, no
    /// route, no such host, a timeout): it is down or hung for every place, not just this one.
    package var serverUnreachable: Bool

    package init(message: String, httpStatus: Int? = nil, isTransient: Bool, serverUnreachable: Bool = false) {
        self.message = message
        self.httpStatus = httpStatus
        self.isTransient = isTransient
        self.serverUnreachable = serverUnreachable
    }

    package var description: String { message }
}
