// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastDevice
import TrailcastRoutes
@testable import TrailcastEngine
import Testing
import TrailcastBasics
import TrailcastSettings

/// The reader thread ahead of the replay: bounded, and the same fixes as reading in line.
@Suite struct RouteReadAheadTests {
    static let pointCount = 20_000
    static let batchSize = 256

    /// A point a second, on a line: the reader makes fixes far faster than a session uses
    /// them, the shape of a long interpolated leg.
    static func stream() -> RouteFixStream {
        let points = (0..<pointCount).map { index in
            RoutePoint(
                latitude: 48 + Double(index) * 1e-5, longitude: 11,
                time: Timestamp(secondsSince1970: 1_800_000_000 + Int64(index)))
        }
        return RouteFixStream(points: points, configuration: ReplayConfiguration(source: .track))
    }

    /// Found by fuzzing (`Fuzz/Crashes/replay/oom-*`): taken batches stayed in the queue
    /// until the consumer had emptied it, which a reader that stays ahead never lets
    /// happen, so a long leg piled up every batch it read (hundreds of MB).
    @Test func aReaderAheadOfTheReplayHoldsAtMostItsCapacity() throws {
        let route = RouteReadAhead(Self.stream(), batchSize: Self.batchSize)
        defer { route.stop() }
        for _ in 0..<40 {
            route.waitUntilReaderIsAhead()
            #expect(route.waitingBatchCount == RouteReadAhead.capacity)
            var batch = try #require(route.next(shouldGiveUp: { false }))
            #expect(batch.fixes.count == Self.batchSize)
            route.recycle(&batch.fixes)
        }
    }

    @Test func givesTheStreamsFixesInOrderAndEndsOnce() throws {
        var inLine = Self.stream()
        var expected: [RouteFix] = []
        while try inLine.fill(&expected, upTo: expected.count + Self.batchSize) {}

        let route = RouteReadAhead(Self.stream(), batchSize: Self.batchSize)
        defer { route.stop() }
        var fixes: [RouteFix] = []
        while true {
            var batch = try #require(route.next(shouldGiveUp: { false }))
            #expect(batch.error == nil)
            fixes += batch.fixes
            let ended = batch.ended
            route.recycle(&batch.fixes)
            if ended { break }
        }
        #expect(fixes.count == Self.pointCount)
        #expect(fixes == expected)
    }
}
