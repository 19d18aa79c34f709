// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import LocationSimulation
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Issue 41: geofencing written once against `LocationMonitoring` (GeofenceModel.swift, which
/// CI also type-checks with CLMonitor), run on the simulation's monitor.
@MainActor
@Suite("A geofence feature through the monitor seam", .timeLimit(.minutes(15)))
struct GeofenceModelTests {
    static let shop = CLLocationCoordinate2D(latitude: 47.03, longitude: 8)

    @Test("the walk enters and leaves the shop's circle: one arrival and one departure, heard through the seam")
    func arrivalsAndDepartures() async throws {
        let simulation = try Simulation(
            route: .points(Walk.points(600)), system: .init(authorization: .authorizedWhenInUse))
        let model = GeofenceModel(monitor: SimulatedMonitor("reminders", simulation: simulation))
        await model.watch("shop", center: Self.shop, radius: 500)
        await model.watch("elsewhere", center: CLLocationCoordinate2D(latitude: 46, longitude: 8), radius: 100)
        #expect(await model.watched() == ["elsewhere", "shop"])
        try simulation.runToEnd()
        try simulation.finish()  // the events end with the session
        try await model.listen()
        #expect(model.arrivals == ["shop"])
        #expect(model.departures == ["shop"], "assumed unsatisfied, elsewhere never changes")
    }

    @Test("a condition removed before the walk reaches it is never heard of")
    func removed() async throws {
        let simulation = try Simulation(
            route: .points(Walk.points(600)), system: .init(authorization: .authorizedWhenInUse))
        let model = GeofenceModel(monitor: SimulatedMonitor("reminders", simulation: simulation))
        await model.watch("shop", center: Self.shop, radius: 500)
        await model.stopWatching("shop")
        #expect(await model.watched().isEmpty)
        try simulation.runToEnd()
        try simulation.finish()
        try await model.listen()
        #expect(model.arrivals.isEmpty && model.departures.isEmpty)
    }

    @Test(
        "a condition the device is already inside, nothing assumed: its first determination is satisfied, then unsatisfied as the walk leaves"
    )
    func alreadyInside() async throws {
        let simulation = try Simulation(
            route: .points(Walk.points(600)), system: .init(authorization: .authorizedWhenInUse))
        let monitor = SimulatedMonitor("reminders", simulation: simulation)
        // The walk's first point, 500 m around it: inside from the start, out after about 45 s.
        monitor.addCircularCondition(
            center: CLLocationCoordinate2D(latitude: 47, longitude: 8), radius: 500, identifier: "home",
            assuming: .unknown)
        try simulation.runToEnd()
        try simulation.finish()
        var states: [LocationMonitorState] = []
        var seconds: [Double] = []
        for try await event in monitor.conditionEvents {
            states.append(event.state)
            seconds.append(event.date.timeIntervalSince1970 - Walk.start.timeIntervalSince1970)
        }
        #expect(states == [.satisfied, .unsatisfied])
        // Each event's date is the simulated moment of its fix, not the test's own clock.
        #expect(seconds == [0, 66])
    }
}
