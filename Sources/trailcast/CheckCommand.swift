import ArgumentParser
import Scenario
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `trailcast check`: runs scenario files and checks their expectations, for CI.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run scenario files on virtual time and check what their timelines must show.",
        discussion: """
            Examples:
              trailcast check gpx/scenarios/*.yaml
              trailcast check gpx/scenarios/*.yaml --format junit --output check.xml

            Exit status: 0 when every expectation holds, 1 when any fails, 65 when a \
            scenario file is broken (unknown key, wrong type, impossible value; the error \
            names the file, line and key), 66 when one cannot be read. Every file is \
            checked and reported whatever the others do.
            """)

    @Argument(help: "Scenario files (YAML).")
    var files: [String]

    @Option(help: "Report format: text (a line per scenario and per failed expectation) or junit (JUnit XML).")
    var format: CheckReportFormat = .text

    @Option(help: ArgumentHelp("Write the report to FILE instead of standard output.", valueName: "FILE"))
    var output: String?

    enum CheckReportFormat: String, ExpressibleByArgument, CaseIterable { case text, junit }

    func validate() throws {
        if files.isEmpty { throw ValidationError("name at least one scenario file") }
    }

    func run() async throws {
        // Opened first: a report that cannot be written should not wait for every run.
        var stream: UnsafeMutablePointer<FILE>?
        if let output {
            guard let opened = fopen(output, "w") else {
                StandardStreams.writeError("\(output): error: cannot create the report: \(String(cString: strerror(errno)))")
                throw ExitStatus.cannotCreate
            }
            stream = opened
        }
        var reports: [ScenarioReport] = []
        var worstBroken: ExitCode?
        for file in files {
            do {
                let scenario = try ScenarioParser.load(contentsOfFile: file)
                let report = await ScenarioRunner.check(scenario)
                // A scenario whose route cannot be replayed is broken, not failing.
                if report.error != nil, worstBroken == nil { worstBroken = ExitStatus.dataError }
                reports.append(report)
            } catch {
                let status = error.isUnreadable ? ExitStatus.noInput : ExitStatus.dataError
                if worstBroken == nil || status == ExitStatus.dataError { worstBroken = status }
                reports.append(ScenarioReport(file: file, name: file, outcomes: [], seconds: 0, error: error.description))
            }
        }
        let text = format == .junit ? JUnitCheckReport.render(reports) : TextCheckReport.render(reports)
        if let output, let stream {
            fputs(text, stream)
            guard fclose(stream) == 0 else {
                StandardStreams.writeError("\(output): error: cannot write the report: \(String(cString: strerror(errno)))")
                throw ExitStatus.ioError
            }
            // The verdict still shows on the terminal.
            StandardStreams.writeError(TextCheckReport.summary(reports))
        } else {
            StandardStreams.writeOutput(text)
        }
        if let worstBroken { throw worstBroken }
        if reports.contains(where: { !$0.passed }) { throw ExitCode.failure }
    }
}
