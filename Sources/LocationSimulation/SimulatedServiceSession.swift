// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastApps
import TrailcastCoreLocation

/// `CLServiceSession` (iOS 18): held by the app while a workflow needs location. With an
/// authorization goal it asks for that authorization "when possible — for example, when
/// your app is in the foreground" (Apple, `init(authorization:)`): at once if the status is
/// `notDetermined` and the app is in the foreground, otherwise the next time the app comes
/// to the foreground with the status `notDetermined`, which is also how it is "re-asking as
/// needed after temporary authorization lapses due to time your app spends in the
/// background" (Apple, `CLServiceSession`): an expired Allow Once. With
/// ``Simulation/App/requiresExplicitServiceSession`` (`NSLocationRequireExplicitServiceSession`),
/// a session held lets ``Simulation/liveUpdates(_:)`` deliver fixes: one with a goal, or a
/// `.none` one while the app is authorized (Apple, `init(authorization:)`: it "meets a
/// requested Explicit Service Session requirement if the framework already has
/// authorization"). It changes nothing else in the simulation (see the DocC article for
/// what is this project's reading).
public final class SimulatedServiceSession {
    /// What the session asks for.
    public enum Authorization: Sendable, Equatable {
        /// Asks for nothing; meets `requiresExplicitServiceSession` only while the app is authorized.
        case none
        /// Asks for When In Use authorization: at once when the status is `notDetermined` and the app is
        /// in the foreground, otherwise the next time it comes to the foreground undetermined.
        case whenInUse
        /// Asks for Always authorization, when it can, as `whenInUse` does.
        case always

        var request: AuthorizationRequest? {
            switch self {
            case .none: nil
            case .whenInUse: .whenInUse
            case .always: .always
            }
        }
    }

    /// What the session asks for, as it was begun.
    public let authorization: Authorization
    private weak var simulation: Simulation?
    /// True until `invalidate()`: an invalidated session asks for nothing and no longer meets
    /// `requiresExplicitServiceSession`.
    public private(set) var isValid = true

    /// Begins the session (recorded as a `call` with method `serviceSession`, manager -1).
    public init(simulation: Simulation, authorization: Authorization) {
        self.simulation = simulation
        self.authorization = authorization
        simulation.serviceSessionBegan(authorization, id: ObjectIdentifier(self))
    }

    /// Ends the session (Core Location's `invalidate()`): it asks for nothing again.
    public func invalidate() {
        guard isValid else { return }
        isValid = false
        simulation?.serviceSessionEnded(id: ObjectIdentifier(self))
    }

    deinit {
        // Dropping the last reference ends it, as it does a `CLServiceSession`.
        if isValid { simulation?.serviceSessionEnded(id: ObjectIdentifier(self)) }
    }
}

/// `CLBackgroundActivitySession` (iOS 17): while the app holds one, begun or carried into
/// the foreground, the background location indicator keeps the app in use in the
/// background: a When In Use app's updates started in the foreground go on there (without
/// `allowsBackgroundLocationUpdates`), `liveUpdates()` has no `insufficientlyInUse`, and
/// regions, visits and significant changes are heard at once; Allow Once does not expire.
/// Rules and sources: docs/background.md.
public final class SimulatedBackgroundActivitySession {
    private weak var simulation: Simulation?
    /// True until `invalidate()`: then the session no longer keeps the app in use in the background.
    public private(set) var isValid = true

    /// Begins the session (recorded as a `call` with method `backgroundActivitySession`,
    /// manager -1).
    public init(simulation: Simulation) {
        self.simulation = simulation
        simulation.recordCall(.backgroundActivitySession, from: -1)
        simulation.configureService { $0.beginBackgroundActivitySession() }
    }

    /// Ends the session (Core Location's `invalidate()`).
    public func invalidate() {
        guard isValid else { return }
        isValid = false
        simulation?.backgroundActivitySessionEnded()
    }

    deinit {
        if isValid { simulation?.backgroundActivitySessionEnded() }
    }
}

extension Simulation {
    func serviceSessionBegan(_ authorization: SimulatedServiceSession.Authorization, id: ObjectIdentifier) {
        appActs { app, _ in app.serviceSessionGoals[id] = authorization }
        if let request = authorization.request, service.authorizationStatus == .notDetermined, service.servicesEnabled,
            service.appState == .foreground
        {
            requestAuthorization(request, from: -1, as: .serviceSession)
        } else {
            recordCall(.serviceSession, from: -1)
        }
        appActs { app, output in app.serviceSessionsChanged(into: &output) }
    }

    func serviceSessionEnded(id: ObjectIdentifier) {
        appActs { app, output in
            app.serviceSessionGoals[id] = nil
            app.serviceSessionsChanged(into: &output)
        }
    }

    func backgroundActivitySessionEnded() {
        appActs { app, output in
            var outputs: [LocationService.Output] = []
            app.service.endBackgroundActivitySession(into: &outputs)
            app.record(outputs, into: &output)
        }
    }
}

extension AppUnderTest {
    /// In the foreground with the status `notDetermined` (a lapsed Allow Once, or a session
    /// begun in the background): the service sessions held ask again, for the most any of
    /// them needs.
    mutating func serviceSessionsAskAgain(into output: inout AppOutput) {
        guard service.appState == .foreground, service.authorizationStatus == .notDetermined, service.servicesEnabled,
            promptsShowing == 0
        else { return }
        let goals = serviceSessionGoals.values.compactMap(\.request)
        guard !goals.isEmpty else { return }
        let request: AuthorizationRequest = goals.contains(.always) ? .always : .whenInUse
        requestAuthorization(request, from: -1, as: .serviceSession, answered: nil, into: &output)
    }

    /// The app's Info.plist sets `NSLocationRequireExplicitServiceSession` and no service
    /// session held meets it: its live updates get no fix. A session with an authorization
    /// goal meets it; a `.none` one once the app is authorized (Apple, `init(authorization:)`:
    /// it "meets a requested Explicit Service Session requirement if the framework already
    /// has authorization"; checked at each moment, not only when it began, is the project's
    /// reading).
    var lacksRequiredServiceSession: Bool {
        guard service.configuration.infoPlist.requiresExplicitServiceSession else { return false }
        let authorized = service.authorizationStatus.isAuthorized
        return !serviceSessionGoals.values.contains { $0 != .none || authorized }
    }

    /// A service session began or ended. With `NSLocationRequireExplicitServiceSession`,
    /// the live streams' updates start with the first session held and stop with the last
    /// (held at the service: no fix is taken for them, so the timeline shows none); each
    /// stream hears what it means, once. Without the key, nothing.
    mutating func serviceSessionsChanged(into output: inout AppOutput) {
        guard service.configuration.infoPlist.requiresExplicitServiceSession else { return }
        guard lacksRequiredServiceSession else {
            resumeLiveStreams(into: &output)
            return
        }
        for client in liveStreams.keys.sorted() { service.stopUpdatingLocation(client: client) }
        announceToLiveStreams()
    }
}

#if os(iOS) || os(watchOS) || os(visionOS) || !(canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN) || TRAILCAST_APPLE_TYPECHECK
public import CoreLocationSeam

// The seam Core Location's sessions share: code that begins sessions is given the
// simulation in tests (`CoreLocationSessions()` in the app).
extension SimulatedServiceSession: LocationSession {}
extension SimulatedBackgroundActivitySession: LocationSession {}

extension Simulation: LocationSessionStarting {
    public func beginServiceSession(authorization: LocationSessionAuthorization) -> any LocationSession {
        let requirement: SimulatedServiceSession.Authorization
        switch authorization {
        case .none: requirement = .none
        case .whenInUse: requirement = .whenInUse
        case .always: requirement = .always
        }
        return SimulatedServiceSession(simulation: self, authorization: requirement)
    }

    public func beginBackgroundActivitySession() -> any LocationSession {
        SimulatedBackgroundActivitySession(simulation: self)
    }
}
#endif
