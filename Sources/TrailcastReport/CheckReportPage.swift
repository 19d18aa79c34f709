// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// One scenario of a `check` as its page shows it.
package struct CheckedScenario: Sendable {
    package struct Row: Sendable {
        package var passed: Bool
        /// The scenario file's line.
        package var line: Int
        package var expectation: String
        /// What the timeline showed: the failure's detail, or the evidence it held.
        package var evidence: String

        package init(passed: Bool, line: Int, expectation: String, evidence: String) {
            self.passed = passed
            self.line = line
            self.expectation = expectation
            self.evidence = evidence
        }
    }

    package var file: String
    package var name: String
    package var rows: [Row]
    /// A broken scenario's one-line error (then there is no run).
    package var error: String?
    package var seconds: Double
    package var run: RunReport?

    package init(file: String, name: String, rows: [Row], error: String?, seconds: Double, run: RunReport?) {
        self.file = file
        self.name = name
        self.rows = rows
        self.error = error
        self.seconds = seconds
        self.run = run
    }

    package var passed: Bool { error == nil && rows.allSatisfy(\.passed) }
}

/// `check --format html`: one page for many scenarios, failing and broken ones first, each
/// with a row per expectation and its evidence, a small map and its bands.
package enum CheckReportPage {
    package static func render(_ scenarios: [CheckedScenario]) -> String {
        let failed = scenarios.filter { $0.error == nil && !$0.passed }
        let broken = scenarios.filter { $0.error != nil }
        let passed = scenarios.filter(\.passed)
        var html = PageHTML.head(title: "Trailcast check")
        html += "<h1>Trailcast check</h1>\n"
        html +=
            "<p class=\"sub\" id=\"check-summary\">\(scenarios.count) scenario\(scenarios.count == 1 ? "" : "s"): \(passed.count) passed, \(failed.count) failed, \(broken.count) broken</p>\n"
        html +=
            "<table id=\"check-index\">\n<thead><tr><th>result</th><th>scenario</th><th>file</th><th>expectations</th></tr></thead>\n<tbody>\n"
        let ordered = failed + broken + passed
        for (index, scenario) in ordered.enumerated() {
            html +=
                "<tr><td>\(verdict(scenario))</td><td><a href=\"#s\(index)\">\(Markup.escape(scenario.name.isEmpty ? scenario.file : scenario.name))</a></td>"
            html +=
                "<td class=\"details\">\(Markup.escape(scenario.file))</td><td class=\"num\">\(scenario.rows.filter(\.passed).count) / \(scenario.rows.count)</td></tr>\n"
        }
        html += "</tbody>\n</table>\n"
        for (index, scenario) in ordered.enumerated() {
            html += section(scenario, index: index)
        }
        html += PageHTML.tail()
        return html
    }

    static func verdict(_ scenario: CheckedScenario) -> String {
        if scenario.error != nil { return "<span class=\"broken\">BROKEN</span>" }
        return scenario.passed ? "<span class=\"pass\">PASS</span>" : "<span class=\"fail\">FAIL</span>"
    }

    private static func section(_ scenario: CheckedScenario, index: Int) -> String {
        let state = scenario.error != nil ? "broken" : scenario.passed ? "passed" : "failed"
        var html = "<section class=\"scenario \(state)\" id=\"s\(index)\">\n"
        html +=
            "<h2>\(verdict(scenario)) \(Markup.escape(scenario.name.isEmpty ? scenario.file : scenario.name))</h2>\n"
        html += "<p class=\"sub\">\(Markup.escape(scenario.file))"
        if let run = scenario.run { html += " · " + Markup.escape(PageHTML.subtitle(run)) }
        html += "</p>\n"
        if let error = scenario.error {
            html += "<p class=\"fail details\">\(Markup.escape(error))</p>\n"
        }
        if !scenario.rows.isEmpty {
            html +=
                "<table class=\"expectations\">\n<thead><tr><th>result</th><th>line</th><th>expectation</th><th>evidence</th></tr></thead>\n<tbody>\n"
            // Failures first, then the rest in file order.
            for row in scenario.rows.filter({ !$0.passed }) + scenario.rows.filter(\.passed) {
                html +=
                    "<tr class=\"\(row.passed ? "held" : "failed")\"><td>\(row.passed ? "<span class=\"pass\">pass</span>" : "<span class=\"fail\">fail</span>")</td>"
                html +=
                    "<td class=\"num\">\(row.line)</td><td>\(Markup.escape(row.expectation))</td><td class=\"details\">\(Markup.escape(row.evidence))</td></tr>\n"
            }
            html += "</tbody>\n</table>\n"
        }
        if let run = scenario.run {
            html += PageHTML.runBody(run, rowPrefix: "s\(index)-e-", mapSize: (960, 380), bandsOnly: false)
            html += "<details><summary>Events (\(Markup.count(run.rowsSeen)))</summary>\n"
            html += PageHTML.eventTable(run, rowPrefix: "s\(index)-e-")
            html += "</details>\n"
        }
        return html + "</section>\n"
    }
}
