// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastTimeline

/// Records a run's timeline into an ``EventJournal`` as Server-Sent Events: each event's
/// JSON Lines object as its `data:`, its type as `event:`, its place in the run (1 for
/// `start`) as `id:`.
///
/// Events are written to the journal on every flush, which a paced run does before each
/// wait: a live reader gets each event when it happens.
package struct LiveEventRecorder: TimelineRecorder {
    private let journal: EventJournal
    private var format = JSONLinesTimelineFormat()
    private var line: [UInt8] = []
    private var pending: [UInt8] = []
    private var pendingStarts: [Int] = []
    private var nextID = 1

    package init(journal: EventJournal) {
        self.journal = journal
    }

    package mutating func record(_ event: TimelineEvent) throws {
        line.removeAll(keepingCapacity: true)
        format.append(event, to: &line)
        if line.last == 0x0A { line.removeLast() }
        pendingStarts.append(pending.count)
        pending.append(contentsOf: "id: \(nextID)\nevent: \(event.kind.typeName)\ndata: ".utf8)
        pending.append(contentsOf: line)
        pending.append(contentsOf: [0x0A, 0x0A])
        nextID += 1
        if pending.count >= 64 * 1024 { try flush() }
    }

    package mutating func flush() throws {
        guard !pending.isEmpty else { return }
        try journal.append(pending, eventStarts: pendingStarts)
        pending.removeAll(keepingCapacity: true)
        pendingStarts.removeAll(keepingCapacity: true)
    }
}
