// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import LocationSimulation
import Testing

/// `CLBackgroundActivitySession` and `CLServiceSession` changing what an app receives in the
/// background and when it is asked again (docs/background.md).
@Suite("Background activity and service sessions")
struct BackgroundSessionsLibraryTests {
    static func simulation(
        _ authorization: AuthorizationStatus = .authorizedWhenInUse, user: Simulation.User = .init(), events: [String]
    ) throws -> Simulation {
        try Simulation(
            route: .points(Walk.points(60)), user: user, system: .init(authorization: authorization),
            events: events.map { try ScheduledEvent(parsing: $0) })
    }

    static func fixes(_ log: [String]) -> Int { log.filter { $0.hasPrefix("fix") }.count }

    @Test(
        "When In Use, updates started in the foreground, no allowsBackgroundLocationUpdates: a session keeps them coming in the background until it is invalidated"
    )
    func sessionKeepsUpdates() throws {
        let simulation = try Self.simulation(events: ["10s:app=background"])
        let app = RecordingApp(simulation)
        let session = SimulatedBackgroundActivitySession(simulation: simulation)
        app.manager.startUpdatingLocation()
        try simulation.run(until: 20)
        #expect(Self.fixes(app.take()) == 21, "every second, the background too")
        #expect(simulation.showsBackgroundLocationIndicator)
        session.invalidate()
        try simulation.run(until: 30)
        #expect(Self.fixes(app.take()) == 0, "nothing once the session has ended")
        #expect(!simulation.showsBackgroundLocationIndicator)
        #expect(
            simulation.timeline.contains {
                $0.kind == .call(ManagerCall(method: .backgroundActivitySession, manager: -1))
            })
        let indicator = simulation.timeline.compactMap { event -> String? in
            if case .indicator(let state) = event.kind { "\(state.rawValue) \(Int(event.offsetSeconds))" } else { nil }
        }
        #expect(indicator == ["shown 10", "hidden 20"], "the timeline's indicator events")
    }

    @Test("without a session (the control): nothing in the background")
    func noSession() throws {
        let simulation = try Self.simulation(events: ["10s:app=background"])
        let app = RecordingApp(simulation)
        app.manager.startUpdatingLocation()
        try simulation.run(until: 20)
        #expect(Self.fixes(app.take()) == 10)
    }

    @Test("without a session, back in the foreground and out again: nothing in the background the second time either")
    func noSessionAfterTheForegroundAgain() throws {
        // Coming back to the foreground takes up the sessions the app holds: none here, so
        // the second stay in the background is like the first.
        let simulation = try Self.simulation(events: ["10s:app=background", "20s:app=foreground", "30s:app=background"])
        let app = RecordingApp(simulation)
        app.manager.startUpdatingLocation()
        try simulation.run(until: 40)
        #expect(Self.fixes(app.take()) == 20, "0-9 s and 20-29 s, in the foreground")
        #expect(!simulation.showsBackgroundLocationIndicator)
    }

    @Test("a session begun in the background keeps nothing in use until the app has been in the foreground")
    func begunInTheBackground() throws {
        let simulation = try Self.simulation(events: ["10s:app=background", "30s:app=foreground", "40s:app=background"])
        let app = RecordingApp(simulation)
        app.manager.startUpdatingLocation()
        try simulation.run(until: 15)
        let session = SimulatedBackgroundActivitySession(simulation: simulation)
        _ = app.take()
        try simulation.run(until: 29)
        #expect(Self.fixes(app.take()) == 0)
        try simulation.run(until: 50)
        #expect(Self.fixes(app.take()) == 21, "from the foreground on, the background too")
        withExtendedLifetime(session) {}
    }

    @Test("Allow Once does not expire in the background while a session is held; it does once the session is dropped")
    func allowOnceKept() throws {
        let simulation = try Self.simulation(
            .notDetermined, user: .init(promptAnswer: .once), events: ["10s:app=background"])
        let app = RecordingApp(simulation)
        app.manager.requestWhenInUseAuthorization()
        var session: SimulatedBackgroundActivitySession? = SimulatedBackgroundActivitySession(simulation: simulation)
        try simulation.run(until: 20)
        #expect(app.manager.authorizationStatus == .authorizedWhenInUse)
        session = nil
        try simulation.run(until: 21)
        #expect(app.manager.authorizationStatus == .notDetermined, "expired when the app stopped being in use")
        #expect(session == nil)
    }

    @Test("liveUpdates() with a session: no insufficientlyInUse, and the fixes go on in the background")
    func liveUpdatesWithASession() async throws {
        let simulation = try Self.simulation(events: ["1s:app=background"])
        let session = SimulatedBackgroundActivitySession(simulation: simulation)
        var updates = simulation.liveUpdates().makeAsyncIterator()
        try simulation.advance(by: 3)
        #expect(
            try await LiveUpdatesTests.next(4, of: &updates, finishing: simulation)
                == ["fix 47.00000", "fix 47.00010", "fix 47.00020", "fix 47.00030"])
        withExtendedLifetime(session) {}
    }

    @Test(
        "a service session asks again in the foreground after Allow Once lapsed in the background; invalidated, it does not"
    )
    func serviceSessionAsksAgain() throws {
        for invalidated in [false, true] {
            let simulation = try Self.simulation(
                .notDetermined, user: .init(promptAnswers: [.once, .allow]),
                events: ["10s:app=background", "20s:app=foreground"])
            let app = RecordingApp(simulation)
            let session = SimulatedServiceSession(simulation: simulation, authorization: .whenInUse)
            try simulation.run(until: 15)
            #expect(app.manager.authorizationStatus == .notDetermined, "Allow Once lapsed in the background")
            if invalidated { session.invalidate() }
            try simulation.run(until: 25)
            let prompts = simulation.timeline.filter { $0.kind.typeName == "prompt" }.count
            #expect(prompts == (invalidated ? 1 : 2))
            #expect(app.manager.authorizationStatus == (invalidated ? .notDetermined : .authorizedWhenInUse))
        }
    }

    /// Several sessions held: the prompt asks for the most any of them needs (Always over
    /// When In Use), whichever began first.
    @Test("a When In Use and an Always session begun in the background: the foreground asks for Always")
    func serviceSessionsAskForTheMost() throws {
        for alwaysFirst in [false, true] {
            let simulation = try Self.simulation(.notDetermined, events: ["5s:app=background", "10s:app=foreground"])
            let app = RecordingApp(simulation)
            try simulation.run(until: 6)
            let goals: [SimulatedServiceSession.Authorization] =
                alwaysFirst ? [.always, .whenInUse] : [.whenInUse, .always]
            let sessions = goals.map { SimulatedServiceSession(simulation: simulation, authorization: $0) }
            try simulation.run(until: 11)
            let prompts = simulation.timeline.compactMap { event -> AuthorizationRequest? in
                if case .prompt(let request, _) = event.kind { request } else { nil }
            }
            #expect(prompts.contains(.always), "\(prompts)")
            #expect(app.manager.authorizationStatus == .authorizedAlways)
            withExtendedLifetime(sessions) {}
        }
    }

    @Test("a service session begun in the background asks when the app comes to the foreground")
    func serviceSessionBegunInTheBackground() throws {
        let simulation = try Self.simulation(.notDetermined, events: ["5s:app=background", "10s:app=foreground"])
        let app = RecordingApp(simulation)
        try simulation.run(until: 6)
        let session = SimulatedServiceSession(simulation: simulation, authorization: .always)
        try simulation.run(until: 7)
        #expect(app.manager.authorizationStatus == .notDetermined)
        try simulation.run(until: 11)
        #expect(app.manager.authorizationStatus == .authorizedAlways)
        withExtendedLifetime(session) {}
    }
}
