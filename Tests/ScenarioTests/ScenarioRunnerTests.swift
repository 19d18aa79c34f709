// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import TrailcastScenario
import Testing
import TrailcastRun
import TrailcastSettings
import TrailcastTimeline

/// Running scenarios: the replay on virtual time, a local weather server for the run, and
/// the expectations checked against the timeline.
@Suite("Scenario runner")
struct ScenarioRunnerTests {
    static let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("gpx/scenarios/runner-test.yaml").path

    static func report(_ yaml: String) async throws -> ScenarioReport {
        await ScenarioRunner.check(try ScenarioParser.parse(yaml: yaml, file: file))
    }

    @Test func aScenarioWhoseExpectationsHoldPasses() async throws {
        let report = try await Self.report(
            """
            name: waypoints, denied
            gpx: ../xcode-waypoints.gpx
            prompt: deny
            expect:
              - count: alert
                exactly: 1
              - none: location
              - end: {locations: 0}
            """)
        #expect(report.passed)
        #expect(report.name == "waypoints, denied")
        #expect(report.outcomes.map(\.line) == [5, 7, 8])
        #expect(report.error == nil)
    }

    @Test func aFailingExpectationSaysWhatTheTimelineShowed() async throws {
        let report = try await Self.report(
            """
            gpx: ../xcode-waypoints.gpx
            expect:
              - none: location
                after: 1m
            """)
        #expect(!report.passed)
        let failure = try #require(report.outcomes.first)
        #expect(!failure.passed)
        #expect(failure.detail?.hasPrefix(#"first offending event: {"t":"#) == true)
        #expect(failure.detail?.contains(#""type":"location""#) == true)
    }

    @Test func aLocalWeatherServerRunsForTheScenarioWithItsFaults() async throws {
        let report = try await Self.report(
            """
            gpx: ../xcode-waypoints.gpx
            weather:
              source: local
              # A ceiling, not the verdict: a loaded machine's server may take seconds to answer.
              timeout: 5m
              server: {failRate: 1}
            expect:
              - count: location
                exactly: 14
              - count: weatherError
                atLeast: 1
              - none: weather
                fields: {source: network}
              - event: weatherError
                fields: {httpStatus: 500, attempts: 3, willRetry: true}
                at: 0s
            """)
        #expect(report.passed, "\(report.outcomes.filter { !$0.passed })")
    }

    @Test func theRunIsVirtualTimeWhateverTheSettings() async throws {
        var scenario = try ScenarioParser.parse(yaml: "gpx: ../xcode-waypoints.gpx\n", file: Self.file)
        // A hundredth of real time: a run paced by it would take 24,600 s, far past the bound
        // below, which a loaded machine's virtual run stays far within.
        scenario.configuration.speed = 0.01
        let clock = ContinuousClock()
        let started = clock.now
        let events = try await ScenarioRunner.timeline(of: scenario)
        // The route lasts 246 simulated seconds.
        #expect(events.last?.offsetSeconds == 246)
        #expect(started.duration(to: clock.now) < .seconds(300))
    }

    @Test func aRouteThatCannotBeReplayedIsTheReportsError() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trailcast-runner-\(UUID().uuidString).gpx")
        try Data("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"></trkseg></trk></gpx>".utf8).write(to: scratch)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let report = try await Self.report("gpx: \(scratch.path)\nexpect:\n  - count: location\n    exactly: 1\n")
        #expect(!report.passed)
        #expect(report.outcomes.isEmpty)
        #expect(report.error?.hasPrefix("\(scratch.path):1:") == true)
    }
}
