import TrailcastFeeds
import TrailcastGPX
import TrailcastReport
import TrailcastEngine
import TrailcastTimeline

/// The replay with its timeline recorders put together: the timeline's format, the report,
/// the weather log, the live stream and the permission mirror (Simulator, browser). One specialised
/// loop per combination: the recorders are called a million times on big files, so they
/// are generic parameters, not existentials.
enum TimelineOutputs {
    static func replay(
        _ replay: Replay, outputs: Outputs, device: DeviceFeeds?, taps: Taps, messages: @escaping RunMessages
    ) async throws(ReplayError) -> ReplaySummary {
        switch outputs.format {
        case .text:
            try await withFormat(replay, TextTimelineFormat(colors: outputs.colors), outputs, device, taps, messages)
        case .jsonl:
            try await withFormat(replay, JSONLinesTimelineFormat(), outputs, device, taps, messages)
        case .csv:
            try await withFormat(replay, CSVTimelineFormat(), outputs, device, taps, messages)
        }
    }

    private static func withFormat<Format: TimelineFormat>(
        _ replay: Replay, _ format: Format, _ outputs: Outputs, _ device: DeviceFeeds?, _ taps: Taps,
        _ messages: @escaping RunMessages
    ) async throws(ReplayError) -> ReplaySummary {
        let writer = TimelineTee(
            TimelineWriter(descriptor: outputs.timeline, format: format), ReportRecorder(outputs.report))
        if let weatherLog = outputs.weatherLog {
            let tee = TimelineTee(writer, TimelineWriter(descriptor: weatherLog, format: WeatherLogFormat()))
            return try await withLiveStream(replay, tee, device, taps, messages)
        }
        return try await withLiveStream(replay, writer, device, taps, messages)
    }

    /// The live stream records beside the timeline when there is one.
    private static func withLiveStream<Recorder: TimelineRecorder>(
        _ replay: Replay, _ recorder: Recorder, _ device: DeviceFeeds?, _ taps: Taps, _ messages: @escaping RunMessages
    ) async throws(ReplayError) -> ReplaySummary {
        if let live = taps.live {
            let tee = TimelineTee(recorder, TimelineTee(LiveEventRecorder(journal: live.journal), ReportRecorder(live.report)))
            return try await withPermissionMirror(replay, tee, device, taps, messages)
        }
        return try await withPermissionMirror(replay, recorder, device, taps, messages)
    }

    /// The permission mirror taps the timeline when a Simulator or a browser is driven.
    private static func withPermissionMirror<Recorder: TimelineRecorder>(
        _ replay: Replay, _ recorder: Recorder, _ device: DeviceFeeds?, _ taps: Taps, _ messages: @escaping RunMessages
    ) async throws(ReplayError) -> ReplaySummary {
        let warnings = { (warning: GPXWarning) in messages("\(replay.file):\(warning)") }
        let control = taps.live?.control
        if taps.simulator != nil || taps.browser != nil {
            var tap = PermissionMirrorTap(recorder, simulator: taps.simulator, browser: taps.browser)
            return try await replay.run(
                clock: TimerThreadClock(), recorder: &tap, device: device, control: control, warnings: warnings)
        }
        var recorder = recorder
        return try await replay.run(
            clock: TimerThreadClock(), recorder: &recorder, device: device, control: control, warnings: warnings)
    }
}
