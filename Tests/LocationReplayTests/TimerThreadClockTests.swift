// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import TrailcastEngine
import TrailcastBasics
import Testing

/// The clock a paced replay runs on: a dedicated thread wakes each sleeper at its deadline.
@Suite("TimerThreadClock", .timeLimit(.minutes(15)))
struct TimerThreadClockTests {
    /// When each sleeper woke, next to its deadline.
    final class WakeLog: Sendable {
        let entries = LockedValue<[(deadline: ContinuousClock.Instant, at: ContinuousClock.Instant)]>([])
    }

    let clock = TimerThreadClock()

    @Test("a sleep never returns before its deadline")
    func notBeforeTheDeadline() async throws {
        for milliseconds in [0, 1, 5, 20] {
            let deadline = clock.now.advanced(by: .milliseconds(milliseconds))
            try await clock.sleep(until: deadline)
            #expect(clock.now >= deadline)
        }
        // A deadline already past returns at once.
        try await clock.sleep(until: clock.now.advanced(by: .seconds(-1)))
    }

    @Test("many sleepers at once each wake at or after their own deadline")
    func manySleepers() async throws {
        let start = clock.now
        let woken = WakeLog()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                let deadline = start.advanced(by: .milliseconds((index * 7) % 40))
                group.addTask {
                    try await clock.sleep(until: deadline)
                    let now = clock.now
                    woken.entries.withLock { $0.append((deadline, now)) }
                }
            }
            try await group.waitForAll()
        }
        let all = woken.entries.withLock { $0 }
        #expect(all.count == 50)
        #expect(all.allSatisfy { $0.at >= $0.deadline })
    }

    @Test("a cancelled sleep throws CancellationError without waiting for its deadline")
    func cancellation() async throws {
        let sleeper = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(3600))) }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }

        let alreadyCancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(until: clock.now.advanced(by: .seconds(3600)))
        }
        await #expect(throws: CancellationError.self) { try await alreadyCancelled.value }
        // The thread goes on serving the sleepers after.
        let deadline = clock.now.advanced(by: .milliseconds(2))
        try await clock.sleep(until: deadline)
        #expect(clock.now >= deadline)
    }
}

/// A paced run lives on the timer thread (`TimerThreadClock.onTimerThread`): its wake-ups
/// must not wait for a thread of the cooperative pool, which the live server's requests may
/// hold (issue 40, the hundred live pages).
@Suite("TimerThreadClock.onTimerThread", .timeLimit(.minutes(15)))
struct OnTimerThreadTests {
    let clock = TimerThreadClock()

    @Test("a sleep on the timer thread wakes while every thread of the cooperative pool is busy")
    func wakesPastABusyPool() async throws {
        let poolWidth = ProcessInfo.processInfo.activeProcessorCount
        let started = LockedValue(0)
        let released = LockedValue(false)
        let gaveUp = LockedValue(0)
        let (wokeWhileHeld, holding) = try await TimerThreadClock.onTimerThread { () async throws -> (Bool, Int) in
            // Each holder keeps a pool thread running (spinning, so that the runtime does
            // not count it blocked and add a thread) until released, or for 60 s at most (a
            // passing run releases them at once; under ThreadSanitizer, beside the other
            // suites, the whole test took 23 s).
            for _ in 0..<poolWidth {
                Task.detached {
                    started.withLock { $0 += 1 }
                    let giveUpAt = ContinuousClock.now.advanced(by: .seconds(60))
                    while !released.withLock({ $0 }) {
                        if ContinuousClock.now > giveUpAt {
                            gaveUp.withLock { $0 += 1 }
                            return
                        }
                    }
                }
            }
            // Every pool thread held (other suites' tasks may hold some first: wait for them).
            let allStartedBy = ContinuousClock.now.advanced(by: .seconds(120))
            while started.withLock({ $0 }) < poolWidth && ContinuousClock.now < allStartedBy { sched_yield() }
            let holding = started.withLock { $0 }
            try await clock.sleep(until: clock.now.advanced(by: .milliseconds(20)))
            // Here before any holder gave up: the wake-up did not need a pool thread.
            let wokeWhileHeld = gaveUp.withLock { $0 } == 0
            released.withLock { $0 = true }
            return (wokeWhileHeld, holding)
        }
        #expect(holding == poolWidth)
        #expect(wokeWhileHeld)
    }
}
