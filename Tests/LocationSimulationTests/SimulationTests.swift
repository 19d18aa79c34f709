// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import LocationSimulation
// The engine and the settings too: one test checks that the library and `replay` give the same events.
import TrailcastEngine
import TrailcastSettings
import TrailcastTimeline
import Testing
import Foundation

@Suite("Simulation and its managers")
struct SimulationTests {
    static let walk = "gpx/sf-waterfront-walk.gpx"

    /// The package root, where the sample routes are.
    static var root: String {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path
    }

    @Test func managersShareTheAppsAuthorizationButEachHasItsOwnUpdates() throws {
        let simulation = try Simulation(route: .points(Walk.points()))
        let map = RecordingApp(simulation)
        let weather = RecordingApp(simulation)
        map.manager.requestWhenInUseAuthorization()
        weather.manager.startUpdatingLocation()
        try simulation.advance(by: 2)
        #expect(map.take() == ["auth notDetermined", "auth authorizedWhenInUse"], "no fixes: map never started")
        #expect(
            weather.take() == [
                "auth notDetermined", "auth authorizedWhenInUse", "fix 47.00000", "fix 47.00010", "fix 47.00020",
            ])
        #expect(weather.manager.authorizationStatus == map.manager.authorizationStatus)
        weather.manager.stopUpdatingLocation()
        try simulation.advance(by: 2)
        #expect(weather.take().isEmpty)
        let calls = simulation.timeline.compactMap { event -> String? in
            if case .call(let call) = event.kind { return "\(call.manager) \(call.method)" } else { return nil }
        }
        #expect(calls == ["0 requestWhenInUseAuthorization", "1 startUpdatingLocation", "1 stopUpdatingLocation"])
    }

    @Test func requestLocationDeliversOneFixThenStops() throws {
        let simulation = try Simulation(
            route: .points(Walk.points()), system: .init(authorization: .authorizedWhenInUse))
        let app = RecordingApp(simulation)
        app.manager.distanceFilter = 1000  // a one-shot request is not held back by it
        try simulation.advance(by: 3.5)
        #expect(app.manager.location == nil)
        app.manager.requestLocation()
        try simulation.advance(by: 5)
        #expect(app.take() == ["auth authorizedWhenInUse", "fix 47.00040"], "the next fix, at 4 s, and no more")
        #expect(app.manager.location?.coordinate.latitude == 47.0004)
        app.manager.requestLocation()
        try simulation.advance(by: 1)
        #expect(app.take() == ["fix 47.00090"], "another request, another fix, whatever the distance")
    }

    @Test func requestLocationFailsWithoutPermissionOrSignal() throws {
        let denied = try Simulation(route: .points(Walk.points()), system: .init(authorization: .denied))
        let refused = RecordingApp(denied)
        refused.manager.requestLocation()
        try denied.advance(by: 5)
        #expect(refused.take() == ["auth denied", "error denied"])

        let tunnel = try Simulation(
            route: .points(Walk.points()), system: .init(authorization: .authorizedWhenInUse),
            events: [try ScheduledEvent(parsing: "0s:signal=lost")])
        let blind = RecordingApp(tunnel)
        try tunnel.advance(by: 1)
        blind.manager.requestLocation()
        try tunnel.advance(by: 5)
        #expect(blind.take() == ["auth authorizedWhenInUse", "error locationUnknown"])
    }

    @Test func aReducedDesiredAccuracyGivesApproximateFixesWithPreciseLocationOn() throws {
        let simulation = try Simulation(
            route: .points(Walk.points()), system: .init(authorization: .authorizedWhenInUse))
        let coarse = RecordingApp(simulation)
        let precise = RecordingApp(simulation)
        coarse.manager.desiredAccuracy = kCLLocationAccuracyReduced
        coarse.manager.startUpdatingLocation()
        precise.manager.startUpdatingLocation()
        try simulation.advance(by: 10)
        #expect(coarse.manager.location?.horizontalAccuracy == ApproximateLocation.horizontalAccuracyMeters)
        #expect(coarse.take().filter { $0.hasPrefix("fix") }.count == 1, "at most one per 15 minutes")
        #expect(precise.take().filter { $0.hasPrefix("fix") }.count == 11)
        #expect(precise.manager.accuracyAuthorization == .fullAccuracy)
    }

    @Test func aDelegateSetLaterGetsTheInitialCallbackThenAndNothingBefore() throws {
        let simulation = try Simulation(route: .points(Walk.points()), system: .init(authorization: .authorizedAlways))
        let manager = SimulatedLocationManager(simulation: simulation)
        try simulation.advance(by: 5)
        let app = Recorder()
        manager.locationDelegate = app
        try simulation.settle()
        #expect(app.log == ["auth"])
    }

    /// The initial callback is the manager's, made once (SimulatedLocationManager: "Setting
    /// it the first time schedules the initial `locationManagerDidChangeAuthorization`"):
    /// a delegate set again, or another one set later, hears nothing until a change.
    @Test func aDelegateSetAgainGetsNoSecondInitialCallback() throws {
        let simulation = try Simulation(route: .points(Walk.points()), system: .init(authorization: .authorizedAlways))
        let manager = SimulatedLocationManager(simulation: simulation)
        let first = Recorder()
        manager.locationDelegate = first
        manager.locationDelegate = first
        try simulation.settle()
        let second = Recorder()
        manager.locationDelegate = second
        try simulation.advance(by: 5)
        #expect(first.log == ["auth"])
        #expect(second.log.isEmpty)
    }

    /// The command's model app and the library run one location service: an app written
    /// against the library that does what the model app does gets the same locations.
    @Test(arguments: [
        ["--gps", "urban-canyon", "--seed", "7"],
        ["--prompt", "once", "--event", "20m:app=background", "--event", "25m:app=foreground"],
        ["--event", "10m:authorization=denied", "--event", "30m:authorization=whenInUse", "--interval", "5"],
    ])
    func theLibraryAndTheCommandAgree(arguments: [String]) async throws {
        let file = Self.root + "/" + Self.walk
        var configuration = ReplayConfiguration(weather: WeatherSettings(provider: .none))
        var events: [ScheduledEvent] = []
        var index = 0
        while index < arguments.count {
            let value = arguments[index + 1]
            switch arguments[index] {
            case "--gps": configuration.gps = try #require(GPSProfile.presets.first { $0.name == value })
            case "--seed": configuration.seed = try #require(UInt64(value))
            case "--prompt": configuration.location.promptAnswer = try #require(PromptAnswer(rawValue: value))
            case "--interval": configuration.intervalSeconds = Double(value)
            default: events.append(try ScheduledEvent(parsing: value))
            }
            index += 2
        }
        configuration.events = events
        var collector = TimelineCollector()
        _ = try await Replay(file: file, configuration: configuration).run(
            clock: ContinuousClock(), recorder: &collector)

        let simulation = try Simulation(
            route: .file(file), user: .init(promptAnswer: configuration.location.promptAnswer), gps: configuration.gps,
            seed: configuration.seed, intervalSeconds: configuration.intervalSeconds, events: events)
        let app = ModelWeatherApp(simulation)
        try simulation.runToEnd()
        try simulation.finish()

        func locations(_ events: [TimelineEvent]) -> [LocationFix] {
            events.compactMap { if case .location(let fix) = $0.kind { return fix } else { return nil } }
        }
        #expect(locations(collector.events).count > 0)
        #expect(locations(simulation.timeline) == locations(collector.events))
        #expect(
            simulation.timeline.filter { $0.kind.typeName == "authorization" }.map(\.kind)
                == collector.events.filter { $0.kind.typeName == "authorization" }.map(\.kind))
        _ = app
    }

    @Test func aFileThatIsNotThereOrHasNoPointsIsAnError() {
        #expect(throws: SimulationError.self) { try Simulation(route: .file("/nonexistent.gpx")) }
        #expect(throws: SimulationError.noPoints("the points given")) { try Simulation(route: .points([])) }
    }

    @Test func theSameSeedGivesTheSameTimeline() throws {
        func run() throws -> [TimelineEvent] {
            let simulation = try Simulation(
                route: .file(Self.root + "/" + Self.walk), system: .init(authorization: .authorizedWhenInUse),
                gps: .urbanCanyon, seed: 3)
            let app = RecordingApp(simulation)
            app.manager.startUpdatingLocation()
            try simulation.advance(by: 600)
            return simulation.timeline
        }
        #expect(try run() == run())
    }
}

/// The model app of the `trailcast` command, written against the library: asks at
/// launch and on returning to the foreground while undetermined, starts updates whenever
/// authorized and not updating.
final class ModelWeatherApp: LocationManagingDelegate {
    let manager: SimulatedLocationManager
    private var updating = false

    init(_ simulation: Simulation) {
        manager = SimulatedLocationManager(simulation: simulation)
        manager.locationDelegate = self
        if manager.authorizationStatus == .notDetermined { manager.requestWhenInUseAuthorization() }
        simulation.onAppStateChange { [unowned self] state in
            if state == .foreground && manager.authorizationStatus == .notDetermined {
                manager.requestWhenInUseAuthorization()
            }
        }
    }

    func locationManagerDidChangeAuthorization(_ manager: any LocationManaging) {
        switch manager.authorizationStatus {
        case .authorizedWhenInUse, .authorizedAlways:
            guard !updating else { return }
            updating = true
            manager.startUpdatingLocation()
        default:
            // Core Location stops the updates of an app that loses its permission.
            updating = false
        }
    }
}

final class Recorder: LocationManagingDelegate {
    var log: [String] = []

    func locationManagerDidChangeAuthorization(_ manager: any LocationManaging) {
        log.append("auth")
    }
}

@Suite("Expectations on a simulation's timeline")
struct SimulationExpectationTests {
    @Test func theScenarioExpectationsHoldOrSayWhyNot() throws {
        let simulation = try Simulation(
            route: .points(Walk.points()), user: .init(promptAnswer: .deny),
            events: [try ScheduledEvent(parsing: "30s:authorization=whenInUse")])
        let app = ModelWeatherApp(simulation)
        try simulation.advance(by: 40)
        try simulation.finish()

        try simulation.expect(.count(EventSelector(type: "prompt"), .exactly(1), window: OffsetWindow()))
        try simulation.expect(.absent(EventSelector(type: "location"), after: nil, before: 30))
        try simulation.expect(
            .order(
                first: EventSelector(
                    type: "call", fields: [FieldMatch(key: "method", matcher: .string("requestWhenInUseAuthorization"))]
                ),
                then: EventSelector(type: "prompt")))
        try simulation.expect(.end([FieldMatch(key: "locations", matcher: .number(11, tolerance: 0))]))

        let failure = try #require(throws: ExpectationFailure.self) {
            try simulation.expect(.absent(EventSelector(type: "location"), after: nil, before: nil))
        }
        #expect(failure.description.hasPrefix("expected no location"))
        #expect(failure.description.contains(#""type":"location""#), "the evidence quotes the offending event")
        #expect(
            simulation.check([.present(EventSelector(type: "alert"), at: nil, tolerance: 0)]).map(\.passed) == [false])
        _ = app
    }
}

@Suite("The simulation's clock")
struct SimulationClockTests {
    /// The bug the agreement test caught: running to the end set the clock to infinity,
    /// and the time reading for other tasks trapped on it.
    @Test func runningToTheEndLeavesTheClockAtTheLastEvent() throws {
        let simulation = try Simulation(
            route: .points(Walk.points(10)), system: .init(authorization: .authorizedWhenInUse))
        let app = RecordingApp(simulation)
        app.manager.startUpdatingLocation()
        try simulation.runToEnd()
        #expect(simulation.elapsedSeconds == 9)
        #expect(simulation.reading.now == Walk.start.adding(seconds: 9))
        try simulation.advance(by: .infinity)
        try simulation.advance(by: .nan)
        try simulation.advance(by: -5)
        #expect(simulation.elapsedSeconds == 9, "nothing moves the clock to a time that is not one")
        try simulation.advance(by: 1)
        #expect(simulation.now == Walk.start.adding(seconds: 10))
    }

    /// `Clock`'s instants measure as `ContinuousClock`'s do: `start.duration(to: now)` is
    /// the time since `start`, positive once the simulation has moved on.
    @Test func anInstantMeasuresTheTimeToALaterOne() throws {
        let simulation = try Simulation(route: .points(Walk.points(100)))
        let clock = simulation.clock
        let start = clock.now
        try simulation.advance(by: 60)
        let now = clock.now
        #expect(start.duration(to: now) == .seconds(60))
        #expect(now.duration(to: start) == .seconds(-60))
        #expect(start.advanced(by: start.duration(to: now)) == now)
    }
}

@Suite("Sample routes")
struct SampleRouteTests {
    @Test func everySampleIsInTheBundleAndReadsAsTheRepositorysCopy() throws {
        for sample in SampleRoute.allCases {
            let url = try #require(sample.url, "\(sample) is not in the bundle")
            let simulation = try Simulation(route: .sample(sample))
            try simulation.runToEnd()
            let fromFile = try Simulation(route: .file(url))
            try fromFile.runToEnd()
            #expect(simulation.elapsedSeconds == fromFile.elapsedSeconds)
            #expect(simulation.warnings.isEmpty)
        }
    }

    @Test func theWalkIsTheQuickStartsFile() throws {
        let bundled = try #require(SampleRoute.sfWaterfrontWalk.url)
        let repository = String(#filePath.split(separator: "/Tests/")[0]) + "/gpx/sf-waterfront-walk.gpx"
        let bundledBytes = try Data(contentsOf: bundled),
            repositoryBytes = try Data(contentsOf: URL(fileURLWithPath: repository))
        #expect(bundledBytes == repositoryBytes)
        #expect(bundledBytes.count > 200_000)
        let walk = try Simulation(route: .sample(.sfWaterfrontWalk))
        try walk.runToEnd()
        #expect(walk.elapsedSeconds == 86 * 60 + 6, "1 h 26 min 06 s, as gpx/README.md says")
    }
}

@Suite("The class method locationServicesEnabled()")
struct LocationServicesEnabledTests {
    @Test func itAnswersForTheSimulationThisThreadLastMadeOrMovedOn() throws {
        let off = try Simulation(route: .points(Walk.points(10)), system: .init(servicesEnabled: false))
        #expect(!SimulatedLocationManager.locationServicesEnabled())
        let on = try Simulation(route: .points(Walk.points(10)))
        #expect(SimulatedLocationManager.locationServicesEnabled(), "the newest")
        try off.advance(by: 1)
        #expect(!SimulatedLocationManager.locationServicesEnabled(), "the one moved on last")
        try on.settle()
        #expect(SimulatedLocationManager.locationServicesEnabled())
    }

    /// In a callback, always the simulation making it, whichever was made or moved last.
    @Test func inACallbackItIsTheSimulationMakingIt() throws {
        final class Reader: LocationManagingDelegate {
            var answers: [Bool] = []
            func locationManagerDidChangeAuthorization(_ manager: any LocationManaging) {
                answers.append(type(of: manager).locationServicesEnabled())
            }
        }
        let off = try Simulation(route: .points(Walk.points(10)), system: .init(servicesEnabled: false))
        let manager = SimulatedLocationManager(simulation: off)
        let reader = Reader()
        manager.locationDelegate = reader
        let on = try Simulation(route: .points(Walk.points(10)))
        try off.settle()
        #expect(reader.answers == [false])
        _ = on
    }
}
