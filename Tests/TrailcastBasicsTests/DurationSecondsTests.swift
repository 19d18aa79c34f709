// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics

@Suite("Durations as seconds")
struct DurationSecondsTests {
    @Test func secondsAndMilliseconds() {
        #expect(Duration.milliseconds(1500).totalSeconds == 1.5)
        #expect(Duration.seconds(-2).totalSeconds == -2)
        #expect(Duration.milliseconds(250).totalMilliseconds == 250)
        #expect(abs(Duration.nanoseconds(1).totalSeconds - 1e-9) < 1e-24)
    }
}
