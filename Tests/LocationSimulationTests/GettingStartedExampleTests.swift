// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import LocationSimulationTesting
import Testing
import XCTest

// The code of the DocC catalog's Getting started, kept compiling and passing: each marked
// region is in GettingStarted.md word for word (the article's imports aside).

// GettingStarted:begin
@MainActor
final class RunTracker: @MainActor LocationManagingDelegate {
    private(set) var isTracking = false
    private(set) var alert: String?
    private(set) var lastLocation: CLLocation?
    private let manager: any LocationManaging
    private let now: () -> Date

    /// `now`: the device's clock in the app, the simulation's in a test.
    init(manager: any LocationManaging, now: @escaping () -> Date = Date.init) {
        self.manager = manager
        self.now = now
        manager.locationDelegate = self
    }

    func start() {
        if manager.authorizationStatus == .notDetermined { manager.requestWhenInUseAuthorization() }
    }

    func locationManagerDidChangeAuthorization(_ manager: any LocationManaging) {
        switch manager.authorizationStatus {
        case .authorizedWhenInUse, .authorizedAlways:
            isTracking = true
            manager.startUpdatingLocation()
        case .denied, .restricted:
            isTracking = false
            alert = manager.servicesEnabled ? "Allow location in Settings" : "Turn on Location Services"
        default:
            break
        }
    }

    func locationManager(_ manager: any LocationManaging, didUpdateLocations locations: [CLLocation]) {
        // Older than 15 s: a cached fix, not where the user is now.
        guard let location = locations.last, abs(location.timestamp.timeIntervalSince(now())) < 15 else { return }
        lastLocation = location
    }
}
// GettingStarted:end

// GettingStarted:begin
@MainActor
@Test func revokedAtTenMinutes() throws {
    let simulation = try Simulation(
        route: .sample(.sfWaterfrontWalk),
        events: [.at(.minutes(10), .authorization(.denied))])
    let tracker = RunTracker(manager: SimulatedLocationManager(simulation: simulation), now: { simulation.date })
    tracker.start()
    try simulation.advance(by: 15 * 60)  // nothing sleeps
    #expect(!tracker.isTracking)
    #expect(tracker.lastLocation != nil)
    simulation.verify(.absent("location", after: 600))
}
// GettingStarted:end

// GettingStarted:begin
final class RunTrackerTests: XCTestCase {
    func testRevokedAtTenMinutes() throws {
        try MainActor.assumeIsolated {  // XCTest runs tests on the main thread
            let simulation = try Simulation(
                route: .sample(.sfWaterfrontWalk), events: [.at(.minutes(10), .authorization(.denied))])
            let tracker = RunTracker(
                manager: SimulatedLocationManager(simulation: simulation), now: { simulation.date })
            tracker.start()
            try simulation.advance(by: 15 * 60)
            XCTAssertFalse(tracker.isTracking)
            XCTAssertNotNil(tracker.lastLocation)
            XCTAssertHolds(.absent("location", after: 600), in: simulation)
        }
    }
}
// GettingStarted:end

@Test func gettingStartedShowsTheCodeAboveWordForWord() throws {
    let source = try String(contentsOfFile: #filePath, encoding: .utf8)
    let regions = source.components(separatedBy: "// GettingStarted:begin\n").dropFirst().map {
        $0.components(separatedBy: "// GettingStarted:end")[0]
    }
    let article = try String(
        contentsOfFile: SimulationTests.root + "/Sources/LocationSimulation/LocationSimulation.docc/GettingStarted.md",
        encoding: .utf8)
    #expect(regions.count == 3)
    for region in regions {
        #expect(article.contains(region), "\(region.prefix(60))")
    }
}
