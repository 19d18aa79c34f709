// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import LocationSimulation
import Testing

/// Region monitoring and significant changes through `SimulatedLocationManager`, as an app's
/// code meets them: a reminders view model written against `LocationManaging`.
@Suite("Region monitoring through SimulatedLocationManager")
struct RegionMonitoringLibraryTests {
    /// "Remind me when I arrive": When In Use first, its places registered, then Always.
    final class RemindersViewModel: LocationManagingDelegate {
        let manager: any LocationManaging
        let places: [CLCircularRegion]
        private(set) var reminders: [String] = []
        private(set) var states: [String] = []
        private(set) var started: [String] = []
        private(set) var failures: [String] = []

        init(manager: any LocationManaging, places: [CLCircularRegion]) {
            self.manager = manager
            self.places = places
            manager.locationDelegate = self
        }

        func locationManagerDidChangeAuthorization(_ manager: any LocationManaging) {
            switch manager.authorizationStatus {
            case .notDetermined:
                manager.requestWhenInUseAuthorization()
            case .authorizedWhenInUse:
                if manager.monitoredRegions.isEmpty { places.forEach(manager.startMonitoring(for:)) }
                manager.requestAlwaysAuthorization()
            default:
                break
            }
        }

        func locationManager(_ manager: any LocationManaging, didStartMonitoringFor region: CLRegion) {
            started.append(region.identifier)
        }

        func locationManager(_ manager: any LocationManaging, didEnterRegion region: CLRegion) {
            reminders.append("arrived at \(region.identifier)")
        }

        func locationManager(_ manager: any LocationManaging, didExitRegion region: CLRegion) {
            reminders.append("left \(region.identifier)")
        }

        func locationManager(
            _ manager: any LocationManaging, didDetermineState state: CLRegionState, for region: CLRegion
        ) {
            states.append(
                "\(region.identifier) \(state == .inside ? "inside" : state == .outside ? "outside" : "unknown")")
        }

        func locationManager(
            _ manager: any LocationManaging, monitoringDidFailFor region: CLRegion?, withError error: any Error
        ) {
            failures.append(
                "\(region?.identifier ?? "?") \((error as? CLError)?.code == .regionMonitoringDenied ? "denied" : "failure")"
            )
        }
    }

    /// A 500 m circle around the walk's point 300 (47.03°N 8°E): the walk (11 m/s north)
    /// is inside it from about 255 s to 345 s.
    static func shop(_ identifier: String = "shop", radius: Double = 500) -> CLCircularRegion {
        CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: 47.03, longitude: 8), radius: radius, identifier: identifier)
    }

    static func offsets(_ simulation: Simulation, _ change: String) -> [Double] {
        simulation.timeline.compactMap { event in
            guard case .region(let region) = event.kind, region.change.rawValue == change else { return nil }
            return event.offsetSeconds
        }
    }

    @Test("the view model asks for When In Use, registers, asks for Always, and is reminded on arriving and on leaving")
    func arriveAndLeave() throws {
        let simulation = try Simulation(route: .points(Walk.points(600)))
        let model = RemindersViewModel(manager: SimulatedLocationManager(simulation: simulation), places: [Self.shop()])
        try simulation.runToEnd()
        #expect(model.started == ["shop"])
        #expect(model.reminders == ["arrived at shop", "left shop"])
        #expect(model.states == ["shop inside", "shop outside"], "didDetermineState beside each crossing")
        #expect(model.manager.authorizationStatus == .authorizedAlways, "the second step, Always")
        let prompts = simulation.timeline.compactMap { event -> AuthorizationRequest? in
            if case .prompt(let request, _) = event.kind { request } else { nil }
        }
        #expect(prompts == [.whenInUse, .always])
        // The boundary at about 255 s, 10 m deeper a second later, 20 s more: about 276 s.
        let enter = try #require(Self.offsets(simulation, "enter").first)
        let exit = try #require(Self.offsets(simulation, "exit").first)
        #expect([enter, exit] == [276, 366])
        #expect(simulation.timeline.contains { $0.kind == .call(ManagerCall(method: .startMonitoring, manager: 0)) })
    }

    @Test(
        "regions are the app's: a second manager's delegate hears the first one's regions, and sees them in monitoredRegions"
    )
    func sharedByManagers() throws {
        let simulation = try Simulation(
            route: .points(Walk.points(600)), system: .init(authorization: .authorizedWhenInUse))
        let first = RemindersViewModel(manager: SimulatedLocationManager(simulation: simulation), places: [Self.shop()])
        let second = RemindersViewModel(manager: SimulatedLocationManager(simulation: simulation), places: [])
        try simulation.run(until: 100)
        #expect(second.manager.monitoredRegions.map(\.identifier) == ["shop"])
        try simulation.runToEnd()
        #expect(first.reminders == second.reminders && second.reminders.count == 2)
    }

    @Test(
        "the 21st region and one above maximumRegionMonitoringDistance fail with regionMonitoringFailure; denied, with regionMonitoringDenied"
    )
    func failures() throws {
        let simulation = try Simulation(
            route: .points(Walk.points(60)), system: .init(authorization: .authorizedWhenInUse))
        let places = (1...21).map { Self.shop("r\($0)", radius: 100) } + [Self.shop("huge", radius: 200_000)]
        let model = RemindersViewModel(manager: SimulatedLocationManager(simulation: simulation), places: places)
        try simulation.runToEnd()
        #expect(model.failures == ["r21 failure", "huge failure"])
        #expect(model.manager.monitoredRegions.count == 20)
        #expect(model.manager.maximumRegionMonitoringDistance == 100_000)
        #expect(SimulatedLocationManager.isMonitoringAvailable(for: CLCircularRegion.self))

        let denied = try Simulation(route: .points(Walk.points(60)), system: .init(authorization: .denied))
        let manager = SimulatedLocationManager(simulation: denied)
        let refused = RemindersViewModel(manager: manager, places: [])
        manager.startMonitoring(for: Self.shop())
        try denied.runToEnd()
        #expect(refused.failures == ["shop denied"])

        // Approximate location: Core Location does not monitor regions for the app, and says
        // so with kCLErrorRegionMonitoringDenied (not a failure of the region).
        let approximate = try Simulation(
            route: .points(Walk.points(60)), system: .init(authorization: .authorizedWhenInUse, accuracy: .reduced))
        let unmonitored = RemindersViewModel(manager: SimulatedLocationManager(simulation: approximate), places: [])
        unmonitored.manager.startMonitoring(for: Self.shop())
        try approximate.runToEnd()
        #expect(unmonitored.failures == ["shop denied"])
    }

    @Test("requestState(for:) while the device is inside answers inside")
    func stateInside() throws {
        // Walk point 300 is the shop's centre: the request at 300 s is answered inside.
        let simulation = try Simulation(
            route: .points(Walk.points(600)), system: .init(authorization: .authorizedWhenInUse))
        let model = RemindersViewModel(manager: SimulatedLocationManager(simulation: simulation), places: [Self.shop()])
        try simulation.run(until: 300)
        #expect(model.reminders == ["arrived at shop"])
        let before = model.states
        model.manager.requestState(for: Self.shop())
        try simulation.run(until: 302)
        #expect(model.states.dropFirst(before.count) == ["shop inside"])
    }

    @Test("requestState(for:) answers after the next fix; stopMonitoring(for:) ends the events")
    func stateAndStop() throws {
        let simulation = try Simulation(
            route: .points(Walk.points(600)), system: .init(authorization: .authorizedWhenInUse))
        let model = RemindersViewModel(manager: SimulatedLocationManager(simulation: simulation), places: [Self.shop()])
        try simulation.run(until: 10)
        model.manager.requestState(for: Self.shop())
        try simulation.run(until: 12)
        #expect(model.states == ["shop outside"])
        model.manager.stopMonitoring(for: Self.shop())
        try simulation.runToEnd()
        #expect(model.reminders.isEmpty)
        #expect(model.manager.monitoredRegions.isEmpty)
    }

    /// Apple's `CLRegionState.unknown`: "It is unknown whether the device is inside or
    /// outside of the region". A fix within the boundary's cushion decides neither side, so a
    /// region registered there is unknown until the device leaves the cushion.
    @Test("requestState(for:) with the device on the boundary, neither side known yet, answers unknown")
    func stateUnknownOnTheBoundary() throws {
        let simulation = try Simulation(
            route: .points(Walk.points(600)), system: .init(authorization: .authorizedWhenInUse))
        let model = RemindersViewModel(manager: SimulatedLocationManager(simulation: simulation), places: [])
        try simulation.run(until: 10)
        // 500 m due east of the walk's point 11 (47.0011°N 8°E): the fixes at 11 s and 12 s
        // are within a metre of the boundary, well inside its 10 m cushion.
        let metersPerDegreeEast = 111_195.08 * cos(47.0011 * .pi / 180)
        let edge = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: 47.0011, longitude: 8 + 500 / metersPerDegreeEast), radius: 500,
            identifier: "edge")
        model.manager.startMonitoring(for: edge)
        model.manager.requestState(for: edge)
        try simulation.run(until: 12)
        #expect(model.states == ["edge unknown"])
    }

    @Test("monitoredRegions hands back each region's notifyOnEntry and notifyOnExit as the app set them")
    func notifyFlagsKept() throws {
        let simulation = try Simulation(
            route: .points(Walk.points(600)), system: .init(authorization: .authorizedWhenInUse))
        let arrivals = Self.shop("arrivals")
        arrivals.notifyOnExit = false
        let departures = Self.shop("departures")
        departures.notifyOnEntry = false
        let model = RemindersViewModel(
            manager: SimulatedLocationManager(simulation: simulation), places: [arrivals, departures])
        try simulation.run(until: 10)
        let flags = model.manager.monitoredRegions.map { "\($0.identifier) \($0.notifyOnEntry) \($0.notifyOnExit)" }
        #expect(flags.sorted() == ["arrivals true false", "departures false true"])
        try simulation.runToEnd()
        #expect(model.reminders == ["arrived at arrivals", "left departures"])
    }

    @Test("significant changes through the manager: the first fix, then every 300 s at 11 m/s")
    func significantChanges() throws {
        let simulation = try Simulation(
            route: .points(Walk.points(1000)), system: .init(authorization: .authorizedAlways))
        let app = RecordingApp(simulation)
        app.manager.startMonitoringSignificantLocationChanges()
        try simulation.runToEnd()
        let fixes = simulation.timeline.filter { if case .location = $0.kind { true } else { false } }.map(
            \.offsetSeconds)
        #expect(fixes == [0, 300, 600, 900])
    }
}

/// `SimulatedMonitor`, CLMonitor's shape: conditions and their events as an async sequence.
@Suite("CLMonitor's shape: SimulatedMonitor", .timeLimit(.minutes(15)))
struct SimulatedMonitorTests {
    static let shop = SimulatedMonitor.CircularGeographicCondition(
        center: CLLocationCoordinate2D(latitude: 47.03, longitude: 8), radius: 500)

    static func far(_ index: Int) -> SimulatedMonitor.CircularGeographicCondition {
        .init(center: CLLocationCoordinate2D(latitude: 46, longitude: 8 + Double(index) * 0.01), radius: 100)
    }

    @Test(
        "added unknown: the first state is an event, then satisfied and unsatisfied as the walk crosses; the 21st is unmonitored"
    )
    func events() async throws {
        let simulation = try Simulation(
            route: .points(Walk.points(600)), system: .init(authorization: .authorizedWhenInUse))
        let monitor = SimulatedMonitor("reminders", simulation: simulation)
        monitor.add(Self.shop, identifier: "shop")
        for index in 1...19 { monitor.add(Self.far(index), identifier: "far-\(index)", assuming: .unsatisfied) }
        monitor.add(Self.far(20), identifier: "one too many")
        try simulation.runToEnd()
        try simulation.finish()  // the session ends, and so does the events sequence
        var seen: [String] = []
        for await event in monitor.events { seen.append("\(event.identifier) \(event.state.rawValue)") }
        #expect(
            seen == ["one too many unmonitored", "shop unsatisfied", "shop satisfied", "shop unsatisfied"],
            "the assumed unsatisfied of the far ones was right: no event for them")
        #expect(monitor.record(for: "shop")?.lastEvent.state == .unsatisfied)
        #expect(monitor.record(for: "one too many")?.lastEvent.conditionLimitExceeded == true)
        #expect(monitor.record(for: "nowhere") == nil)
        #expect(monitor.identifiers.count == 21)
    }

    @Test("assumed satisfied wrongly: corrected at the first determination; remove(_:) ends a condition's events")
    func assumedAndRemoved() async throws {
        let simulation = try Simulation(
            route: .points(Walk.points(600)), system: .init(authorization: .authorizedWhenInUse))
        let monitor = SimulatedMonitor("m", simulation: simulation)
        monitor.add(Self.shop, identifier: "shop", assuming: .satisfied)
        // The assumption is the condition's state until Core Location determines one
        // (CLMonitor, add(_:identifier:assuming:): "the identifier and initial state you
        // specify"): its record says so from the start.
        #expect(monitor.record(for: "shop")?.lastEvent.state == .satisfied)
        #expect(monitor.record(for: "shop")?.lastEvent.date == Date(timeIntervalSince1970: 1_781_366_400))
        try simulation.run(until: 100)
        #expect(monitor.record(for: "shop")?.lastEvent.state == .unsatisfied)
        monitor.remove("shop")
        try simulation.runToEnd()
        try simulation.finish()
        var seen: [String] = []
        for await event in monitor.events { seen.append("\(event.identifier) \(event.state.rawValue)") }
        #expect(seen == ["shop unsatisfied"])
        #expect(monitor.identifiers.isEmpty)
    }
}

/// Background updates through the manager: the pause and its resumption reach the delegate.
@Suite("Background updates through SimulatedLocationManager")
struct BackgroundLibraryTests {
    final class Tracker: LocationManagingDelegate {
        private(set) var log: [String] = []
        func locationManagerDidPauseLocationUpdates(_ manager: any LocationManaging) { log.append("paused") }
        func locationManagerDidResumeLocationUpdates(_ manager: any LocationManaging) { log.append("resumed") }
    }

    /// Ten points of a walk, then the device stands at the last one for 20 minutes.
    static func walkThenStand() -> [RoutePoint] {
        var points = Walk.points(10)
        let last = points[9]
        for second in 10..<1210 {
            points.append(
                RoutePoint(
                    latitude: last.latitude, longitude: last.longitude, time: Walk.start.adding(seconds: Double(second))
                ))
        }
        return points
    }

    @Test(
        "standing still in the background for ten minutes: didPauseLocationUpdates; starting again: didResumeLocationUpdates"
    )
    func pauseAndResume() throws {
        let simulation = try Simulation(
            route: .points(Self.walkThenStand()), system: .init(authorization: .authorizedWhenInUse),
            events: [try ScheduledEvent(parsing: "5s:app=background")])
        let manager = SimulatedLocationManager(simulation: simulation)
        let tracker = Tracker()
        manager.locationDelegate = tracker
        manager.allowsBackgroundLocationUpdates = true
        manager.startUpdatingLocation()
        try simulation.run(until: 700)
        #expect(tracker.log == ["paused"])
        manager.startUpdatingLocation()
        try simulation.settle()
        #expect(tracker.log == ["paused", "resumed"])
    }

    /// A walk tracker's setup, written once against the seam as an app writes it.
    static func configureTracker(_ manager: any LocationManaging) {
        manager.activityType = .fitness
        manager.pausesLocationUpdatesAutomatically = false
        manager.showsBackgroundLocationIndicator = true
        manager.allowsBackgroundLocationUpdates = true
        manager.startUpdatingLocation()
    }

    @Test(
        "the members a tracker sets, through LocationManaging: no automatic pause when it is off, every fix of the stand delivered; the indicator shown for an Always app that asks for it; activityType kept"
    )
    func trackerMembersThroughTheSeam() throws {
        let simulation = try Simulation(
            route: .points(Self.walkThenStand()), system: .init(authorization: .authorizedAlways),
            events: [try ScheduledEvent(parsing: "5s:app=background")])
        let manager = SimulatedLocationManager(simulation: simulation)
        let tracker = Tracker()
        manager.locationDelegate = tracker
        Self.configureTracker(manager)
        #expect(manager.activityType == .fitness)
        try simulation.run(until: 700)
        #expect(tracker.log.isEmpty, "no pause: \(tracker.log)")
        #expect(simulation.deliveredLocations.count == 701, "a fix every second, the stand included")
        #expect(simulation.showsBackgroundLocationIndicator)
    }
}
