// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastFeeds

/// A live feed needs real time: refused on virtual time (`--speed 0`, the default) in its
/// flag's words, and taken at any real-time pace, slower than real time included.
@Suite("Which paces a live feed takes")
struct FeedRealTimeTests {
    @Test func virtualTimeIsRefusedInTheFlagsWords() {
        #expect(
            NMEAFeedRequest(.tcp, host: "127.0.0.1", port: 0).problem(speed: 0)
                == "--nmea tcp:// and udp:// feed a live consumer and need real time: add --speed N (1 is real time)")
    }

    @Test(arguments: [0.25, 0.5, 1, 60])
    func anyRealTimePaceIsTaken(speed: Double) {
        #expect(NMEAFeedRequest(.udp, host: "127.0.0.1", port: 10110).problem(speed: speed) == nil)
    }
}
