// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import LocationSimulation
import TrailcastTimeline
import Testing

/// What the library records and calls back is what it did before `Simulation` was moved
/// onto the engine's phone (issue 23): eight scripted sessions of an app's code, each
/// written as its timeline in JSON Lines and the callbacks its delegates and streams got,
/// in order, compared line for line with `Tests/Fixtures/library-baseline/NAME.txt`.
///
/// `TRAILCAST_RECORD_LIBRARY_BASELINE=1 swift test --filter LibraryBaselineTests` writes
/// the files again (only for a change meant to change the library's behaviour).
@Suite("the library as recorded before the one engine")
struct LibraryBaselineTests {
    /// A delegate that logs every callback and, like a typical app, starts updates once
    /// authorized.
    final class StartingApp: LocationManagingDelegate {
        let manager: SimulatedLocationManager
        let name: String
        let log: Log

        init(_ simulation: Simulation, name: String, log: Log, startsWhenAuthorized: Bool = true) {
            manager = SimulatedLocationManager(simulation: simulation)
            self.name = name
            self.log = log
            self.startsWhenAuthorized = startsWhenAuthorized
            manager.locationDelegate = self
        }

        let startsWhenAuthorized: Bool

        func locationManagerDidChangeAuthorization(_ manager: any LocationManaging) {
            // The simulation's own names, as when the baseline was recorded.
            let status = AuthorizationStatus(manager.authorizationStatus)
            log.lines.append("\(name) auth \(status) \(LocationAccuracy(manager.accuracyAuthorization))")
            if startsWhenAuthorized && status.isAuthorized { manager.startUpdatingLocation() }
        }

        func locationManager(_ manager: any LocationManaging, didUpdateLocations locations: [CLLocation]) {
            for fix in locations {
                log.lines.append(
                    "\(name) fix \(String(format5: fix.coordinate.latitude)) \(String(format5: fix.coordinate.longitude)) \(fix.horizontalAccuracy)"
                )
            }
        }

        func locationManager(_ manager: any LocationManaging, didFailWithError error: any Error) {
            log.lines.append("\(name) error \(RecordingApp.codeName(error))")
        }
    }

    // @unchecked: the simulation makes its callbacks and completions on the test's own
    // thread, inside `advance`; `Sendable` only because Core Location's completion is.
    final class Log: @unchecked Sendable {
        var lines: [String] = []
    }

    static let fixtures = SimulationTests.root + "/Tests/Fixtures/library-baseline/"

    static let names =
        [
            "prompt-allow-then-settings", "deny-then-tap-settings", "always-upgrade-and-background",
            "allow-once-expires",
            "approximate-and-temporary-full", "two-managers-filters-request-location",
            "live-updates-and-service-session",
            "noisy-file-with-interval",
        ] + ruleNames

    /// Runs the script `name`, its callbacks written to `log`.
    static func run(_ name: String, log: Log) async throws -> Simulation {
        switch name {
        case "prompt-allow-then-settings": try await promptAllowThenSettings(log: log)
        case "deny-then-tap-settings": try await denyThenTapSettings(log: log)
        case "always-upgrade-and-background": try await alwaysUpgradeAndBackground(log: log)
        case "allow-once-expires": try await allowOnceExpires(log: log)
        case "approximate-and-temporary-full": try await approximateAndTemporaryFull(log: log)
        case "two-managers-filters-request-location": try await twoManagersFiltersRequestLocation(log: log)
        case "live-updates-and-service-session": try await liveUpdatesAndServiceSession(log: log)
        case "noisy-file-with-interval": try await noisyFileWithInterval(log: log)
        default: try await runRule(name, log: log)
        }
    }

    private static func promptAllowThenSettings(log: Log) async throws -> Simulation {
        let simulation = try Simulation(
            route: .points(Walk.points(120)),
            events: ["20s:authorization=denied", "40s:authorization=whenInUse", "60s:services=off", "70s:services=on"]
                .map { try ScheduledEvent(parsing: $0) })
        let app = StartingApp(simulation, name: "app", log: log)
        app.manager.requestWhenInUseAuthorization()
        try simulation.advance(by: 90)
        try simulation.finish()
        return simulation
    }

    private static func denyThenTapSettings(log: Log) async throws -> Simulation {
        let simulation = try Simulation(route: .points(Walk.points(60)), user: .init(promptAnswer: .deny))
        let app = StartingApp(simulation, name: "app", log: log)
        simulation.onTap { [unowned simulation] action in
            log.lines.append("tap \(action)")
            if action == .openSettings { try? simulation.perform(.authorization(.authorizedWhenInUse)) }
        }
        app.manager.requestWhenInUseAuthorization()
        try simulation.advance(by: 10)
        try simulation.perform(.tap(.openSettings))
        try simulation.advance(by: 10)
        simulation.noteAlert("shown by the app")
        try simulation.finish()
        return simulation
    }

    private static func alwaysUpgradeAndBackground(log: Log) async throws -> Simulation {
        let simulation = try Simulation(
            route: .points(Walk.points(90)), user: .init(alwaysUpgradeAnswer: .deny),
            events: ["10s:app=background", "30s:app=foreground", "50s:tap=refresh"].map {
                try ScheduledEvent(parsing: $0)
            })
        simulation.onAppStateChange { state in log.lines.append("appState \(state)") }
        simulation.onTap { action in log.lines.append("tap \(action)") }
        let app = StartingApp(simulation, name: "app", log: log)
        app.manager.requestWhenInUseAuthorization()
        try simulation.advance(by: 5)
        app.manager.requestAlwaysAuthorization()
        try simulation.advance(by: 60)
        try simulation.finish()
        return simulation
    }

    private static func allowOnceExpires(log: Log) async throws -> Simulation {
        let simulation = try Simulation(
            route: .points(Walk.points(40)), user: .init(promptAnswer: .once),
            events: ["15s:app=background", "20s:app=foreground"].map { try ScheduledEvent(parsing: $0) })
        let app = StartingApp(simulation, name: "app", log: log)
        app.manager.requestWhenInUseAuthorization()
        try simulation.runToEnd()
        try simulation.finish()
        return simulation
    }

    private static func approximateAndTemporaryFull(log: Log) async throws -> Simulation {
        let simulation = try Simulation(
            route: .points(Walk.points(60)), system: .init(authorization: .authorizedWhenInUse, accuracy: .reduced),
            events: ["30s:accuracy=full", "40s:accuracy=reduced"].map { try ScheduledEvent(parsing: $0) })
        let app = StartingApp(simulation, name: "app", log: log)
        try simulation.advance(by: 5)
        app.manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Directions") { error in
            log.lines.append("temporary full accuracy \(error == nil ? "granted" : RecordingApp.codeName(error))")
        }
        try simulation.advance(by: 10)
        app.manager.desiredAccuracy = kCLLocationAccuracyReduced
        try simulation.advance(by: 50)
        try simulation.finish()
        return simulation
    }

    private static func twoManagersFiltersRequestLocation(log: Log) async throws -> Simulation {
        let simulation = try Simulation(
            route: .points(Walk.points(80)), system: .init(authorization: .authorizedWhenInUse))
        let map = StartingApp(simulation, name: "map", log: log)
        let once = StartingApp(simulation, name: "once", log: log, startsWhenAuthorized: false)
        map.manager.distanceFilter = 50
        try simulation.advance(by: 10)
        once.manager.requestLocation()
        try simulation.advance(by: 10)
        map.manager.stopUpdatingLocation()
        try simulation.perform(.signal(.lost))
        once.manager.requestLocation()
        try simulation.advance(by: 10)
        try simulation.perform(.signal(.restored))
        try simulation.advance(by: 10)
        try simulation.finish()
        return simulation
    }

    private static func liveUpdatesAndServiceSession(log: Log) async throws -> Simulation {
        let simulation = try Simulation(
            route: .points(Walk.points(60)),
            events: [
                "10s:signal=lost", "14s:signal=restored", "20s:app=background", "25s:app=foreground",
                "30s:authorization=denied", "35s:authorization=always", "40s:services=off", "45s:services=on",
            ]
            .map { try ScheduledEvent(parsing: $0) })
        let session = SimulatedServiceSession(simulation: simulation, authorization: .whenInUse)
        let stream = simulation.liveUpdates()
        try simulation.advance(by: 50)
        session.invalidate()
        try simulation.finish()
        for await update in stream { log.lines.append(line(of: update)) }
        return simulation
    }

    private static func noisyFileWithInterval(log: Log) async throws -> Simulation {
        let simulation = try Simulation(
            route: .file(SimulationTests.root + "/" + SimulationTests.walk), gps: .urbanCanyon, seed: 7,
            intervalSeconds: 2,
            events: ["60s:signal=lost", "90s:signal=restored"].map { try ScheduledEvent(parsing: $0) })
        let app = StartingApp(simulation, name: "app", log: log)
        app.manager.requestAlwaysAuthorization()
        try simulation.advance(by: 150)
        try simulation.finish()
        return simulation
    }

    /// The session's timeline, as `replay --format jsonl` writes it, then its callbacks.
    static func transcript(of name: String) async throws -> String {
        let log = Log()
        let simulation = try await run(name, log: log)
        var format = JSONLinesTimelineFormat()
        var bytes: [UInt8] = []
        for event in simulation.timeline { format.append(event, to: &bytes) }
        bytes += Array("# callbacks\n".utf8)
        for line in log.lines { bytes += Array((line + "\n").utf8) }
        // The route's path as the package's, wherever the package is checked out.
        return String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: SimulationTests.root + "/", with: "")
    }

    @Test("each scripted session as recorded", arguments: names)
    func asRecorded(_ name: String) async throws {
        let transcript = try await Self.transcript(of: name)
        let path = Self.fixtures + name + ".txt"
        if ProcessInfo.processInfo.environment["TRAILCAST_RECORD_LIBRARY_BASELINE"] == "1" {
            try FileManager.default.createDirectory(atPath: Self.fixtures, withIntermediateDirectories: true)
            try transcript.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let recorded = try String(contentsOfFile: path, encoding: .utf8)
        let lines = transcript.split(separator: "\n", omittingEmptySubsequences: false)
        let recordedLines = recorded.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, (line, expected)) in zip(lines, recordedLines).enumerated() where line != expected {
            Issue.record("\(name).txt line \(index + 1): got\n\(line)\nrecorded\n\(expected)")
            return
        }
        #expect(lines.count == recordedLines.count, "\(name): \(lines.count) lines, \(recordedLines.count) recorded")
    }
}
