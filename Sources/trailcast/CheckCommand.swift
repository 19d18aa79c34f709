// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import ArgumentParser
import Foundation
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

    @Argument(
        help: ArgumentHelp("Scenario files (YAML): docs/scenarios.md.", valueName: "scenario.yaml"),
        completion: .file(extensions: ["yaml", "yml"]))
    var files: [String]

    @Option(
        name: [.customShort("f"), .long],
        help:
            "Report format: text (a line per scenario and per failed expectation), junit (JUnit XML) or html (one page: each expectation with its evidence, a map and bands per scenario, failures first)."
    )
    var format: CheckReportFormat = .text

    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp(
            "Write the report to OUTPUT (- for standard output); OUTPUT appears whole when done.", valueName: "OUTPUT"),
        completion: .file())
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
                    evidence: outcome.passed
                        ? (evidence[index].indices.contains(position) ? evidence[index][position] : "")
                        : outcome.detail ?? "")
            }
            return CheckedScenario(
                file: report.file, name: report.name, rows: rows, error: report.error, seconds: report.seconds,
                run: runs[index])
        }
        return CheckReportPage.render(scenarios)
    }

    /// The scenarios and what each reads (its route, places, regions, weather cache); a
    /// scenario that cannot be read names nothing more (the run reports it broken).
    static func inputs(of scenarios: [(file: String, scenario: Result<Scenario, ScenarioError>)]) -> [CommandPath] {
        scenarios.flatMap { file, loaded in
            var paths = [CommandPath(file, "the scenario", .input)]
            if case .success(let scenario) = loaded {
                let plan = ReplayRunPlan(file: scenario.gpxPath, configuration: scenario.configuration)
                for path in plan.paths where path.role != .output {
                    paths.append(CommandPath(path.path, "\(file)'s \(path.what.dropFirst("the ".count))", path.role))
                }
            }
            return paths
        }
    }

    /// A scenario file, `-` read from standard input (once: a second `-` is the same text).
    static func load(_ file: String, standardInput: inout String?) -> Result<Scenario, ScenarioError> {
        guard file == "-" else {
            return Result { () throws(ScenarioError) in try ScenarioParser.load(contentsOfFile: file) }
        }
        if standardInput == nil {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            standardInput = String(decoding: data, as: UTF8.self)
        }
        let text = standardInput ?? ""
        return Result { () throws(ScenarioError) in try ScenarioParser.parse(yaml: text, file: "-") }
    }

    func validate() throws {
        if files.isEmpty { throw ValidationError("name at least one scenario file") }
    }

    func run() async throws {
        // Made first (a report that cannot be written should not wait for every run), beside
        // its place until complete, and never over a scenario or a file a scenario reads.
        var standardInput: String?
        let scenarios = files.map { ($0, Self.load($0, standardInput: &standardInput)) }
        try PathGuard.check(
            Self.inputs(of: scenarios) + [.mainOutput(output, "the report")])
        let staged = try output.map { path throws(RunFailure) in try StagedOutput(path, what: "the report") }
        let outputs = StagedOutputs(staged.map { [$0] } ?? [])
        var reports: [ScenarioReport] = []
        // For html: each run's drawing, made from its timeline before the timeline goes.
        var runs: [RunReport?] = []
        var evidence: [[String]] = []
        var worstBroken: ExitCode?
        for (file, loaded) in scenarios {
            do {
                let scenario = try loaded.get()
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
                // A scenario whose route cannot be replayed is broken, not failing; its error
                // goes to standard error as every error does, and in the report.
                if let error = report.error {
                    StandardStreams.writeError(StandardStreams.errorLine(error))
                    if worstBroken == nil { worstBroken = ExitCode(RunExitStatus.dataError) }
                }
                reports.append(report)
            } catch {
                StandardStreams.writeError(StandardStreams.errorLine(error.description))
                let status = error.isUnreadable ? ExitCode(RunExitStatus.noInput) : ExitCode(RunExitStatus.dataError)
                if worstBroken == nil || status == ExitCode(RunExitStatus.dataError) { worstBroken = status }
                reports.append(
                    ScenarioReport(file: file, name: file, outcomes: [], seconds: 0, error: error.description))
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
            if let error = bytes.withUTF8({
                StandardStreams.writeAll(UnsafeRawBufferPointer($0), to: staged.descriptor)
            }) {
                outputs.discard()
                throw RunFailure.cannotWrite(staged.path, errno: error)
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
