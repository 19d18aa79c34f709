// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Dispatch
import TrailcastDevice
import TrailcastEngine
import TrailcastSettings
import TrailcastTimeline

extension FuzzChecks {
    /// The first three bytes choose the flags (interval, source, loops, strict, GPS
    /// profile and seed, jitter, scheduled events), the rest is the GPX file. A run that
    /// ends checks: `start` first and `end` last, offsets never go back, `end.locations` is
    /// the number of `location` events, and every location's index is below `end.points`.
    @Sendable public static func replay(_ bytes: [UInt8]) {
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            await replayChecked(bytes)
            done.signal()
        }
        done.wait()
    }

    /// The same, for a caller already in an async context (the test suite).
    public static func replayChecked(_ bytes: [UInt8]) async {
        let flags = Array(bytes.prefix(3)) + Array(repeating: 0, count: max(0, 3 - bytes.count))
        let configuration = replayConfiguration(flags)
        await withTemporaryFile(Array(bytes.dropFirst(3)), suffix: ".gpx") { path in
            var recorder = CheckingRecorder()
            let device = EpochLimit()
            let replay = Replay(file: path, configuration: configuration, chunkSize: 16 + Int(flags[2]))
            let summary: ReplaySummary
            do {
                summary = try await replay.run(clock: ContinuousClock(), recorder: &recorder, device: device)
            } catch {
                // Malformed files, nothing to replay, a run cut at the event or epoch limit.
                return
            }
            require(recorder.sawEnd, "the run returned without an end event")
            require(
                summary.locations == recorder.locations,
                "end.locations \(summary.locations), \(recorder.locations) location events")
            require(
                recorder.highestIndex < summary.points,
                "a location with index \(recorder.highestIndex) of \(summary.points) points")
        }
    }

    static func replayConfiguration(_ flags: [UInt8]) -> ReplayConfiguration {
        let intervals: [Double?] = [nil, 30, 60, 600]
        let sources: [ReplaySource] = [.auto, .track, .route, .waypoints]
        let eventTexts = [
            "10s:authorization=denied", "20s:authorization=whenInUse", "5s:app=background", "15s:app=foreground",
            "30s:signal=lost", "40s:signal=restored", "1m:services=off", "2m:accuracy=reduced",
        ]
        let events = eventTexts.enumerated().compactMap { bit, text in
            flags[2] & (1 << UInt8(bit)) != 0 ? try? ScheduledEvent(parsing: text) : nil
        }
        let profile = GPSProfile.presets[Int(flags[1]) % GPSProfile.presets.count]
        return ReplayConfiguration(
            source: sources[Int(flags[0] >> 2) & 3], intervalSeconds: intervals[Int(flags[0]) & 3],
            loops: flags[0] & 0x10 != 0 ? 2 : 1, events: events, strict: flags[0] & 0x20 != 0,
            gps: profile, seed: UInt64(flags[1]), jitterMilliseconds: flags[1] & 0x08 != 0 ? 200 : 0)
    }

    /// Stops a run whose device reports past a bound: with `--interval`, a leg of centuries
    /// between untimed points is walked (as documented), and with location services off
    /// such a walk records no event for the recorder's bound to stop.
    private final class EpochLimit: DeviceStreamObserver {
        struct TooLong: DeviceStreamFailure {
            var isPeerUnavailable: Bool { false }
            var description: String { "the fuzz check's epoch limit" }
        }
        static let maximumEpochs = 200_000

        var count = 0

        func deviceReported(_ epoch: DeviceEpoch) throws {
            count += 1
            if count > Self.maximumEpochs { throw TooLong() }
        }

        func deviceStreamEnded() throws {}
    }

    /// Checks the order of events as they come, counts locations, and stops a run that
    /// grows past a bound (a fuzzed file may describe a route of years).
    private struct CheckingRecorder: TimelineRecorder {
        struct TooLong: Error {}
        static let maximumEvents = 200_000

        var count = 0
        var locations = 0
        var highestIndex = -1
        var lastOffset = -Double.infinity
        var sawEnd = false

        mutating func record(_ event: TimelineEvent) throws {
            require(!sawEnd, "an event after end")
            if count == 0 {
                guard case .start = event.kind else { preconditionFailure("the first event is not start") }
            }
            count += 1
            if count > Self.maximumEvents { throw TooLong() }
            require(
                event.offsetSeconds >= lastOffset - 1e-9,
                "offsets went back: \(event.offsetSeconds) after \(lastOffset) (\(event.kind.typeName))")
            lastOffset = max(lastOffset, event.offsetSeconds)
            switch event.kind {
            case .location(let fix):
                locations += 1
                highestIndex = max(highestIndex, fix.sourceIndex)
                require(
                    fix.latitude.isFinite && fix.longitude.isFinite, "a location at \(fix.latitude), \(fix.longitude)")
            case .end:
                sawEnd = true
            default:
                break
            }
        }

        mutating func flush() throws {}
    }
}
