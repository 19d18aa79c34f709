import TrailcastCoreLocation

/// `CLServiceSession`: held by the app while it needs location. Beginning one with an
/// authorization goal while the status is `notDetermined` and the app is in the
/// foreground shows the prompt on the app's behalf, as Core Location does for an app that
/// does not request authorization itself; it changes nothing else in the simulation (see
/// the DocC article for what is this project's reading).
public final class SimulatedServiceSession {
    /// What the session asks for.
    public enum Authorization: Sendable, Equatable {
        case none, whenInUse, always
    }

    public let authorization: Authorization
    private weak var simulation: Simulation?
    public private(set) var isValid = true

    /// Begins the session (recorded as a `call` with method `serviceSession`, manager -1).
    public init(simulation: Simulation, authorization: Authorization) {
        self.simulation = simulation
        self.authorization = authorization
        simulation.serviceSessionBegan(authorization)
    }

    /// Ends the session (Core Location's `invalidate()`); it changes nothing else in the
    /// simulation, which keeps no state for sessions beyond their prompt.
    public func invalidate() {
        isValid = false
    }
}

extension Simulation {
    func serviceSessionBegan(_ authorization: SimulatedServiceSession.Authorization) {
        let request: AuthorizationRequest?
        switch authorization {
        case .none: request = nil
        case .whenInUse: request = .whenInUse
        case .always: request = .always
        }
        guard let request, service.authorizationStatus == .notDetermined, service.servicesEnabled,
              service.appState == .foreground
        else {
            recordCall(.serviceSession, from: -1)
            return
        }
        requestAuthorization(request, from: -1, as: .serviceSession)
    }
}
