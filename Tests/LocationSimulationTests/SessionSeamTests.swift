// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import LocationSimulation
import Testing

/// Issue 41: sessions begun through `LocationSessionStarting`, the simulation standing in for
/// `CoreLocationSessions()`.
@MainActor
@Suite("Core Location's sessions through the seam")
struct SessionSeamTests {
    @Test(
        "a workout begun at launch: the service session asks for When In Use; the background session keeps updates going"
    )
    func workout() throws {
        let simulation = try Simulation(route: .sample(.sfWaterfrontWalk))
        let model = WorkoutSessionModel(sessions: simulation)
        model.start()
        try simulation.advance(by: 5)
        let calls = simulation.timeline.compactMap { event -> String? in
            guard case .call(let call) = event.kind else { return nil }
            return call.method.rawValue
        }
        #expect(calls == ["serviceSession", "backgroundActivitySession"])
        #expect(
            simulation.timeline.contains { $0.kind.typeName == "prompt" }, "the service session asked for When In Use")
        #expect(model.isRunning)
        model.stop()
        #expect(!model.isRunning)
    }
}
