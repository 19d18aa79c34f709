// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import LocationSimulation
import Testing

/// Issue 41: the questions apps ask of `CLLocationManager`'s class, asked of the manager the
/// code holds through `LocationManaging`, each simulation answering for its own device.
@Suite("The class's questions through the seam")
struct ClassQuestionsTests {
    static func ask(_ manager: any LocationManaging) -> (services: Bool, circles: Bool, significant: Bool) {
        (
            manager.servicesEnabled, manager.monitoringAvailable(for: CLCircularRegion.self),
            manager.significantChangesAvailable
        )
    }

    @Test("two simulations at once, services on in one and off in the other: each manager answers for its own")
    func eachManagerAnswersForItsDevice() throws {
        let on = try Simulation(route: .sample(.sfWaterfrontWalk))
        let off = try Simulation(route: .sample(.sfWaterfrontWalk), system: .init(servicesEnabled: false))
        let onManager = SimulatedLocationManager(simulation: on)
        let offManager = SimulatedLocationManager(simulation: off)
        #expect(Self.ask(onManager) == (true, true, true))
        #expect(Self.ask(offManager) == (false, true, true))
        // Turned on in Settings halfway: the manager's answer follows its simulation.
        try off.perform(.services(enabled: true))
        #expect(offManager.servicesEnabled)
        try on.perform(.services(enabled: false))
        #expect(!onManager.servicesEnabled)
    }

    @Test("only circular regions can be monitored, as the simulation models")
    func regionClasses() throws {
        let manager: any LocationManaging = SimulatedLocationManager(
            simulation: try Simulation(route: .sample(.sfWaterfrontWalk)))
        #expect(manager.monitoringAvailable(for: CLCircularRegion.self))
        #expect(!manager.monitoringAvailable(for: CLRegion.self))
    }
}

/// Core Location's `async throws` form of the request for precise location, through the seam.
@MainActor
@Suite("The request for precise location, awaited")
struct AwaitedTemporaryFullAccuracyTests {
    /// Asks on the main actor, then lets the simulation answer: the task makes its request
    /// before it first suspends, so once it has started the simulation has the request.
    static func ask(_ manager: any LocationManaging, on simulation: Simulation) async throws -> Result<Void, any Error>
    {
        var started = false
        let request = Task { @MainActor () -> Result<Void, any Error> in
            started = true
            do {
                try await manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Walk")
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        while !started { await Task.yield() }
        try simulation.settle()
        return await request.value
    }

    @Test("returns once the person allows, and the accuracy is full", .timeLimit(.minutes(15)))
    func allowed() async throws {
        let simulation = try Simulation(
            route: .sample(.sfWaterfrontWalk), system: .init(authorization: .authorizedWhenInUse, accuracy: .reduced))
        let manager = SimulatedLocationManager(simulation: simulation)
        #expect(manager.accuracyAuthorization == .reducedAccuracy)
        try await Self.ask(manager, on: simulation).get()
        #expect(manager.accuracyAuthorization == .fullAccuracy)
    }

    @Test("throws CLError.denied without authorization, and nothing is shown", .timeLimit(.minutes(15)))
    func denied() async throws {
        let simulation = try Simulation(
            route: .sample(.sfWaterfrontWalk), system: .init(authorization: .denied, accuracy: .reduced))
        let manager = SimulatedLocationManager(simulation: simulation)
        let result = try await Self.ask(manager, on: simulation)
        #expect(throws: CLError(.denied)) { try result.get() }
        #expect(!simulation.timeline.contains { $0.kind.typeName == "prompt" })
    }
}
