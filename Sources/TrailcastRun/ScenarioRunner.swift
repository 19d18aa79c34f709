// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
package import TrailcastEngine
import TrailcastWeather
public import TrailcastTimeline
public import TrailcastScenario
import TrailcastSettings

/// Runs scenarios on virtual time and checks their expectations.
///
/// ```swift
/// let scenario = try ScenarioParser.load(contentsOfFile: "gpx/scenarios/denied-at-first-prompt.yaml")
/// let report = await ScenarioRunner.check(scenario)
/// print(report.passed)
/// ```
public enum ScenarioRunner {
    /// The scenario's timeline: its replay on virtual time, with its weather (a local
    /// server, if it has one, runs for the length of the replay). An app that crashes (a
    /// fatal `plistError`) gives the timeline up to its `end`, not an error.
    package static func timeline(of scenario: Scenario) async throws(ReplayError) -> [TimelineEvent] {
        var configuration = scenario.configuration
        configuration.speed = 0
        let replay = Replay(file: scenario.gpxPath, configuration: configuration)
        do {
            return try await WeatherConnection.withFetcher(for: configuration.weather, network: scenario.network) {
                fetcher in
                var timed = replay
                timed.weatherFetcher = fetcher
                var timeline = TimelineCollector()
                do {
                    _ = try await timed.run(clock: ContinuousClock(), recorder: &timeline)
                } catch ReplayError.appCrashed {
                    // The app crashed as it would on a phone (a fatal `plistError`): the run
                    // happened, its timeline ends saying so, and the expectations judge it.
                }
                return timeline.events
            }
        } catch let error as ReplayError {
            throw error
        } catch {
            throw .output("cannot write the timeline: the weather server could not start: \(error)")
        }
    }

    /// Runs the scenario and checks every expectation; a run that cannot happen (a
    /// malformed GPX file) is the report's `error`.
    public static func check(_ scenario: Scenario) async -> ScenarioReport {
        await check(scenario, inspecting: { _ in })
    }

    /// ``check(_:)``, handing the run's timeline (as expectations read it) to `inspect`
    /// before it is dropped: `check --format html` draws each run from it.
    public static func check(_ scenario: Scenario, inspecting inspect: ([TimelineRecord]) -> Void) async
        -> ScenarioReport
    {
        let clock = ContinuousClock()
        let started = clock.now
        let events: [TimelineEvent]
        do {
            events = try await timeline(of: scenario)
        } catch {
            return ScenarioReport(
                file: scenario.file, name: scenario.name, outcomes: [],
                seconds: started.duration(to: clock.now).totalSeconds, error: error.description)
        }
        let records = events.map(TimelineRecord.init)
        let outcomes = scenario.expectations.map { entry in
            ExpectationEvaluator.evaluate(entry.expectation, line: entry.line, in: records)
        }
        inspect(records)
        return ScenarioReport(
            file: scenario.file, name: scenario.name, outcomes: outcomes,
            seconds: started.duration(to: clock.now).totalSeconds, error: nil)
    }
}
