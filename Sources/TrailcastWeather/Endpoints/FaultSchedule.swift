// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// The faults chosen for one weather request.
package struct RequestFaults: Sendable, Equatable {
    package var rateLimited = false
    package var latency: Duration = .zero
    package var timeout = false
    package var fail = false
    package var malformed = false
}

/// Decides each weather request's faults, in arrival order, from one seeded generator and
/// a sliding 60 s window of answered requests.
///
/// One lock covers both, so two requests arriving together still take the draws in a
/// single order and the same seed replays the same faults.
package final class FaultSchedule: Sendable {
    private struct State {
        var random: SplitMix64
        /// When the requests counted against the rate limit arrived, oldest first.
        var recentRequests: [ContinuousClock.Instant] = []
    }

    private let faults: WeatherServerFaults
    private let state: LockedValue<State>

    /// The rate limit's window: Open-Meteo's limit is per minute.
    static let rateLimitWindow = Duration.seconds(60)

    package init(_ faults: WeatherServerFaults) {
        self.faults = faults
        state = LockedValue(State(random: SplitMix64(seed: faults.seed)))
    }

    /// The faults of the request that arrived at `instant`.
    package func next(at instant: ContinuousClock.Instant) -> RequestFaults {
        state.withLock { state in
            // Always three draws, whatever the rates, so changing one rate does not shift
            // which requests the others hit.
            let timeoutDraw = state.random.nextUnit()
            let failDraw = state.random.nextUnit()
            let malformedDraw = state.random.nextUnit()

            if let limit = faults.rateLimitPerMinute {
                let windowStart = instant - Self.rateLimitWindow
                state.recentRequests.removeAll { $0 <= windowStart }
                // A refused request is not counted: a client that backs off recovers a
                // minute after its last answered request.
                if state.recentRequests.count >= limit {
                    return RequestFaults(rateLimited: true)
                }
                state.recentRequests.append(instant)
            }
            return RequestFaults(
                latency: faults.latency,
                timeout: timeoutDraw < faults.timeoutRate,
                fail: failDraw < faults.failRate,
                malformed: malformedDraw < faults.malformedRate)
        }
    }
}
