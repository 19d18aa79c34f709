// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastOpenMeteo
import Testing

@Suite struct RetryPolicyTests {
    let policy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(100))

    @Test func delaysDoubleAfterEachAttempt() {
        #expect(policy.delay(afterAttempt: 1, jitter: 1) == .milliseconds(100))
        #expect(policy.delay(afterAttempt: 2, jitter: 1) == .milliseconds(200))
        #expect(policy.delay(afterAttempt: 3, jitter: 1) == .milliseconds(400))
    }

    @Test func jitterScalesWithinHalfToOneAndAHalf() {
        #expect(policy.delay(afterAttempt: 2, jitter: 0.5) == .milliseconds(100))
        #expect(policy.delay(afterAttempt: 2, jitter: 1.5) == .milliseconds(300))
        #expect(policy.delay(afterAttempt: 2, jitter: 7) == .milliseconds(300))
        #expect(policy.delay(afterAttempt: 2, jitter: -1) == .milliseconds(100))
    }

    @Test func randomDelaysStayInTheJitterRange() {
        for _ in 0..<200 {
            let delay = policy.randomDelay(afterAttempt: 1)
            #expect(delay >= .milliseconds(50) && delay <= .milliseconds(150))
        }
    }

    @Test func attemptsAreCountedFromOne() {
        #expect(policy.allowsAttempt(after: 1))
        #expect(policy.allowsAttempt(after: 2))
        #expect(!policy.allowsAttempt(after: 3))
        #expect(RetryPolicy(maxAttempts: 0, baseDelay: .zero).maxAttempts == 1)
    }

    @Test func hugeAttemptNumbersDoNotOverflow() {
        #expect(policy.delay(afterAttempt: 1000, jitter: 1) == .milliseconds(100) * (1 << 30))
    }

    @Test func configurationDescribesThePolicy() {
        let configuration = OpenMeteoClient.Configuration(maxAttempts: 5, retryBaseDelay: .milliseconds(10))
        #expect(configuration.retryPolicy == RetryPolicy(maxAttempts: 5, baseDelay: .milliseconds(10)))
    }
}
