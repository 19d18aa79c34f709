// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastTimeline

/// The scenario expectations (`count`, `none`, `event`, `order`, `end`), checked against a
/// simulation's timeline from Swift, with the one-line evidence `trailcast check` gives.
///
/// ```swift
/// try simulation.expect(.absent(EventSelector(type: "location"), after: 600, before: nil))
/// try simulation.expect(.order(first: EventSelector(type: "alert"), then: EventSelector(type: "location")))
/// ```
extension Simulation {
    /// The timeline as expectations read it: each event's JSON Lines fields.
    public var records: [TimelineRecord] { timeline.map(TimelineRecord.init) }

    /// Whether `expectation` holds, and if not, why (quoting the offending event). An
    /// expectation about events a simulation never records (`weather`, `missed`, `places`...)
    /// fails, saying why: it would hold, or fail, whatever the app did.
    public func check(_ expectation: Expectation) -> ExpectationOutcome {
        Self.evaluate(expectation, in: records)
    }

    private static func evaluate(_ expectation: Expectation, in records: [TimelineRecord]) -> ExpectationOutcome {
        if let problem = neverRecorded(in: expectation) {
            return ExpectationOutcome(expectation: expectation, line: 0, passed: false, detail: problem)
        }
        return ExpectationEvaluator.evaluate(expectation, line: 0, in: records)
    }

    /// Event types of the `trailcast` command's timeline that a simulation never records,
    /// with why: the app under test is the user's own code.
    package static let eventTypesNeverRecorded: [String: String] = [
        "weather": "a simulation records no weather events: the weather is fetched by your app's own code, "
            + "so count its requests instead (the weather client you gave it)",
        "weatherError": "a simulation records no weatherError events: the weather is fetched by your app's own code, "
            + "so check its client's failures instead",
        "missed": "a simulation records no missed events: your delegate sees its own gaps between fixes",
        "places": "places events are the trailcast command's Places app's, not your app's",
        "control": "control events are the trailcast command's live control's; a simulation has none",
    ]

    /// Why `expectation` names an event type a simulation never records, or nil.
    static func neverRecorded(in expectation: Expectation) -> String? {
        let types: [String]
        switch expectation {
        case .count(let selector, _, _), .absent(let selector, _, _), .present(let selector, _, _):
            types = [selector.type]
        case .order(let first, let then): types = [first.type, then.type]
        case .end: types = []
        }
        return types.lazy.compactMap { Self.eventTypesNeverRecorded[$0] }.first
    }

    /// Throws ``ExpectationFailure`` (its description is the evidence) unless `expectation`
    /// holds; `try` in a test makes that the test's failure message.
    public func expect(_ expectation: Expectation) throws(ExpectationFailure) {
        let outcome = check(expectation)
        if !outcome.passed { throw ExpectationFailure(outcome: outcome) }
    }

    /// Checks a scenario file's `expect:` list (loaded with the `Scenario` product's
    /// `ScenarioParser`) or any list: every outcome, in order.
    public func check(_ expectations: [Expectation]) -> [ExpectationOutcome] {
        let records = self.records
        return expectations.map { Self.evaluate($0, in: records) }
    }
}

/// An expectation that did not hold, with its evidence.
public struct ExpectationFailure: Error, CustomStringConvertible {
    /// The check that failed: the expectation, and its `detail` quoting the evidence.
    public var outcome: ExpectationOutcome

    /// The failure of `outcome`, a check that did not pass.
    public init(outcome: ExpectationOutcome) {
        self.outcome = outcome
    }

    public var description: String {
        "expected \(outcome.expectation): \(outcome.detail ?? "it did not hold")"
    }
}
