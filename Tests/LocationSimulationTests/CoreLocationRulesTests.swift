// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import LocationSimulation
import Testing

/// Every rule of docs/replay.md's Core Location table, through `SimulatedLocationManager`
/// as an app's code meets it: the callbacks its delegate gets, in order.
@Suite("Core Location's rules through SimulatedLocationManager")
struct CoreLocationRulesTests {
    static func simulation(
        user: Simulation.User = .init(), system: Simulation.System = .init(), events: [String] = [],
        points: Int = 600
    ) throws -> Simulation {
        try Simulation(
            route: .points(Walk.points(points)), user: user, system: system,
            events: events.map { try ScheduledEvent(parsing: $0) })
    }

    /// The timeline's event types after `start` and the initial authorization.
    static func types(_ simulation: Simulation) -> [String] {
        simulation.timeline.dropFirst(2).map(\.kind.typeName)
    }

    @Test(arguments: [
        (PromptAnswer.allow, false, "authorizedWhenInUse"), (.allow, true, "authorizedAlways"),
        (.once, false, "authorizedWhenInUse"), (.deny, false, "denied"),
    ])
    func aRequestWhileNotDeterminedPrompts(answer: PromptAnswer, always: Bool, status: String) throws {
        let simulation = try Self.simulation(user: .init(promptAnswer: answer))
        let app = RecordingApp(simulation)
        try simulation.settle()
        #expect(app.take() == ["auth notDetermined"], "the initial callback, after the delegate is set")
        always ? app.manager.requestAlwaysAuthorization() : app.manager.requestWhenInUseAuthorization()
        #expect(app.take().isEmpty, "callbacks come later, never inside the call")
        try simulation.settle()
        #expect(app.take() == ["auth \(status)"])
        #expect(Self.types(simulation) == ["call", "prompt", "authorization"])
        #expect(simulation.timeline[3].kind == .prompt(request: always ? .always : .whenInUse, answer: answer))
    }

    @Test(arguments: [AuthorizationStatus.denied, .restricted])
    func anyRequestWhileDeniedOrRestrictedDoesNothing(status: AuthorizationStatus) throws {
        let simulation = try Self.simulation(system: .init(authorization: status))
        let app = RecordingApp(simulation)
        app.manager.requestWhenInUseAuthorization()
        app.manager.requestAlwaysAuthorization()
        try simulation.advance(by: 10)
        #expect(app.take() == ["auth \(status)"])
        #expect(!simulation.timeline.contains { $0.kind.typeName == "prompt" })
    }

    @Test func alwaysWhileWhenInUseOffersOneUpgradeThenNothing() throws {
        let simulation = try Self.simulation(
            user: .init(alwaysUpgradeAnswer: .deny), system: .init(authorization: .authorizedWhenInUse))
        let app = RecordingApp(simulation)
        app.manager.requestAlwaysAuthorization()
        app.manager.requestAlwaysAuthorization()
        try simulation.settle()
        #expect(
            simulation.timeline.filter { $0.kind.typeName == "prompt" }.map(\.kind) == [
                .prompt(request: .always, answer: .deny)
            ])
        #expect(app.manager.authorizationStatus == .authorizedWhenInUse)
    }

    @Test(
        "provisional Always: requestAlwaysAuthorization() allowed gives Always at once; the second prompt comes with the first fix once the app is not in use, and 'Keep Only While Using' says When In Use",
        arguments: [
            PromptAnswer.allow, .deny,
        ])
    func provisionalAlways(secondAnswer: PromptAnswer) throws {
        let simulation = try Self.simulation(
            user: .init(alwaysUpgradeAnswer: secondAnswer), events: ["10s:app=background"])
        let app = RecordingApp(simulation)
        app.manager.requestAlwaysAuthorization()
        app.manager.allowsBackgroundLocationUpdates = true
        app.manager.startUpdatingLocation()
        try simulation.advance(by: 9.5)
        #expect(
            simulation.timeline.filter { $0.kind.typeName == "prompt" }.map(\.kind) == [
                .prompt(request: .always, answer: .allow)
            ])
        #expect(app.manager.authorizationStatus == .authorizedAlways)
        try simulation.advance(by: 10)
        let prompts = simulation.timeline.filter { $0.kind.typeName == "prompt" }
        #expect(
            prompts.map(\.kind) == [
                .prompt(request: .always, answer: .allow), .prompt(request: .always, answer: secondAnswer),
            ])
        #expect(prompts.last?.offsetSeconds == 15, "with the first fix after the in-use grace (10 to 15 s)")
        #expect(app.manager.authorizationStatus == (secondAnswer == .allow ? .authorizedAlways : .authorizedWhenInUse))
        let log = app.take()
        #expect(
            log.filter { $0.hasPrefix("auth") }
                == (secondAnswer == .allow
                    ? ["auth notDetermined", "auth authorizedAlways"]
                    : ["auth notDetermined", "auth authorizedAlways", "auth authorizedWhenInUse"]))
        #expect(log.filter { $0.hasPrefix("fix") }.count == 20, "every fix: Always, or When In Use with the indicator")
    }

    @Test func alwaysAfterAllowOnceIsIgnored() throws {
        let simulation = try Self.simulation(user: .init(promptAnswer: .once))
        let app = RecordingApp(simulation)
        app.manager.requestWhenInUseAuthorization()
        app.manager.requestAlwaysAuthorization()
        try simulation.settle()
        #expect(simulation.timeline.filter { $0.kind.typeName == "prompt" }.count == 1)
        #expect(app.take() == ["auth notDetermined", "auth authorizedWhenInUse"])
    }

    @Test func allowOnceExpiresInTheBackgroundAndUpdatesStopWithoutAnError() throws {
        let simulation = try Self.simulation(user: .init(promptAnswer: .once), events: ["10s:app=background"])
        let app = RecordingApp(simulation)
        app.manager.requestWhenInUseAuthorization()
        app.manager.startUpdatingLocation()
        try simulation.advance(by: 30)
        let log = app.take()
        #expect(log.prefix(2) == ["auth notDetermined", "auth authorizedWhenInUse"])
        #expect(log.filter { $0.hasPrefix("fix") }.count == 10, "fixes at 0 to 9 s")
        #expect(log.last == "auth notDetermined")
        #expect(!log.contains { $0.hasPrefix("error") })
        try simulation.perform(.app(.foreground))
        try simulation.advance(by: 10)
        #expect(app.take().isEmpty, "updates stay stopped until the app asks again")
    }

    @Test func allowOnceExpiresWhenTheSessionEnds() throws {
        let simulation = try Self.simulation(user: .init(promptAnswer: .once))
        let app = RecordingApp(simulation)
        app.manager.requestWhenInUseAuthorization()
        try simulation.advance(by: 5)
        _ = app.take()
        try simulation.finish()
        #expect(app.take() == ["auth notDetermined"])
        #expect(simulation.timeline.last?.kind.typeName == "end")
    }

    @Test(arguments: [AuthorizationStatus.denied, .restricted])
    func updatesStartedWithoutPermissionFailWithDenied(status: AuthorizationStatus) throws {
        let simulation = try Self.simulation(system: .init(authorization: status))
        let app = RecordingApp(simulation)
        app.manager.startUpdatingLocation()
        try simulation.advance(by: 10)
        #expect(app.take() == ["auth \(status)", "error denied"])
    }

    @Test func losingPermissionWhileUpdatingReportsItThenDeniedAndStopsRegrantingLetsTheAppStartAgain() throws {
        let simulation = try Self.simulation(
            system: .init(authorization: .authorizedWhenInUse),
            events: ["5s:authorization=denied", "20s:authorization=whenInUse"])
        let app = RecordingApp(simulation)
        // A typical app: start whenever authorized.
        app.onAuthorization = { manager in
            if manager.authorizationStatus == .authorizedWhenInUse { manager.startUpdatingLocation() }
        }
        try simulation.advance(by: 4)
        #expect(
            app.take() == ["auth authorizedWhenInUse"]
                + (0...4).map { "fix \(String(format5: 47 + Double($0) * 0.0001))" })
        try simulation.advance(by: 10)
        #expect(app.take() == ["auth denied", "error denied"], "then nothing: updates stopped")
        try simulation.advance(by: 10)
        let log = app.take()
        #expect(log.first == "auth authorizedWhenInUse")
        // Starting again hands over the last known location first: the fix of 4 s, its own
        // time kept (an app's stale-fix filter sees it is 16 s old), then the fix at 20 s.
        #expect(Array(log.dropFirst().prefix(2)) == ["fix 47.00040", "fix 47.00200"])
        let delivered = simulation.timeline.compactMap { event -> (Double, LocationFix)? in
            if case .location(let fix) = event.kind { (event.offsetSeconds, fix) } else { nil }
        }
        let cached = try #require(delivered.first { $0.1.isCached })
        #expect(cached.0 == 20 && cached.1.time.seconds(since: simulation.timeline[0].time) == 4)
        #expect(delivered.filter { $0.1.isCached }.count == 1)
    }

    @Test func locationServicesOffLookLikeDeniedAndOnBringsTheStoredStatusBack() throws {
        let simulation = try Self.simulation(
            system: .init(authorization: .authorizedAlways), events: ["5s:services=off", "10s:services=on"])
        let app = RecordingApp(simulation)
        app.manager.startUpdatingLocation()
        try simulation.advance(by: 7)
        #expect(app.manager.authorizationStatus == .denied)
        #expect(!app.manager.servicesEnabled)
        #expect(!SimulatedLocationManager.locationServicesEnabled(), "the class method: this thread's simulation")
        app.manager.requestAlwaysAuthorization()
        try simulation.settle()
        let log = app.take()
        #expect(log.suffix(2) == ["auth denied", "error denied"])
        #expect(!simulation.timeline.contains { $0.kind.typeName == "prompt" }, "requests do nothing")
        try simulation.advance(by: 5)
        #expect(app.take() == ["auth authorizedAlways"])
        #expect(app.manager.servicesEnabled)
        #expect(SimulatedLocationManager.locationServicesEnabled())
    }

    @Test(
        "in the background, fixes only with allowsBackgroundLocationUpdates (updates started in the foreground), When In Use or Always",
        arguments: [
            (AuthorizationStatus.authorizedWhenInUse, false, 0), (.authorizedAlways, false, 0),
            (.authorizedWhenInUse, true, 10), (.authorizedAlways, true, 10),
        ])
    func inTheBackgroundOnlyBackgroundUpdatesGetFixes(
        status: AuthorizationStatus, allowsBackground: Bool, fixesInBackground: Int
    ) throws {
        let simulation = try Self.simulation(
            system: .init(authorization: status), events: ["10s:app=background", "20s:app=foreground"])
        let app = RecordingApp(simulation)
        app.manager.allowsBackgroundLocationUpdates = allowsBackground
        app.manager.startUpdatingLocation()
        try simulation.advance(by: 9.5)
        _ = app.take()
        try simulation.advance(by: 10)
        #expect(app.take().filter { $0.hasPrefix("fix") }.count == fixesInBackground)
        try simulation.advance(by: 5)
        #expect(app.take().filter { $0.hasPrefix("fix") }.count == 5, "fixes again in the foreground")
    }

    /// Apple, `allowsBackgroundLocationUpdates`: "The default value of this property is
    /// false." A manager the app never sets reads false, and gets what false means here: no
    /// fixes in the background.
    @Test func backgroundUpdatesAreOffUntilTheAppTurnsThemOn() throws {
        let simulation = try Self.simulation(
            system: .init(authorization: .authorizedWhenInUse), events: ["10s:app=background"])
        let app = RecordingApp(simulation)
        #expect(app.manager.allowsBackgroundLocationUpdates == false)
        app.manager.startUpdatingLocation()
        try simulation.advance(by: 9.5)
        _ = app.take()
        try simulation.advance(by: 10)
        #expect(app.take().filter { $0.hasPrefix("fix") }.count == 0)
        #expect(app.manager.allowsBackgroundLocationUpdates == false)
    }

    @Test func reducedAccuracyGivesSnappedFixesAtMostEveryFifteenMinutes() throws {
        let simulation = try Self.simulation(
            system: .init(authorization: .authorizedWhenInUse, accuracy: .reduced), points: 2000)
        let app = RecordingApp(simulation)
        app.manager.startUpdatingLocation()
        try simulation.advance(by: 1999)
        let fixes = simulation.timeline.compactMap { event -> LocationFix? in
            if case .location(let fix) = event.kind { return fix } else { return nil }
        }
        #expect(fixes.map(\.time).map { $0.seconds(since: Walk.start) } == [0, 900, 1800])
        #expect(
            fixes.allSatisfy {
                $0.horizontalAccuracyMeters >= 3000 && $0.speedMetersPerSecond == -1 && $0.courseDegrees == -1
            })
        #expect(fixes.map(\.latitude) == fixes.map { ApproximateLocation.approximate($0).latitude })
        #expect(app.manager.accuracyAuthorization == .reducedAccuracy)
        #expect(app.manager.lastFix == fixes.last)
        #expect(app.manager.location?.coordinate.latitude == fixes.last?.latitude)
    }

    @Test func theDistanceFilterHoldsBackFixesCloserThanItsDistance() throws {
        let simulation = try Self.simulation(system: .init(authorization: .authorizedWhenInUse))
        let app = RecordingApp(simulation)
        app.manager.distanceFilter = 50  // fixes are about 11 m apart: every fifth
        app.manager.startUpdatingLocation()
        try simulation.advance(by: 20)
        #expect(
            app.take().dropFirst() == ["fix 47.00000", "fix 47.00050", "fix 47.00100", "fix 47.00150", "fix 47.00200"])
    }

    @Test func losingTheSignalGivesOneLocationUnknownAndFixesResumeWhenItReturns() throws {
        let simulation = try Self.simulation(
            system: .init(authorization: .authorizedWhenInUse), events: ["5s:signal=lost", "10s:signal=restored"])
        let updating = RecordingApp(simulation)
        let idle = RecordingApp(simulation)
        updating.manager.startUpdatingLocation()
        try simulation.advance(by: 12)
        let log = updating.take()
        #expect(log.filter { $0.hasPrefix("fix") }.count == 5 + 3, "0-4 s, then 10-12 s")
        #expect(log.filter { $0.hasPrefix("error") } == ["error locationUnknown"])
        #expect(idle.take() == ["auth authorizedWhenInUse"], "no error for a manager that is not updating")
    }

    @Test func updatesStartedDuringSignalLossFailAtOnceThenGetFixesWhenItReturns() throws {
        let simulation = try Self.simulation(
            system: .init(authorization: .authorizedWhenInUse), events: ["0s:signal=lost", "10s:signal=restored"])
        let app = RecordingApp(simulation)
        try simulation.advance(by: 2)
        app.manager.startUpdatingLocation()
        try simulation.advance(by: 9)
        #expect(app.take() == ["auth authorizedWhenInUse", "error locationUnknown", "fix 47.00100", "fix 47.00110"])
    }
}
