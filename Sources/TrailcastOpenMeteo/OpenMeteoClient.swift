// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
import AsyncHTTPClient
import Foundation
import NIOCore
package import TrailcastWeather
import NIOHTTP1

/// A ``TrailcastWeather/WeatherFetcher`` that asks Open-Meteo (or a compatible server) for the weather
/// at a simulated place and time, retrying what may succeed on a second try.
///
/// Each fetch sends `GET /v1/forecast` (or `/v1/archive` for old simulated times; see
/// ``OpenMeteoRequest``) and reads the hour nearest the simulated instant. Timeouts,
/// connection errors, HTTP 429 and 5xx, and truncated or garbled answers are retried up to
/// ``Configuration/maxAttempts`` times in all, waiting as ``RetryPolicy`` says; other 4xx
/// answers are final. Failures are returned, never thrown, with one-line messages such as
/// `HTTP 400: Latitude must be in range of -90 to 90°. Given: 95.0.`.
///
/// The client owns an `HTTPClient` and its connection pool: call ``shutdown()`` once when done
/// (AsyncHTTPClient traps in debug builds if a client is released while running), or use
/// ``withClient(configuration:now:clock:_:)``.
///
/// ```swift
/// let client = OpenMeteoClient()
/// let outcome = await client.fetch(WeatherQuery(latitude: 47.3769, longitude: 8.5417,
///                                               elevationMeters: 408, unixTime: 1_719_835_200))
/// await client.shutdown()
/// ```
package final class OpenMeteoClient: WeatherFetcher {
    /// The settings this client was made with.
    package let configuration: Configuration

    private let httpClient: HTTPClient
    private let now: @Sendable () -> Double
    private let clock: any Clock<Duration>

    /// The system's wall clock in seconds since 1970: the default "now".
    @Sendable package static func systemTime() -> Double { Date().timeIntervalSince1970 }

    /// Creates a client and its connection pool.
    ///
    /// - Parameters:
    ///   - configuration: Base URLs, timeouts and retries.
    ///   - now: The wall clock in Unix seconds, which decides whether a simulated time is old
    ///     enough for the archive API; tests pass a fixed time.
    ///   - clock: The clock of the client's own waits: each attempt's
    ///     ``Configuration/requestTimeout`` timer and the waits between attempts. Tests
    ///     inject one to see when the client waits; AsyncHTTPClient's deadlines and
    ///     `elapsedMilliseconds` always use real time.
    package init(
        configuration: Configuration = Configuration(),
        now: @escaping @Sendable () -> Double = OpenMeteoClient.systemTime,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.configuration = configuration
        self.now = now
        self.clock = clock
        var httpConfiguration = HTTPClient.Configuration(
            timeout: .init(connect: TimeAmount(configuration.connectTimeout)))
        // AsyncHTTPClient would otherwise retry a refused connection with its own backoff
        // until the request's deadline, hiding the failure for `requestTimeout`; this client
        // counts and paces its retries itself.
        httpConfiguration.connectionPool.retryConnectionEstablishment = false
        httpClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: httpConfiguration)
    }

    /// Runs `body` with a new client and shuts the client down afterwards, also when `body`
    /// throws.
    package static func withClient<T: Sendable>(
        configuration: Configuration = Configuration(),
        now: @escaping @Sendable () -> Double = OpenMeteoClient.systemTime,
        clock: any Clock<Duration> = ContinuousClock(),
        _ body: (OpenMeteoClient) async throws -> T
    ) async throws -> T {
        let client = OpenMeteoClient(configuration: configuration, now: now, clock: clock)
        do {
            let result = try await body(client)
            await client.shutdown()
            return result
        } catch {
            await client.shutdown()
            throw error
        }
    }

    /// Closes the connection pool; fetches after this fail. Call it once, when done.
    package func shutdown() async {
        // The only error is "already shut down", which leaves nothing to clean up.
        try? await httpClient.shutdown()
    }

    /// The weather for `query`, after up to ``Configuration/maxAttempts`` requests.
    ///
    /// Never throws: a failure is in the outcome's `result`, with the last HTTP status and
    /// whether it is worth asking again later. If the calling task is cancelled, the request
    /// in flight is abandoned and no further attempt is made.
    package func fetch(_ query: WeatherQuery) async -> WeatherFetchOutcome {
        // Elapsed time is real time whatever `clock` the waits run on.
        let start = ContinuousClock.now
        func outcome(_ result: Result<WeatherConditions, WeatherFetchFailure>, attempts: Int) -> WeatherFetchOutcome {
            let elapsed = start.duration(to: ContinuousClock.now)
            return WeatherFetchOutcome(
                result: result, attempts: attempts, elapsedMilliseconds: elapsed.totalMilliseconds)
        }

        let request: OpenMeteoRequest
        do {
            request = try OpenMeteoRequest(query: query, configuration: configuration, nowUnixTime: now())
        } catch {
            return outcome(.failure(error), attempts: 0)
        }

        let policy = configuration.retryPolicy
        var attempts = 0
        while true {
            attempts += 1
            let result = await attempt(request)
            guard case .failure(let failure) = result else {
                return outcome(result, attempts: attempts)
            }
            if Task.isCancelled {
                return outcome(.failure(Self.cancelled), attempts: attempts)
            }
            guard failure.isTransient, policy.allowsAttempt(after: attempts) else {
                return outcome(result, attempts: attempts)
            }
            do {
                try await clock.sleep(for: policy.randomDelay(afterAttempt: attempts))
            } catch {
                return outcome(.failure(Self.cancelled), attempts: attempts)
            }
        }
    }

    private static let cancelled = WeatherFetchFailure(message: "cancelled", isTransient: true)

    /// The most read of a non-200 body: Open-Meteo's error bodies are one short sentence.
    private static let maxErrorBodyBytes = 64 * 1024

    /// One request, bounded by ``Configuration/requestTimeout`` from sending to the last byte.
    ///
    /// AsyncHTTPClient's deadline only covers waiting for the response head, so a server that
    /// sends headers and then stalls would hang the body read; racing the exchange against a
    /// timer bounds the whole attempt.
    private func attempt(_ request: OpenMeteoRequest) async -> Result<WeatherConditions, WeatherFetchFailure> {
        let timeout = configuration.requestTimeout
        let clock = clock
        // No answer in time: to the weather service, as good as no server at all.
        let timedOut = WeatherFetchFailure(
            message: "timed out after \(DecimalText.seconds(timeout)) s", isTransient: true, serverUnreachable: true)
        return await withTaskGroup(of: Result<WeatherConditions, WeatherFetchFailure>?.self) { group in
            group.addTask { await self.exchange(request) }
            group.addTask {
                // A cancelled timer has nothing to report; the exchange reports the cancellation.
                guard (try? await clock.sleep(for: timeout)) != nil else { return nil }
                return .failure(timedOut)
            }
            for await result in group {
                if let result {
                    group.cancelAll()
                    return result
                }
            }
            return .failure(Self.cancelled)
        }
    }

    /// Sends `request` and reads its answer into conditions or a failure.
    private func exchange(_ request: OpenMeteoRequest) async -> Result<WeatherConditions, WeatherFetchFailure> {
        var httpRequest = HTTPClientRequest(url: request.url)
        httpRequest.headers.add(name: "User-Agent", value: configuration.userAgent)
        httpRequest.headers.add(name: "Accept", value: "application/json")
        let response: HTTPClientResponse
        do {
            response = try await httpClient.execute(httpRequest, timeout: TimeAmount(configuration.requestTimeout))
        } catch {
            return .failure(transportFailure(error, request))
        }
        let status = Int(response.status.code)
        guard status == 200 else {
            // The status decides; the body only adds Open-Meteo's reason, so an error page
            // that is large, cut off or slow costs at most its first bytes.
            let body = try? await response.body.collect(upTo: Self.maxErrorBodyBytes)
            return .failure(Self.httpFailure(status: status, body: body, authority: request.authority))
        }
        do {
            let body = try await response.body.collect(upTo: configuration.maxResponseBytes)
            let decoded = try OpenMeteoHourlyResponse.decode(body.readableBytesView)
            return .success(try decoded.conditions(atHourStarting: request.targetUnixTime))
        } catch {
            // The answer came, so its status is the last one even if its body is unusable.
            var failure = (error as? WeatherFetchFailure) ?? transportFailure(error, request)
            failure.httpStatus = status
            return .failure(failure)
        }
    }

    private func transportFailure(_ error: any Error, _ request: OpenMeteoRequest) -> WeatherFetchFailure {
        TransportFailure.failure(for: error, authority: request.authority, configuration: configuration)
    }

    /// The failure a non-200 answer stands for: Open-Meteo's `reason` when the body has one.
    static func httpFailure(status: Int, body: ByteBuffer?, authority: String) -> WeatherFetchFailure {
        // 429 (rate limited) and 5xx (server trouble) may pass; other statuses mean this
        // request will always be refused.
        let isTransient = status == 429 || (500...599).contains(status)
        let message =
            if let body, let errorBody = OpenMeteoErrorBody.parse(body.readableBytesView) {
                "HTTP \(status): \(errorBody.singleLineReason)"
            } else {
                "HTTP \(status) from \(authority)"
            }
        return WeatherFetchFailure(message: message, httpStatus: status, isTransient: isTransient)
    }
}
