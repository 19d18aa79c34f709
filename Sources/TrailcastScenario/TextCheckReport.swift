// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// `trailcast check`'s text output: one line per scenario, one per failed expectation
/// with what the timeline showed, and a summary.
///
/// ```
/// PASS  gpx/scenarios/happy-path.yaml: happy path (5 expectations)
/// FAIL  gpx/scenarios/revoked.yaml: revoked halfway (1 of 4 expectations failed)
///       line 21: no location after 10m
///         first offending event: {"t":"…","offset":605,"type":"location",…}
/// ERROR gpx/scenarios/broken.yaml: gpx/scenarios/broken.yaml:7:3: error: …
/// 3 scenarios: 1 passed, 1 failed, 1 broken (9 expectations, 1 failed)
/// ```
///
/// Every line starts with a fixed word or indentation so it can be grepped, and nothing
/// depends on timing, so the same runs give the same text.
public enum TextCheckReport {
    /// The report, each line ending in a newline.
    public static func render(_ reports: [ScenarioReport]) -> String {
        var text = ""
        for report in reports {
            let title = report.name.isEmpty ? report.file : "\(report.file): \(report.name)"
            if let error = report.error {
                // An error that already names its file (`x.yaml:4:15: error: ...`) says it once.
                let placed = "\(error)".hasPrefix(report.file + ":") ? "\(error)" : "\(report.file): \(error)"
                text += "ERROR \(placed)".singleLine + "\n"
                continue
            }
            let failures = report.failures
            if failures.isEmpty {
                text += "PASS  \(title) (\(counted(report.outcomes.count, "expectation")))".singleLine + "\n"
                continue
            }
            let total = report.outcomes.count
            text += "FAIL  \(title) (\(failures.count) of \(counted(total, "expectation")) failed)".singleLine + "\n"
            for failure in failures {
                text += "      line \(failure.line): \(failure.expectation)".singleLine + "\n"
                if let detail = failure.detail {
                    text += "        \(detail)".singleLine + "\n"
                }
            }
        }
        return text + summary(reports) + "\n"
    }

    /// The last line alone, without its newline: `8 scenarios: 8 passed, 0 failed, ...`.
    public static func summary(_ reports: [ScenarioReport]) -> String {
        let totals = CheckTotals(reports)
        return "\(counted(totals.scenarios, "scenario")): \(totals.passed) passed, \(totals.failed) failed,"
            + " \(totals.broken) broken (\(counted(totals.expectations, "expectation")), \(totals.failedExpectations) failed)"
    }

    /// `1 expectation`, `5 expectations`.
    private static func counted(_ n: Int, _ noun: String) -> String {
        n == 1 ? "\(n) \(noun)" : "\(n) \(noun)s"
    }
}
