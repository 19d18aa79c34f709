#if canImport(Testing)
public import Testing
import TrailcastExpectations

/// Expectations reported where they are written, with Swift Testing: each one that fails
/// is an issue at the caller's line (not the `@Test` function's), with its evidence, and
/// the test goes on, so every failing expectation of a test is reported.
///
/// ```swift
/// simulation.verify(.count(EventSelector(type: "prompt"), .exactly(1), window: OffsetWindow()))
/// simulation.verify(.absent(EventSelector(type: "location"), after: 600, before: nil))
/// ```
///
/// ``expect(_:)`` (throwing) stops the test at the first failure instead, which XCTest
/// tests and code outside a test can use.
extension Simulation {
    /// Whether `expectation` holds; when it does not, records an issue at the caller's line
    /// saying what was expected and the evidence.
    @discardableResult
    public func verify(_ expectation: Expectation, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let outcome = check(expectation)
        if !outcome.passed {
            Issue.record(Comment(rawValue: ExpectationFailure(outcome: outcome).description), sourceLocation: sourceLocation)
        }
        return outcome.passed
    }

    /// Each of `expectations`, every failure recorded at the caller's line; whether all hold.
    @discardableResult
    public func verify(_ expectations: [Expectation], sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        var allHold = true
        for outcome in check(expectations) where !outcome.passed {
            allHold = false
            Issue.record(Comment(rawValue: ExpectationFailure(outcome: outcome).description), sourceLocation: sourceLocation)
        }
        return allHold
    }
}
#endif
