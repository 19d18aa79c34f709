// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import LocationSimulation
import TrailcastScenario
import Testing

/// A scenario file's `expect:` list checked against a run of the app's own code: the
/// scenario's route and events drive a simulation, an app written against the library
/// plays the model app's part, and every expectation of the file holds.
@Suite("A scenario file's expectations against the app's code")
struct ScenarioExpectationsTests {
    static let root: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path
    }()

    /// Asks at launch, starts whenever authorized, shows one alert per loss of access.
    final class App: LocationManagingDelegate {
        let manager: SimulatedLocationManager
        let simulation: Simulation
        private var updating = false
        private var alertShown = false

        init(_ simulation: Simulation) {
            self.simulation = simulation
            manager = SimulatedLocationManager(simulation: simulation)
            manager.locationDelegate = self
            manager.requestWhenInUseAuthorization()
        }

        func locationManagerDidChangeAuthorization(_ manager: any LocationManaging) {
            switch manager.authorizationStatus {
            case .authorizedWhenInUse, .authorizedAlways:
                alertShown = false
                if !updating {
                    updating = true
                    manager.startUpdatingLocation()
                }
            case .denied, .restricted:
                updating = false
                if !alertShown {
                    alertShown = true
                    simulation.noteAlert("Location access is off.")
                }
            default:
                updating = false
            }
        }
    }

    @Test(arguments: ["revoked-halfway.yaml", "denied-at-launch.yaml", "tunnel.yaml"])
    func everyExpectationHolds(file: String) throws {
        let scenario = try ScenarioParser.load(contentsOfFile: Self.root + "/gpx/scenarios/" + file)
        let configuration = scenario.configuration
        let simulation = try Simulation(
            route: .file(scenario.gpxPath, source: configuration.source),
            user: .init(promptAnswer: configuration.location.promptAnswer),
            system: .init(
                authorization: configuration.location.initialStatus,
                accuracy: configuration.location.initialAccuracy,
                servicesEnabled: configuration.location.servicesEnabled),
            gps: configuration.gps, seed: configuration.seed, intervalSeconds: configuration.intervalSeconds,
            events: configuration.events)
        let app = App(simulation)
        try simulation.runToEnd()
        try simulation.finish()
        // The file's expectations about the command's own apps' events (`none: weather`) are
        // refused by a simulation, whose app fetches no weather of the model's: left out here.
        let expectations = scenario.expectations.map(\.expectation).filter { expectation in
            !Self.selectorTypes(expectation).contains { Simulation.eventTypesNeverRecorded[$0] != nil }
        }
        #expect(
            simulation.check(scenario.expectations.map(\.expectation)).filter { !$0.passed }.count
                == scenario.expectations.count - expectations.count)
        let outcomes = simulation.check(expectations)
        #expect(!outcomes.isEmpty)
        for outcome in outcomes {
            #expect(outcome.passed, "\(outcome.expectation): \(outcome.detail ?? "")")
        }
        _ = app
    }

    static func selectorTypes(_ expectation: Expectation) -> [String] {
        switch expectation {
        case .count(let selector, _, _), .absent(let selector, _, _), .present(let selector, _, _): [selector.type]
        case .order(let first, let then): [first.type, then.type]
        case .end: []
        }
    }
}
