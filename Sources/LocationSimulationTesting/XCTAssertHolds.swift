// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
public import LocationSimulation
import XCTest

// Expectations reported where they are written, with XCTest: a failing one is a failure at
// the caller's file and line, with its evidence, and the test goes on (unless it set
// `continueAfterFailure = false`), so every failing expectation is reported. The XCTest
// counterpart of `Simulation.verify`, which is Swift Testing's.

// swift-format-ignore: AlwaysUseLowerCamelCase
// (XCTest's own naming, as XCTAssertEqual.)
/// Asserts that `expectation` holds in `simulation`'s timeline; when it does not, fails
/// the test at the caller's line saying what was expected and the evidence.
///
/// ```swift
/// XCTAssertHolds(.count(EventSelector(type: "prompt"), .exactly(1), window: OffsetWindow()), in: simulation)
/// ```
@discardableResult
public func XCTAssertHolds(
    _ expectation: LocationSimulation.Expectation, in simulation: Simulation, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) -> Bool {
    XCTAssertHolds([expectation], in: simulation, message(), file: file, line: line)
}

// swift-format-ignore: AlwaysUseLowerCamelCase
// (XCTest's own naming, as XCTAssertEqual.)
/// Each of `expectations`, every failure reported at the caller's line; whether all hold.
@discardableResult
public func XCTAssertHolds(
    _ expectations: [LocationSimulation.Expectation], in simulation: Simulation,
    _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) -> Bool {
    var allHold = true
    for outcome in simulation.check(expectations) where !outcome.passed {
        allHold = false
        let note = message()
        XCTFail(
            ExpectationFailure(outcome: outcome).description + (note.isEmpty ? "" : " - \(note)"), file: file,
            line: line)
    }
    return allHold
}
