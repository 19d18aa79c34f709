// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import LocationSimulation
import Testing

/// The second way a `@MainActor` view model receives the callbacks, for a Swift 6.1
/// toolchain (SE-0423): a `@preconcurrency` conformance, whose callbacks are checked at run time to
/// arrive on the main actor (the first way, an isolated conformance, is the README's test).
@MainActor
final class PreconcurrencyTracker: @preconcurrency LocationManagingDelegate {
    private(set) var statuses: [CLAuthorizationStatus] = []
    private(set) var fixes = 0

    func locationManagerDidChangeAuthorization(_ manager: any LocationManaging) {
        MainActor.assertIsolated()
        statuses.append(manager.authorizationStatus)
        if manager.authorizationStatus == .authorizedWhenInUse { manager.startUpdatingLocation() }
    }

    func locationManager(_ manager: any LocationManaging, didUpdateLocations locations: [CLLocation]) {
        fixes += locations.count
    }
}

@MainActor
@Test func aPreconcurrencyConformanceReceivesTheCallbacksOnTheMainActor() throws {
    let simulation = try Simulation(route: .points(Walk.points(20)))
    let manager = SimulatedLocationManager(simulation: simulation)
    let tracker = PreconcurrencyTracker()
    manager.locationDelegate = tracker
    manager.requestWhenInUseAuthorization()
    try simulation.advance(by: 9.5)
    #expect(tracker.statuses == [.notDetermined, .authorizedWhenInUse])
    #expect(tracker.fixes == 10)
}
