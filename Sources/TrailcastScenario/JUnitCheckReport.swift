// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// `trailcast check --format junit`: JUnit XML in the dialect Jenkins, GitLab and GitHub
/// actions read.
///
/// One `<testsuite>` per scenario file and one `<testcase>` per expectation, named
/// `line N: EXPECTATION`, with a `<failure>` holding the detail when it failed. A broken
/// file is a suite with one `scenario file` test case holding an `<error>`.
///
/// ```xml
/// <?xml version="1.0" encoding="UTF-8"?>
/// <testsuites name="trailcast check" tests="2" failures="1" errors="0" time="0.120">
///   <testsuite name="gpx/scenarios/revoked.yaml" tests="2" failures="1" errors="0" time="0.120">
///     <testcase classname="revoked halfway" name="line 20: an event alert" time="0"/>
///     <testcase classname="revoked halfway" name="line 21: no location after 10m" time="0">
///       <failure message="first offending event: {…}" type="expectation">first offending event: {…}</failure>
///     </testcase>
///   </testsuite>
/// </testsuites>
/// ```
public enum JUnitCheckReport {
    /// The XML document, ending in a newline.
    public static func render(_ reports: [ScenarioReport]) -> String {
        let totals = CheckTotals(reports)
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml +=
            "<testsuites name=\"trailcast check\" tests=\"\(totals.expectations + totals.broken)\""
            + " failures=\"\(totals.failedExpectations)\" errors=\"\(totals.broken)\" time=\"\(seconds(totals.seconds))\">\n"
        for report in reports {
            let classname = attribute(report.name.isEmpty ? report.file : report.name)
            let time = seconds(report.seconds)
            if let error = report.error {
                xml +=
                    "  <testsuite name=\"\(attribute(report.file))\" tests=\"1\" failures=\"0\" errors=\"1\" time=\"\(time)\">\n"
                xml += "    <testcase classname=\"\(classname)\" name=\"scenario file\" time=\"0\">\n"
                xml += "      <error message=\"\(attribute(error))\"/>\n"
                xml += "    </testcase>\n"
                xml += "  </testsuite>\n"
                continue
            }
            xml +=
                "  <testsuite name=\"\(attribute(report.file))\" tests=\"\(report.outcomes.count)\""
                + " failures=\"\(report.failures.count)\" errors=\"0\" time=\"\(time)\">\n"
            for outcome in report.outcomes {
                let name = attribute("line \(outcome.line): \(outcome.expectation)")
                let opening = "    <testcase classname=\"\(classname)\" name=\"\(name)\" time=\"0\""
                guard !outcome.passed else {
                    xml += opening + "/>\n"
                    continue
                }
                let detail = outcome.detail ?? "failed"
                xml += opening + ">\n"
                xml +=
                    "      <failure message=\"\(attribute(detail))\" type=\"expectation\">\(text(detail))</failure>\n"
                xml += "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }

    /// `0.120`: seconds with 3 decimals, written without a locale (never `0,120`).
    static func seconds(_ value: Double) -> String {
        let milliseconds = value.isFinite ? Int64((max(value, 0) * 1000).rounded()) : 0
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    /// Character data: markup characters escaped, characters XML 1.0 forbids dropped.
    static func text(_ value: String) -> String {
        MarkupText.escaped(value, for: .xmlText)
    }

    /// An attribute value for double quotes (tab and line breaks as character references).
    static func attribute(_ value: String) -> String {
        MarkupText.escaped(value, for: .xmlAttribute)
    }
}
