// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import LocationSimulation
import TrailcastBasics
import Testing

/// The iOS 17/18 style: `liveUpdates()` with its diagnostics, a service session that
/// prompts, and temporary full accuracy.
@Suite("Live updates, service sessions, temporary full accuracy")
struct LiveUpdatesTests {
    static func simulation(
        system: Simulation.System, user: Simulation.User = .init(), app: Simulation.App = .init(), events: [String] = []
    ) throws -> Simulation {
        try Simulation(
            route: .points(Walk.points()), user: user, system: system, app: app,
            events: events.map { try ScheduledEvent(parsing: $0) })
    }

    /// The next `count` updates, as `fix LAT` or the diagnostics set. The simulation is
    /// finished first, which ends the stream: a missing update fails the test, never hangs it.
    static func next(
        _ count: Int, of iterator: inout AsyncStream<SimulatedLocationUpdate>.Iterator, finishing simulation: Simulation
    ) async throws -> [String] {
        try simulation.finish()
        var described: [String] = []
        for _ in 0..<count {
            guard let update = await iterator.next() else { break }
            if let location = update.fix {
                described.append("fix \(String(format5: location.latitude))")
                continue
            }
            var reasons: [String] = []
            if update.authorizationDenied { reasons.append("denied") }
            if update.authorizationDeniedGlobally { reasons.append("deniedGlobally") }
            if update.authorizationRestricted { reasons.append("restricted") }
            if update.authorizationRequestInProgress { reasons.append("requestInProgress") }
            if update.insufficientlyInUse { reasons.append("insufficientlyInUse") }
            if update.locationUnavailable { reasons.append("unavailable") }
            if update.serviceSessionRequired { reasons.append("serviceSessionRequired") }
            described.append(reasons.joined(separator: ","))
        }
        return described
    }

    @Test func fixesThenNoSignalThenFixesAgain() async throws {
        let simulation = try Self.simulation(
            system: .init(authorization: .authorizedWhenInUse), events: ["2s:signal=lost", "4s:signal=restored"])
        var updates = simulation.liveUpdates().makeAsyncIterator()
        try simulation.advance(by: 5)
        #expect(
            try await Self.next(5, of: &updates, finishing: simulation) == [
                "fix 47.00000", "fix 47.00010", "unavailable", "fix 47.00040", "fix 47.00050",
            ])
        #expect(
            simulation.timeline.filter { $0.kind.typeName == "locationError" }.count == 1,
            "the timeline still says locationUnknown")
    }

    @Test func deniedThenGrantedInSettingsResumesByItself() async throws {
        let simulation = try Self.simulation(
            system: .init(authorization: .denied), events: ["3s:authorization=whenInUse"])
        var updates = simulation.liveUpdates().makeAsyncIterator()
        try simulation.advance(by: 4)
        #expect(
            try await Self.next(3, of: &updates, finishing: simulation) == ["denied", "fix 47.00030", "fix 47.00040"])
    }

    /// `locationUnavailable` is for an authorized app without a signal: a denied app losing
    /// its signal hears nothing new (the stream ends with the simulation, so a second update
    /// would be a wrong one).
    @Test func deniedThenNoSignalIsStillOnlyDenied() async throws {
        let simulation = try Self.simulation(system: .init(authorization: .denied), events: ["1s:signal=lost"])
        var updates = simulation.liveUpdates().makeAsyncIterator()
        try simulation.advance(by: 3)
        #expect(try await Self.next(2, of: &updates, finishing: simulation) == ["denied"])
    }

    @Test func aPromptInProgressThenTheAnswer() async throws {
        let simulation = try Self.simulation(system: .init())
        let manager = SimulatedLocationManager(simulation: simulation)
        manager.requestWhenInUseAuthorization()
        var updates = simulation.liveUpdates().makeAsyncIterator()
        try simulation.advance(by: 1)
        #expect(
            try await Self.next(3, of: &updates, finishing: simulation) == [
                "requestInProgress", "fix 47.00000", "fix 47.00010",
            ])
    }

    @Test func aWhenInUseAppInTheBackgroundIsInsufficientlyInUse() async throws {
        let simulation = try Self.simulation(
            system: .init(authorization: .authorizedWhenInUse), events: ["1s:app=background", "8s:app=foreground"])
        var updates = simulation.liveUpdates().makeAsyncIterator()
        try simulation.advance(by: 8)
        // In use for the grace after leaving the foreground (1 to 6 s): said when it ends.
        #expect(
            try await Self.next(3, of: &updates, finishing: simulation) == [
                "fix 47.00000", "insufficientlyInUse", "fix 47.00080",
            ])
    }

    @Test func locationServicesOffIsDeniedGlobally() async throws {
        let simulation = try Self.simulation(
            system: .init(authorization: .authorizedAlways), events: ["1s:services=off"])
        var updates = simulation.liveUpdates().makeAsyncIterator()
        try simulation.advance(by: 3)
        #expect(try await Self.next(2, of: &updates, finishing: simulation) == ["fix 47.00000", "deniedGlobally"])
    }

    @Test func reducedAccuracyIsSaidOnEveryFix() async throws {
        let simulation = try Self.simulation(system: .init(authorization: .authorizedWhenInUse, accuracy: .reduced))
        var updates = simulation.liveUpdates().makeAsyncIterator()
        try simulation.advance(by: 1)
        try simulation.finish()
        let first = await updates.next()
        #expect(first?.accuracyLimited == true)
        #expect(first?.fix?.horizontalAccuracyMeters == ApproximateLocation.horizontalAccuracyMeters)
    }

    @Test func aServiceSessionPromptsOnTheAppsBehalf() throws {
        let simulation = try Self.simulation(system: .init())
        let session = SimulatedServiceSession(simulation: simulation, authorization: .whenInUse)
        try simulation.settle()
        #expect(simulation.timeline.dropFirst(2).map(\.kind.typeName) == ["call", "prompt", "authorization"])
        #expect(simulation.timeline[2].kind == .call(ManagerCall(method: .serviceSession, manager: -1)))
        session.invalidate()
        #expect(!session.isValid)
    }

    // MARK: - NSLocationRequireExplicitServiceSession

    /// An authorized app whose Info.plist sets `NSLocationRequireExplicitServiceSession`.
    static func explicitSessionApp(events: [String] = [], requires: Bool = true) throws -> Simulation {
        try simulation(
            system: .init(authorization: .authorizedWhenInUse),
            app: .init(requiresExplicitServiceSession: requires), events: events)
    }

    /// The app's code holding a session: begun when the simulated person taps (at the
    /// tap's moment, before that moment's fix), as a "Start tracking" button would.
    final class SessionHolder {
        var session: SimulatedServiceSession?
    }

    /// When the timeline says the app received a location, in seconds.
    static func locationOffsets(_ simulation: Simulation) -> [Double] {
        simulation.timeline.filter { $0.kind.typeName == "location" }.map(\.offsetSeconds)
    }

    @Test func theExplicitSessionKeyWithoutASessionGivesNoFix() async throws {
        let simulation = try Self.explicitSessionApp()
        var updates = simulation.liveUpdates().makeAsyncIterator()
        try simulation.advance(by: 3)
        #expect(try await Self.next(3, of: &updates, finishing: simulation) == ["serviceSessionRequired"])
        #expect(Self.locationOffsets(simulation).isEmpty, "no fix is taken for the stream")
        #expect(simulation.deliveredLocations.isEmpty)
    }

    /// An app requiring explicit sessions that begins a `.none` one on a tap at 2 s.
    static func explicitSessionAppBeginningANoneSessionAtTwoSeconds() throws -> (Simulation, SessionHolder) {
        let simulation = try Self.explicitSessionApp(events: ["2s:tap=refresh"])
        let holder = SessionHolder()
        simulation.onTap { [unowned simulation] _ in
            holder.session = SimulatedServiceSession(simulation: simulation, authorization: .none)
        }
        return (simulation, holder)
    }

    @Test func aNoneSessionMeetsTheExplicitSessionRequirement() async throws {
        let (simulation, holder) = try Self.explicitSessionAppBeginningANoneSessionAtTwoSeconds()
        var updates = simulation.liveUpdates().makeAsyncIterator()
        try simulation.advance(by: 4)
        #expect(holder.session?.isValid == true)
        #expect(
            try await Self.next(5, of: &updates, finishing: simulation) == [
                "serviceSessionRequired", "fix 47.00020", "fix 47.00030", "fix 47.00040",
            ])
        #expect(Self.locationOffsets(simulation) == [2, 3, 4])
        #expect(
            simulation.timeline.contains {
                $0.kind == .call(ManagerCall(method: .serviceSession, manager: -1)) && $0.offsetSeconds == 2
            })
    }

    @Test func theLastSessionInvalidatedStopsTheFixesAgain() async throws {
        let (simulation, holder) = try Self.explicitSessionAppBeginningANoneSessionAtTwoSeconds()
        var updates = simulation.liveUpdates().makeAsyncIterator()
        try simulation.advance(by: 4)
        holder.session?.invalidate()
        try simulation.advance(by: 3)
        #expect(
            try await Self.next(7, of: &updates, finishing: simulation) == [
                "serviceSessionRequired", "fix 47.00020", "fix 47.00030", "fix 47.00040", "serviceSessionRequired",
            ])
        #expect(Self.locationOffsets(simulation) == [2, 3, 4], "no fix taken for the stream after 4 s")
    }

    /// A `.none` session meets the requirement "if the framework already has authorization":
    /// held while denied it does not, so the stream says both; granted in Settings, it does.
    @Test func aNoneSessionMeetsTheRequirementOnceAuthorized() async throws {
        let simulation = try Self.simulation(
            system: .init(authorization: .denied), app: .init(requiresExplicitServiceSession: true),
            events: ["3s:authorization=whenInUse"])
        let session = SimulatedServiceSession(simulation: simulation, authorization: .none)
        var updates = simulation.liveUpdates().makeAsyncIterator()
        try simulation.advance(by: 4)
        #expect(session.isValid)
        #expect(
            try await Self.next(4, of: &updates, finishing: simulation) == [
                "denied,serviceSessionRequired", "fix 47.00030", "fix 47.00040",
            ])
    }

    @Test func withoutTheExplicitSessionKeyNoSessionIsNeeded() async throws {
        let simulation = try Self.explicitSessionApp(requires: false)
        var updates = simulation.liveUpdates().makeAsyncIterator()
        try simulation.advance(by: 2)
        #expect(
            try await Self.next(4, of: &updates, finishing: simulation) == [
                "fix 47.00000", "fix 47.00010", "fix 47.00020",
            ])
        #expect(Self.locationOffsets(simulation) == [0, 1, 2])
    }

    @Test(arguments: [(PromptAnswer.allow, LocationAccuracy.full), (.deny, .reduced)])
    func temporaryFullAccuracyLastsUntilTheBackground(answer: PromptAnswer, during: LocationAccuracy) throws {
        let simulation = try Self.simulation(
            system: .init(authorization: .authorizedWhenInUse, accuracy: .reduced),
            user: .init(temporaryFullAccuracyAnswer: answer), events: ["10s:app=background"])
        let app = RecordingApp(simulation)
        let answered = LockedValue(false)
        app.manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation") { error in
            #expect(error == nil)
            answered.withLock { $0 = true }
        }
        #expect(!answered.withLock { $0 }, "the person answers after the call returns")
        try simulation.settle()
        #expect(answered.withLock { $0 })
        #expect(LocationAccuracy(app.manager.accuracyAuthorization) == during)
        #expect(simulation.timeline.contains { $0.kind == .prompt(request: .temporaryFullAccuracy, answer: answer) })
        try simulation.advance(by: 14.5)
        #expect(LocationAccuracy(app.manager.accuracyAuthorization) == during, "in use for the grace: 10 to 15 s")
        try simulation.advance(by: 1)
        #expect(app.manager.accuracyAuthorization == .reducedAccuracy, "back to approximate once the grace is over")
        let causes = simulation.timeline.compactMap { event -> String? in
            if case .authorization(let change) = event.kind {
                return "\(change.accuracy) \(change.cause)"
            } else {
                return nil
            }
        }
        #expect(
            causes == (answer == .allow ? ["reduced initial", "full prompt", "reduced expired"] : ["reduced initial"]))
    }
}
