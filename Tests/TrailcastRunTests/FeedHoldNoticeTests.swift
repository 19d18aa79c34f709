// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
@testable import TrailcastRun

/// `--browser-hold`'s line as the hold begins: how long, spelt as the flag takes it
/// (BrowserHoldTests runs the hold itself in a browser, until Ctrl-C).
@Suite("the feeds' hold, announced")
struct FeedHoldNoticeTests {
    @Test(
        "a hold of N is announced as N, to the millisecond; 0 is until Ctrl-C",
        arguments: [
            (Duration.seconds(600), "for 10m (Ctrl-C ends it sooner)"),
            (.seconds(5400), "for 1h30m (Ctrl-C ends it sooner)"),
            (.milliseconds(90_500), "for 1m30.5s (Ctrl-C ends it sooner)"),
            (.milliseconds(250), "for 250ms (Ctrl-C ends it sooner)"),
            (.zero, "until Ctrl-C"),
        ])
    func notice(hold: Duration, ending: String) {
        #expect(
            FeedSession.holdNotice(for: hold)
                == "trailcast: the run has ended; the feeds keep the last position and permission " + ending)
    }
}
