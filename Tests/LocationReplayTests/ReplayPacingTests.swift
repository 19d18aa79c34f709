// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Clocks
import TrailcastEngine
import TrailcastBasics
import Testing
import TrailcastCoreLocation
import TrailcastSettings
import TrailcastTimeline
import TrailcastDevice

/// Real-time runs on a `TestClock`: the run sleeps until `start + offset / speed`, and
/// the test moves the clock by hand and looks at the timeline while the run waits.
///
/// Speeds are powers of two and offsets whole seconds, so every deadline is an exact
/// `Duration` and advancing to it wakes the run exactly there.
@Suite("Replay pacing on a test clock")
struct ReplayPacingTests {
    /// Fixes at 0, 10, 20 and 30 s; the app is allowed from the start.
    static let fourFixes = GPX.segment([
        GPX.point(0, seconds: 0), GPX.point(1, seconds: 10), GPX.point(2, seconds: 20), GPX.point(3, seconds: 30),
    ])

    @Test func eventsAppearOnlyWhenTheirMomentComesAndAreFlushedBeforeEachWait() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(Self.fourFixes)
        let clock = TestClock()
        let timeline = SharedTimeline()
        let speed = 2.0
        let replay = Replay(
            file: path,
            configuration: withoutWeather(
                ReplayConfiguration(
                    speed: speed, location: .init(initialStatus: .authorizedWhenInUse),
                    events: [try ScheduledEvent(parsing: "25s:authorization=denied")])))
        let run = Task { try await timeline.run(replay, clock: clock) }

        /// Nothing later than `elapsed * speed` has been recorded.
        func expectNothingAhead(ofWallSeconds elapsed: Double, _ comment: Comment) {
            #expect(timeline.events.allSatisfy { $0.offsetSeconds <= elapsed * speed }, comment)
        }

        // Launch and the fix at 0 s, then a flush and a wait for the fix at 10 s (5 s of wall time).
        try await clock.waitUntilSleeping()
        #expect(timeline.outline == ["start@0.0", "authorization@0.0", "location@0.0"])
        #expect(timeline.flushedEventCounts == [3])
        expectNothingAhead(ofWallSeconds: 0, "before the clock moves")

        await clock.advance(by: .milliseconds(4_999))
        try await clock.waitUntilSleeping()
        #expect(timeline.outline.count == 3, "the fix at 10 s waits for 5 s")
        #expect(timeline.flushedEventCounts == [3])
        expectNothingAhead(ofWallSeconds: 4.999, "at 4.999 s")

        await clock.advance(by: .milliseconds(1))
        try await clock.waitUntilNextSleep(afterFlushes: 2, of: timeline)
        #expect(timeline.outline == ["start@0.0", "authorization@0.0", "location@0.0", "location@10.0"])
        #expect(timeline.flushedEventCounts == [3, 4], "flushed before waiting for the fix at 20 s")
        expectNothingAhead(ofWallSeconds: 5, "at 5 s")

        // The fix at 20 s (10 s), then the event at 25 s (12.5 s).
        await clock.advance(by: .seconds(5))
        try await clock.waitUntilNextSleep(afterFlushes: 3, of: timeline)
        #expect(timeline.outline.suffix(1) == ["location@20.0"])
        #expect(timeline.flushedEventCounts == [3, 4, 5])
        expectNothingAhead(ofWallSeconds: 10, "at 10 s")

        await clock.advance(by: .seconds(2))
        try await clock.waitUntilSleeping()
        #expect(timeline.outline.count == 5, "the event at 25 s waits until 12.5 s")
        expectNothingAhead(ofWallSeconds: 12, "at 12 s")

        await clock.advance(by: .milliseconds(500))
        try await clock.waitUntilNextSleep(afterFlushes: 4, of: timeline)
        #expect(timeline.outline.suffix(3) == ["authorization@25.0", "alert@25.0", "locationError@25.0"])
        #expect(timeline.flushedEventCounts == [3, 4, 5, 8], "flushed before waiting for the fix at 30 s")
        expectNothingAhead(ofWallSeconds: 12.5, "at 12.5 s")

        // The fix at 30 s (15 s) reaches a denied app: nothing but the end.
        await clock.advance(by: .milliseconds(2_500))
        let summary = try await run.value
        #expect(timeline.outline.suffix(2) == ["missed@30.0", "end@30.0"], "the fix at 30 s, missed")
        #expect(timeline.flushedEventCounts == [3, 4, 5, 8, 10], "the end is flushed too")
        #expect(summary.locations == 3)
        #expect(summary.simulatedSeconds == 30)
        #expect(!summary.interrupted)
        #expect(timeline.events.last?.kind == .end(summary))
    }

    @Test func aFasterSpeedWaitsProportionallyLess() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(Self.fourFixes)
        let clock = TestClock()
        let timeline = SharedTimeline()
        let replay = Replay(
            file: path,
            configuration: withoutWeather(
                ReplayConfiguration(
                    speed: 8, location: .init(initialStatus: .authorizedWhenInUse))))
        let run = Task { try await timeline.run(replay, clock: clock) }

        try await clock.waitUntilSleeping()
        // 10 simulated seconds at 8x: 1.25 s.
        await clock.advance(by: .milliseconds(1_249))
        try await clock.waitUntilSleeping()
        #expect(timeline.outline.count == 3)
        await clock.advance(by: .milliseconds(1))
        try await clock.waitUntilNextSleep(afterFlushes: 2, of: timeline)
        #expect(timeline.outline.last == "location@10.0")
        // One deadline at a time: the run must be asleep again before the clock passes its next one.
        await clock.advance(by: .milliseconds(1_250))
        try await clock.waitUntilNextSleep(afterFlushes: 3, of: timeline)
        #expect(timeline.outline.last == "location@20.0")
        await clock.advance(by: .milliseconds(1_250))
        let summary = try await run.value
        #expect(timeline.outline.suffix(3) == ["location@20.0", "location@30.0", "end@30.0"])
        #expect(timeline.flushedEventCounts == [3, 4, 5, 7], "before waiting for 10, 20 and 30 s, and at the end")
        #expect(summary.locations == 4)
    }

    @Test func cancellingWhileWaitingEndsTheRunWithTheEnd() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(Self.fourFixes)
        let clock = TestClock()
        let timeline = SharedTimeline()
        let replay = Replay(
            file: path,
            configuration: withoutWeather(
                ReplayConfiguration(
                    speed: 1, location: .init(promptAnswer: .once))))
        let run = Task { try await timeline.run(replay, clock: clock) }

        try await clock.waitUntilSleeping()
        await clock.advance(by: .seconds(10))
        try await clock.waitUntilNextSleep(afterFlushes: 2, of: timeline)
        #expect(timeline.outline.last == "location@10.0")
        run.cancel()
        let summary = try await run.value
        // The Allow Once grant ends with the run, then the end, at the last moment reached.
        #expect(
            timeline.outline == [
                "start@0.0", "authorization@0.0", "prompt@0.0", "authorization@0.0",
                "location@0.0", "location@10.0", "authorization@10.0", "end@10.0",
            ])
        #expect(
            timeline.events.dropLast().last?.kind
                == .authorization(
                    AuthorizationChange(
                        from: .authorizedWhenInUse, to: .notDetermined, accuracy: .full, servicesEnabled: true,
                        cause: .expired)))
        #expect(summary.interrupted)
        #expect(summary.locations == 2)
        #expect(summary.simulatedSeconds == 10)
        #expect(summary.distanceMeters == GPX.legMeters(0, 1))
        #expect(timeline.events.last?.kind == .end(summary))
        #expect(timeline.flushedEventCounts.last == timeline.events.count)
    }

    @Test func loopingForeverRunsUntilCancelled() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(GPX.segment([GPX.point(0, seconds: 0), GPX.point(1, seconds: 10)]))
        let clock = TestClock()
        let timeline = SharedTimeline()
        let replay = Replay(
            file: path,
            configuration: withoutWeather(
                ReplayConfiguration(
                    speed: 4, loops: 0, location: .init(initialStatus: .authorizedWhenInUse))))
        let run = Task { try await timeline.run(replay, clock: clock) }

        try await clock.waitUntilSleeping()
        // Fixes at 10, then 11 and 21 (the second loop), then 22 and 32 (the third): 8 s at 4x.
        for (index, seconds) in [2.5, 2.75, 5.25, 5.5, 8].enumerated() {
            await clock.advance(to: .init(offset: .seconds(seconds)))
            try await clock.waitUntilNextSleep(afterFlushes: index + 2, of: timeline)
        }
        #expect(
            timeline.outline == [
                "start@0.0", "authorization@0.0", "location@0.0", "location@10.0",
                "location@11.0", "location@21.0", "location@22.0", "location@32.0",
            ])
        run.cancel()
        let summary = try await run.value
        #expect(summary.interrupted)
        #expect(summary.locations == 6)
        #expect(summary.simulatedSeconds == 32)
        #expect(abs(summary.distanceMeters - 3 * GPX.legMeters(0, 1)) < 1e-6, "the jumps back are not counted")
        #expect(timeline.outline.last == "end@32.0")
    }

    @Test func cancellingBeforeTheFirstWaitStillEndsCleanly() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(Self.fourFixes)
        let clock = TestClock()
        let timeline = SharedTimeline()
        let replay = Replay(
            file: path,
            configuration: withoutWeather(
                ReplayConfiguration(
                    speed: 1, location: .init(initialStatus: .authorizedWhenInUse))))
        let run = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await timeline.run(replay, clock: clock)
        }
        let summary = try await run.value
        #expect(summary.interrupted)
        #expect(timeline.outline == ["start@0.0", "authorization@0.0", "end@0.0"])
    }
}

/// A timeline the test can read while the run that records into it is suspended.
///
/// `Replay.run` takes its recorder `inout`, so the run owns it; this recorder is a
/// handle to a `TimelineCollector` behind a mutex that the test shares.
final class SharedTimeline: Sendable {
    private let collector = LockedValue(TimelineCollector())

    var events: [TimelineEvent] { collector.withLock { $0.events } }
    var flushedEventCounts: [Int] { collector.withLock { $0.flushedEventCounts } }
    /// Every event's type and offset, e.g. `"location@10.0"`.
    var outline: [String] { events.map { "\($0.kind.typeName)@\($0.offsetSeconds)" } }

    func run(
        _ replay: Replay, clock: TestClock<Duration>, device: (any DeviceStreamObserver & Sendable)? = nil,
        control: ReplayControl? = nil
    ) async throws -> ReplaySummary {
        var recorder = Recorder(timeline: self)
        return try await replay.run(clock: clock, recorder: &recorder, device: device, control: control)
    }

    struct Recorder: TimelineRecorder {
        let timeline: SharedTimeline

        mutating func record(_ event: TimelineEvent) {
            timeline.collector.withLock { $0.record(event) }
        }

        mutating func flush() {
            timeline.collector.withLock { $0.flush() }
        }
    }
}

struct NeverSlept: Error, CustomStringConvertible {
    var description: String { "the run never started waiting on the clock" }
}

extension TestClock<Duration> {
    /// Returns once some task is sleeping on the clock: the run has recorded and flushed
    /// everything up to its next moment. Polls with yields, never with a real sleep.
    func waitUntilSleeping() async throws {
        for _ in 0..<10_000 {
            do {
                try await checkSuspension()
            } catch is SuspensionError {
                return
            }
        }
        throw NeverSlept()
    }

    /// After waking the run: returns once it has flushed `flushes` times in all and
    /// sleeps again, so it has done everything due before its next moment.
    func waitUntilNextSleep(afterFlushes flushes: Int, of timeline: SharedTimeline) async throws {
        await yield(until: { timeline.flushedEventCounts.count >= flushes })
        try await waitUntilSleeping()
    }
}
