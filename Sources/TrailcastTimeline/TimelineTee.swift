// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// Sends every event to two recorders: a timeline and, say, a weather log beside it.
package struct TimelineTee<First: TimelineRecorder, Second: TimelineRecorder>: TimelineRecorder {
    package var first: First
    package var second: Second

    package init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    package mutating func record(_ event: TimelineEvent) throws {
        try first.record(event)
        try second.record(event)
    }

    package mutating func flush() throws {
        try first.flush()
        try second.flush()
    }
}
