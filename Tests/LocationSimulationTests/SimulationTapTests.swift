// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import LocationSimulation
import Testing

/// Taps reach the app's own code: the library records them and hands them over, and the
/// app decides what its buttons do.
@Suite("Simulation taps")
struct SimulationTapTests {
    /// A map screen's "current location" button, as an app would write it.
    final class MapScreen: LocationManagingDelegate {
        let manager: SimulatedLocationManager
        var alerts = 0
        var fixes = 0

        init(_ simulation: Simulation) {
            manager = SimulatedLocationManager(simulation: simulation)
            manager.locationDelegate = self
            // Unowned both: the simulation keeps its observers (AddressSanitizer's leak
            // check found the cycle a strong capture of the simulation makes).
            simulation.onTap { [unowned self, unowned simulation] action in
                guard action == .currentLocation else { return }
                switch manager.authorizationStatus {
                case .authorizedWhenInUse, .authorizedAlways: manager.requestLocation()
                default:
                    alerts += 1
                    simulation.noteAlert("Location is not allowed")
                }
            }
        }

        func locationManager(_ manager: any LocationManaging, didUpdateLocations locations: [CLLocation]) {
            fixes += locations.count
        }
    }

    @Test("a tap is a `tap` event, then the app's handler; denied, the button alerts; allowed, it gets one fix")
    func currentLocationButton() throws {
        let denied = try Simulation(route: .points(Walk.points()), system: .init(authorization: .denied))
        let deniedScreen = MapScreen(denied)
        try denied.advance(by: 2)
        try denied.perform(.tap(.currentLocation))
        try denied.settle()
        #expect(deniedScreen.alerts == 1)
        #expect(denied.timeline.map(\.kind.typeName).suffix(2) == ["tap", "alert"])

        let allowed = try Simulation(route: .points(Walk.points()), system: .init(authorization: .authorizedWhenInUse))
        let allowedScreen = MapScreen(allowed)
        try allowed.advance(by: 2)
        try allowed.perform(.tap(.currentLocation))
        try allowed.advance(by: 3)
        #expect(allowedScreen.alerts == 0)
        #expect(allowedScreen.fixes == 1, "one-shot: one fix, then nothing")
    }
}
