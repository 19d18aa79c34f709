// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import ArgumentParser
import TrailcastRoutes
import TrailcastRun
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `trailcast inspect`: a summary of each route file, streamed.
struct InspectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract:
            "Summarise route files (\(RouteFormat.shortNames)): counts, length, times, elevation, bounds, warnings.",
        usage:
            "trailcast inspect <route-file> ... [-f \(Format.allValueStrings.joined(separator: "|"))] [-o FILE] [--strict]",
        discussion: """
              trailcast inspect gpx/sf-waterfront-walk.gpx
              trailcast inspect -f jsonl gpx/*.gpx | jq .length2DMeters

            Each file is streamed: any size, in constant memory. Problems inside a \
            well-formed file are warnings; --strict makes them errors (exit 65).
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, jsonl

        /// `json` was this format's first name; it is JSON Lines, one object per file.
        init?(argument: String) {
            self.init(rawValue: argument == "json" ? "jsonl" : argument)
        }
    }

    @Argument(
        help: ArgumentHelp(
            "Route files to inspect (\(RouteFormat.shortNames)), - for standard input.",
            valueName: "route-file"), completion: .file(extensions: RouteFormat.completionExtensions))
    var files: [String]

    @Option(
        name: [.customShort("f"), .long],
        help: "Output format: text (readable) or jsonl (JSON Lines: one object per file).")
    var format: Format = .text

    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp(
            "Write to OUTPUT instead of standard output; OUTPUT appears whole when every file is read.",
            valueName: "OUTPUT"), completion: .file())
    var output: String?

    @Option(help: "How to read the files: \(RouteFormat.names). (default: by each file's extension, else its content)")
    var inputFormat: RouteFormat?

    @Flag(help: "Treat warnings (bad coordinates, unparsable times, ...) as errors.")
    var strict = false

    func run() async throws {
        try PathGuard.check(
            files.map { CommandPath($0, "the route", .input) }
                + [.mainOutput(output, "the summary")])
        let staged = try output.map { path throws(RunFailure) in try StagedOutput(path, what: "the summary") }
        let outputs = StagedOutputs(staged.map { [$0] } ?? [])
        var firstFailure: ExitCode?
        for file in files {
            do {
                let summary = try Self.summarize(file, format: inputFormat, strict: strict)
                let text = format == .jsonl ? summary.jsonLine() : summary.textReport()
                if let staged {
                    if let failure = write(text, to: staged) {
                        outputs.discard()
                        throw failure
                    }
                } else {
                    StandardStreams.writeOutput(text)
                }
            } catch let error as RouteError {
                StandardStreams.writeError(error.description)
                firstFailure = firstFailure ?? ExitCode(RunExitStatus(for: error))
            }
        }
        try outputs.commit()
        if let firstFailure { throw firstFailure }
    }

    private func write(_ text: String, to staged: StagedOutput) -> RunFailure? {
        var text = text
        guard let error = text.withUTF8({ StandardStreams.writeAll(UnsafeRawBufferPointer($0), to: staged.descriptor) })
        else {
            return nil
        }
        return RunFailure.cannotWrite(staged.path, errno: error)
    }

    static func summarize(_ file: String, format: RouteFormat?, strict: Bool) throws(RouteError) -> RouteSummary {
        let input = RouteInput(path: file, format: format)
        let reader = try input.makeReader(options: GPXStreamReader.Options(strict: strict))
        var statistics = RouteStatistics(file: file, format: try input.resolvedFormat())
        while let event = try reader.next() {
            statistics.add(event)
        }
        return statistics.summary
    }
}
