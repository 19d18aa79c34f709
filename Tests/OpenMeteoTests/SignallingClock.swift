// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// Real time that reports each `sleep` as it begins: the client's request timer is its first
/// sleep in an attempt, a wait between attempts the next, so a test can act at either moment
/// without sleeping itself.
struct SignallingClock: Clock {
    typealias Duration = Swift.Duration
    typealias Instant = ContinuousClock.Instant

    private let base = ContinuousClock()
    /// Yields the 1-based number of each sleep as it starts.
    let sleeps: AsyncStream<Int>
    private let continuation: AsyncStream<Int>.Continuation
    private let counter = SleepCounter()

    init() {
        (sleeps, continuation) = AsyncStream.makeStream(of: Int.self)
    }

    var now: Instant { base.now }
    var minimumResolution: Duration { base.minimumResolution }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        continuation.yield(counter.next())
        try await base.sleep(until: deadline, tolerance: tolerance)
    }
}

/// A thread-safe count of sleeps.
final class SleepCounter: Sendable {
    private let count = LockedValue(0)

    func next() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }
}
