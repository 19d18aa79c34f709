// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import LocationSimulation
import Testing

/// A name the timeline never has fails the expectation and names the valid ones: an
/// `absent` about a mistyped type would otherwise hold whatever the app did.
@Suite("Expectations checked against the timeline's schema")
struct CheckedExpectationTests {
    static func walk() throws -> Simulation {
        let simulation = try Simulation(
            route: .points(Walk.points(30)), system: .init(authorization: .authorizedWhenInUse))
        let manager = SimulatedLocationManager(simulation: simulation)
        manager.startUpdatingLocation()
        try simulation.runToEnd()
        try simulation.finish()
        return simulation
    }

    @Test func aMistypedEventTypeFailsAndNamesTheTypes() throws {
        let simulation = try Self.walk()
        let outcome = simulation.check(.absent(EventSelector(type: "locations"), after: nil, before: nil))
        #expect(!outcome.passed)
        #expect(
            outcome.detail
                == "unknown event type 'locations' (did you mean 'location'?); types: start, authorization, prompt, location, missed, locationError, region, regionError, visit, pause, resume, indicator, alert, tap, places, app, launch, signal, control, call, plistError, weather, weatherError, end"
        )
        #expect(throws: ExpectationFailure.self) {
            try simulation.expect(.absent(EventSelector(type: "locations"), after: nil, before: nil))
        }
    }

    @Test func aMistypedFieldFailsAndNamesTheTypesFields() throws {
        let simulation = try Self.walk()
        let selector = EventSelector(
            type: "location",
            fields: [FieldMatch(key: "horizontalAcc", matcher: .comparison(NumberComparison(parsing: "> 100")!))])
        let outcome = simulation.check(.absent(selector, after: nil, before: nil))
        #expect(!outcome.passed)
        #expect(
            outcome.detail
                == "unknown field 'horizontalAcc' (did you mean 'horizontalAccuracy'?); fields of location: t, offset, type, lat, lon, altitude, horizontalAccuracy, verticalAccuracy, speed, course, index, cached, truth"
        )
    }

    @Test func eachSelectorOfAnOrderAndEachEndFieldIsChecked() throws {
        let simulation = try Self.walk()
        let order = simulation.check(
            .order(first: EventSelector(type: "authorization"), then: EventSelector(type: "locaton")))
        #expect(order.detail?.hasPrefix("unknown event type 'locaton' (did you mean 'location'?)") == true)
        let end = simulation.check(.end([FieldMatch(key: "location", matcher: .number(30, tolerance: 0))]))
        #expect(
            end.detail?.hasPrefix(
                "unknown field 'location' (did you mean 'locations'?); fields of end: t, offset, type, points, locations,"
            ) == true)
        // Spelled right, the same expectations hold.
        #expect(
            simulation.check(.order(first: EventSelector(type: "authorization"), then: EventSelector(type: "location")))
                .passed)
        #expect(simulation.check(.end([FieldMatch(key: "locations", matcher: .number(30, tolerance: 0))])).passed)
    }

    @Test func aWordFarFromEveryNameGetsNoSuggestion() throws {
        let simulation = try Self.walk()
        let outcome = simulation.check(.count(EventSelector(type: "geofence"), .exactly(0), window: OffsetWindow()))
        #expect(outcome.detail?.hasPrefix("unknown event type 'geofence'; types: start,") == true)
    }

    // Issue 41: the values of closed fields, and event types a simulation never records.

    @Test("a value outside a closed field's set fails, naming the set, in absent and count alike")
    func aMisspelledValueFailsAndNamesTheValues() throws {
        let simulation = try Self.walk()
        let denyed = EventSelector(type: "authorization", fields: [FieldMatch(key: "to", matcher: .string("denyed"))])
        let absent = simulation.check(.absent(denyed, after: nil, before: nil))
        #expect(!absent.passed)
        #expect(
            absent.detail
                == "unknown value 'denyed' (did you mean 'denied'?); authorization.to is one of: notDetermined, restricted, denied, authorizedWhenInUse, authorizedAlways"
        )
        let call = EventSelector(
            type: "call", fields: [FieldMatch(key: "method", matcher: .string("startUpdatingLocations"))])
        #expect(
            simulation.check(.count(call, .exactly(0), window: OffsetWindow())).detail?
                .hasPrefix(
                    "unknown value 'startUpdatingLocations' (did you mean 'startUpdatingLocation'?); call.method is one of: "
                ) == true)
        // Spelled right, they are checked against the run.
        let started = EventSelector(
            type: "call", fields: [FieldMatch(key: "method", matcher: .string("startUpdatingLocation"))])
        #expect(simulation.check(.count(started, .exactly(1), window: OffsetWindow())).passed)
    }

    @Test(
        "weather, missed, places and control: a simulation never records them, so a check of them fails saying why",
        arguments: [
            (
                "weather",
                "a simulation records no weather events: the weather is fetched by your app's own code, so count its requests instead (the weather client you gave it)"
            ),
            (
                "weatherError",
                "a simulation records no weatherError events: the weather is fetched by your app's own code, so check its client's failures instead"
            ),
            ("missed", "a simulation records no missed events: your delegate sees its own gaps between fixes"),
            ("places", "places events are the trailcast command's Places app's, not your app's"),
            ("control", "control events are the trailcast command's live control's; a simulation has none"),
        ])
    func eventTypesNeverRecordedFail(type: String, why: String) throws {
        let simulation = try Self.walk()
        let outcome = simulation.check(.count(EventSelector(type: type), .exactly(0), window: OffsetWindow()))
        #expect(!outcome.passed)
        #expect(outcome.detail == why)
        #expect(Simulation.eventTypesNeverRecorded.count == 5, "no other type is refused so")
        #expect(
            simulation.check([.absent(EventSelector(type: type), after: nil, before: nil)]).map(\.passed) == [false])
        // In an order, either side.
        for order in [
            Expectation.order(first: EventSelector(type: type), then: EventSelector(type: "location")),
            .order(first: EventSelector(type: "authorization"), then: EventSelector(type: type)),
        ] {
            let outcome = simulation.check(order)
            #expect(!outcome.passed)
            #expect(outcome.detail == why, "\(order)")
        }
    }
}
