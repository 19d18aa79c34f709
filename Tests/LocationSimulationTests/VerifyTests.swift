// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import LocationSimulationTesting
import Testing
import TrailcastBasics

/// `verify` reports a failing expectation at its own line, with the evidence, and lets the
/// test go on to report the next one.
@Suite("Expectations reported at their line")
struct VerifyTests {
    static func walk() throws -> Simulation {
        let simulation = try Simulation(route: .points(Walk.points(30)))
        let manager = SimulatedLocationManager(simulation: simulation)
        manager.requestWhenInUseAuthorization()
        manager.startUpdatingLocation()
        try simulation.runToEnd()
        return simulation
    }

    @Test func aFailureIsRecordedAtTheCallersLineWithItsEvidence() throws {
        let simulation = try Self.walk()
        // The matcher may run on any thread.
        let recorded = LockedValue<[(line: Int, comment: String)]>([])
        let firstLine = #line + 3
        withKnownIssue {
            // Two failures in a row: both are reported, each at its own line.
            simulation.verify(.count(EventSelector(type: "prompt"), .exactly(2), window: OffsetWindow()))
            simulation.verify(.absent(EventSelector(type: "locations"), after: nil, before: nil))
        } matching: { issue in
            // The failure is the issue's error, so its first line says what failed.
            let failure = (issue.error as? ExpectationFailure)?.description ?? "not an ExpectationFailure: \(issue)"
            recorded.withLock { $0.append((issue.sourceLocation?.line ?? 0, failure)) }
            return true
        }
        let issues = recorded.withLock { $0 }
        #expect(issues.map(\.line) == [firstLine, firstLine + 1])
        #expect(issues.first?.comment == "expected count prompt == 2: found 1: at 0s")
        #expect(
            issues.last?.comment.hasPrefix(
                "expected no locations: unknown event type 'locations' (did you mean 'location'?)") == true)
    }

    @Test func aHoldingExpectationRecordsNothing() throws {
        let simulation = try Self.walk()
        #expect(simulation.verify(.count(EventSelector(type: "prompt"), .exactly(1), window: OffsetWindow())))
        // Swift Testing has an `Expectation` of its own: this is how a file importing both
        // names the simulation's.
        let checks: [LocationSimulation.Expectation] = [
            .present(EventSelector(type: "location"), at: nil, tolerance: 0),
            .order(first: EventSelector(type: "prompt"), then: EventSelector(type: "location")),
        ]
        #expect(simulation.verify(checks))
    }

    @Test func aListReportsEachFailure() throws {
        let simulation = try Self.walk()
        let count = LockedValue(0)
        withKnownIssue {
            let allHold = simulation.verify([
                .count(EventSelector(type: "alert"), .atLeast(1), window: OffsetWindow()),
                .present(EventSelector(type: "location"), at: nil, tolerance: 0),
                .absent(EventSelector(type: "location"), after: nil, before: nil),
            ])
            #expect(!allHold)
        } matching: { _ in
            count.withLock { $0 += 1 }
            return true
        }
        #expect(count.withLock { $0 } == 2)
    }

    @Test("the short forms are the full expectations with their defaults, and read in one line")
    func shortForms() throws {
        typealias Check = LocationSimulation.Expectation
        let equal: [(Check, Check)] = [
            (.absent("weather"), .absent(EventSelector(type: "weather"), after: nil, before: nil)),
            (.absent("location", after: 600), .absent(EventSelector(type: "location"), after: 600, before: nil)),
            (.absent("location", before: 5), .absent(EventSelector(type: "location"), after: nil, before: 5)),
            (.count("prompt", .exactly(1)), .count(EventSelector(type: "prompt"), .exactly(1), window: OffsetWindow())),
            (.present("alert"), .present(EventSelector(type: "alert"), at: nil, tolerance: 0)),
            (.present("alert", at: 60), .present(EventSelector(type: "alert"), at: 60, tolerance: 0)),
            (
                .order("prompt", then: "location"),
                .order(first: EventSelector(type: "prompt"), then: EventSelector(type: "location"))
            ),
            (
                .present(
                    EventSelector("authorization", where: ["to": "denied", "servicesEnabled": true, "from": nil])),
                .present(
                    EventSelector(
                        type: "authorization",
                        fields: [
                            FieldMatch(key: "to", matcher: .string("denied")),
                            FieldMatch(key: "servicesEnabled", matcher: .bool(true)),
                            FieldMatch(key: "from", matcher: .null),
                        ]), at: nil, tolerance: 0)
            ),
            (
                .present(EventSelector("location", where: ["index": 3, "lat": 47.5])),
                .present(
                    EventSelector(
                        type: "location",
                        fields: [
                            FieldMatch(key: "index", matcher: .number(3, tolerance: 0)),
                            FieldMatch(key: "lat", matcher: .number(47.5, tolerance: 0)),
                        ]), at: nil, tolerance: 0)
            ),
        ]
        for (short, full) in equal { #expect(short == full) }
        let simulation = try Self.walk()
        #expect(
            simulation.verify([
                .count("prompt", .exactly(1)), .present("location"), .order("prompt", then: "location"),
                .absent("alert"),
            ]))
    }
}
