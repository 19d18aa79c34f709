// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// What `trailcast check` found for one scenario file.
///
/// ``TextCheckReport`` and ``JUnitCheckReport`` render a list of these.
public struct ScenarioReport: Sendable, Equatable {
    /// The scenario file's path as given.
    public var file: String
    /// The scenario's name (empty when a broken file never said).
    public var name: String
    /// One per expectation, in the order the file gives them.
    public var outcomes: [ExpectationOutcome]
    /// Wall time of the run.
    public var seconds: Double
    /// For a broken scenario or a run that could not happen: the one-line error (then
    /// `outcomes` is empty).
    public var error: String?

    /// Whether the scenario ran and every expectation held.
    public var passed: Bool { error == nil && outcomes.allSatisfy(\.passed) }

    package init(file: String, name: String, outcomes: [ExpectationOutcome], seconds: Double, error: String? = nil) {
        self.file = file
        self.name = name
        self.outcomes = outcomes
        self.seconds = seconds
        self.error = error
    }

    /// The expectations that did not hold.
    public var failures: [ExpectationOutcome] { outcomes.filter { !$0.passed } }
}

/// Totals over the reports of one `check`, shared by both formats.
struct CheckTotals {
    var scenarios = 0
    var passed = 0
    var failed = 0
    var broken = 0
    var expectations = 0
    var failedExpectations = 0
    var seconds = 0.0

    init(_ reports: [ScenarioReport]) {
        scenarios = reports.count
        for report in reports {
            seconds += report.seconds.isFinite ? max(report.seconds, 0) : 0
            // A broken file's outcomes (there should be none) are not counted: it never ran.
            guard report.error == nil else {
                broken += 1
                continue
            }
            if report.passed { passed += 1 } else { failed += 1 }
            expectations += report.outcomes.count
            failedExpectations += report.failures.count
        }
    }
}
