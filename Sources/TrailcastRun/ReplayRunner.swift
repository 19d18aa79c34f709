// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastDevice
import TrailcastFeeds
import TrailcastRoutes
import TrailcastLive
import TrailcastReport
import TrailcastEngine
public import TrailcastTimeline
import TrailcastSettings
import TrailcastOpenMeteo

/// Runs a ``ReplayRunPlan`` in real time (or on virtual time, as fast as it goes): creates
/// its files, connects its weather and feeds, replays, writes the report (also after a
/// failure or a cancellation part of the way) and closes everything in order.
///
/// Cancelling the task that runs it ends the replay cleanly: the `end` event is written
/// and the files flushed, and `run` returns the summary.
public enum ReplayRunner {
    /// Where a run's messages go unless told: each line to standard error, in the command's
    /// words (`trailcast: error: ...` where the line names no place of its own).
    public static let standardError: RunMessages = { StandardStreams.writeError($0) }

    /// - Throws: A ``RunFailure`` saying what went wrong and with which exit status.
    public static func run(
        _ plan: ReplayRunPlan, messages: @escaping RunMessages = ReplayRunner.standardError
    ) async throws(RunFailure) -> ReplaySummary {
        try PathGuard.check(plan.paths)
        let files = try RunFiles(plan.output, nmeaFiles: plan.feeds.nmeaFiles)
        // Anything not put in place by the end was never a run's output.
        defer { files.discardAll() }
        let report = files.report.map { _ in ReportCollector(tiles: plan.output.mapTiles) }
        let putInPlace: @Sendable () -> Void = { [files] in files.putStreamsInPlace() }
        let outputs = Outputs(
            timeline: files.timelineFile, colors: files.usesColor(plan.output.color), textWidth: files.textWidth(),
            format: plan.output.format,
            weatherLog: files.weatherLogFile, report: report, mapTiles: plan.output.mapTiles,
            nmeaFiles: files.nmeaFiles,
            putStreamsInPlace: plan.configuration.speed > 0 ? putInPlace : nil)
        let result: Result<ReplaySummary, any Error>
        do {
            result = .success(
                try await WeatherConnection.withFetcher(
                    for: plan.configuration.weather, network: plan.network, warn: { messages($0.description) }
                ) { fetcher in
                    var replay = Replay(file: plan.file, configuration: plan.configuration)
                    replay.weatherFetcher = fetcher
                    return try await FeedSession.run(replay, feeds: plan.feeds, outputs: outputs, messages: messages)
                })
        } catch {
            result = .failure(error)
        }
        // The page of what happened, also after Ctrl-C or a failure part of the way.
        if let output = files.reportOutput, let report, let path = plan.output.reportPath {
            do {
                try ReportFile.write(report.page(), to: output.descriptor)
            } catch {
                throw RunFailure.cannotWrite(path, errno: error.code)
            }
        }
        switch result {
        case .success(let summary):
            try files.commitAll()
            return summary
        case .failure(let error):
            // A run that broke partway has a timeline that ends saying why: it is kept.
            if files.timelineWasWritten { try files.commitAll() }
            throw failure(for: error)
        }
    }

    /// The line and exit status for what ended a run.
    static func failure(for error: any Error) -> RunFailure {
        switch error {
        case let error as RunFailure: error
        case let error as ReplayError: RunFailure(error.description, status: RunExitStatus(for: error))
        // A feed's: its peer gone (69), or a file it writes (74), as the replay's own says.
        case let error as any DeviceStreamFailure:
            RunFailure(error.description, status: error.isPeerUnavailable ? .unavailable : .ioError)
        case let error as LiveServerError: RunFailure("error: \(error)", status: .unavailable)
        case let error as WeatherCacheUnavailable: RunFailure(error.description, status: .cannotCreate)
        case let error as EventJournalError: RunFailure("error: \(error)", status: .cannotCreate)
        default: RunFailure("error: \(error)", status: .failure)
        }
    }
}

/// Where a run's events go, its descriptors already open.
struct Outputs: Sendable {
    var timeline: OutputFile
    var colors: Bool
    var textWidth: Int?
    var format: TimelineFormatName
    var weatherLog: OutputFile?
    var report: ReportCollector?
    /// For the live page's map (the report's are in ``report``).
    var mapTiles: MapTiles?
    var nmeaFiles: [OutputFile]
    /// For a live run: puts the streams in place once it has started.
    var putStreamsInPlace: (@Sendable () -> Void)?
}

/// An open output, and what a failed write to it names: its path as given.
struct OutputFile: Sendable {
    var descriptor: Int32
    var name: String
}
