// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastScenario

/// Reports shared by the text and JUnit tests: one passing, one failing, one broken file.
enum CraftedReports {
    static let offending =
        #"{"t":"2026-06-13T16:10:05.000Z","offset":605,"type":"location","lat":37.797,"lon":-122.396,"index":2}"#

    static let happy = ScenarioReport(
        file: "gpx/scenarios/happy-path.yaml", name: "happy path: allow, weather along the route",
        outcomes: [
            passing(.present(EventSelector(type: "prompt"), at: 0, tolerance: 0), line: 14),
            passing(.count(EventSelector(type: "location"), .atLeast(100), window: .init()), line: 15),
            passing(.absent(EventSelector(type: "alert"), after: nil, before: nil), line: 16),
            passing(.order(first: EventSelector(type: "location"), then: EventSelector(type: "weather")), line: 17),
            passing(.end([FieldMatch(key: "weatherErrors", matcher: .number(0, tolerance: 0))]), line: 18),
        ],
        seconds: 0.1234)

    static let revoked = ScenarioReport(
        file: "gpx/scenarios/revoked.yaml", name: "revoked halfway",
        outcomes: [
            passing(.present(EventSelector(type: "alert"), at: 600, tolerance: 1), line: 19),
            passing(
                .present(
                    EventSelector(
                        type: "authorization",
                        fields: [
                            FieldMatch(key: "to", matcher: .string("denied"))
                        ]), at: 600, tolerance: 0), line: 20),
            ExpectationOutcome(
                expectation: .absent(EventSelector(type: "location"), after: 600, before: 900), line: 21, passed: false,
                detail: "first offending event: \(offending)"),
            ExpectationOutcome(
                expectation: .end([
                    FieldMatch(key: "locations", matcher: .comparison(NumberComparison(.greaterOrEqual, 100)))
                ]),
                line: 22, passed: false, detail: "locations is 4, expected >= 100"),
        ],
        seconds: 2.5)

    static let broken = ScenarioReport(
        file: "gpx/scenarios/broken.yaml", name: "", outcomes: [], seconds: 0.0004,
        error: "gpx/scenarios/broken.yaml:7:3: error: unknown key 'expectt' (did you mean 'expect'?)")

    static func passing(_ expectation: Expectation, line: Int) -> ExpectationOutcome {
        ExpectationOutcome(expectation: expectation, line: line, passed: true)
    }
}
