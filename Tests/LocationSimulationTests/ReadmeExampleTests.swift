// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// README:begin
import Foundation
import LocationSimulationTesting
import Testing

@MainActor
final class App: @MainActor LocationManagingDelegate {  // your view model; the app passes CLLocationManager()
    let manager: any LocationManaging
    let now: () -> Date  // the app passes Date.init
    var alert: String?
    var here: CLLocation?
    init(manager: any LocationManaging, now: @escaping () -> Date) {
        (self.manager, self.now) = (manager, now)
        manager.locationDelegate = self
        manager.requestWhenInUseAuthorization()
    }
    func locationManagerDidChangeAuthorization(_ manager: any LocationManaging) {
        if manager.authorizationStatus == .denied { alert = "Location is off" }
        if manager.authorizationStatus == .authorizedWhenInUse { manager.startUpdatingLocation() }
    }
    func locationManager(_ manager: any LocationManaging, didUpdateLocations locations: [CLLocation]) {
        if let fix = locations.last, now().timeIntervalSince(fix.timestamp) < 15 { here = fix }  // fresh only
    }
}

@MainActor
@Test func revokedHalfway() throws {
    let simulation = try Simulation(
        route: .sample(.sfWaterfrontWalk),
        events: [.at(.minutes(10), .authorization(.denied))])
    let app = App(
        manager: SimulatedLocationManager(simulation: simulation),
        now: { simulation.date })  // the simulation's clock, not the Mac's
    try simulation.advance(by: 15 * 60)  // nothing sleeps
    #expect(app.here != nil)
    #expect(app.alert != nil)
    simulation.verify(.absent("location", after: 600))
}
// README:end

/// The README's shortest complete test (above, between the markers) is in the README word
/// for word, so that what the README shows compiles and passes.
@Test func theReadmeShowsTheTestAboveWordForWord() throws {
    let source = try String(contentsOfFile: #filePath, encoding: .utf8)
    let example = source.components(separatedBy: "// README:begin\n")[1].components(separatedBy: "// README:end")[0]
    let readme = try String(contentsOfFile: SimulationTests.root + "/README.md", encoding: .utf8)
    #expect(readme.contains("```swift\n" + example + "```"))
}
