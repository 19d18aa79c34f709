// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import LocationSimulationTesting
import XCTest

/// `XCTAssertHolds` fails an XCTest test at the caller's own line, with the evidence, and
/// every failing expectation of the test is reported.
final class XCTAssertHoldsTests: XCTestCase {
    /// The failures this test reported, kept instead of failing it.
    private var failures: [(description: String, line: Int)] = []
    private var capturing = false

    #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
        guard capturing else { return super.record(issue) }
        failures.append((issue.compactDescription, issue.sourceCodeContext.location?.lineNumber ?? 0))
    }
    #else
    // swift-corelibs-xctest has no XCTIssue.
    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        guard capturing else {
            return super.recordFailure(
                withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        failures.append((description, lineNumber))
    }
    #endif

    func testEachFailureIsReportedAtItsOwnLineWithItsEvidence() throws {
        let simulation = try VerifyTests.walk()  // the walk the Swift Testing twin checks
        capturing = true
        let firstLine = #line + 1
        XCTAssertHolds(.count(EventSelector(type: "prompt"), .exactly(2), window: OffsetWindow()), in: simulation)
        XCTAssertHolds(.absent(EventSelector(type: "locations"), after: nil, before: nil), in: simulation, "a typo")
        let holds = XCTAssertHolds(
            .count(EventSelector(type: "prompt"), .exactly(1), window: OffsetWindow()), in: simulation)
        capturing = false
        XCTAssertTrue(holds)
        XCTAssertEqual(failures.map(\.line), [firstLine, firstLine + 1])
        XCTAssertEqual(
            failures.first?.description.contains("expected count prompt == 2: found 1: at 0s"), true, "\(failures)")
        XCTAssertEqual(
            failures.last?.description.contains("unknown event type 'locations' (did you mean 'location'?)"), true)
        XCTAssertEqual(failures.last?.description.hasSuffix(" - a typo"), true)
        // Without a message, the evidence alone: nothing after it.
        XCTAssertEqual(failures.first?.description.hasSuffix("at 0s"), true, "\(failures)")
    }
}
