// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import LocationSimulation
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// More scripted sessions for the recorded library (LibraryBaselineTests): the rules the
/// first eight leave out — region monitoring and its failures, `CLMonitor`'s conditions,
/// visits and significant changes, an Info.plist with gaps, provisional Always and its
/// second prompt, the explicit service session. Each is recorded whole (its timeline and
/// every callback), so that a change in any of those rules changes a line.
extension LibraryBaselineTests {
    static let ruleNames = [
        "regions-through-the-manager", "monitor-conditions", "visits-and-significant-changes", "info-plist-gaps",
        "provisional-always-second-prompt", "explicit-service-session",
    ]

    /// A delegate that writes down every callback the seam has, regions and visits too.
    final class EverythingApp: LocationManagingDelegate {
        let manager: SimulatedLocationManager
        let log: Log

        init(_ simulation: Simulation, log: Log) {
            manager = SimulatedLocationManager(simulation: simulation)
            self.log = log
            manager.locationDelegate = self
        }

        func locationManagerDidChangeAuthorization(_ manager: any LocationManaging) {
            log.lines.append(
                "auth \(AuthorizationStatus(manager.authorizationStatus)) \(LocationAccuracy(manager.accuracyAuthorization))"
            )
        }

        func locationManager(_ manager: any LocationManaging, didUpdateLocations locations: [CLLocation]) {
            for fix in locations {
                log.lines.append(
                    "fix \(String(format5: fix.coordinate.latitude)) \(String(format5: fix.coordinate.longitude)) \(fix.horizontalAccuracy)"
                )
            }
        }

        func locationManager(_ manager: any LocationManaging, didFailWithError error: any Error) {
            log.lines.append("error \(Self.code(error))")
        }

        func locationManager(_ manager: any LocationManaging, didStartMonitoringFor region: CLRegion) {
            log.lines.append("started \(region.identifier)")
        }

        func locationManager(_ manager: any LocationManaging, didEnterRegion region: CLRegion) {
            log.lines.append("enter \(region.identifier)")
        }

        func locationManager(_ manager: any LocationManaging, didExitRegion region: CLRegion) {
            log.lines.append("exit \(region.identifier)")
        }

        func locationManager(
            _ manager: any LocationManaging, didDetermineState state: CLRegionState, for region: CLRegion
        ) {
            log.lines.append(
                "state \(region.identifier) \(state == .inside ? "inside" : state == .outside ? "outside" : "unknown")")
        }

        func locationManager(
            _ manager: any LocationManaging, monitoringDidFailFor region: CLRegion?, withError error: any Error
        ) {
            log.lines.append("monitoring failed \(region?.identifier ?? "nil") \(Self.code(error))")
        }

        func locationManager(_ manager: any LocationManaging, didVisit visit: any LocationVisit) {
            log.lines.append(
                "visit \(LibraryBaselineTests.seconds(visit.arrivalDate)) \(LibraryBaselineTests.seconds(visit.departureDate)) "
                    + "\(String(format5: visit.coordinate.latitude)) \(visit.horizontalAccuracy)")
        }

        func locationManagerDidPauseLocationUpdates(_ manager: any LocationManaging) {
            log.lines.append("paused")
        }

        func locationManagerDidResumeLocationUpdates(_ manager: any LocationManaging) {
            log.lines.append("resumed")
        }

        /// Every `CLError` code the simulation uses, by name.
        static func code(_ error: any Error) -> String {
            guard let code = (error as? CLError)?.code else { return "not a CLError" }
            switch code {
            case .denied: return "denied"
            case .locationUnknown: return "locationUnknown"
            case .regionMonitoringDenied: return "regionMonitoringDenied"
            case .regionMonitoringFailure: return "regionMonitoringFailure"
            case .regionMonitoringSetupDelayed: return "regionMonitoringSetupDelayed"
            case .promptDeclined: return "promptDeclined"
            default: return "code \(code.rawValue)"
            }
        }
    }

    /// Seconds from the walk's start, whole or as the far past and future Core Location uses.
    static func seconds(_ date: Date) -> String {
        if date == .distantFuture { return "distantFuture" }
        if date == .distantPast { return "distantPast" }
        return String(format5: date.timeIntervalSince1970 - Walk.start.timeIntervalSince1970)
    }

    /// A live update as the transcripts write it: its fix's latitude, then each flag set.
    static func line(of update: SimulatedLocationUpdate) -> String {
        var line = "update"
        if let location = update.fix { line += " fix \(String(format5: location.latitude))" }
        for (flag, name) in [
            (update.authorizationDenied, "denied"), (update.authorizationDeniedGlobally, "deniedGlobally"),
            (update.authorizationRestricted, "restricted"),
            (update.authorizationRequestInProgress, "requestInProgress"),
            (update.insufficientlyInUse, "insufficientlyInUse"), (update.locationUnavailable, "unavailable"),
            (update.accuracyLimited, "accuracyLimited"), (update.stationary, "stationary"),
            (update.serviceSessionRequired, "serviceSessionRequired"),
        ] where flag { line += " \(name)" }
        return line
    }

    static func events(_ texts: [String]) throws -> [ScheduledEvent] {
        try texts.map { try ScheduledEvent(parsing: $0) }
    }

    static func circle(_ identifier: String, latitude: Double, radius: Double) -> CLCircularRegion {
        CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: latitude, longitude: 8), radius: radius, identifier: identifier)
    }

    static func runRule(_ name: String, log: Log) async throws -> Simulation {
        switch name {
        case "regions-through-the-manager": try regionsThroughTheManager(log: log)
        case "monitor-conditions": try await monitorConditions(log: log)
        case "visits-and-significant-changes": try visitsAndSignificantChanges(log: log)
        case "info-plist-gaps": try infoPlistGaps(log: log)
        case "provisional-always-second-prompt": try provisionalAlwaysSecondPrompt(log: log)
        case "explicit-service-session": try await explicitServiceSession(log: log)
        default: fatalError("no script \(name)")
        }
    }

    /// When In Use, then Always; three circles (one past the largest radius), a state asked
    /// for, significant changes; the app in the background, then terminated, while the walk
    /// goes through the circles; denied and granted again on the way.
    private static func regionsThroughTheManager(log: Log) throws -> Simulation {
        let simulation = try Simulation(
            route: .points(Walk.points(600)),
            events: events([
                "100s:app=background", "200s:app=terminated", "420s:authorization=denied", "450s:authorization=always",
            ]))
        simulation.onAppStateChange { state in log.lines.append("appState \(state)") }
        let app = EverythingApp(simulation, log: log)
        app.manager.requestWhenInUseAuthorization()
        try simulation.advance(by: 2)
        app.manager.requestAlwaysAuthorization()
        try simulation.advance(by: 2)
        let home = circle("home", latitude: 47.0008, radius: 100)
        app.manager.startMonitoring(for: circle("shop", latitude: 47.03, radius: 500))
        app.manager.startMonitoring(for: home)
        app.manager.startMonitoring(
            for: circle("too-big", latitude: 47.06, radius: app.manager.maximumRegionMonitoringDistance + 1))
        app.manager.requestState(for: home)
        app.manager.startMonitoringSignificantLocationChanges()
        try simulation.advance(by: 300)
        log.lines.append("monitored \(app.manager.monitoredRegions.map(\.identifier).sorted())")
        app.manager.stopMonitoring(for: home)
        app.manager.stopMonitoringSignificantLocationChanges()
        try simulation.runToEnd()
        try simulation.finish()
        return simulation
    }

    /// A `CLMonitor` with conditions assumed unsatisfied, unknown and satisfied, one added
    /// late and one removed, read through its events and its records.
    private static func monitorConditions(log: Log) async throws -> Simulation {
        let simulation = try Simulation(
            route: .points(Walk.points(600)), system: .init(authorization: .authorizedAlways),
            events: events(["150s:app=background", "400s:authorization=denied", "420s:authorization=always"]))
        let monitor = SimulatedMonitor("geofences", simulation: simulation)
        // Through the seam an app's geofencing is written against (`LocationMonitoring`).
        let stream = monitor.conditionEvents
        monitor.add(
            .init(center: CLLocationCoordinate2D(latitude: 47.03, longitude: 8), radius: 500), identifier: "shop",
            assuming: .unsatisfied)
        monitor.add(.init(center: CLLocationCoordinate2D(latitude: 47, longitude: 8), radius: 200), identifier: "start")
        try simulation.advance(by: 100)
        monitor.add(
            .init(center: CLLocationCoordinate2D(latitude: 47.05, longitude: 8), radius: 100), identifier: "late",
            assuming: .satisfied)
        try simulation.advance(by: 200)
        monitor.remove("start")
        try simulation.runToEnd()
        for identifier in ["shop", "start", "late"] {
            let record = monitor.record(for: identifier)
            log.lines.append(
                "record \(identifier) "
                    + (record.map {
                        "\($0.lastEvent.state) \(seconds($0.lastEvent.date))\($0.lastEvent.conditionLimitExceeded ? " limit" : "")"
                    } ?? "none"))
        }
        log.lines.append("identifiers \(monitor.identifiers)")
        try simulation.finish()  // the monitor's events end with the session
        for await event in stream {
            log.lines.append("event \(event.identifier) \(event.state) \(seconds(event.date))")
        }
        return simulation
    }

    /// Ten minutes standing between two walks: a visit begun and ended, with significant
    /// changes beside it, the app in the background for most of it.
    private static func visitsAndSignificantChanges(log: Log) throws -> Simulation {
        let simulation = try Simulation(
            route: .points(VisitsLibraryTests.stopOfTenMinutes()), system: .init(authorization: .authorizedAlways),
            events: events(["30s:app=background", "700s:app=foreground"]))
        let app = EverythingApp(simulation, log: log)
        app.manager.startMonitoringVisits()
        app.manager.startMonitoringSignificantLocationChanges()
        try simulation.runToEnd()
        try simulation.finish()
        return simulation
    }

    /// An Info.plist with When In Use's purpose string only, no background mode, and
    /// approximate location by default: Always refused at the call, When In Use prompted,
    /// precise location asked for the session, then background updates asked for.
    private static func infoPlistGaps(log: Log) throws -> Simulation {
        let simulation = try Simulation(
            route: .points(Walk.points(60)),
            app: .init(usageDescriptions: [.whenInUse], backgroundModes: [], defaultAccuracyReduced: true),
            events: events(["20s:app=background", "25s:app=foreground"]))
        let app = EverythingApp(simulation, log: log)
        app.manager.requestAlwaysAuthorization()
        try simulation.advance(by: 2)
        app.manager.requestWhenInUseAuthorization()
        try simulation.advance(by: 2)
        app.manager.startUpdatingLocation()
        try simulation.advance(by: 5)
        app.manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Directions") { error in
            log.lines.append("temporary full accuracy \(error.map(EverythingApp.code) ?? "granted")")
        }
        try simulation.advance(by: 30)
        // Without the background mode this is the app's end: the timeline ends there, and
        // what the test asks of the simulation afterwards is refused, saying why.
        app.manager.allowsBackgroundLocationUpdates = true
        do {
            try simulation.advance(by: 5)
        } catch {
            log.lines.append("advance refused: \(error)")
        }
        return simulation
    }

    /// `requestAlwaysAuthorization()` first: provisional Always, then its second prompt just
    /// before the first thing that needs Always (a region crossed in the background),
    /// declined.
    private static func provisionalAlwaysSecondPrompt(log: Log) throws -> Simulation {
        let simulation = try Simulation(
            route: .points(Walk.points(400)), user: .init(alwaysUpgradeAnswer: .deny),
            events: events(["60s:app=background", "350s:app=foreground"]))
        let app = EverythingApp(simulation, log: log)
        app.manager.requestAlwaysAuthorization()
        try simulation.advance(by: 2)
        app.manager.startMonitoring(for: circle("shop", latitude: 47.03, radius: 500))
        app.manager.startUpdatingLocation()
        try simulation.runToEnd()
        try simulation.finish()
        return simulation
    }

    /// `NSLocationRequireExplicitServiceSession`: live updates wait for a session; a `.none`
    /// one while authorized, then a When In Use one through a denial and back, then none.
    private static func explicitServiceSession(log: Log) async throws -> Simulation {
        let simulation = try Simulation(
            route: .points(Walk.points(80)), system: .init(authorization: .authorizedWhenInUse),
            app: .init(requiresExplicitServiceSession: true),
            events: events([
                "30s:authorization=denied", "36s:authorization=whenInUse", "50s:app=background", "55s:app=foreground",
            ]))
        let stream = simulation.liveUpdates()
        try simulation.advance(by: 10)
        let quiet = SimulatedServiceSession(simulation: simulation, authorization: .none)
        try simulation.advance(by: 10)
        quiet.invalidate()
        let asking = SimulatedServiceSession(simulation: simulation, authorization: .whenInUse)
        try simulation.advance(by: 40)
        asking.invalidate()
        try simulation.advance(by: 10)
        try simulation.finish()
        for await update in stream { log.lines.append(line(of: update)) }
        return simulation
    }
}
