// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastScenario
import Testing

// Testing has an `Expectation` too; a scoped import wins over both module imports.
import enum TrailcastScenario.Expectation

@Suite struct TextCheckReportTests {
    @Test func passingFailingAndBroken() {
        let text = TextCheckReport.render([CraftedReports.happy, CraftedReports.revoked, CraftedReports.broken])
        #expect(
            text == """
                PASS  gpx/scenarios/happy-path.yaml: happy path: allow, weather along the route (5 expectations)
                FAIL  gpx/scenarios/revoked.yaml: revoked halfway (2 of 4 expectations failed)
                      line 21: no location after 10m before 15m
                        first offending event: \(CraftedReports.offending)
                      line 22: end {locations: >= 100}
                        locations is 4, expected >= 100
                ERROR gpx/scenarios/broken.yaml:7:3: error: unknown key 'expectt' (did you mean 'expect'?)
                3 scenarios: 1 passed, 1 failed, 1 broken (9 expectations, 2 failed)

                """)
    }

    @Test func singularsAndNamelessScenarios() {
        let one = ScenarioReport(
            file: "one.yaml", name: "",
            outcomes: [CraftedReports.passing(.absent(EventSelector(type: "alert"), after: nil, before: nil), line: 3)],
            seconds: 1)
        let failing = ScenarioReport(
            file: "two.yaml", name: "two",
            outcomes: [
                ExpectationOutcome(
                    expectation: .order(first: EventSelector(type: "prompt"), then: EventSelector(type: "alert")),
                    line: 4, passed: false)
            ],
            seconds: 1)
        #expect(
            TextCheckReport.render([one]) == """
                PASS  one.yaml (1 expectation)
                1 scenario: 1 passed, 0 failed, 0 broken (1 expectation, 0 failed)

                """)
        // A failure without a detail gets no detail line.
        #expect(
            TextCheckReport.render([failing]) == """
                FAIL  two.yaml: two (1 of 1 expectation failed)
                      line 4: prompt before alert
                1 scenario: 0 passed, 1 failed, 0 broken (1 expectation, 1 failed)

                """)
    }

    @Test func noScenarios() {
        #expect(TextCheckReport.render([]) == "0 scenarios: 0 passed, 0 failed, 0 broken (0 expectations, 0 failed)\n")
    }

    @Test func everyScenarioAndFailureIsOneLine() {
        let report = ScenarioReport(
            file: "multi.yaml", name: "a name\non two lines",
            outcomes: [
                ExpectationOutcome(
                    expectation: .present(
                        EventSelector(type: "alert", fields: [FieldMatch(key: "message", matcher: .string("a\nb"))]),
                        at: nil, tolerance: 0),
                    line: 9, passed: false, detail: "no alert\r\nat all")
            ],
            seconds: 0)
        let broken = ScenarioReport(file: "b.yaml", name: "", outcomes: [], seconds: 0, error: "first\nsecond")
        #expect(
            TextCheckReport.render([report, broken]) == #"""
                FAIL  multi.yaml: a name\non two lines (1 of 1 expectation failed)
                      line 9: an event alert {message: "a\nb"}
                        no alert\r\nat all
                ERROR b.yaml: first\nsecond
                2 scenarios: 0 passed, 1 failed, 1 broken (1 expectation, 1 failed)

                """#)
    }

    /// The other characters Swift counts as line breaks (VT, FF, NEL, U+2028, U+2029) would
    /// break a line in an editor or a log viewer: each is a space.
    @Test("a vertical tab, form feed, NEL and Unicode's line and paragraph separators: each a space")
    func otherLineBreaks() {
        let broken = ScenarioReport(
            file: "b.yaml", name: "", outcomes: [], seconds: 0, error: "a\u{0B}b\u{0C}c\u{85}d\u{2028}e\u{2029}f")
        #expect(
            TextCheckReport.render([broken])
                == "ERROR b.yaml: a b c d e f\n1 scenario: 0 passed, 0 failed, 1 broken (0 expectations, 0 failed)\n")
    }

    @Test func passedNeedsNoErrorAndNoFailure() {
        #expect(CraftedReports.happy.passed)
        #expect(!CraftedReports.revoked.passed)
        #expect(!CraftedReports.broken.passed)
        #expect(ScenarioReport(file: "empty.yaml", name: "empty", outcomes: [], seconds: 0).passed)
        #expect(CraftedReports.revoked.failures.map(\.line) == [21, 22])
    }
}
