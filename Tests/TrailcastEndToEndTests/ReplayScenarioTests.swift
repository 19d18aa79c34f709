// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// `trailcast replay --scenario FILE`: the scenario's timeline is the one its flags give,
/// flags on the command line override it, and `--weather local` starts a `serve-weather`
/// (with `--server-*` faults) for the run.
@Suite("trailcast replay: scenarios and --weather local")
struct ReplayScenarioTests {
    static let walk = "gpx/sf-waterfront-walk.gpx"
    static let waypoints = "gpx/xcode-waypoints.gpx"

    /// A scenario, flags given with it, and the flags that give the same run without it.
    struct Equivalent: Sendable, CustomTestStringConvertible {
        var scenario: String
        /// The scenario's route, as the flags name it.
        var file = ReplayScenarioTests.walk
        var overrides: [String] = []
        var flags: [String]
        var testDescription: String { ([scenario] + overrides).joined(separator: " ") }
        var path: String { "gpx/scenarios/\(scenario).yaml" }
    }

    /// Every sample scenario, as `trailcast replay` flags on its route (the walk unless said).
    static let samples: [Equivalent] = [
        Equivalent(scenario: "happy-path", flags: ["--prompt", "allow"]),
        Equivalent(scenario: "denied-at-first-prompt", flags: ["--prompt", "deny"]),
        Equivalent(scenario: "denied-at-launch", flags: ["--authorization", "denied"]),
        Equivalent(
            scenario: "revoked-halfway",
            flags: ["--event", "40m:authorization=denied", "--event", "60m:authorization=whenInUse"]),
        Equivalent(
            scenario: "allow-once-background",
            flags: ["--prompt", "once", "--event", "10m:app=background", "--event", "12m:app=foreground"]),
        Equivalent(scenario: "approximate-location", flags: ["--accuracy", "reduced"]),
        Equivalent(
            scenario: "location-services-off",
            flags: [
                "--services", "off", "--event", "19m:app=background", "--event", "20m:services=on",
                "--event", "21m:app=foreground",
            ]),
        Equivalent(
            scenario: "flaky-weather-server",
            flags: ["--weather", "local", "--server-fail-rate", "0.5", "--server-seed", "7"]),
        Equivalent(scenario: "tunnel", flags: ["--event", "30m:signal=lost", "--event", "32m:signal=restored"]),
        Equivalent(scenario: "urban-canyon", flags: ["--gps", "urban-canyon", "--seed", "3"]),
        Equivalent(
            scenario: "places-nearest",
            flags: ["--app", "places", "--places", "gpx/places/sf-clinics.geojson", "--places-limit", "3"]),
        Equivalent(
            scenario: "places-denied",
            flags: [
                "--places", "gpx/places/sf-clinics.csv", "--prompt", "deny",
                "--event", "5m:tap=requestPermission", "--event", "10m:tap=currentLocation",
            ]),
        Equivalent(
            scenario: "places-open-settings",
            flags: [
                "--places", "gpx/places/sf-clinics.gpx", "--authorization", "denied",
                "--event", "2m:tap=openSettings", "--event", "3m:authorization=whenInUse", "--event",
                "4m:app=foreground",
            ]),
        Equivalent(
            scenario: "recorded-weather-offline",
            flags: ["--weather", "local", "--weather-cache", "gpx/scenarios/recorded-weather", "--weather-offline"]),
        Equivalent(scenario: "regions-arrive-and-leave", flags: ["--regions", "gpx/places/sf-regions.geojson"]),
        Equivalent(
            scenario: "regions-when-in-use-background",
            flags: [
                "--regions", "gpx/places/sf-regions.geojson", "--event", "5m:app=background", "--event",
                "20m:app=foreground",
            ]),
        Equivalent(scenario: "regions-the-21st", flags: ["--regions", "gpx/places/sf-21-regions.csv"]),
        Equivalent(
            scenario: "significant-changes-on-a-ride", file: "gpx/zurich-lake-ride.gpx",
            flags: ["--significant-changes"]),
        Equivalent(
            scenario: "reminders-arrive-at-the-pharmacy",
            flags: ["--app", "reminders", "--regions", "gpx/places/sf-regions.geojson", "--event", "5m:app=terminated"]),
    ]

    /// Flags laid over a scenario, and the plain flags that give the same run.
    static let overridden: [Equivalent] = [
        Equivalent(scenario: "happy-path", overrides: ["--prompt", "deny"], flags: ["--prompt", "deny"]),
        Equivalent(
            scenario: "denied-at-launch", overrides: ["--authorization", "whenInUse"],
            flags: ["--authorization", "whenInUse"]),
        Equivalent(scenario: "approximate-location", overrides: ["--accuracy", "full"], flags: []),
        Equivalent(
            scenario: "allow-once-background", overrides: ["--prompt", "allow"],
            flags: ["--prompt", "allow", "--event", "10m:app=background", "--event", "12m:app=foreground"]),
        // --event adds to the scenario's events, after them.
        Equivalent(
            scenario: "revoked-halfway", overrides: ["--event", "70m:app=background"],
            flags: [
                "--event", "40m:authorization=denied", "--event", "60m:authorization=whenInUse",
                "--event", "70m:app=background",
            ]),
        // The scenario's local server and its faults give way to the flag's provider.
        Equivalent(scenario: "flaky-weather-server", overrides: ["--weather", "builtin"], flags: []),
        // A GPS flag overrides the scenario's; the custom figures lay over its profile.
        Equivalent(
            scenario: "urban-canyon", overrides: ["--seed", "4", "--gps-sigma", "6"],
            flags: ["--gps", "urban-canyon", "--seed", "4", "--gps-sigma", "6"]),
        Equivalent(
            scenario: "flaky-weather-server", overrides: ["--server-fail-rate", "0"],
            flags: ["--weather", "local", "--server-fail-rate", "0", "--server-seed", "7"]),
    ]

    /// Compares two runs line by line, naming the first line that differs.
    static func expectSameTimeline(
        _ actual: ReplayTimeline, _ expected: ReplayTimeline, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let actualLines = actual.stdoutWithoutTimings.split(separator: "\n")
        let expectedLines = expected.stdoutWithoutTimings.split(separator: "\n")
        #expect(actualLines.count == expectedLines.count, sourceLocation: sourceLocation)
        if let index = actualLines.indices.first(where: {
            $0 < expectedLines.count && actualLines[$0] != expectedLines[$0]
        }) {
            Issue.record(
                "line \(index + 1) differs:\n  scenario: \(actualLines[index])\n  flags:    \(expectedLines[index])",
                sourceLocation: sourceLocation)
        }
    }

    @Test("every sample is in the table below")
    func everySampleCovered() throws {
        #expect(Set(try ScenarioFiles.samples()) == Set(Self.samples.map(\.path)))
    }

    @Test("replay --scenario prints the timeline of `replay GPX` with the equivalent flags", arguments: samples)
    func sameAsFlags(equivalent: Equivalent) async throws {
        let ceiling = Self.localServerCeiling(equivalent.flags)
        let fromScenario = try await ReplayTimeline.run(scenario: equivalent.path, ceiling)
        let fromFlags = try await ReplayTimeline.run(equivalent.file, equivalent.flags + ceiling)
        Self.expectSameTimeline(fromScenario, fromFlags)
        // `gpx: ../sf-waterfront-walk.gpx` resolves against the scenario's folder, tidily.
        #expect(fromScenario.events.first?["file"]?.stringValue == equivalent.file)
    }

    @Test("flags given with --scenario override it; --event adds to its events", arguments: overridden)
    func flagsOverride(equivalent: Equivalent) async throws {
        let ceiling = Self.localServerCeiling(equivalent.flags)
        let fromScenario = try await ReplayTimeline.run(scenario: equivalent.path, equivalent.overrides + ceiling)
        let fromFlags = try await ReplayTimeline.run(Self.walk, equivalent.flags + ceiling)
        Self.expectSameTimeline(fromScenario, fromFlags)
    }

    /// A ceiling for `--weather local`'s answers, the same on both sides: these are not tests
    /// of timeouts, and a loaded machine's answer past the default 5 s is a retry on one side.
    static func localServerCeiling(_ flags: [String]) -> [String] {
        flags.contains("local") ? ["--weather-timeout", "5m"] : []
    }

    @Test("--prompt deny on the happy path: the prompt is denied and no location arrives")
    func promptDenyOverride() async throws {
        let timeline = try await ReplayTimeline.run(scenario: "gpx/scenarios/happy-path.yaml", ["--prompt", "deny"])
        #expect(timeline.events.first?["settings"]?["prompt"]?.stringValue == "deny")
        #expect(timeline.events(ofType: "prompt").map { $0["answer"]?.stringValue } == ["deny"])
        #expect(timeline.locations.isEmpty)
        #expect(timeline.events(ofType: "alert").count == 1)
        #expect(timeline.end?["locations"]?.intValue == 0)
    }

    @Test("--event after a scenario's events: all three in settings, in order")
    func eventsAdded() async throws {
        let timeline = try await ReplayTimeline.run(
            scenario: "gpx/scenarios/revoked-halfway.yaml", ["--event", "70m:app=background"])
        #expect(
            timeline.events.first?["settings"]?["events"]
                == .array([
                    .string("40m:authorization=denied"), .string("1h:authorization=whenInUse"),
                    .string("1h10m:app=background"),
                ]))
        let app = try #require(timeline.events(ofType: "app").first)
        #expect(app["offset"]?.intValue == 4200)
        // A when-in-use app in the background gets no fixes.
        #expect(timeline.locations.allSatisfy { ($0["offset"]?.doubleValue ?? 0) < 4200 })
    }

    @Test("a relative gpx path starts at the scenario's folder, wherever trailcast runs")
    func relativeRoute() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("routes"), withIntermediateDirectories: false)
        try FileManager.default.copyItem(
            at: Repository.url(Self.waypoints), to: scratch.url.appendingPathComponent("routes/cupertino.gpx"))
        let scenario = try scratch.scenario("drive.yaml", "gpx: routes/cupertino.gpx\nprompt: once\n")
        let fromRoot = try await ReplayTimeline.run(scenario: scratch.url.appendingPathComponent(scenario).path)
        #expect(
            fromRoot.events.first?["file"]?.stringValue
                == scratch.url.appendingPathComponent("routes/cupertino.gpx").path)
        let fromScratch = try await ReplayTimeline.run(scenario: scenario, in: scratch.url)
        #expect(fromScratch.events.first?["file"]?.stringValue == "routes/cupertino.gpx")
        let fromFlags = try await ReplayTimeline.run(Self.waypoints, ["--prompt", "once"])
        #expect(fromScratch.locations == fromFlags.locations)
        #expect(fromScratch.locations.count == 14)
    }

    struct Refused: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var status: Int32
        /// The first stderr line, exactly.
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(
        "refused runs: nothing on stdout, the status and the message",
        arguments: [
            Refused(
                arguments: ["--scenario", "gpx/scenarios/happy-path.yaml", walk], status: 64,
                message:
                    "trailcast: error: give either a route file or --scenario, not both (a scenario names its route)"),
            Refused(
                arguments: [], status: 64,
                message: "trailcast: error: name a route file to replay, or a scenario with --scenario FILE"),
            Refused(
                arguments: ["--scenario", "gpx/scenarios/happy-path.yaml", "--loop", "0"], status: 64,
                message: "trailcast: error: --loop 0 (forever) needs real time: add --speed N"),
            Refused(
                arguments: [
                    "--scenario", "gpx/scenarios/happy-path.yaml", "--weather", "builtin", "--server-fail-rate", "1",
                ],
                status: 64, message: "trailcast: error: the --server-* faults need --weather local, not builtin"),
            Refused(
                arguments: ["--scenario", "gpx/scenarios/no-such-scenario.yaml"], status: 66,
                message: "gpx/scenarios/no-such-scenario.yaml: error: no such file"),
            Refused(
                arguments: ["--scenario", "gpx/scenarios"], status: 66,
                message: "gpx/scenarios: error: is a directory"),
            Refused(
                arguments: ["--scenario", walk], status: 65,
                message:
                    "gpx/sf-waterfront-walk.gpx:5:191: error: not valid YAML: mapping values are not allowed in this context"
            ),
        ])
    func refused(refused: Refused) async throws {
        let result = try await TrailcastBinary.run(arguments: ["replay", "--format", "jsonl"] + refused.arguments)
        #expect(result.status == refused.status)
        #expect(result.stdout == "")
        #expect(result.stderrLines.first == refused.message, "\(result.stderr)")
    }

    @Test("a scenario's weather.url reaches a running serve-weather, as --weather-url does")
    func scenarioWeatherURL() async throws {
        let server = try await WeatherServerProcess()
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let scenario = try scratch.scenario(
            "network.yaml",
            """
            name: weather over HTTP
            gpx: \(ScenarioFiles.waypoints)
            weather:
              url: \(server.url)
            expect:
              - count: weather
                fields: {source: network, attempts: 1}
                atLeast: 2
              - none: weather
                fields: {source: model}
              - end: {locations: 14, weatherErrors: 0, weatherNetworkFetches: ">= 2"}

            """)
        let check = try await scratch.run(["check", scenario])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdoutLines.first == "PASS  network.yaml: weather over HTTP (3 expectations)")
        let fromScenario = try await ReplayTimeline.run(scenario: scenario, in: scratch.url)
        let fromFlags = try await ReplayTimeline.run(ScenarioFiles.waypoints, ["--weather-url", server.url])
        Self.expectSameTimeline(fromScenario, fromFlags)
        #expect(fromScenario.events.first?["settings"]?["weather"]?.stringValue == "open-meteo")
        #expect(fromScenario.events.first?["settings"]?["weatherUrl"]?.stringValue == server.url)
        #expect(try await server.stop() == 0)
    }

    // MARK: - --weather local

    @Test(
        "--server-fail-rate 1 (with --weather local or alone): every location, a weatherError with HTTP 500 for each fetch",
        arguments: [["--weather", "local", "--server-fail-rate", "1"], ["--server-fail-rate", "1"]])
    func localServerFailing(flags: [String]) async throws {
        let timeline = try await ReplayTimeline.run(Self.waypoints, flags + ["--weather-timeout", "5m"])
        let builtin = try await ReplayTimeline.run(Self.waypoints)
        #expect(timeline.events.first?["settings"]?["weather"]?.stringValue == "local")
        #expect(timeline.events.first?["settings"]?["weatherUrl"]?.isNull == true)
        // The weather never holds a location back.
        #expect(timeline.locations == builtin.locations)
        #expect(timeline.locations.count == 14)
        #expect(timeline.events(ofType: "weather").isEmpty)
        let errors = timeline.events(ofType: "weatherError")
        #expect(!errors.isEmpty)
        for error in errors {
            #expect(error["httpStatus"]?.intValue == 500)
            #expect(error["message"]?.stringValue == "HTTP 500: Internal Server Error")
            #expect(error["attempts"]?.intValue == 3)
        }
        let end = try #require(timeline.end)
        #expect(end["weatherErrors"]?.intValue == errors.count)
        #expect(end["weatherLookups"]?.intValue == 14)
    }

    @Test("--weather local without faults: every fetch answered over HTTP, for the cells the model would fetch")
    func localServerHealthy() async throws {
        let timeline = try await ReplayTimeline.run(
            Self.waypoints, ["--weather", "local"] + Self.localServerCeiling(["local"]))
        let builtin = try await ReplayTimeline.run(Self.waypoints)
        #expect(timeline.events.first?["settings"]?["weather"]?.stringValue == "local")
        #expect(timeline.locations == builtin.locations)
        let weather = timeline.events(ofType: "weather")
        #expect(
            weather.map { [$0["t"], $0["cell"]] } == builtin.events(ofType: "weather").map { [$0["t"], $0["cell"]] })
        for event in weather {
            #expect(event["source"]?.stringValue == "network")
            #expect(event["attempts"]?.intValue == 1)
            #expect(event["fetchMs"]?.doubleValue != nil)
        }
        #expect(timeline.events(ofType: "weatherError").isEmpty)
        #expect(timeline.end?["weatherNetworkFetches"]?.intValue == weather.count)
    }

    @Test(
        "--server-* faults with another weather source: 64",
        arguments: [
            (["--weather", "builtin", "--server-fail-rate", "1"], "builtin"),
            (["--weather", "open-meteo", "--server-seed", "3"], "open-meteo"),
            (["--weather", "none", "--server-latency", "1s"], "none"),
        ])
    func faultsNeedLocal(flags: [String], provider: String) async throws {
        let result = try await TrailcastBinary.run(arguments: ["replay", Self.waypoints] + flags)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(
            result.stderrLines.first == "trailcast: error: the --server-* faults need --weather local, not \(provider)")
    }
}
