import LocationSimulation
import Testing

/// Issue 41: the questions apps ask of `CLLocationManager`'s class, asked of the manager the
/// code holds through `LocationManaging`, each simulation answering for its own device.
@Suite("The class's questions through the seam")
struct ClassQuestionsTests {
    static func ask(_ manager: any LocationManaging) -> (services: Bool, circles: Bool, significant: Bool) {
        (manager.servicesEnabled, manager.monitoringAvailable(for: CLCircularRegion.self), manager.significantChangesAvailable)
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
        let manager: any LocationManaging = SimulatedLocationManager(simulation: try Simulation(route: .sample(.sfWaterfrontWalk)))
        #expect(manager.monitoringAvailable(for: CLCircularRegion.self))
        #expect(!manager.monitoringAvailable(for: CLRegion.self))
    }
}
