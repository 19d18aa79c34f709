import ArgumentParser
import TrailcastGPX
import TrailcastRun

/// `trailcast inspect`: a summary of each route file, streamed.
struct InspectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Summarise route files (GPX, KML, KMZ, GeoJSON, TCX, FIT): counts, length, times, elevation, bounds, warnings.",
        discussion: """
            Examples:
              trailcast inspect gpx/sf-waterfront-walk.gpx
              trailcast inspect --format json gpx/*.gpx | jq .length2DMeters

            The file is streamed, so any size works in constant memory. `-` reads \
            standard input. Problems inside a well-formed file are reported as \
            warnings; --strict makes them errors (exit 65).
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "Route files to inspect (GPX, KML, KMZ, GeoJSON, TCX, FIT).")
    var files: [String]

    @Option(help: "How to read the files: \(RouteFormat.names). (default: by each file's extension, else its content)")
    var inputFormat: RouteFormat?

    @Option(help: "Output format: text (readable) or json (one object per file per line).")
    var format: Format = .text

    @Flag(help: "Treat warnings (bad coordinates, unparsable times, ...) as errors.")
    var strict = false

    func run() async throws {
        var firstFailure: ExitCode?
        for file in files {
            do {
                let summary = try Self.summarize(file, format: inputFormat, strict: strict)
                StandardStreams.writeOutput(format == .json ? summary.jsonLine() : summary.textReport())
            } catch {
                StandardStreams.writeError(error.description)
                firstFailure = firstFailure ?? ExitCode(RunExitStatus(for: error))
            }
        }
        if let firstFailure { throw firstFailure }
    }

    static func summarize(_ file: String, format: RouteFormat?, strict: Bool) throws(GPXError) -> GPXSummary {
        let input = GPXInput(path: file, format: format)
        let reader = try input.makeReader(options: GPXStreamReader.Options(strict: strict))
        var statistics = GPXStatistics(file: file, format: try input.resolvedFormat())
        while let event = try reader.next() {
            statistics.add(event)
        }
        return statistics.summary
    }
}
