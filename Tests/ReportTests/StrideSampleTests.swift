// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing

@testable import TrailcastReport

/// The report's bounded sample of a long run's fixes and markers: every `stride`-th item,
/// the stride doubled (every other kept item dropped) when full, so that what stays is an even
/// sample that always starts with the run's first item.
@Suite("An even sample of a stream of any length")
struct StrideSampleTests {
    @Test func belowCapacityEveryItemIsKept() {
        var sample = StrideSample<Int>(capacity: 8)
        for item in 0..<7 { sample.add(item) }
        #expect(sample.items == Array(0..<7))
        #expect(sample.seen == 7)
    }

    @Test func whenFullEveryOtherIsDroppedFromTheFirstOn() {
        var sample = StrideSample<Int>(capacity: 4)
        for item in 0..<4 { sample.add(item) }
        // Full at four: the even positions stay, the first item among them.
        #expect(sample.items == [0, 2])
        for item in 4..<16 { sample.add(item) }
        // Stride 2 until full again (0, 2, 4, 6: then 0, 4), stride 4 on (8, 12: full, 0, 8).
        #expect(sample.items == [0, 8])
        for item in 16..<40 { sample.add(item) }
        #expect(sample.items == [0, 16, 32])
        #expect(sample.seen == 40)
    }

    @Test func aCapacityBelowTwoIsTwo() {
        var sample = StrideSample<Int>(capacity: 0)
        for item in 0..<5 { sample.add(item) }
        #expect(sample.capacity == 2)
        // Two is full at once: the first item is all that stays, whatever follows.
        #expect(sample.items == [0])
    }
}
