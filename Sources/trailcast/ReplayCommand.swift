// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// Public: a public type of the run library conforms to ExpressibleByArgument below.
public import ArgumentParser
import TrailcastEngine
import TrailcastScenario
import TrailcastBasics
import TrailcastTimeline
import TrailcastSettings
import TrailcastFeeds
import TrailcastRun
import TrailcastRoutes
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `trailcast replay`: a route file as a timeline of permissions, locations and alerts.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a route file through a simulated Core Location and weather app.",
        usage:
            "trailcast replay <route-file> [-f \(TimelineFormatName.allValueStrings.joined(separator: "|"))] [-o FILE] [<options>]",
        discussion: """
              trailcast replay gpx/sf-waterfront-walk.gpx
              trailcast replay walk.gpx -f jsonl -o run.jsonl --report run.html
              trailcast replay walk.gpx --prompt deny --event 10m:authorization=whenInUse
              trailcast replay walk.gpx --speed 60 --serve 8080
              trailcast replay --scenario gpx/scenarios/revoked-halfway.yaml

            Runs on virtual time unless --speed; Ctrl-C ends a run cleanly (exit 130). \
            More in docs/replay.md.
            """)

    @Argument(
        help: ArgumentHelp(
            "\(RouteFormat.shortNames); - reads standard input (a scenario names its own).",
            valueName: "route-file"), completion: .file(extensions: RouteFormat.completionExtensions))
    var file: String?

    @Option(
        help: ArgumentHelp(
            "Replay a scenario file's route and settings (flags given here override them).", valueName: "FILE"),
        completion: .file(extensions: ["yaml", "yml"]))
    var scenario: String?

    @OptionGroup(title: "The timeline")
    var timeline: TimelineOptions

    @OptionGroup(title: "Route, user and system")
    var route: RouteOptions

    @OptionGroup(title: "The app")
    var appOptions: AppOptions

    @OptionGroup(title: "Simulated GPS")
    var gps: GPSOptions

    @Option(help: "Colour the text format: auto (only on a terminal, unless NO_COLOR is set), always, never.")
    var color: TimelineOutput.Color = .auto

    @OptionGroup(title: "Weather")
    var weather: WeatherOptions

    @Option(
        name: .customLong("nmea"),
        help: ArgumentHelp(
            "Also send the device stream (before Core Location) as NMEA 0183: to OUTPUT (gpsfake and gpsbabel read it), serve it on tcp://HOST:PORT to clients such as gpsd, or send datagrams to udp://HOST:PORT (both need --speed). Repeatable.",
            valueName: "OUTPUT|tcp://HOST:PORT|udp://HOST:PORT"), completion: .file())
    var nmeaArguments: [String] = []

    @Option(
        name: .customLong("android-emulator"),
        help: ArgumentHelp(
            "Drive a running Android emulator's location through its console (needs --speed).",
            valueName: "[HOST:]PORT"))
    var androidEmulator: String?

    @Option(
        help: ArgumentHelp(
            "The emulator console's token (default: the contents of ~/.emulator_console_auth_token).",
            valueName: "TOKEN"))
    var androidToken: String?

    @Option(
        help: ArgumentHelp(
            "Move an iOS Simulator (booted, or a UDID) along the device stream with xcrun simctl (macOS; needs --speed).",
            valueName: "DEVICE"))
    var simulator: String?

    @Option(
        help: ArgumentHelp(
            "With --simulator: mirror the app's permission changes onto this app with simctl privacy.", valueName: "ID")
    )
    var bundleId: String?

    @Option(
        help: ArgumentHelp(
            "Drive web pages' navigator.geolocation from the device stream through a browser's --remote-debugging-port endpoint (Chromium's DevTools protocol, or Firefox's WebDriver BiDi); the pages' geolocation permission follows the app's authorization (needs --speed).",
            valueName: "URL"))
    var browser: String?

    @Option(
        help: ArgumentHelp(
            "With --browser: only pages whose URL contains TEXT (default: every page, including pages opened later).",
            valueName: "TEXT"))
    var browserTarget: String?

    @Option(
        help: ArgumentHelp(
            "With --browser: cdp (Chromium's DevTools protocol) or bidi (WebDriver BiDi: Firefox). (default: found out from the endpoint)",
            valueName: "PROTOCOL"))
    var browserProtocol: BrowserProtocol?

    @Option(
        help: ArgumentHelp(
            "With --browser: after the run's end keep the connection, the last position and the permission this long (45s, 10m; 0: until Ctrl-C), so a test can read the page's final state. Without it the browser undoes both at the end.",
            valueName: "DURATION"))
    var browserHold: String?

    @Option(
        help: ArgumentHelp(
            "With --browser and a Firefox: offer the feed's WebDriver BiDi session at ws://HOST:PORT/session to a test runner that starts its own (Puppeteer, Playwright or WebdriverIO in BiDi mode), as if it were Firefox (port 0 picks a free one).",
            valueName: "[HOST:]PORT"))
    var browserShare: String?

    @Option(
        help: ArgumentHelp(
            "Serve the run live over HTTP: GET /events (Server-Sent Events of the timeline), /location, /health; POST /pause, /resume, /speed?multiplier=N, /event?change=KEY=VALUE with the token printed at start (needs --speed; port 0 picks a free one).",
            valueName: "[HOST:]PORT"))
    var serve: String?

    @OptionGroup(title: "The maps of the live page (--serve) and the report (--report)") var mapTiles: MapTilesOptions

    func validate() throws {
        switch (file, scenario) {
        case (nil, nil): throw ValidationError("name a route file to replay, or a scenario with --scenario FILE")
        case (_?, _?):
            throw ValidationError("give either a route file or --scenario, not both (a scenario names its route)")
        default: break
        }
        _ = try feedPlan()
        if bundleId != nil && simulator == nil {
            throw ValidationError("--bundle-id goes with --simulator DEVICE")
        }
        if browserHold != nil && browser == nil {
            throw ValidationError("--browser-hold goes with --browser URL")
        }
        if browserProtocol != nil && browser == nil {
            throw ValidationError("--browser-protocol goes with --browser URL")
        }
        if browserTarget != nil && browser == nil {
            throw ValidationError("--browser-target goes with --browser URL")
        }
        if browserShare != nil && browser == nil {
            throw ValidationError("--browser-share goes with --browser URL")
        }
        if browserShare != nil && browserProtocol == .cdp {
            throw ValidationError(
                "--browser-share shares a WebDriver BiDi session (Firefox); a DevTools endpoint takes other clients itself"
            )
        }
        if try mapTiles.mapTiles() != nil && serve == nil && timeline.report == nil {
            throw ValidationError(
                "--tiles lays tiles under the map of the live page or the report: add --serve or --report")
        }
        // With a scenario, its settings are known only when `run()` reads it; it checks then.
        if scenario == nil, let problem = try plan(from: nil).problem {
            throw ValidationError(problem)
        }
    }

    /// The feeds asked for, each flag's request in the order they start; a malformed
    /// address is a usage error.
    private func feedPlan() throws -> FeedPlan {
        do {
            let nmea = try nmeaArguments.map(NMEATarget.init(parsing:))
            var plan = FeedPlan(nmeaFiles: nmea.compactMap(\.filePath))
            for case .tcp(let host, let port) in nmea {
                plan.feeds.append(NMEAFeedRequest(.tcp, host: host, port: port))
            }
            for case .udp(let host, let port) in nmea {
                plan.feeds.append(NMEAFeedRequest(.udp, host: host, port: port))
            }
            if let androidEmulator {
                let console = try AndroidConsoleAddress(parsing: androidEmulator)
                plan.feeds.append(
                    AndroidEmulatorFeedRequest(host: console.host, port: console.port, token: androidToken))
            }
            if let simulator { plan.feeds.append(SimulatorFeedRequest(device: simulator, bundleID: bundleId)) }
            if let browser {
                var request = BrowserFeedRequest(
                    endpoint: browser, targetFilter: browserTarget, browserProtocol: browserProtocol)
                if let browserShare {
                    let address = try HostAndPort(
                        parsing: browserShare, option: "--browser-share", allowsPortZero: true)
                    request.share = (address.host, address.port)
                }
                plan.feeds.append(request)
            }
            if let browserHold {
                let hold = try DurationArgument(
                    option: "--browser-hold", examples: "45s, 10m, 1h5m or 0 for until Ctrl-C"
                )
                .milliseconds(browserHold)
                plan.holdAtEnd = .milliseconds(hold)
            }
            if let serve {
                let address = try HostAndPort(parsing: serve, option: "--serve", allowsPortZero: true)
                plan.feeds.append(LiveStreamRequest(address: address, mapTiles: try mapTiles.mapTiles()))
            }
            return plan
        } catch let failure as RunFailure {
            throw ValidationError(failure.message)
        }
    }

    /// The run: the defaults or the scenario's settings, with the flags given laid over them.
    private func plan(from scenario: Scenario?) throws -> ReplayRunPlan {
        var configuration = scenario?.configuration ?? ReplayConfiguration()
        var network = scenario?.network ?? WeatherNetworkSettings()
        try route.apply(to: &configuration)
        try gps.apply(to: &configuration)
        try appOptions.apply(to: &configuration)
        try weather.apply(to: &configuration.weather, network: &network)
        let output = TimelineOutput(
            format: timeline.format, path: timeline.output, color: color, reportPath: timeline.report,
            weatherLogPath: weather.logFile,
            mapTiles: try mapTiles.mapTiles())
        var plan = ReplayRunPlan(
            file: scenario?.gpxPath ?? file ?? "", configuration: configuration, network: network, output: output,
            feeds: try feedPlan())
        plan.scenarioFile = self.scenario
        return plan
    }

    func run() async throws {
        var loaded: Scenario?
        if let scenario {
            do {
                loaded = try ScenarioParser.load(contentsOfFile: scenario)
            } catch {
                throw RunFailure(error.description, status: error.isUnreadable ? .noInput : .dataError)
            }
        }
        let plan = try plan(from: loaded)
        if let problem = plan.problem {
            // The same words and form as `validate()` gives without a scenario.
            throw RunFailure(problem, status: .usage)
        }
        // Watch for signals before the run starts: a signal that arrives as soon as the
        // first line is out must still end the run cleanly, not kill the process.
        let cancellation = RunCancellation()
        let signals = SignalMonitor([SIGINT, SIGTERM]) { _ in cancellation.cancel() }
        defer { signals.cancel() }
        let run = Task { () async throws -> ReplaySummary in try await ReplayRunner.run(plan) }
        cancellation.attach(run)
        _ = try await run.value
        if let signal = signals.receivedSignal { throw ExitCode(128 + signal) }
    }
}

/// The run's task, for a signal handler installed before the task exists: a cancel
/// that comes first is applied as soon as the task is attached.
private final class RunCancellation: Sendable {
    private let state = LockedValue<(task: Task<ReplaySummary, any Error>?, cancelled: Bool)>((nil, false))

    func cancel() {
        state.withLock { state in
            state.cancelled = true
            state.task?.cancel()
        }
    }

    func attach(_ task: Task<ReplaySummary, any Error>) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        if cancelled { task.cancel() }
    }
}

extension TimelineFormatName: ExpressibleByArgument {}
extension TimelineOutput.Color: ExpressibleByArgument {}
extension BrowserProtocol: ExpressibleByArgument {}
extension VirtualMessageFormat: ExpressibleByArgument {}
