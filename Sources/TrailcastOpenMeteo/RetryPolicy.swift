// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// How many times to ask and how long to wait in between: exponential backoff with jitter.
///
/// The wait before attempt `n + 1` is `baseDelay × 2^(n−1) × jitter`, with `jitter` drawn
/// from 0.5...1.5 so that many clients failing together do not retry in lockstep. With the
/// defaults (3 attempts, 100 ms) a fetch waits about 100 ms, then 200 ms.
///
/// ```swift
/// let policy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(100))
/// policy.delay(afterAttempt: 2, jitter: 1)  // 200 ms
/// ```
package struct RetryPolicy: Sendable, Equatable {
    /// The jitter factors a delay is scaled by.
    package static let jitterRange: ClosedRange<Double> = 0.5...1.5

    /// Requests per fetch, the first included; at least 1.
    package let maxAttempts: Int
    /// The nominal wait after the first attempt.
    package let baseDelay: Duration

    /// A policy of `maxAttempts` requests (values below 1 mean 1) with waits from `baseDelay`.
    package init(maxAttempts: Int, baseDelay: Duration) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = max(.zero, baseDelay)
    }

    /// Whether another request may follow `attempts` requests that failed transiently.
    package func allowsAttempt(after attempts: Int) -> Bool {
        attempts < maxAttempts
    }

    /// The wait after attempt `attempt` (1-based) failed, before the next.
    ///
    /// - Parameter jitter: The random factor, clamped to ``jitterRange``; the client draws it
    ///   uniformly, tests pass it to get exact values.
    package func delay(afterAttempt attempt: Int, jitter: Double) -> Duration {
        let clampedJitter = min(max(jitter, Self.jitterRange.lowerBound), Self.jitterRange.upperBound)
        // The exponent is capped so that a very large attempt number cannot overflow Duration.
        let doublings = min(max(attempt - 1, 0), 30)
        return baseDelay * (Double(1 << doublings) * clampedJitter)
    }

    /// ``delay(afterAttempt:jitter:)`` with a uniformly random jitter.
    package func randomDelay(afterAttempt attempt: Int) -> Duration {
        delay(afterAttempt: attempt, jitter: Double.random(in: Self.jitterRange))
    }
}
