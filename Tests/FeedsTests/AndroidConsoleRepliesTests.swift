// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
@testable import TrailcastFeeds

/// The Android console's replies after the handshake, each answering the oldest command
/// not yet answered: what the run says when the console refuses one.
@Suite("Android console replies")
struct AndroidConsoleRepliesTests {
    @Test("the first KO is the failure said, naming its command; later refusals do not replace it")
    func firstRefusalWins() {
        let replies = ConsoleReplies()
        replies.finishHandshake()
        for command in [
            "geo fix 8.5 47.3 400.0 8 0.00", "geo fix 8.6 47.3 400.0 8 0.00", "geo fix 8.7 47.3 400.0 8 0.00",
        ] {
            replies.sent(command)
        }
        replies.received("OK")
        #expect(replies.failure == nil)
        #expect(replies.unanswered == 2)
        replies.received("KO: bad satellites count")
        replies.received("KO: something else")
        #expect(
            replies.failure
                == "the Android emulator console answered 'geo fix 8.6 47.3 400.0 8 0.00' with KO: bad satellites count"
        )
        #expect(replies.unanswered == 0)
        replies.closed()
        #expect(
            replies.failure
                == "the Android emulator console answered 'geo fix 8.6 47.3 400.0 8 0.00' with KO: bad satellites count"
        )
    }

    @Test("a console that closes without refusing anything: that is the failure")
    func closedIsAFailure() {
        let replies = ConsoleReplies()
        replies.finishHandshake()
        replies.closed()
        #expect(replies.failure == "the Android emulator console closed the connection")
    }
}
