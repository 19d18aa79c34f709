// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// The fleet's devices by when each is next due: a binary min-heap of (moment, device),
/// so that equal moments come in device order and a run is the same on every machine.
struct DueQueue: Sendable {
    struct Entry: Sendable, Comparable {
        /// Nanoseconds since the run's start.
        var dueNanoseconds: Int64
        /// The device's place in the fleet's array.
        var device: Int32

        static func < (left: Entry, right: Entry) -> Bool {
            (left.dueNanoseconds, left.device) < (right.dueNanoseconds, right.device)
        }
    }

    private var heap: [Entry] = []

    init(capacity: Int) { heap.reserveCapacity(capacity) }

    var first: Entry? { heap.first }
    var count: Int { heap.count }

    mutating func insert(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child] < heap[parent] else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Replaces the first entry (the one just handled) with the same device's next moment:
    /// one sift instead of a removal and an insertion.
    mutating func replaceFirst(with entry: Entry) {
        heap[0] = entry
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { break }
            let right = left + 1
            var smallest = left
            if right < heap.count && heap[right] < heap[left] { smallest = right }
            guard heap[smallest] < heap[parent] else { break }
            heap.swapAt(smallest, parent)
            parent = smallest
        }
    }
}
