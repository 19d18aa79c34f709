import ArgumentParser
import TrailcastReport
import TrailcastScenario
import TrailcastRun
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
        usage: "trailcast check <scenario.yaml> ... [-f text|junit|html] [-o FILE]",
        discussion: """
              trailcast check gpx/scenarios/*.yaml
              trailcast check gpx/scenarios/*.yaml -f junit -o check.xml

            Every file is checked and reported whatever the others do. Exit 0 when every \
            expectation holds, 1 when any fails, 65 when a scenario file is broken (the \
            error names its file, line and key), 66 when one cannot be read.
            """)

    @Argument(help: ArgumentHelp("Scenario files (YAML): docs/scenarios.md.", valueName: "scenario.yaml"))
    var files: [String]

    @Option(name: [.customShort("f"), .long], help: "Report format: text (a line per scenario and per failed expectation), junit (JUnit XML) or html (one page: each expectation with its evidence, a map and bands per scenario, failures first).")
    var format: CheckReportFormat = .text

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp(
        "Write the report to FILE (- for standard output); FILE appears whole when done.", valueName: "FILE"))
    var output: String?

    enum CheckReportFormat: String, ExpressibleByArgument, CaseIterable { case text, junit, html }

    /// `--format html`: the failure's detail as a failed expectation's evidence, what the
    /// timeline showed for one that held.
    static func page(_ reports: [ScenarioReport], runs: [RunReport?], evidence: [[String]]) -> String {
        let scenarios = reports.indices.map { index in
            let report = reports[index]
            let rows = report.outcomes.enumerated().map { position, outcome in
                CheckedScenario.Row(
                    passed: outcome.passed, line: outcome.line, expectation: outcome.expectation.description,
                    evidence: outcome.passed ? (evidence[index].indices.contains(position) ? evidence[index][position] : "") : outcome.detail ?? "")
            }
            return CheckedScenario(
                file: report.file, name: report.name, rows: rows, error: report.error, seconds: report.seconds, run: runs[index])
        }
        return CheckReportPage.render(scenarios)
    }

    func validate() throws {
        if files.isEmpty { throw ValidationError("name at least one scenario file") }
    }

    func run() async throws {
        // Made first (a report that cannot be written should not wait for every run), beside
        // its place until complete, and never over a scenario it reads.
        let staged = try output.map { path throws(RunFailure) in try StagedOutput(path, what: "the report", inputs: files) }
        let outputs = StagedOutputs(staged.map { [$0] } ?? [])
        var reports: [ScenarioReport] = []
        // For html: each run's drawing, made from its timeline before the timeline goes.
        var runs: [RunReport?] = []
        var evidence: [[String]] = []
        var worstBroken: ExitCode?
        for file in files {
            do {
                let scenario = try ScenarioParser.load(contentsOfFile: file)
                var run: RunReport?
                var held: [String] = []
                let wantsPage = format == .html
                let report = await ScenarioRunner.check(scenario) { records in
                    guard wantsPage else { return }
                    var drawing = RunReport()
                    for record in records { drawing.add(record) }
                    drawing.finish()
                    run = drawing
                    held = scenario.expectations.map { ExpectationEvaluator.evidence(for: $0.expectation, in: records) }
                }
                runs.append(run)
                evidence.append(held)
                // A scenario whose route cannot be replayed is broken, not failing.
                if report.error != nil, worstBroken == nil { worstBroken = ExitCode(RunExitStatus.dataError) }
                reports.append(report)
            } catch {
                let status = error.isUnreadable ? ExitCode(RunExitStatus.noInput) : ExitCode(RunExitStatus.dataError)
                if worstBroken == nil || status == ExitCode(RunExitStatus.dataError) { worstBroken = status }
                reports.append(ScenarioReport(file: file, name: file, outcomes: [], seconds: 0, error: error.description))
                runs.append(nil)
                evidence.append([])
            }
        }
        let text: String
        switch format {
        case .text: text = TextCheckReport.render(reports)
        case .junit: text = JUnitCheckReport.render(reports)
        case .html: text = Self.page(reports, runs: runs, evidence: evidence)
        }
        if let staged {
            var bytes = text
            if let error = bytes.withUTF8({ StandardStreams.writeAll(UnsafeRawBufferPointer($0), to: staged.descriptor) }) {
                outputs.discard()
                throw RunFailure("\(staged.path): error: cannot write the report: \(String(cString: strerror(error)))", status: .ioError)
            }
            try outputs.commit()
            // The verdict still shows on the terminal.
            StandardStreams.writeError(TextCheckReport.summary(reports))
        } else {
            StandardStreams.writeOutput(text)
        }
        if let worstBroken { throw worstBroken }
        if reports.contains(where: { !$0.passed }) { throw ExitCode.failure }
    }
}
