// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import LocationSimulation
import Testing
import TrailcastBasics
import TrailcastCoreLocation
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Visits through `SimulatedLocationManager`, as a "where I spent the day" view model meets
/// them: `startMonitoringVisits()` once authorized, `didVisit` with Core Location's dates.
@Suite("Visits through SimulatedLocationManager")
struct VisitsLibraryTests {
    final class DiaryViewModel: LocationManagingDelegate {
        let manager: any LocationManaging
        private(set) var visits: [any LocationVisit] = []
        private(set) var errors: [CLError.Code] = []

        init(manager: any LocationManaging) {
            self.manager = manager
            manager.locationDelegate = self
        }

        func locationManagerDidChangeAuthorization(_ manager: any LocationManaging) {
            switch manager.authorizationStatus {
            case .notDetermined: manager.requestWhenInUseAuthorization()
            case .authorizedWhenInUse, .authorizedAlways: manager.startMonitoringVisits()
            default: break
            }
        }

        func locationManager(_ manager: any LocationManaging, didVisit visit: any LocationVisit) {
            visits.append(visit)
        }

        func locationManager(_ manager: any LocationManaging, didFailWithError error: any Error) {
            if let error = error as? CLError { errors.append(error.code) }
        }
    }

    /// Ten points north at 11 m/s, ten minutes standing at the tenth, then 120 points on north.
    static func stopOfTenMinutes() -> [RoutePoint] {
        var points = Walk.points(10)
        let stop = points[9]
        for second in 10..<610 {
            points.append(
                RoutePoint(
                    latitude: stop.latitude, longitude: stop.longitude, time: Walk.start.adding(seconds: Double(second))
                ))
        }
        for step in 1...120 {
            points.append(
                RoutePoint(
                    latitude: stop.latitude + Double(step) * 0.0001, longitude: stop.longitude,
                    time: Walk.start.adding(seconds: Double(609 + step))))
        }
        return points
    }

    static func seconds(_ date: Date) -> Double {
        date.timeIntervalSince1970 - Walk.start.timeIntervalSince1970
    }

    /// `CLVisit.arrivalDate`: "When the visit object does not include arrival information,
    /// this property is set to the date returned by the `distantPast` method"; a departure
    /// not yet made is `distantFuture` likewise (`departureDate`). The model always knows an
    /// arrival; a visit without one still gets Core Location's date.
    @Test("dates not known: an arrival distantPast, a departure distantFuture, as CLVisit's")
    func unknownDates() {
        let visit = SimulatedVisit(
            Visit(arrival: nil, departure: nil, latitude: 47, longitude: 8, horizontalAccuracyMeters: 50))
        #expect(visit.arrivalDate == .distantPast)
        #expect(visit.departureDate == .distantFuture)
        let known = SimulatedVisit(
            Visit(
                arrival: Timestamp(secondsSince1970: 10), departure: Timestamp(secondsSince1970: 70), latitude: 47,
                longitude: 8, horizontalAccuracyMeters: 50))
        #expect(known.arrivalDate == Date(timeIntervalSince1970: 10))
        #expect(known.departureDate == Date(timeIntervalSince1970: 70))
    }

    @Test(
        "a ten-minute stop: an arrival (departureDate distantFuture) five minutes in, then the departure with both dates"
    )
    func arrivalAndDeparture() throws {
        let simulation = try Simulation(route: .points(Self.stopOfTenMinutes()))
        let diary = DiaryViewModel(manager: SimulatedLocationManager(simulation: simulation))
        try simulation.runToEnd()
        try #require(diary.visits.count == 2, "\(diary.visits.count) visits")
        let (arrival, departure) = (diary.visits[0], diary.visits[1])
        #expect(arrival.departureDate == .distantFuture)
        // The dwell's first fix is the walk's, at most 50 m (5 s) before the stop at 9 s.
        #expect(Self.seconds(arrival.arrivalDate) == 5)
        #expect(departure.arrivalDate == arrival.arrivalDate)
        // The last fix within 50 m of the stop: 4 steps (44 m) after leaving it at 609 s.
        #expect(Self.seconds(departure.departureDate) == 613)
        #expect(abs(arrival.coordinate.latitude - 47.0009) < 0.0003 && arrival.coordinate.longitude == 8)
        #expect(arrival.horizontalAccuracy == 50)
        #expect(
            simulation.timeline.contains { $0.kind == .call(ManagerCall(method: .startMonitoringVisits, manager: 0)) })
    }

    @Test("visits are the app's: a second manager's delegate hears them; stopMonitoringVisits() ends them for both")
    func sharedAndStopped() throws {
        let simulation = try Simulation(
            route: .points(Self.stopOfTenMinutes()), system: .init(authorization: .authorizedAlways))
        let first = DiaryViewModel(manager: SimulatedLocationManager(simulation: simulation))
        let second = DiaryViewModel(manager: SimulatedLocationManager(simulation: simulation))
        try simulation.run(until: 400)
        #expect(first.visits.count == 1 && second.visits.count == 1)
        second.manager.stopMonitoringVisits()
        try simulation.runToEnd()
        #expect(first.visits.count == 1 && second.visits.count == 1, "no departure once stopped")
    }

    @Test("denied: didFailWithError .denied and no visits")
    func denied() throws {
        let simulation = try Simulation(route: .points(Self.stopOfTenMinutes()), system: .init(authorization: .denied))
        let diary = DiaryViewModel(manager: SimulatedLocationManager(simulation: simulation))
        diary.manager.startMonitoringVisits()
        try simulation.runToEnd()
        #expect(diary.errors == [.denied] && diary.visits.isEmpty)
    }

    @Test("When In Use in the background: the visits wait, and come in order when the app is in the foreground again")
    func heldInTheBackground() throws {
        let simulation = try Simulation(
            route: .points(Self.stopOfTenMinutes()), system: .init(authorization: .authorizedWhenInUse),
            events: [
                try ScheduledEvent(parsing: "60s:app=background"), try ScheduledEvent(parsing: "700s:app=foreground"),
            ])
        let diary = DiaryViewModel(manager: SimulatedLocationManager(simulation: simulation))
        try simulation.run(until: 699)
        #expect(diary.visits.isEmpty)
        try simulation.run(until: 701)
        #expect(
            diary.visits.map { $0.departureDate == .distantFuture } == [true, false], "the arrival, then the departure")
    }

    @Test(
        "Always in the background: each visit as it happens, the arrival five minutes into the stop, not held for the foreground"
    )
    func alwaysHearsThemAtOnce() throws {
        let simulation = try Simulation(
            route: .points(Self.stopOfTenMinutes()), system: .init(authorization: .authorizedAlways),
            events: [
                try ScheduledEvent(parsing: "60s:app=background"), try ScheduledEvent(parsing: "700s:app=foreground"),
            ])
        let diary = DiaryViewModel(manager: SimulatedLocationManager(simulation: simulation))
        try simulation.run(until: 400)
        #expect(
            diary.visits.map { $0.departureDate == .distantFuture } == [true], "the arrival, heard in the background")
        try simulation.run(until: 699)
        #expect(
            diary.visits.map { $0.departureDate == .distantFuture } == [true, false],
            "the departure too, before the foreground")
    }
}
