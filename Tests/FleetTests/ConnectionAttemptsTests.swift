// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing

@testable import TrailcastFeeds

/// When a link tries again after its connection closed without the server's word: at once
/// after a connection that answered (a server closing it idle, as nginx does after its
/// keepalive_timeout), after a growing backoff after one that answered nothing. On its own,
/// since the difference is only when the next attempt starts.
@Suite("Connection attempts")
struct ConnectionAttemptsTests {
    @Test("closed after answering, once or many times: the next attempt at once, no backoff", arguments: [1, 2, 50])
    func closedAfterAnswers(answers: Int) {
        var attempts = ConnectionAttempts()
        let next = attempts.closed(afterAnswers: answers)
        #expect(next == nil)
    }

    @Test(
        "closed without an answer: a backoff that grows by one failure each time in a row, and starts again after a success"
    )
    func closedUnanswered() {
        var attempts = ConnectionAttempts()
        let first = attempts.closed(afterAnswers: 0)
        let second = attempts.closed(afterAnswers: 0)
        #expect(first == 1 && second == 2)
        let began = attempts.begin(connected: false)
        #expect(began)
        attempts.succeeded()
        let afterSuccess = attempts.closed(afterAnswers: 0)
        #expect(afterSuccess == 1)
        #expect(attempts.counts(open: false).failedAttempts == 0, "it connected: no failed attempt")
    }
}
