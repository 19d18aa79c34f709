// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastSettings
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The files a replay writes, each staged beside its place (``StagedOutput``): created
/// before the run starts (so that a path that cannot be created fails the run before anything
/// else happens), put in place together once the run has written its timeline
/// (``commitAll()``), and removed if it never did (``discardAll()``): a route that is
/// missing or unreadable from its first byte leaves every output path as it was. A live
/// run's streams go in place as soon as it has started, to be followed (``StreamsInPlace``).
struct RunFiles: Sendable {
    /// The timeline's descriptor: its file, or standard output.
    let timeline: Int32
    let timelineOutput: StagedOutput?
    /// The report page, written whole at the end.
    let reportOutput: StagedOutput?
    var report: Int32? { reportOutput?.descriptor }
    let weatherLogOutput: StagedOutput?
    let nmeaOutputs: [StagedOutput]
    var nmeaFiles: [OutputFile] { nmeaOutputs.map(\.file) }
    var timelineFile: OutputFile {
        OutputFile(descriptor: timeline, name: StandardStreams.outputName(timelineOutput?.path))
    }
    var weatherLogFile: OutputFile? { weatherLogOutput?.file }

    private var all: [StagedOutput] {
        [timelineOutput, reportOutput, weatherLogOutput].compactMap { $0 } + nmeaOutputs
    }

    /// Creates them in the order of the flags' importance: the timeline, the report, the
    /// weather log, the NMEA files. When one fails, those already made are removed.
    /// ``PathGuard`` has checked the paths before: none is an input or another output.
    init(_ output: TimelineOutput, nmeaFiles: [String]) throws(RunFailure) {
        var made: [StagedOutput] = []
        func create(_ path: String?, _ what: String) throws(RunFailure) -> StagedOutput? {
            guard let path else { return nil }
            let staged = try StagedOutput(path, what: what)
            made.append(staged)
            return staged
        }
        do {
            timelineOutput = try create(output.path, "the timeline file")
            reportOutput = try create(output.reportPath, "the report")
            weatherLogOutput = try create(output.weatherLogPath, "the weather log")
            var nmea: [StagedOutput] = []
            for path in nmeaFiles {
                if let staged = try create(path, "the NMEA file") { nmea.append(staged) }
            }
            nmeaOutputs = nmea
        } catch {
            for staged in made { staged.discard() }
            throw error
        }
        timeline = timelineOutput?.descriptor ?? STDOUT_FILENO
    }

    /// Whether the run wrote any of its timeline: a run that failed after its start has a
    /// timeline ending in why (its outputs are put in place); one that failed before has none.
    /// A timeline written where it is (standard output, `-o -`, a FIFO) counts as written, as
    /// with no `--output`: what went there has gone, and the report says how it ended.
    var timelineWasWritten: Bool {
        guard let timelineOutput, !timelineOutput.writesInPlace else { return true }
        return lseek(timelineOutput.descriptor, 0, SEEK_CUR) > 0
    }

    /// Puts the streams a person may follow (the timeline, the weather log, the NMEA files)
    /// in place while they are still being written; see ``StreamsInPlace``.
    func putStreamsInPlace() {
        for staged in [timelineOutput, weatherLogOutput].compactMap({ $0 }) + nmeaOutputs { staged.putInPlace() }
    }

    /// Puts every output in place; exit 74 if one cannot be.
    func commitAll() throws(RunFailure) {
        for staged in all { try staged.commit() }
    }

    /// Removes every output not yet put in place, leaving its path as it was (after
    /// ``commitAll()``, nothing).
    func discardAll() {
        for staged in all { staged.discard() }
    }

    /// The width the text format wraps to: the terminal's (`COLUMNS`, as shells export it,
    /// else 100) when the timeline goes to one; nil for a file or a pipe, which keep one
    /// line per event.
    func textWidth() -> Int? {
        guard isatty(timeline) == 1 else { return nil }
        if let columns = getenv("COLUMNS").flatMap({ Int(String(cString: $0)) }), columns >= 40 { return columns }
        return 100
    }

    /// Whether the text format should be coloured on the timeline's descriptor.
    func usesColor(_ choice: TimelineOutput.Color) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
            if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
            return isatty(timeline) == 1
        }
    }
}

extension StagedOutput {
    /// Its descriptor, named as a failed write names it.
    var file: OutputFile { OutputFile(descriptor: descriptor, name: StandardStreams.outputName(path)) }
}
