// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastTimeline

/// A live run's streams (the timeline, the weather log, the NMEA files) put in place at
/// the first flush, once the run has started and written its first moment: from then on
/// `tail -F` follows them at their paths, and a run that fails before it starts (a missing
/// route, a peer that cannot be had) leaves the old files. A run on virtual time keeps them
/// staged to its end instead (``putInPlace`` nil).
struct StreamsInPlace: TimelineRecorder {
    let putInPlace: (@Sendable () -> Void)?
    private var done = false

    init(_ putInPlace: (@Sendable () -> Void)?) {
        self.putInPlace = putInPlace
    }

    mutating func record(_ event: TimelineEvent) {}

    mutating func flush() {
        guard !done, let putInPlace else { return }
        done = true
        putInPlace()
    }
}
