// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import LocationSimulation
import TrailcastBasics
import Testing

/// What a review of the library against Core Location's documentation found, each pinned.
@Suite("Core Location details the library keeps")
struct ReviewFindingsTests {
    static func simulation(
        system: Simulation.System = .init(authorization: .authorizedWhenInUse),
        user: Simulation.User = .init(), events: [String] = []
    ) throws -> Simulation {
        try Simulation(
            route: .points(Walk.points()), user: user, system: system,
            events: events.map { try ScheduledEvent(parsing: $0) })
    }

    static func locations(_ simulation: Simulation) -> Int {
        simulation.timeline.filter { $0.kind.typeName == "location" }.count
    }

    @Test func aDroppedLiveStreamStopsUpdating() async throws {
        let simulation = try Self.simulation()
        do {
            var updates = simulation.liveUpdates().makeAsyncIterator()
            try simulation.advance(by: 2)
            #expect(await updates.next()?.location != nil, "buffered: the first fix is waiting")
        }
        let before = Self.locations(simulation)
        try simulation.advance(by: 10)
        #expect(Self.locations(simulation) == before)
    }

    @Test func aDeallocatedManagerStopsUpdating() throws {
        let simulation = try Self.simulation()
        do {
            let manager = SimulatedLocationManager(simulation: simulation)
            manager.startUpdatingLocation()
            try simulation.advance(by: 2)
        }
        let before = Self.locations(simulation)
        #expect(before == 3)
        try simulation.advance(by: 10)
        #expect(Self.locations(simulation) == before)
    }

    @Test func updatesStartedBeforeTheFirstPromptFailWithDeniedWhenThePersonRefuses() throws {
        let simulation = try Self.simulation(system: .init(), user: .init(promptAnswer: .deny))
        let app = RecordingApp(simulation)
        app.manager.startUpdatingLocation()
        app.manager.requestWhenInUseAuthorization()
        try simulation.advance(by: 5)
        #expect(app.take() == ["auth notDetermined", "auth denied", "error denied"])
        try simulation.perform(.authorization(.authorizedWhenInUse))
        try simulation.advance(by: 5)
        #expect(app.take() == ["auth authorizedWhenInUse"], "the refused updates stay stopped")
    }

    @Test func everyTripToTheBackgroundIsSaid() async throws {
        // Each trip outlasts the in-use grace (5 s), after which it is said.
        let simulation = try Self.simulation(events: ["1s:app=background", "7s:app=foreground", "8s:app=background"])
        let updates = simulation.liveUpdates()
        try simulation.advance(by: 14)
        // Finished, the stream ends: reading it to the end cannot wait forever.
        try simulation.finish()
        var described: [String] = []
        for await update in updates {
            described.append(
                update.location != nil ? "fix" : update.insufficientlyInUse ? "insufficientlyInUse" : "other")
        }
        #expect(described == ["fix", "insufficientlyInUse", "fix", "insufficientlyInUse"])
    }

    @Test func aRequestThatShowsNoPromptIsNotInProgress() async throws {
        let simulation = try Self.simulation()
        let manager = SimulatedLocationManager(simulation: simulation)
        var updates = simulation.liveUpdates().makeAsyncIterator()
        manager.requestWhenInUseAuthorization()  // already authorized: ignored
        try simulation.advance(by: 1)
        try simulation.finish()
        let first = await updates.next()
        #expect(first?.location != nil && first?.authorizationRequestInProgress == false)
    }

    @Test func finishingEndsTheLiveStreams() async throws {
        let simulation = try Self.simulation()
        let updates = simulation.liveUpdates()
        try simulation.advance(by: 2)
        try simulation.finish()
        var count = 0
        for await _ in updates { count += 1 }
        #expect(count == 3)
    }

    @Test func locationIsTheLastFixWithOrWithoutADelegate() throws {
        let simulation = try Self.simulation()
        let manager = SimulatedLocationManager(simulation: simulation)
        manager.startUpdatingLocation()
        try simulation.advance(by: 3)
        #expect(manager.location?.coordinate.latitude == 47.0003)
        #expect(manager.lastFix?.latitude == 47.0003)
    }

    @Test func temporaryFullAccuracyWithoutAuthorizationCompletesWithDenied() throws {
        let simulation = try Self.simulation(system: .init(authorization: .denied, accuracy: .reduced))
        let manager = SimulatedLocationManager(simulation: simulation)
        let result = LockedValue<[CLError.Code?]>([])
        manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation") { error in
            result.withLock { $0.append((error as? CLError)?.code) }
        }
        try simulation.settle()
        #expect(result.withLock { $0 } == [.denied])
        #expect(!simulation.timeline.contains { $0.kind.typeName == "prompt" })
    }

    @Test func tenStepsOfATenthReachTheFixAtOneSecond() throws {
        let simulation = try Self.simulation()
        let app = RecordingApp(simulation)
        app.manager.startUpdatingLocation()
        for _ in 0..<10 { try simulation.advance(by: 0.1) }
        #expect(app.take().last == "fix 47.00010")
        #expect(simulation.elapsedSeconds == 1)
    }

    /// An app that answers every callback with a call causing another never settles: the
    /// simulation stops it after 100,000 callbacks with `callbackLoop`, and the callback it
    /// had not made yet stays queued for the next run (none is lost).
    @Test func aCallbackLoopStopsAt100000AndLosesNothing() throws {
        let simulation = try Self.simulation(system: .init(authorization: .authorizedWhenInUse))
        let manager = SimulatedLocationManager(simulation: simulation)
        // (completions, looping): the completion is `@Sendable`, as Core Location's is.
        let state = LockedValue((completions: 0, looping: true))
        // With full accuracy already, the request completes at once, through the queue.
        // @unchecked: the simulation completes on the test's own thread, inside `settle`.
        struct Manager: @unchecked Sendable { unowned let manager: SimulatedLocationManager }
        @Sendable func ask(_ manager: Manager) {
            manager.manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Loop") { _ in
                let looping = state.withLock { state in
                    state.completions += 1
                    return state.looping
                }
                if looping { ask(manager) }
            }
        }
        ask(Manager(manager: manager))
        #expect(throws: SimulationError.callbackLoop) { try simulation.settle() }
        #expect(state.withLock { $0.completions } == 100_000)
        state.withLock { $0.looping = false }
        try simulation.settle()
        #expect(
            state.withLock { $0.completions } == 100_001, "the request queued when the loop was stopped still completes"
        )
    }
}
