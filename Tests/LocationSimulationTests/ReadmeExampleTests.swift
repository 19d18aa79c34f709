// README:begin
import LocationSimulationTesting
import Testing

@MainActor
final class App: @MainActor LocationManagingDelegate {   // your view model; the app passes CLLocationManager()
    let manager: any LocationManaging
    var alert: String?
    init(manager: any LocationManaging) {
        self.manager = manager
        manager.locationDelegate = self
        manager.requestWhenInUseAuthorization()
    }
    func locationManagerDidChangeAuthorization(_ manager: any LocationManaging) {
        if manager.authorizationStatus == .denied { alert = "Location is off" }
        if manager.authorizationStatus == .authorizedWhenInUse { manager.startUpdatingLocation() }
    }
}

@MainActor
@Test func revokedHalfway() throws {
    let simulation = try Simulation(route: .sample(.sfWaterfrontWalk),
                                    events: [.at(.minutes(10), .authorization(.denied))])
    let app = App(manager: SimulatedLocationManager(simulation: simulation))
    try simulation.advance(by: 15 * 60)                          // nothing sleeps
    #expect(app.alert != nil)
    simulation.verify(.absent(EventSelector(type: "location"), after: 600, before: nil))
}
// README:end

import Foundation

/// The README's shortest complete test (above, between the markers) is in the README word
/// for word, so that what the README shows compiles and passes.
@Test func theReadmeShowsTheTestAboveWordForWord() throws {
    let source = try String(contentsOfFile: #filePath, encoding: .utf8)
    let example = source.components(separatedBy: "// README:begin\n")[1].components(separatedBy: "// README:end")[0]
    let readme = try String(contentsOfFile: SimulationTests.root + "/README.md", encoding: .utf8)
    #expect(readme.contains("```swift\n" + example + "```"))
}
