// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import LocationSimulation
import Testing

/// Scripting a session in Swift without strings: typed changes at typed offsets, a
/// sequence of answers to the permission prompt, and the delivered fixes as a list.
@Suite("Typed events, prompt answers in turn, delivered locations")
struct TypedScriptingTests {
    @Test func aTypedEventIsTheParsedOne() throws {
        #expect(
            ScheduledEvent.at(.minutes(20), .authorization(.denied))
                == (try ScheduledEvent(parsing: "20m:authorization=denied")))
        #expect(ScheduledEvent.at(.seconds(45), .signal(.lost)) == (try ScheduledEvent(parsing: "45s:signal=lost")))
        #expect(SimulatedOffset.hours(1.5).description == "1h30m")
        #expect(SimulatedOffset.minutes(0.25).description == "15s")
        #expect(SimulatedOffset.seconds(-3) == .seconds(0), "nothing happens before the start")
    }

    /// "Allow Once, then Don't Allow when asked again": the grant expires in the background,
    /// and the app, asking again when it is back, is refused.
    @Test func allowOnceThenDenyWhenAskedAgain() throws {
        let simulation = try Simulation(
            route: .points(Walk.points(60)), user: .init(promptAnswers: [.once, .deny]),
            events: [.at(.seconds(10), .app(.background)), .at(.seconds(20), .app(.foreground))])
        let app = RecordingApp(simulation)
        app.onAuthorization = { manager in
            if manager.authorizationStatus == .notDetermined { manager.requestWhenInUseAuthorization() }
            if [.authorizedWhenInUse, .authorizedAlways].contains(manager.authorizationStatus) {
                manager.startUpdatingLocation()
            }
        }
        try simulation.runToEnd()
        try simulation.finish()
        let prompts = simulation.timeline.compactMap { event -> PromptAnswer? in
            if case .prompt(_, let answer) = event.kind { answer } else { nil }
        }
        #expect(prompts == [.once, .deny])
        #expect(app.manager.authorizationStatus == .denied)
        let start = try #require(simulation.records.first)
        #expect(start.fields["settings"]?.description.contains(#""prompt":"once,deny""#) == true)
    }

    /// Settings set back to Ask Next Time after the refusal: the third prompt gets the
    /// list's last answer again.
    @Test func theLastAnswerAnswersEveryLaterPrompt() throws {
        let simulation = try Simulation(
            route: .points(Walk.points(60)), user: .init(promptAnswers: [.once, .deny]),
            events: [
                .at(.seconds(10), .app(.background)), .at(.seconds(20), .app(.foreground)),
                .at(.seconds(30), .authorization(.notDetermined)),
            ])
        let app = RecordingApp(simulation)
        app.onAuthorization = { manager in
            if manager.authorizationStatus == .notDetermined { manager.requestWhenInUseAuthorization() }
        }
        try simulation.runToEnd()
        let prompts = simulation.timeline.compactMap { event -> PromptAnswer? in
            if case .prompt(_, let answer) = event.kind { answer } else { nil }
        }
        #expect(prompts == [.once, .deny, .deny])
    }

    @Test func anEmptyListAnswersAllowAndSettingOneAnswerAnswersAll() throws {
        var user = Simulation.User(promptAnswers: [])
        #expect(user.promptAnswers == [.allow], "an empty list answers allow")
        user.promptAnswer = .deny
        #expect(user.promptAnswers == [.deny])
    }

    @Test func deliveredLocationsAreTheFixesTheAppGot() throws {
        let simulation = try Simulation(
            route: .points(Walk.points(20)), system: .init(authorization: .authorizedWhenInUse))
        let app = RecordingApp(simulation)
        app.manager.startUpdatingLocation()
        try simulation.advance(by: 9)
        let received = app.take().filter { $0.hasPrefix("fix ") }
        #expect(simulation.deliveredLocations.map { "fix \(String(format5: $0.latitude))" } == received)
        #expect(received.count == 10)
        let summary = try simulation.finish()
        #expect(summary.locations == simulation.deliveredLocations.count)
    }
}
