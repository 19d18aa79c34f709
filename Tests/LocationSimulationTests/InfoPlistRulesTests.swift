// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import LocationSimulation
import Testing

/// The rules of the app's Info.plist (docs/replay.md's Core Location table, `Simulation.App`)
/// through `SimulatedLocationManager`, as an app's code meets them: a request without its
/// purpose string does nothing and the timeline says why; background updates without the
/// background mode crash the app and the simulation says so by throwing; a default of
/// reduced accuracy gives approximate location from the prompt.
@Suite("The app's Info.plist through SimulatedLocationManager")
struct InfoPlistRulesTests {
    static func simulation(
        app: Simulation.App, system: Simulation.System = .init(), events: [String] = []
    ) throws -> Simulation {
        try Simulation(
            route: .points(Walk.points(60)), system: system, app: app,
            events: events.map { try ScheduledEvent(parsing: $0) })
    }

    static let crashMessage =
        "The app's Info.plist has no location in UIBackgroundModes: setting allowsBackgroundLocationUpdates to true is a fatal error that terminates the app."

    /// The purpose strings the app has, whether it asks for Always, and the one it lacks.
    static let requests: [(has: Set<Simulation.App.UsageDescription>, always: Bool, missing: InfoPlistKey)] = [
        ([.alwaysAndWhenInUse], false, .whenInUseUsageDescription),
        ([.whenInUse], true, .alwaysAndWhenInUseUsageDescription),
        ([.alwaysAndWhenInUse], true, .whenInUseUsageDescription),
    ]

    @Test(
        "a request without its purpose string does nothing: no prompt, no callback, and a plistError at the call says why",
        arguments: requests)
    func requestWithoutItsPurposeString(has: Set<Simulation.App.UsageDescription>, always: Bool, missing: InfoPlistKey)
        throws
    {
        let simulation = try Self.simulation(app: .init(usageDescriptions: has))
        let app = RecordingApp(simulation)
        always ? app.manager.requestAlwaysAuthorization() : app.manager.requestWhenInUseAuthorization()
        let method: InfoPlistError.Method = always ? .requestAlwaysAuthorization : .requestWhenInUseAuthorization
        // At the call, as Core Location refuses it at once (not when a prompt would be answered).
        #expect(
            simulation.timeline.last?.kind
                == .plistError(InfoPlistError(method: method, manager: 0, missing: [missing])))
        try simulation.advance(by: 10)
        #expect(app.take() == ["auth notDetermined"], "the initial callback only")
        #expect(app.manager.authorizationStatus == .notDetermined)
        #expect(!simulation.timeline.contains { $0.kind.typeName == "prompt" })
        #expect(simulation.deliveredLocations.isEmpty)
    }

    @Test func theRequestWithItsPurposeStringPromptsAsBefore() throws {
        // Only Always's is missing: When In Use prompts; the upgrade to Always does nothing.
        let simulation = try Self.simulation(app: .init(usageDescriptions: [.whenInUse]))
        let app = RecordingApp(simulation)
        app.manager.requestWhenInUseAuthorization()
        try simulation.settle()
        app.manager.requestAlwaysAuthorization()
        try simulation.settle()
        #expect(app.take() == ["auth notDetermined", "auth authorizedWhenInUse"])
        #expect(
            simulation.timeline.dropFirst(2).map(\.kind.typeName) == [
                "call", "prompt", "authorization", "call", "plistError",
            ])
    }

    @Test func backgroundUpdatesWithoutTheBackgroundModeCrashTheApp() throws {
        let simulation = try Self.simulation(
            app: .init(backgroundModes: []), system: .init(authorization: .authorizedAlways))
        let app = RecordingApp(simulation)
        app.manager.allowsBackgroundLocationUpdates = true
        // What the code does after the fatal line never happens on a phone: not recorded.
        app.manager.startUpdatingLocation()
        #expect(simulation.isFinished)
        let end = try #require(simulation.timeline.last)
        guard case .end(let summary) = end.kind else {
            Issue.record("the timeline ends at the crash, not with \(end.kind.typeName)")
            return
        }
        #expect(summary.reason == "error")
        #expect(summary.error == "error: the app crashed: \(Self.crashMessage)")
        #expect(simulation.timeline.dropFirst(2).map(\.kind.typeName) == ["plistError", "end"])
        #expect(throws: SimulationError.appCrashed(Self.crashMessage)) { try simulation.settle() }
        #expect(throws: SimulationError.appCrashed(Self.crashMessage)) { try simulation.advance(by: 10) }
        #expect(throws: SimulationError.appCrashed(Self.crashMessage)) { try simulation.perform(.app(.background)) }
        #expect(throws: SimulationError.appCrashed(Self.crashMessage)) { try simulation.finish() }
        #expect(app.take().isEmpty, "not even the initial callback: the app died first")
        #expect(simulation.deliveredLocations.isEmpty)
    }

    @Test func aCrashInACallbackThrowsFromTheStepThatMadeIt() throws {
        let simulation = try Self.simulation(app: .init(backgroundModes: []))
        let app = RecordingApp(simulation)
        // A typical app: once authorized, it asks for background updates and starts them.
        app.onAuthorization = { manager in
            guard manager.authorizationStatus == .authorizedWhenInUse else { return }
            manager.allowsBackgroundLocationUpdates = true
            manager.startUpdatingLocation()
        }
        app.manager.requestWhenInUseAuthorization()
        #expect(throws: SimulationError.appCrashed(Self.crashMessage)) { try simulation.advance(by: 10) }
        #expect(app.take() == ["auth notDetermined", "auth authorizedWhenInUse"])
        #expect(
            simulation.timeline.dropFirst(2).map(\.kind.typeName) == [
                "call", "prompt", "authorization", "plistError", "end",
            ])
        #expect(simulation.elapsedSeconds == 0, "the clock stops at the crash")
        #expect(simulation.deliveredLocations.isEmpty)
    }

    @Test func withTheBackgroundModeTheSameAppRuns() throws {
        let simulation = try Self.simulation(app: .init(), events: ["5s:app=background"])
        let app = RecordingApp(simulation)
        app.onAuthorization = { manager in
            guard manager.authorizationStatus == .authorizedWhenInUse else { return }
            manager.allowsBackgroundLocationUpdates = true
            manager.startUpdatingLocation()
        }
        app.manager.requestWhenInUseAuthorization()
        try simulation.advance(by: 10)
        #expect(app.take().filter { $0.hasPrefix("fix") }.count == 11, "0 to 10 s, in the background too")
        #expect(!simulation.timeline.contains { $0.kind.typeName == "plistError" })
    }

    @Test(
        "NSLocationDefaultAccuracyReduced: a grant from the prompt is approximate location",
        arguments: [
            PromptAnswer.allow, .once,
        ])
    func defaultAccuracyReduced(answer: PromptAnswer) throws {
        let simulation = try Simulation(
            route: .points(Walk.points(60)), user: .init(promptAnswer: answer), app: .init(defaultAccuracyReduced: true)
        )
        let app = RecordingApp(simulation)
        app.manager.requestWhenInUseAuthorization()
        app.manager.startUpdatingLocation()
        try simulation.advance(by: 30)
        #expect(app.manager.accuracyAuthorization == .reducedAccuracy)
        let fixes = simulation.deliveredLocations
        #expect(fixes.count == 1, "one approximate fix per 15 minutes")
        #expect(fixes.allSatisfy { $0.horizontalAccuracyMeters >= 3000 })
    }

    @Test func theStartEventRecordsTheAppDescribedIncomplete() throws {
        let simulation = try Self.simulation(
            app: .init(usageDescriptions: [.whenInUse], backgroundModes: [], defaultAccuracyReduced: true))
        let start = try #require(simulation.timeline.first.map(TimelineRecord.init))
        let settings = try #require(start.fields["settings"])
        guard case .json(let text) = settings else {
            Issue.record("settings: \(settings)")
            return
        }
        #expect(text.contains(#""plistMissing":["NSLocationAlwaysAndWhenInUseUsageDescription","UIBackgroundModes"]"#))
        #expect(text.contains(#""plistDefaultAccuracyReduced":true"#))
        let complete = try Self.simulation(app: .init())
        guard case .json(let plain)? = complete.timeline.first.map(TimelineRecord.init)?.fields["settings"] else {
            return
        }
        #expect(!plain.contains("plist"), "a complete app records nothing of it, as before")
    }
}
