// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics
@testable import TrailcastRoutes

/// The queue a KML track's times and a GeoJSON feature's positions wait in.
@Suite("SpillQueue: first in, first out, in bounded memory")
struct SpillQueueTests {
    @Test("100,000 in, then out: the same order, through the file, never more than two blocks in memory")
    func throughTheFile() {
        var queue = SpillQueue<SpilledTime>()
        var most = 0
        for second in 0..<100_000 {
            queue.append(SpilledTime(Timestamp(secondsSince1970: Int64(second))))
            most = max(most, queue.elementsInMemory)
        }
        #expect(queue.count == 100_000)
        for second in 0..<100_000 {
            guard queue.removeFirst()?.time == Timestamp(secondsSince1970: Int64(second)) else {
                Issue.record("element \(second) out of order")
                return
            }
            most = max(most, queue.elementsInMemory)
        }
        #expect(queue.removeFirst() == nil)
        #expect(most <= 2 * SpillQueue<SpilledTime>.memoryLimit)
        #expect(queue.failure == nil)
    }

    /// Found by review: in turn, the queue was never empty when asked, and memory only grew.
    @Test("in turn with a backlog (a KML track's <when> and <gx:coord> interleaved): memory stays bounded")
    func inTurn() {
        var queue = SpillQueue<SpilledTime>()
        queue.append(SpilledTime(nil))
        var most = 0
        for second in 0..<200_000 {
            queue.append(SpilledTime(Timestamp(secondsSince1970: Int64(second))))
            _ = queue.removeFirst()
            most = max(most, queue.elementsInMemory)
        }
        #expect(queue.count == 1)
        #expect(queue.removeFirst()?.time == Timestamp(secondsSince1970: 199_999))
        #expect(most <= SpillQueue<SpilledTime>.memoryLimit + 1)
    }
}
