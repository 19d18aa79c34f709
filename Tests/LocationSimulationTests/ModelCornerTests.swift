// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import LocationSimulation
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The corners of the Core Location model no other test reached: visits and significant
/// changes with approximate location, the bound on the visits held for a When In Use app, and
/// `SimulatedMonitor` while denied, in the background and with approximate location. Each
/// value is the one virtual time gives, with the rule it comes from.
@Suite("The model's corners: approximate visits and changes, held visits, CLMonitor's authorization")
struct ModelCornerTests {
    /// Approximate location's cell around the walk's start (Walk: 47.0000 north, 8 east):
    /// cells 0.045° of latitude high (about 5 km), square on the ground
    /// (ApproximateLocation): the cell of 47.0009 has its centre at 47.0025, 8.026112.
    static let startCell = (latitude: 47.0025, longitude: 8.026112)

    @Test(
        "approximate location: a visit is told at its cell's centre, 3 km accurate (Apple: visits use reduced accuracy)"
    )
    func approximateVisits() throws {
        let simulation = try Simulation(
            route: .points(VisitsLibraryTests.stopOfTenMinutes()),
            system: .init(authorization: .authorizedWhenInUse, accuracy: .reduced))
        let diary = VisitsLibraryTests.DiaryViewModel(manager: SimulatedLocationManager(simulation: simulation))
        try simulation.runToEnd()
        try #require(diary.visits.count == 2)
        for visit in diary.visits {
            #expect(abs(visit.coordinate.latitude - Self.startCell.latitude) < 1e-9)
            #expect(abs(visit.coordinate.longitude - Self.startCell.longitude) < 1e-6)
            #expect(visit.horizontalAccuracy == 3000)
        }
        // The times are the visit's own: approximation moves the place, not the moments.
        #expect(VisitsLibraryTests.seconds(diary.visits[0].arrivalDate) == 5)
        #expect(VisitsLibraryTests.seconds(diary.visits[1].departureDate) == 613)
    }

    /// `stops` stops of six minutes, 20 steps of 11 m apart (220 m, beyond a visit's 50 m),
    /// then 60 steps on: each stop an arrival and a departure.
    static func stops(_ stops: Int) -> [RoutePoint] {
        var points: [RoutePoint] = []
        var latitude = 47.0
        var second = 0.0
        func step(_ north: Double) {
            latitude += north
            points.append(RoutePoint(latitude: latitude, longitude: 8, time: Walk.start.adding(seconds: second)))
            second += 1
        }
        for _ in 0..<stops {
            for _ in 0..<20 { step(0.0001) }
            for _ in 0..<360 { step(0) }
        }
        for _ in 0..<60 { step(0.0001) }
        return points
    }

    @Test("When In Use in the background: at most 64 visits wait; the oldest go, the 64 newest come in order")
    func heldVisitsAreBounded() throws {
        let points = Self.stops(33)
        let end = points.count
        let simulation = try Simulation(
            route: .points(points), system: .init(authorization: .authorizedWhenInUse),
            events: [
                try ScheduledEvent(parsing: "10s:app=background"),
                try ScheduledEvent(parsing: "\(end - 30)s:app=foreground"),
            ])
        let diary = VisitsLibraryTests.DiaryViewModel(manager: SimulatedLocationManager(simulation: simulation))
        try simulation.run(until: Double(end - 31))
        #expect(diary.visits.isEmpty)
        try simulation.runToEnd()
        // 33 stops made 65 visits: each stop's arrival and departure but the last's departure,
        // which needs 60 s more than the route has (more than 100 m away for 60 s). The
        // oldest, the first stop's arrival, was dropped to keep 64.
        let told = diary.visits.map { visit in
            let arrival = Int(VisitsLibraryTests.seconds(visit.arrivalDate))
            return visit.departureDate == .distantFuture
                ? "\(arrival)-" : "\(arrival)-\(Int(VisitsLibraryTests.seconds(visit.departureDate)))"
        }
        // The first stop (20...379 s): arrived 5 s before, at the walk's last fix within 50 m;
        // left at 383 s, the last fix within 50 m. Each later stop's arrival is dated where the
        // model starts looking for a dwell again, at the fix that confirms the departure from
        // the last (60 s more than 100 m away: 448 s for the stop reached at 400 s).
        var expected = ["15-383"]
        for stop in 1...31 { expected += ["\(68 + 380 * stop)-", "\(68 + 380 * stop)-\(383 + 380 * stop)"] }
        expected.append("12228-")
        try #require(told.count == 64, "\(told.count)")
        #expect(told == expected)
    }

    @Test("approximate location: significant changes are approximate fixes, at the service's own moments")
    func approximateSignificantChanges() throws {
        let simulation = try Simulation(
            route: .points(Walk.points(1000)), system: .init(authorization: .authorizedAlways, accuracy: .reduced))
        let app = RecordingApp(simulation)
        app.manager.startMonitoringSignificantLocationChanges()
        try simulation.runToEnd()
        // The raw fixes decide (500 m and 300 s apart: at 0, 300, 600, 900 s); what is told is
        // each one's cell centre: 47.0000 and 47.0300 and 47.0600 and 47.0900 fall in the cells
        // centred on 47.0025, 47.0475, 47.0475 and 47.0925.
        #expect(
            app.take() == ["auth authorizedAlways", "fix 47.00250", "fix 47.04750", "fix 47.04750", "fix 47.09250"])
    }

    static let shop = SimulatedMonitor.CircularGeographicCondition(
        center: CLLocationCoordinate2D(latitude: 47.03, longitude: 8), radius: 500)

    /// The monitor's events over a 600 s walk through the shop (in at 276 s, out at 366 s
    /// when nothing holds them back), as `NAME STATE @SECONDS`.
    static func monitorEvents(_ system: Simulation.System, events: [String] = []) async throws -> [String] {
        let simulation = try Simulation(
            route: .points(Walk.points(600)), system: system, events: try events.map { try ScheduledEvent(parsing: $0) }
        )
        let monitor = SimulatedMonitor("reminders", simulation: simulation)
        monitor.add(Self.shop, identifier: "shop", assuming: .unsatisfied)
        try simulation.runToEnd()
        try simulation.finish()
        var seen: [String] = []
        for await event in monitor.events {
            seen.append("\(event.identifier) \(event.state.rawValue) @\(Int(VisitsLibraryTests.seconds(event.date)))")
        }
        return seen
    }

    @Test("CLMonitor, authorized: the crossings at 276 s and 366 s (the reference for the three below)")
    func monitorAuthorized() async throws {
        #expect(
            try await Self.monitorEvents(.init(authorization: .authorizedWhenInUse)) == [
                "shop satisfied @276", "shop unsatisfied @366",
            ])
    }

    @Test("CLMonitor while denied: no event until access is given; then the present state")
    func monitorDenied() async throws {
        #expect(try await Self.monitorEvents(.init(authorization: .denied)).isEmpty)
        let granted = try await Self.monitorEvents(
            .init(authorization: .denied), events: ["300s:authorization=whenInUse"])
        #expect(granted == ["shop satisfied @300", "shop unsatisfied @366"])
    }

    @Test("CLMonitor, When In Use in the background: crossings wait; in the foreground, the present state once")
    func monitorInTheBackground() async throws {
        let held = try await Self.monitorEvents(
            .init(authorization: .authorizedWhenInUse), events: ["100s:app=background", "320s:app=foreground"])
        #expect(held == ["shop satisfied @320", "shop unsatisfied @366"])
        let always = try await Self.monitorEvents(
            .init(authorization: .authorizedAlways), events: ["100s:app=background"])
        #expect(always == ["shop satisfied @276", "shop unsatisfied @366"], "Always hears them at once")
    }

    @Test("CLMonitor with approximate location: nothing monitored until full accuracy returns")
    func monitorApproximate() async throws {
        #expect(try await Self.monitorEvents(.init(authorization: .authorizedWhenInUse, accuracy: .reduced)).isEmpty)
        let full = try await Self.monitorEvents(
            .init(authorization: .authorizedWhenInUse, accuracy: .reduced), events: ["300s:accuracy=full"])
        #expect(full == ["shop satisfied @300", "shop unsatisfied @366"])
    }
}
