// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import CoreLocationSeam
import LocationSimulation
import TrailcastBasics
import Testing

/// App code written once against the seam (`LiveLocationUpdating`, `LiveLocationUpdate`):
/// on a phone it is given `CoreLocationLiveUpdates()`; here the simulation. It knows nothing
/// of the simulation's own types.
struct LiveUpdatesTracker<Source: LiveLocationUpdating> {
    /// Started when the tracker is made, as an app's model starts them.
    let updates: Source.Updates

    init(source: Source, configuration: LiveUpdateConfiguration = .fitness) {
        updates = source.liveUpdates(configuration)
    }

    /// The first `count` updates, each as `fix LAT` (`, stationary` when standing, and the
    /// other flags) or the diagnostics it carries.
    func describe(_ count: Int) async throws -> [String] {
        var described: [String] = []
        for try await update in updates {
            described.append(Self.describe(update))
            if described.count == count { break }
        }
        return described
    }

    static func describe(_ update: some LiveLocationUpdate) -> String {
        var words: [String] = []
        if let location = update.location { words.append("fix \(String(format5: location.coordinate.latitude))") }
        let flags: [(Bool, String)] = [
            (update.isStationary, "stationary"), (update.authorizationDenied, "denied"),
            (update.authorizationDeniedGlobally, "deniedGlobally"), (update.authorizationRestricted, "restricted"),
            (update.authorizationRequestInProgress, "requestInProgress"),
            (update.insufficientlyInUse, "insufficientlyInUse"),
            (update.locationUnavailable, "unavailable"), (update.accuracyLimited, "accuracyLimited"),
            (update.serviceSessionRequired, "serviceSessionRequired"),
        ]
        words += flags.filter(\.0).map(\.1)
        return words.joined(separator: ", ")
    }
}

/// A source that passes each request on to another and remembers the configuration asked
/// for: what Core Location would be asked.
final class ConfigurationRecorder<Source: LiveLocationUpdating>: LiveLocationUpdating {
    let source: Source
    private(set) var asked: [LiveUpdateConfiguration] = []

    init(_ source: Source) { self.source = source }

    func liveUpdates(_ configuration: LiveUpdateConfiguration) -> Source.Updates {
        asked.append(configuration)
        return source.liveUpdates(configuration)
    }
}

/// Issue 57: `CLLocationUpdate.liveUpdates(_:)` through the seam, its `isStationary` and
/// iOS 18 diagnostics driven by the simulation's state. Each test starts the stream, moves
/// the virtual clock, then finishes the simulation (which ends the stream: a missing update
/// fails the test, never hangs it) before the tracker reads.
@Suite("Live updates through the seam")
struct LiveUpdatesSeamTests {
    static func simulation(
        _ points: [RoutePoint] = Walk.points(), system: Simulation.System, events: [String] = []
    ) throws -> Simulation {
        try Simulation(route: .points(points), system: system, events: events.map { try ScheduledEvent(parsing: $0) })
    }

    /// The first `count` updates, as the tracker reads them, after `seconds`.
    static func updates(
        _ count: Int, of simulation: Simulation, after seconds: Double,
        configuration: LiveUpdateConfiguration = .fitness
    ) async throws -> [String] {
        let tracker = LiveUpdatesTracker(source: simulation, configuration: configuration)
        try simulation.advance(by: seconds)
        try simulation.finish()
        return try await tracker.describe(count)
    }

    @Test("standing still: one update says so, then none until the device moves again")
    func standing() async throws {
        // Two seconds walking north, standing at the third point for three, then walking on:
        // a fix's speed is the route's toward the next point, so the third fix already stands
        // and the sixth already moves. Apple: "the framework can suspend updates until the
        // person starts moving" (the project's reading: it always does).
        let points =
            Walk.points(3)
            + (3..<6).map {
                RoutePoint(latitude: 47.0002, longitude: 8, time: Walk.start.adding(seconds: Double($0)))
            }
            + (6..<9).map {
                RoutePoint(
                    latitude: 47.0002 + Double($0 - 5) * 0.0001, longitude: 8,
                    time: Walk.start.adding(seconds: Double($0)))
            }
        let simulation = try Self.simulation(points, system: .init(authorization: .authorizedWhenInUse))
        let updates = try await Self.updates(6, of: simulation, after: 7)
        #expect(
            updates == [
                "fix 47.00000", "fix 47.00010", "fix 47.00020, stationary", "fix 47.00020", "fix 47.00030",
                "fix 47.00040",
            ],
            "\(updates)")
    }

    @Test("standing still, then the signal lost and back: the location became unknown, so updates resume")
    func standingThenSignalLoss() async throws {
        let points =
            Walk.points(1)
            + (1..<8).map {
                RoutePoint(latitude: 47, longitude: 8, time: Walk.start.adding(seconds: Double($0)))
            }
        let simulation = try Self.simulation(
            points, system: .init(authorization: .authorizedWhenInUse),
            events: ["3s:signal=lost", "5s:signal=restored"])
        let updates = try await Self.updates(4, of: simulation, after: 6)
        #expect(updates == ["fix 47.00000, stationary", "unavailable", "fix 47.00000, stationary"], "\(updates)")
    }

    @Test("When In Use in the background: insufficientlyInUse once the in-use grace is over")
    func insufficientlyInUse() async throws {
        let simulation = try Self.simulation(
            system: .init(authorization: .authorizedWhenInUse), events: ["1s:app=background"])
        // In use for the grace after leaving the foreground (1 to 6 s): said when it ends.
        #expect(try await Self.updates(2, of: simulation, after: 8) == ["fix 47.00000", "insufficientlyInUse"])
    }

    @Test("creeping at 0.3 m/s is moving; below 0.2 m/s stands (the project's threshold)")
    func creeping() async throws {
        // 0.0000027° of latitude a second is 0.30 m/s, 0.0000013° 0.14 m/s (111,195 m a degree).
        let creep = (0..<3).map {
            RoutePoint(
                latitude: 47 + Double($0) * 0.0000027, longitude: 8, time: Walk.start.adding(seconds: Double($0)))
        }
        let crawl = (3..<6).map {
            RoutePoint(
                latitude: 47.0000054 + Double($0 - 2) * 0.0000013, longitude: 8,
                time: Walk.start.adding(seconds: Double($0)))
        }
        let simulation = try Self.simulation(creep + crawl, system: .init(authorization: .authorizedWhenInUse))
        let updates = try await Self.updates(4, of: simulation, after: 5)
        #expect(
            updates == ["fix 47.00000", "fix 47.00000", "fix 47.00001, stationary"],
            "\(updates)")
    }

    @Test("back in the foreground within the in-use grace: never insufficientlyInUse")
    func backWithinTheGrace() async throws {
        // In use for 5 s after leaving the foreground at 1 s: no fixes without background
        // updates, but nothing to say either; fixes again from 3 s.
        let simulation = try Self.simulation(
            system: .init(authorization: .authorizedWhenInUse), events: ["1s:app=background", "3s:app=foreground"])
        #expect(
            try await Self.updates(3, of: simulation, after: 4) == ["fix 47.00000", "fix 47.00030", "fix 47.00040"])
    }

    @Test("a background activity session keeps a When In Use app in use: fixes, never insufficientlyInUse")
    func backgroundActivitySession() async throws {
        let simulation = try Self.simulation(
            system: .init(authorization: .authorizedWhenInUse), events: ["1s:app=background"])
        let tracker = LiveUpdatesTracker(source: simulation)
        let session = simulation.beginBackgroundActivitySession()
        try simulation.advance(by: 8)
        try simulation.finish()
        let updates = try await tracker.describe(9)
        #expect(updates == (0...8).map { "fix \(String(format5: 47 + Double($0) * 0.0001))" }, "\(updates)")
        session.invalidate()
    }

    @Test("revoked in Settings: authorizationDenied")
    func revoked() async throws {
        let simulation = try Self.simulation(
            system: .init(authorization: .authorizedWhenInUse), events: ["2s:authorization=denied"])
        #expect(try await Self.updates(3, of: simulation, after: 3) == ["fix 47.00000", "fix 47.00010", "denied"])
    }

    @Test("Precise Location off: accuracyLimited on the fix")
    func reducedAccuracy() async throws {
        let simulation = try Self.simulation(system: .init(authorization: .authorizedWhenInUse, accuracy: .reduced))
        // One approximate fix (its coordinate the approximate grid's), said limited.
        #expect(try await Self.updates(1, of: simulation, after: 2) == ["fix 47.00250, accuracyLimited"])
    }

    @Test("Precise Location turned off in Settings after launch: accuracyLimited from then on")
    func reducedAccuracyLater() async throws {
        let simulation = try Self.simulation(
            system: .init(authorization: .authorizedWhenInUse), events: ["2s:accuracy=reduced"])
        #expect(
            try await Self.updates(3, of: simulation, after: 3)
                == ["fix 47.00000", "fix 47.00010", "fix 47.00250, accuracyLimited"])
    }

    @Test("a signal loss: locationUnavailable, then fixes again")
    func signalLoss() async throws {
        let simulation = try Self.simulation(
            system: .init(authorization: .authorizedWhenInUse), events: ["2s:signal=lost", "4s:signal=restored"])
        #expect(
            try await Self.updates(4, of: simulation, after: 5)
                == ["fix 47.00000", "fix 47.00010", "unavailable", "fix 47.00040"])
    }

    /// `CLLocationUpdate.liveUpdates()` without an argument is the `default` configuration;
    /// the seam's must ask for the same, or an app's fitness or navigation tuning changes.
    @Test("liveUpdates() asks for the default configuration")
    func noArgumentIsDefault() throws {
        let recorder = ConfigurationRecorder(try Self.simulation(system: .init(authorization: .authorizedWhenInUse)))
        _ = recorder.liveUpdates()
        #expect(recorder.asked == [.default])
    }

    @Test(
        "every configuration gives the same updates (the project's reading)",
        arguments: LiveUpdateConfiguration.allCases)
    func configurations(configuration: LiveUpdateConfiguration) async throws {
        let simulation = try Self.simulation(system: .init(authorization: .authorizedWhenInUse))
        #expect(
            try await Self.updates(2, of: simulation, after: 2, configuration: configuration) == [
                "fix 47.00000", "fix 47.00010",
            ])
    }
}
