// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastFeeds
import TrailcastRoutes
import TrailcastReport
import TrailcastLive
import TrailcastEngine
import TrailcastTimeline

/// The replay with its timeline recorders put together: the timeline's format, the report,
/// the weather log, the live stream and the feeds that mirror the app's authorization. One specialised
/// loop per combination: the recorders are called a million times on big files, so they
/// are generic parameters, not existentials.
enum TimelineOutputs {
    static func replay(
        _ replay: Replay, outputs: Outputs, device: DeviceFeeds?, feeds: [any Feed], messages: @escaping RunMessages
    ) async throws(ReplayError) -> ReplaySummary {
        switch outputs.format {
        case .text:
            try await withFormat(
                replay, TextTimelineFormat(colors: outputs.colors, width: outputs.textWidth), outputs, device, feeds,
                messages)
        case .jsonl:
            try await withFormat(replay, JSONLinesTimelineFormat(), outputs, device, feeds, messages)
        case .csv:
            try await withFormat(replay, CSVTimelineFormat(), outputs, device, feeds, messages)
        }
    }

    private static func withFormat<Format: TimelineFormat>(
        _ replay: Replay, _ format: Format, _ outputs: Outputs, _ device: DeviceFeeds?, _ feeds: [any Feed],
        _ messages: @escaping RunMessages
    ) async throws(ReplayError) -> ReplaySummary {
        // The report recorder flushes after the timeline's writer, and then the streams go
        // in place (for a live run), their first moment written.
        let writer = TimelineTee(
            TimelineWriter(descriptor: outputs.timeline.descriptor, format: format, destination: outputs.timeline.name),
            TimelineTee(ReportRecorder(outputs.report), StreamsInPlace(outputs.putStreamsInPlace)))
        if let weatherLog = outputs.weatherLog {
            let tee = TimelineTee(
                writer,
                TimelineWriter(
                    descriptor: weatherLog.descriptor, format: WeatherLogFormat(), destination: weatherLog.name))
            return try await withLiveStream(replay, tee, device, feeds, messages)
        }
        return try await withLiveStream(replay, writer, device, feeds, messages)
    }

    /// The live stream records beside the timeline when there is one.
    private static func withLiveStream<Recorder: TimelineRecorder>(
        _ replay: Replay, _ recorder: Recorder, _ device: DeviceFeeds?, _ feeds: [any Feed],
        _ messages: @escaping RunMessages
    ) async throws(ReplayError) -> ReplaySummary {
        if let live = feeds.lazy.compactMap({ $0 as? LiveRun }).first {
            let tee = TimelineTee(
                recorder, TimelineTee(LiveEventRecorder(journal: live.journal), ReportRecorder(live.report)))
            return try await withPermissionMirror(replay, tee, device, feeds, messages)
        }
        return try await withPermissionMirror(replay, recorder, device, feeds, messages)
    }

    /// The authorization mirror taps the timeline when a feed mirrors the app's authorization.
    private static func withPermissionMirror<Recorder: TimelineRecorder>(
        _ replay: Replay, _ recorder: Recorder, _ device: DeviceFeeds?, _ feeds: [any Feed],
        _ messages: @escaping RunMessages
    ) async throws(ReplayError) -> ReplaySummary {
        let warnings = { (warning: RouteWarning) in messages("\(replay.file):\(warning)") }
        let control = feeds.lazy.compactMap { $0 as? LiveRun }.first?.control
        let mirrors = feeds.filter(\.mirrorsAuthorization)
        if !mirrors.isEmpty {
            var tap = AuthorizationMirrorTap(recorder, feeds: mirrors)
            return try await TimerThreadClock.onTimerThread { () async throws(ReplayError) in
                try await replay.run(
                    clock: TimerThreadClock(), recorder: &tap, device: device, control: control, warnings: warnings)
            }
        }
        var recorder = recorder
        return try await TimerThreadClock.onTimerThread { () async throws(ReplayError) in
            try await replay.run(
                clock: TimerThreadClock(), recorder: &recorder, device: device, control: control, warnings: warnings)
        }
    }
}
