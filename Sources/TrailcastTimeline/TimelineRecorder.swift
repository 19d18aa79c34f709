// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// Where a replay writes its timeline: a file in some format, a test's array, a UI.
package protocol TimelineRecorder {
    /// Takes the next event. Events arrive in order, `start` first and `end` last.
    mutating func record(_ event: TimelineEvent) throws
    /// Makes everything recorded so far visible to readers; called before every
    /// real-time wait and at the end.
    mutating func flush() throws
}

/// Keeps every event in memory: for tests and for small routes driven from code.
package struct TimelineCollector: TimelineRecorder, Sendable {
    package private(set) var events: [TimelineEvent] = []
    /// How many times ``flush()`` was called, and how many events had arrived by then.
    package private(set) var flushedEventCounts: [Int] = []

    package init() {}

    package mutating func record(_ event: TimelineEvent) {
        events.append(event)
    }

    package mutating func flush() {
        flushedEventCounts.append(events.count)
    }
}
