// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Clocks
import TrailcastEngine
import TrailcastBasics
import Testing
import TrailcastSettings
import TrailcastTimeline
import TrailcastDevice
import TrailcastCoreLocation

/// Pause, resume and speed commands on a test clock: what the timeline records, when the
/// following fixes come, and what the device reports while paused.
@Suite("Replay control on a test clock")
struct ReplayControlTests {
    @Test("the fastest speed a run takes is 10000x; a hair faster, or none, is refused and changes nothing")
    func fastestSpeed() throws {
        let control = ReplayControl(speed: 1)
        #expect(try control.send(.speed(ReplayControl.maximumSpeed)).speed == 10_000)
        #expect(throws: ReplayControl.Refusal.invalidSpeed(ReplayControl.maximumSpeed.nextUp)) {
            try control.send(.speed(ReplayControl.maximumSpeed.nextUp))
        }
        #expect(throws: ReplayControl.Refusal.invalidSpeed(0)) { try control.send(.speed(0)) }
        #expect(control.state.speed == 10_000)
    }

    @Test func pauseStopsSimulatedTimeResumeGoesOnAndSpeedRetimesWhatFollows() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(ReplayPacingTests.fourFixes)
        let clock = TestClock()
        let timeline = SharedTimeline()
        let device = DeviceLog()
        let control = ReplayControl(speed: 2)
        let replay = Replay(
            file: path,
            configuration: withoutWeather(
                ReplayConfiguration(
                    speed: 2, location: .init(initialStatus: .authorizedWhenInUse))))
        let run = Task { try await timeline.run(replay, clock: clock, device: device, control: control) }

        // Waiting for the fix at 10 s (5 s at 2x); 2 s in, simulated time is at 4 s.
        try await clock.waitUntilSleeping()
        await clock.advance(by: .seconds(2))
        try control.send(.pause)
        try await clock.waitUntilNextSleep(afterFlushes: 2, of: timeline)
        #expect(timeline.outline == ["start@0.0", "authorization@0.0", "location@0.0", "control@4.0"])
        #expect(timeline.events.last?.kind == .control(ControlChange(action: .pause, paused: true, speed: 2)))
        #expect(control.state == .init(paused: true, speed: 2, ended: false))

        // Ten seconds pass: no fix, but the device repeats its last report every second.
        for second in 1...10 {
            await clock.advance(by: .seconds(1))
            try await clock.waitUntilSleeping()
            #expect(device.epochs.count == 1 + second)
        }
        #expect(timeline.outline.count == 4, "nothing happens while paused")
        #expect(device.epochs.allSatisfy { $0 == device.epochs[0] }, "the same report, again and again")

        // A pause while paused, or the speed it already has, changes nothing; a new speed
        // and the resume do.
        try control.send(.pause)
        try control.send(.speed(2))
        try control.send(.speed(4))
        try control.send(.resume)
        try await clock.waitUntilNextSleep(afterFlushes: 3, of: timeline)
        #expect(
            timeline.outline == [
                "start@0.0", "authorization@0.0", "location@0.0", "control@4.0", "control@4.0", "control@4.0",
            ])
        // Required: a run left paused would never end, and the wait for its end below with it.
        try #require(
            timeline.events.suffix(2).map(\.kind) == [
                .control(ControlChange(action: .speed, paused: true, speed: 4)),
                .control(ControlChange(action: .resume, paused: false, speed: 4)),
            ])

        // From 4 s to 10 s at 4x: 1.5 s.
        await clock.advance(by: .milliseconds(1_499))
        try await clock.waitUntilSleeping()
        #expect(timeline.outline.last == "control@4.0")
        await clock.advance(by: .milliseconds(1))
        try await clock.waitUntilNextSleep(afterFlushes: 4, of: timeline)
        #expect(timeline.outline.last == "location@10.0")

        // 20 and 30 s: 2.5 s each at 4x.
        await clock.advance(by: .milliseconds(2_500))
        try await clock.waitUntilNextSleep(afterFlushes: 5, of: timeline)
        await clock.advance(by: .milliseconds(2_500))
        let summary = try await run.value
        #expect(timeline.outline.suffix(3) == ["location@20.0", "location@30.0", "end@30.0"])
        #expect(summary.simulatedSeconds == 30, "the pause added no simulated time")
        #expect(summary.locations == 4)
        #expect(throws: ReplayControl.Refusal.runEnded) { try control.send(.resume) }
        #expect(control.state.ended)
    }

    @Test func aCancelledRunEndsCleanlyWhilePaused() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(ReplayPacingTests.fourFixes)
        let clock = TestClock()
        let timeline = SharedTimeline()
        let control = ReplayControl(speed: 1)
        let replay = Replay(
            file: path,
            configuration: withoutWeather(
                ReplayConfiguration(
                    speed: 1, location: .init(initialStatus: .authorizedWhenInUse))))
        let run = Task { try await timeline.run(replay, clock: clock, control: control) }
        try await clock.waitUntilSleeping()
        try control.send(.pause)
        try await clock.waitUntilNextSleep(afterFlushes: 2, of: timeline)
        run.cancel()
        let summary = try await run.value
        #expect(summary.interrupted)
        #expect(timeline.outline == ["start@0.0", "authorization@0.0", "location@0.0", "control@0.0", "end@0.0"])
    }

    @Test func speedsOutsideTheRangeAreRefused() {
        let control = ReplayControl(speed: 1)
        for multiplier in [0, -1, .nan, .infinity, 10_001] {
            do {
                try control.send(.speed(multiplier))
                Issue.record("\(multiplier) accepted")
            } catch {
                // The bound as the flag and the docs write it: a whole number.
                #expect(
                    error.description == "the multiplier must be a number above 0 and at most 10000", "\(multiplier)")
            }
        }
        #expect(control.state.speed == 1)
        #expect((try? control.send(.speed(10_000)))?.speed == 10_000)
    }
}

/// Every report of the device stream, for a test to read while the run waits.
final class DeviceLog: DeviceStreamObserver, Sendable {
    private let log = LockedValue<[DeviceEpoch]>([])

    var epochs: [DeviceEpoch] { log.withLock { $0 } }

    func deviceReported(_ epoch: DeviceEpoch) {
        log.withLock { $0.append(epoch) }
    }

    func deviceStreamEnded() {}
}
