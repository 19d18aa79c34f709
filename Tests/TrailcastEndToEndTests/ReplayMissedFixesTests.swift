// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing

/// `missed`: every device epoch the app did not get, gathered in stretches with a reason,
/// so that the fixes delivered and the fixes missed add up to the device's epochs.
@Suite("Missed fixes in the timeline")
struct ReplayMissedFixesTests {
    static let walk = "gpx/sf-waterfront-walk.gpx"

    static func missed(_ timeline: ReplayTimeline) -> [OrderedJSON] { timeline.events(ofType: "missed") }

    /// Delivered plus missed is every epoch of the walk (1,840 points, one fix each).
    static func expectEveryEpochAccountedFor(
        _ timeline: ReplayTimeline, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let missedFixes = missed(timeline).compactMap { $0["fixes"]?.intValue }.reduce(0, +)
        #expect(timeline.locations.count + missedFixes == 1840, sourceLocation: sourceLocation)
    }

    @Test("denied: one stretch, every fix, not authorized, its path from the route's first point to its last")
    func denied() async throws {
        let timeline = try await ReplayTimeline.run(Self.walk, ["--prompt", "deny", "--weather", "none"])
        let missed = Self.missed(timeline)
        try #require(missed.count == 1)
        #expect(missed[0]["reason"] == .string("notAuthorized"))
        #expect(missed[0]["fixes"]?.intValue == 1840)
        #expect(missed[0]["since"]?.doubleValue == 0)
        #expect(missed[0]["until"]?.doubleValue == 5166)
        #expect(missed[0]["offset"]?.doubleValue == 5166, "said at the end, just before `end`")
        #expect(timeline.types.suffix(2) == ["missed", "end"])
        let path = try #require(missed[0]["path"]?.arrayValue)
        #expect(
            path.count == 59, "thinned to at most 64 points (every 32nd of 1840 epochs, and the last): \(path.count)")
        #expect(path.first == .array([.number("37.795403"), .number("-122.394253")]))
        #expect(path.last == .array([.number("37.804206"), .number("-122.461537")]), "the last trkpt")
        Self.expectEveryEpochAccountedFor(timeline)
    }

    @Test("--distance-filter 50: a stretch before each delivered fix but the first, each said just before it")
    func distanceFilter() async throws {
        let timeline = try await ReplayTimeline.run(Self.walk, ["--distance-filter", "50", "--weather", "none"])
        let missed = Self.missed(timeline)
        #expect(missed.count == 129)
        #expect(missed.allSatisfy { $0["reason"] == .string("distanceFilter") })
        for (index, type) in timeline.types.enumerated() where type == "missed" && index + 1 < timeline.types.count - 1
        {
            #expect(timeline.types[index + 1] == "location")
            #expect(timeline.events[index + 1]["offset"] == timeline.events[index]["offset"])
        }
        Self.expectEveryEpochAccountedFor(timeline)
    }

    @Test("background, reduced accuracy and a revocation each give their reason, in order")
    func reasons() async throws {
        let timeline = try await ReplayTimeline.run(
            Self.walk,
            [
                "--event", "10m:app=background", "--event", "20m:app=foreground",
                "--event", "30m:accuracy=reduced", "--event", "50m:accuracy=full",
                "--event", "70m:authorization=denied", "--weather", "none",
            ])
        let reasons = Self.missed(timeline).compactMap { $0["reason"]?.stringValue }
        // Reduced accuracy is two stretches, split by its fix 15 minutes in (2703 s).
        #expect(reasons == ["background", "reducedAccuracy", "reducedAccuracy", "notAuthorized"])
        let background = try #require(Self.missed(timeline).first)
        #expect(background["since"]?.doubleValue == 600)
        #expect(background["until"]?.doubleValue == 1197, "the last epoch before the foreground at 1200 s")
        Self.expectEveryEpochAccountedFor(timeline)
    }

    @Test("every fix delivered: no missed line at all")
    func none() async throws {
        let timeline = try await ReplayTimeline.run(Self.walk, ["--weather", "none"])
        #expect(Self.missed(timeline).isEmpty)
    }
}
