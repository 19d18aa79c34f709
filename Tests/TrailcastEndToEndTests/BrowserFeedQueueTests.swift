// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
@testable import TrailcastFeeds

/// What the browser feed queues for the browser, without a browser.
@Suite("The browser feed's queue")
struct BrowserFeedQueueTests {
    @Test(
        "every fix is sent, a loss once; once the browser has gone nothing is queued (a long run after a quitting browser once filled the queue and warned of a slow browser)"
    )
    func sendsAndStops() {
        let tracker = EpochTracker()
        #expect(tracker.shouldSend(hasFix: true) && tracker.shouldSend(hasFix: true))
        #expect(tracker.shouldSend(hasFix: false), "the loss, once")
        #expect(!tracker.shouldSend(hasFix: false), "not again while it lasts")
        #expect(tracker.shouldSend(hasFix: true))
        tracker.connectionEnded()
        #expect(!tracker.isConnected)
        #expect(!tracker.shouldSend(hasFix: true) && !tracker.shouldSend(hasFix: false))
    }
}
