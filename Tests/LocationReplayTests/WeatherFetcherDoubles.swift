// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
import Testing
import TrailcastWeather

/// Answers every fetch at once from a script, and remembers the queries.
final class ScriptedWeatherFetcher: WeatherFetcher {
    static let drizzle = WeatherConditions(
        temperatureCelsius: 11.4, apparentTemperatureCelsius: 9.8, relativeHumidity: 88, precipitationMm: 0.3,
        cloudCover: 95, weatherCode: .lightDrizzle, windSpeedMps: 4.1, windDirectionDegrees: 230, isDay: true)

    private let answer: @Sendable (Int, WeatherQuery) -> WeatherFetchOutcome
    private let log = LockedValue<[WeatherQuery]>([])

    /// `answer` gets the call's number (0, 1, ...) and its query.
    init(answer: @escaping @Sendable (Int, WeatherQuery) -> WeatherFetchOutcome) {
        self.answer = answer
    }

    /// Always the same weather, after one attempt.
    static func alwaysDrizzle() -> ScriptedWeatherFetcher {
        ScriptedWeatherFetcher { _, _ in
            WeatherFetchOutcome(result: .success(drizzle), attempts: 1, elapsedMilliseconds: 7)
        }
    }

    /// Always a server error, after three attempts.
    static func alwaysFailing() -> ScriptedWeatherFetcher {
        ScriptedWeatherFetcher { _, _ in
            WeatherFetchOutcome(
                result: .failure(WeatherFetchFailure(message: "HTTP 500: boom", httpStatus: 500, isTransient: true)),
                attempts: 3, elapsedMilliseconds: 30)
        }
    }

    var queries: [WeatherQuery] { log.withLock { $0 } }

    func fetch(_ query: WeatherQuery) async -> WeatherFetchOutcome {
        let call = log.withLock { queries in
            queries.append(query)
            return queries.count - 1
        }
        return answer(call, query)
    }
}

/// A server that answers only when the test says so: fetches wait at a gate.
final class GatedWeatherFetcher: WeatherFetcher {
    private struct State {
        var calls = 0
        var opened = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = LockedValue(State())

    var calls: Int { state.withLock { $0.calls } }

    func fetch(_ query: WeatherQuery) async -> WeatherFetchOutcome {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let passes = state.withLock { state in
                state.calls += 1
                if state.opened { return true }
                state.waiting.append(continuation)
                return false
            }
            if passes { continuation.resume() }
        }
        return WeatherFetchOutcome(
            result: .success(ScriptedWeatherFetcher.drizzle), attempts: 1, elapsedMilliseconds: 250)
    }

    /// Lets every waiting and future fetch through.
    func open() {
        let waiting = state.withLock { state in
            state.opened = true
            defer { state.waiting.removeAll() }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Returns once `count` fetches have started. Polls with yields, never with a real sleep.
    /// Yields until the fetcher has been called `count` times; a test whose fetch never
    /// comes fails here, saying so, rather than going on as if it had.
    func waitForCalls(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        await yield(until: { calls >= count })
        if calls < count {
            Issue.record("the fetcher was called \(calls) times, not \(count)", sourceLocation: sourceLocation)
        }
    }
}

/// Yields until `condition` holds, for at most five real minutes: bounded by time, not by a
/// count of yields that a descheduled thread can outlast. The caller checks the condition.
func yield(until condition: () -> Bool) async {
    let giveUp = ContinuousClock.now.advanced(by: .seconds(300))
    while !condition() && ContinuousClock.now < giveUp {
        await Task.yield()
    }
}
