// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
public import TrailcastSettings

/// A permission (or weather) flow to check in CI: a route, what the simulated user and
/// system do, the weather setup, and what the timeline must show.
///
/// Read one with ``ScenarioParser``, run it with `ScenarioRunner` (TrailcastRun).
public struct Scenario: Sendable, Equatable {
    /// The scenario file's path as given.
    public var file: String
    /// `name`, or the file's name without its extension.
    public var name: String
    /// `gpx`, resolved against the scenario file's directory.
    public var gpxPath: String
    /// Every replay setting, as `trailcast replay`'s flags would give them.
    public var configuration: ReplayConfiguration
    /// URLs, timeout and local server faults for network weather.
    public var network: WeatherNetworkSettings
    /// `expect`, in order.
    public var expectations: [ScenarioExpectation]

    package init(
        file: String, name: String, gpxPath: String, configuration: ReplayConfiguration,
        network: WeatherNetworkSettings = .init(), expectations: [ScenarioExpectation] = []
    ) {
        self.file = file
        self.name = name
        self.gpxPath = gpxPath
        self.configuration = configuration
        self.network = network
        self.expectations = expectations
    }
}

/// An expectation and the line of the scenario file it is written on.
public struct ScenarioExpectation: Sendable, Equatable {
    /// The expectation as parsed, checked against the run's timeline.
    public var expectation: Expectation
    /// The 1-based line of the scenario file it is written on (0 if unknown), which reports cite.
    public var line: Int

    package init(_ expectation: Expectation, line: Int) {
        self.expectation = expectation
        self.line = line
    }
}
