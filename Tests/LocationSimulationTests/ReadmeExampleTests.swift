import LocationSimulation
import Testing

/// The README's shortest complete test, kept compiling and passing word for word (but
/// for the route's path).
@Suite("The README's example")
struct ReadmeExampleTests {
    final class App: LocationManagingDelegate {
        let manager: SimulatedLocationManager
        var alert: String?
        init(_ simulation: Simulation) {
            manager = SimulatedLocationManager(simulation: simulation)
            manager.locationDelegate = self
            manager.requestWhenInUseAuthorization()
        }
        func locationManagerDidChangeAuthorization(_ manager: any LocationManaging) {
            if manager.authorizationStatus == .denied { alert = "Location is off" }
            if manager.authorizationStatus == .authorizedWhenInUse { manager.startUpdatingLocation() }
        }
    }

    @Test func revokedHalfway() throws {
        let simulation = try Simulation(route: .file(SimulationTests.root + "/gpx/sf-waterfront-walk.gpx"),
                                        events: [try ScheduledEvent(parsing: "10m:authorization=denied")])
        let app = App(simulation)
        try simulation.advance(by: 15 * 60)
        #expect(app.alert != nil)
        try simulation.expect(.absent(EventSelector(type: "location"), after: 600, before: nil))
        try simulation.expect(.count(EventSelector(type: "location"), .atLeast(100), window: OffsetWindow()))
    }
}
