// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// The simulation's present, for code on other tasks that must follow the virtual clock
/// (a local weather server answering "now" and "today", an app's timer on
/// ``SimulationClock``): a simulation is used from the test's own task, this reading from
/// anywhere.
public final class SimulatedTimeReading: Sendable {
    private struct State {
        var start = Timestamp(secondsSince1970: 0)
        var now = Timestamp(secondsSince1970: 0)
        var sleepers: [Int: Sleeper] = [:]
        /// Sleepers cancelled before they were registered: they must not be.
        var cancelledBeforeRegistration: Set<Int> = []
        var nextSleeper = 0
        var ended = false
    }

    private struct Sleeper {
        let deadline: Timestamp
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let state = LockedValue(State())

    /// A reading that stays at 1970-01-01T00:00:00Z: only a simulation moves one, so read a
    /// simulation's `reading` instead.
    public init() {}

    /// The simulated present.
    public var now: Timestamp { state.withLock { $0.now } }

    /// The simulated present as time since the route's first fix (offset 0).
    var offset: Duration { state.withLock { $0.now.duration(since: $0.start) } }

    func begin(at start: Timestamp) {
        state.withLock {
            $0.start = start; $0.now = start
        }
    }

    /// Moves the present to `timestamp` and wakes every sleeper whose deadline it reached.
    func set(_ timestamp: Timestamp) {
        let woken = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.now = timestamp
            let due = state.sleepers.filter { $0.value.deadline <= timestamp }
            for id in due.keys { state.sleepers[id] = nil }
            return due.sorted { $0.value.deadline < $1.value.deadline }.map(\.value.continuation)
        }
        for continuation in woken { continuation.resume() }
    }

    /// The simulation ended: no deadline still ahead will come, so its sleepers are woken
    /// with `CancellationError`, as a task cancelled at the end of a test would be.
    func end() {
        let woken = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.ended = true
            defer { state.sleepers.removeAll() }
            return state.sleepers.values.map(\.continuation)
        }
        for continuation in woken { continuation.resume(throwing: CancellationError()) }
    }

    /// Suspends until the simulated present reaches `deadline` (at once if it has).
    func sleep(until deadline: Timestamp) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state in
            defer { state.nextSleeper += 1 }
            return state.nextSleeper
        }
        // A cancellation after the sleeper was woken marks it too; the handler cannot run
        // once this call returns, so forgetting the mark here leaves none behind.
        defer { _ = state.withLock { $0.cancelledBeforeRegistration.remove(id) } }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Outcome { case sleeps, due, cancelled }
                let outcome = state.withLock { state -> Outcome in
                    if state.cancelledBeforeRegistration.remove(id) != nil || state.ended { return .cancelled }
                    if deadline <= state.now { return .due }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return .sleeps
                }
                switch outcome {
                case .sleeps: break
                case .due: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let sleeper = state.sleepers.removeValue(forKey: id) else {
                    state.cancelledBeforeRegistration.insert(id)
                    return nil
                }
                return sleeper
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }
}

extension Timestamp {
    /// The exact time from `other` to this instant.
    func duration(since other: Timestamp) -> Duration {
        .seconds(secondsSince1970 - other.secondsSince1970)
            + .nanoseconds(Int64(nanoseconds) - Int64(other.nanoseconds))
    }

    /// This instant moved by `duration`, to the nanosecond.
    func advanced(by duration: Duration) -> Timestamp {
        let (seconds, attoseconds) = duration.components
        return Timestamp(
            secondsSince1970: secondsSince1970 + seconds,
            nanoseconds: nanoseconds + Int32(attoseconds / 1_000_000_000))
    }
}
