// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import LocationSimulation
import Testing
import TrailcastTimeline

/// The testing library takes every route format by its file's extension, as `replay` does.
@Suite("Simulation: routes in KMZ, FIT and TCX files")
struct RouteFormatsSimulationTests {
    @Test(
        "each file's points reach the app as locations, in order",
        arguments: [
            ("Tests/Fixtures/kmz/deflated.kmz", 3, 47.3002),
            ("Tests/Fixtures/fit/garmin-fenix-5-run.fit", 21, nil),
        ])
    func routeFile(path: String, points: Int, lastLatitude: Double?) throws {
        let simulation = try Simulation(route: .file(SimulationTests.root + "/" + path))
        let app = ModelWeatherApp(simulation)
        try simulation.runToEnd()
        try simulation.finish()
        let locations = simulation.timeline.compactMap { event -> LocationFix? in
            if case .location(let fix) = event.kind { return fix } else { return nil }
        }
        #expect(locations.count == points)
        if let lastLatitude { #expect(locations.last?.latitude == lastLatitude) }
        #expect(simulation.warnings.isEmpty)
        _ = app
    }
}
