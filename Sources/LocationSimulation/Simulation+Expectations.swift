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

    /// Whether `expectation` holds, and if not, why (quoting the offending event).
    public func check(_ expectation: Expectation) -> ExpectationOutcome {
        ExpectationEvaluator.evaluate(expectation, line: 0, in: records)
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
        return expectations.map { ExpectationEvaluator.evaluate($0, line: 0, in: records) }
    }
}

/// An expectation that did not hold, with its evidence.
public struct ExpectationFailure: Error, CustomStringConvertible {
    public var outcome: ExpectationOutcome

    public init(outcome: ExpectationOutcome) {
        self.outcome = outcome
    }

    public var description: String {
        "expected \(outcome.expectation): \(outcome.detail ?? "it did not hold")"
    }
}
