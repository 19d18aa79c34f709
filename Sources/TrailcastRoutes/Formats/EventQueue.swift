// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// The events a reader has made ahead of handing them out, first in, first out: what one
/// step of reading (a message, a token) produced, kept until `next()` takes them.
struct EventQueue {
    private var events: [RouteEvent] = []
    private var head = 0

    mutating func append(_ event: RouteEvent) {
        events.append(event)
    }

    /// The oldest event, or nil when none waits.
    mutating func next() -> RouteEvent? {
        guard head < events.count else {
            if head > 0 {
                events.removeAll(keepingCapacity: true)
                head = 0
            }
            return nil
        }
        defer { head += 1 }
        return events[head]
    }

    mutating func removeAll() {
        events.removeAll()
        head = 0
    }
}
