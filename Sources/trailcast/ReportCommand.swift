// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import TrailcastBasics
import TrailcastReport
import TrailcastRun

/// `trailcast report`: the page of a saved JSON Lines timeline.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Make an HTML report (map, bands, weather, events) of a saved JSON Lines timeline.",
        usage: "trailcast report <timeline.jsonl> [-o FILE] [--tiles URL_TEMPLATE]",
        discussion: """
              trailcast replay walk.gpx -f jsonl -o run.jsonl
              trailcast report run.jsonl -o run.html
              trailcast replay walk.gpx -f jsonl | trailcast report - > run.html

            One file with nothing to fetch (unless --tiles): open it from disk or print it. \
            The same timeline gives the same bytes; `replay --report` writes the same page.
            """)

    @Argument(
        help: ArgumentHelp(
            "A timeline written by `replay --format jsonl`; - reads standard input.", valueName: "timeline.jsonl"),
        completion: .file(extensions: ["jsonl"]))
    var file: String

    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp(
            "Write the page to OUTPUT (- for standard output); OUTPUT appears whole when done.", valueName: "OUTPUT"),
        completion: .file())
    var output: String?

    @OptionGroup var mapTiles: MapTilesOptions

    func validate() throws {
        _ = try mapTiles.mapTiles()
    }

    func run() throws {
        try PathGuard.check([
            CommandPath(file, "the timeline", .input),
            .mainOutput(output, "the report"),
        ])
        let input: Int32
        if file == "-" {
            input = STDIN_FILENO
        } else {
            switch OpenFailure.openForReading(file) {
            case .success(let descriptor):
                input = descriptor
            case .failure(let error):
                StandardStreams.writeError(
                    "\(file): error: \(OpenFailure.reason(errno: error.code, kind: "a timeline"))")
                throw ExitCode(RunExitStatus.noInput)
            }
        }
        defer { if file != "-" { close(input) } }
        // Made before reading (a page that cannot be written should not wait for the read),
        // beside its place until complete, and never over the timeline it reads.
        let staged = try output.map { path throws(RunFailure) in try StagedOutput(path, what: "the report") }
        let destination = staged?.descriptor ?? STDOUT_FILENO
        let outputs = StagedOutputs(staged.map { [$0] } ?? [])
        do {
            try writeReport(input: input, to: destination)
        } catch {
            outputs.discard()
            throw error
        }
        try outputs.commit()
    }

    private func writeReport(input: Int32, to destination: Int32) throws {

        var report = RunReport()
        var events = 0
        do {
            try ReportFile.forEachLine(in: input) { line, number, terminated in
                if line.allSatisfy(\.isWhitespace) { return }
                guard report.add(line: line) else {
                    // A run cut mid-line (a copy taken while it ran) leaves a partial last line.
                    if !terminated {
                        StandardStreams.writeError("\(file):\(number):1: warning: the last line is cut short; left out")
                        return
                    }
                    throw ReportInputError(
                        line: number,
                        reason:
                            "not a timeline event (a JSON object with `type` and `offset`, as `replay --format jsonl` writes)"
                    )
                }
                events += 1
            }
        } catch let error as ReportInputError {
            StandardStreams.writeError("\(file):\(error.line):1: error: \(error.reason)")
            throw ExitCode(RunExitStatus.dataError)
        } catch ReportFile.ReadError.lineTooLong(let line) {
            StandardStreams.writeError(
                "\(file):\(line):1: error: a line longer than \(ReportFile.maximumLineBytes >> 20) MiB")
            throw ExitCode(RunExitStatus.dataError)
        } catch ReportFile.ReadError.io(let code) {
            StandardStreams.writeError("\(file): error: cannot read the timeline: \(String(cString: strerror(code)))")
            throw ExitCode(RunExitStatus.ioError)
        }
        guard events > 0 else {
            StandardStreams.writeError(
                "\(file):1:1: error: no timeline events (write one with `replay --format jsonl`)")
            throw ExitCode(RunExitStatus.dataError)
        }
        report.finish()
        let page = RunReportPage.render(report, tiles: try mapTiles.mapTiles())
        do {
            try ReportFile.write(page, to: destination)
        } catch {
            throw RunFailure.cannotWrite(output, errno: error.code)
        }
    }
}

private struct ReportInputError: Error {
    var line: Int
    var reason: String
}
