// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
@_exported public import LocationSimulation
public import Testing

/// Expectations reported where they are written, with Swift Testing: each one that fails
/// is an issue at the caller's line (not the `@Test` function's), with its evidence, and
/// the test goes on, so every failing expectation of a test is reported.
///
/// ```swift
/// simulation.verify(.count("prompt", .exactly(1)))
/// simulation.verify(.absent("location", after: 600))
/// ```
///
/// In XCTest, `XCTAssertHolds(_:in:)` does the same. `expect(_:)` (throwing)
/// stops the test at the first failure instead, which code outside a test can use. `verify`
/// is for Swift Testing only: outside a Swift Testing test an issue would be dropped and a
/// failing expectation pass unseen, so there it stops the process saying so.
extension Simulation {
    /// Whether `expectation` holds; when it does not, records an issue at the caller's line
    /// saying what was expected and the evidence.
    @discardableResult
    public func verify(_ expectation: LocationSimulation.Expectation, sourceLocation: SourceLocation = #_sourceLocation)
        -> Bool
    {
        requireSwiftTesting(sourceLocation)
        let outcome = check(expectation)
        if !outcome.passed { Self.record(outcome, at: sourceLocation) }
        return outcome.passed
    }

    /// Each of `expectations`, every failure recorded at the caller's line; whether all hold.
    @discardableResult
    public func verify(
        _ expectations: [LocationSimulation.Expectation], sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        requireSwiftTesting(sourceLocation)
        var allHold = true
        for outcome in check(expectations) where !outcome.passed {
            allHold = false
            Self.record(outcome, at: sourceLocation)
        }
        return allHold
    }

    /// Recorded as the failure itself (an error), so that the issue's first line is what
    /// failed (`expected count prompt == 2: found 1: at 0s`), not Swift Testing's "Issue
    /// recorded" with the evidence on the lines below.
    private static func record(_ outcome: ExpectationOutcome, at sourceLocation: SourceLocation) {
        Issue.record(ExpectationFailure(outcome: outcome), sourceLocation: sourceLocation)
    }

    private func requireSwiftTesting(_ sourceLocation: SourceLocation) {
        guard Test.current == nil else { return }
        preconditionFailure(
            "\(sourceLocation): Simulation.verify records Swift Testing issues and runs only in a Swift Testing test; in XCTest, use `XCTAssertHolds(_:in:)`"
        )
    }
}
