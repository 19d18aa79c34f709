import ArgumentParser
import Feeds
import GPXReader
import LiveStream
import LocationReplay
import Report
import Scenario
import TrailcastBasics
import Timeline
import TrailcastSettings
import Device
import TrailcastRun
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `trailcast replay`: a GPX route as a timeline of permissions, locations and alerts.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a GPX route through a simulated Core Location and weather app.",
        discussion: """
            Examples:
              trailcast replay gpx/sf-waterfront-walk.gpx
              trailcast replay walk.gpx --format jsonl --output run.jsonl
              trailcast replay walk.gpx --prompt deny
              trailcast replay walk.gpx --event 10m:authorization=denied \\
                  --event 20m:authorization=whenInUse
              trailcast replay walk.gpx --prompt once \\
                  --event 5m:app=background --event 6m:app=foreground
              trailcast replay walk.gpx --speed 60          # a minute of route per second
              trailcast replay walk.gpx --gps urban-canyon --seed 7 --interval 1
              trailcast replay walk.gpx --event 20m:signal=lost --event 22m:signal=restored
              trailcast replay walk.gpx --speed 60 --serve 8080
              curl -N http://127.0.0.1:8080/events      # the live stream, from elsewhere
              trailcast replay walk.gpx --weather-log weather.csv
              trailcast serve-weather --port 8080 &
              trailcast replay walk.gpx --weather-url http://127.0.0.1:8080
              trailcast replay walk.gpx --weather local --server-fail-rate 0.5
              trailcast replay --scenario gpx/scenarios/revoked-halfway.yaml --format jsonl

            Offsets for --event are simulated time since the start: 45s, 10m, 1h5m, 250ms. \
            Keys: authorization=notDetermined|restricted|denied|whenInUse|always, \
            accuracy=full|reduced, services=on|off, app=background|foreground, signal=lost|restored.

            Ctrl-C (or SIGTERM) ends the run cleanly: the `end` event is written and the \
            output flushed, then trailcast exits with 130 (143).
            """)

    @Argument(help: "The GPX file to replay, - for standard input (not with --scenario, which names its own).")
    var file: String?

    @Option(help: ArgumentHelp(
        "Replay a scenario file's route and settings (flags given here override them).", valueName: "FILE"))
    var scenario: String?

    @OptionGroup(title: "Route, user and system")
    var route: RouteOptions

    @OptionGroup(title: "The app")
    var appOptions: AppOptions

    @Option(help: "Timeline format: text (aligned, for people), jsonl (JSON Lines) or csv.")
    var format: TimelineFormatName = .text

    @Option(help: ArgumentHelp("Write the timeline to FILE instead of standard output.", valueName: "FILE"))
    var output: String?

    @Option(help: ArgumentHelp(
        "Also write an HTML report of the run (map, bands, weather, events) to FILE: the page `trailcast report` makes of its JSON Lines.",
        valueName: "FILE"))
    var report: String?

    @Option(help: "Colour the text format: auto (only on a terminal, unless NO_COLOR is set), always, never.")
    var color: ColorChoice = .auto

    @OptionGroup(title: "Simulated GPS")
    var gps: GPSOptions

    @OptionGroup(title: "Weather")
    var weather: WeatherOptions

    @Option(name: .customLong("nmea"), help: ArgumentHelp(
        "Also send the device stream (before Core Location) as NMEA 0183: to FILE (gpsfake and gpsbabel read it), serve it on tcp://HOST:PORT to clients such as gpsd, or send datagrams to udp://HOST:PORT (both need --speed). Repeatable.",
        valueName: "FILE|tcp://HOST:PORT|udp://HOST:PORT"))
    var nmeaArguments: [String] = []

    @Option(name: .customLong("android-emulator"), help: ArgumentHelp(
        "Drive a running Android emulator's location through its console (needs --speed).",
        valueName: "[HOST:]PORT"))
    var androidEmulator: String?

    @Option(help: ArgumentHelp(
        "The emulator console's token (default: the contents of ~/.emulator_console_auth_token).", valueName: "TOKEN"))
    var androidToken: String?

    @Option(help: ArgumentHelp(
        "Move an iOS Simulator (booted, or a UDID) along the device stream with xcrun simctl (macOS; needs --speed).",
        valueName: "DEVICE"))
    var simulator: String?

    @Option(help: ArgumentHelp(
        "With --simulator: mirror the app's permission changes onto this app with simctl privacy.", valueName: "ID"))
    var bundleId: String?

    @Option(help: ArgumentHelp(
        "Serve the run live over HTTP: GET /events (Server-Sent Events of the timeline), /location, /health; POST /pause, /resume, /speed?multiplier=N (needs --speed; port 0 picks a free one).",
        valueName: "[HOST:]PORT"))
    var serve: String?

    enum ColorChoice: String, ExpressibleByArgument, CaseIterable { case auto, always, never }

    func validate() throws {
        switch (file, scenario) {
        case (nil, nil): throw ValidationError("name a GPX file to replay, or a scenario with --scenario FILE")
        case (_?, _?): throw ValidationError("give either a GPX file or --scenario, not both (a scenario names its route)")
        default: break
        }
        _ = try nmeaArguments.map(NMEATarget.init(parsing:))
        _ = try androidEmulator.map(AndroidConsoleAddress.init(parsing:))
        _ = try serveAddress
        if bundleId != nil && simulator == nil {
            throw ValidationError("--bundle-id goes with --simulator DEVICE")
        }
        // With a scenario, its settings are known only when `run()` reads it; it checks then.
        if scenario == nil {
            let configuration = try run(from: nil).configuration
            if let problem = try configuration.problem ?? liveFeedProblem(speed: configuration.speed) {
                throw ValidationError(problem)
            }
        }
    }

    private var serveAddress: HostAndPort? {
        get throws { try serve.map { try HostAndPort(parsing: $0, option: "--serve", allowsPortZero: true) } }
    }

    /// Why the live feeds asked for cannot run at this speed: they need real time.
    private func liveFeedProblem(speed: Double) throws -> String? {
        guard speed == 0 else { return nil }
        if serve != nil {
            return "--serve streams a live run and needs real time: add --speed N (1 is real time)"
        }
        if try nmeaArguments.map(NMEATarget.init(parsing:)).contains(where: \.isLive) {
            return "--nmea tcp:// and udp:// feed a live consumer and need real time: add --speed N (1 is real time)"
        }
        if simulator != nil {
            return "--simulator drives a live Simulator and needs real time: add --speed N (1 is real time)"
        }
        if androidEmulator != nil {
            return "--android-emulator drives a live emulator and needs real time: add --speed N (1 is real time)"
        }
        return nil
    }

    /// The run: the defaults or the scenario's settings, with the flags given laid over them.
    private func run(from scenario: Scenario?) throws -> (file: String, configuration: ReplayConfiguration, network: WeatherNetworkSettings) {
        var configuration = scenario?.configuration ?? ReplayConfiguration()
        var network = scenario?.network ?? WeatherNetworkSettings()
        try route.apply(to: &configuration)
        try gps.apply(to: &configuration)
        try appOptions.apply(to: &configuration)
        try weather.apply(to: &configuration.weather, network: &network)
        return (scenario?.gpxPath ?? file ?? "", configuration, network)
    }

    func run() async throws {
        var loaded: Scenario?
        if let scenario {
            do {
                loaded = try ScenarioParser.load(contentsOfFile: scenario)
            } catch {
                StandardStreams.writeError(error.description)
                throw error.isUnreadable ? ExitStatus.noInput : ExitStatus.dataError
            }
        }
        let (file, configuration, network) = try run(from: loaded)
        if let problem = try configuration.problem ?? liveFeedProblem(speed: configuration.speed) {
            // The same words and form as `validate()` gives without a scenario.
            StandardStreams.writeError("Error: \(problem)")
            throw ExitStatus.usage
        }
        let targets = try nmeaArguments.map(NMEATarget.init(parsing:))
        let android = try androidEmulator.map(AndroidConsoleAddress.init(parsing:))
        let liveAddress = try serveAddress
        let androidToken = self.androidToken ?? AndroidConsoleAddress.tokenFromHome()
        let descriptor: Int32
        if let output {
            descriptor = try OutputFile.create(output, what: "the timeline file")
        } else {
            descriptor = STDOUT_FILENO
        }
        defer { if output != nil { close(descriptor) } }
        let reportDescriptor = try report.map { try OutputFile.create($0, what: "the report") }
        defer { if let reportDescriptor { close(reportDescriptor) } }
        let reportCollector = reportDescriptor.map { _ in ReportCollector() }
        var logDescriptor: Int32?
        if let logFile = weather.logFile {
            logDescriptor = try OutputFile.create(logFile, what: "the weather log")
        }
        defer { if let logDescriptor { close(logDescriptor) } }
        var nmeaDescriptors: [Int32] = []
        defer { nmeaDescriptors.forEach { close($0) } }
        var servers: [(host: String, port: Int)] = []
        var datagramDestinations: [(host: String, port: Int)] = []
        for target in targets {
            guard case .file(let nmeaFile) = target else {
                if case .tcp(let host, let port) = target { servers.append((host, port)) }
                if case .udp(let host, let port) = target { datagramDestinations.append((host, port)) }
                continue
            }
            nmeaDescriptors.append(try OutputFile.create(nmeaFile, what: "the NMEA file"))
        }
        let feedDescriptors = nmeaDescriptors
        let feedServers = servers
        let feedDatagrams = datagramDestinations
        let simulatorDevice = simulator
        let bundleID = bundleId

        let replay = Replay(file: file, configuration: configuration)
        let format = self.format
        let weatherLog = logDescriptor
        let colors = usesColor(descriptor)
        // Watch for signals before the run starts: a signal that arrives as soon as the
        // first line is out must still end the run cleanly, not kill the process.
        let cancellation = RunCancellation()
        let signals = SignalMonitor([SIGINT, SIGTERM]) { _ in cancellation.cancel() }
        defer { signals.cancel() }
        let run = Task { () async throws -> ReplaySummary in
            try await WeatherConnection.withFetcher(
                for: configuration.weather, network: network, warn: { StandardStreams.writeError($0.description) }
            ) { fetcher in
                var replay = replay
                replay.weatherFetcher = fetcher
                // Made inside the task that runs the replay, which alone calls them.
                var live: [NMEATCPFeed] = []
                for (host, port) in feedServers {
                    let feed = try await NMEATCPFeed.start(host: host, port: port) { StandardStreams.writeError($0) }
                    StandardStreams.writeError("trailcast: serving NMEA on tcp://\(host.contains(":") ? "[\(host)]" : host):\(feed.port)")
                    live.append(feed)
                }
                var datagrams: [NMEAUDPFeed] = []
                for (host, port) in feedDatagrams { datagrams.append(try await NMEAUDPFeed.start(host: host, port: port)) }
                var emulator: AndroidEmulatorFeed?
                if let android {
                    emulator = try await AndroidEmulatorFeed.connect(host: android.host, port: android.port, token: androidToken)
                }
                let simulatorFeed = try simulatorDevice.map { try SimulatorFeed(device: $0, bundleID: bundleID) }
                var stream: LiveRun?
                if let liveAddress { stream = try await LiveRun.start(on: liveAddress, speed: configuration.speed) }
                let files: [any DeviceStreamObserver] = feedDescriptors.map(NMEAFileFeed.init(descriptor:))
                let feeds = DeviceFeeds(
                    files + live + datagrams + (emulator.map { [$0] } ?? []) + (simulatorFeed.map { [$0] } ?? [])
                        + (stream.map { [$0.latest] } ?? []))
                let taps = Taps(simulator: simulatorFeed, live: stream)
                let result: Result<ReplaySummary, ReplayError>
                do throws(ReplayError) {
                    switch format {
                    case .text:
                        result = .success(try await Self.replay(replay, format: TextTimelineFormat(colors: colors), to: descriptor, weatherLog: weatherLog, report: reportCollector, device: feeds, taps: taps))
                    case .jsonl:
                        result = .success(try await Self.replay(replay, format: JSONLinesTimelineFormat(), to: descriptor, weatherLog: weatherLog, report: reportCollector, device: feeds, taps: taps))
                    case .csv:
                        result = .success(try await Self.replay(replay, format: CSVTimelineFormat(), to: descriptor, weatherLog: weatherLog, report: reportCollector, device: feeds, taps: taps))
                    }
                } catch {
                    result = .failure(error)
                }
                // Clients get what is still on its way before the servers close.
                await stream?.server.close()
                for feed in live { await feed.close() }
                for feed in datagrams { await feed.close() }
                // The last fixes' answers (a KO among them ends the run with 69).
                var unanswered: (any Error)?
                if case .success = result {
                    do { try await emulator?.finish() } catch { unanswered = error }
                }
                await emulator?.close()
                if let unanswered { throw unanswered }
                // The last location and permission commands still on their way to simctl.
                if case .success = result { try await simulatorFeed?.finish() }
                return try result.get()
            }
        }
        cancellation.attach(run)
        let result = await run.result
        // The page of what happened, also after Ctrl-C or a failure part of the way.
        if let reportDescriptor, let reportCollector, let report {
            do {
                try ReportFile.write(reportCollector.page(), to: reportDescriptor)
            } catch {
                StandardStreams.writeError("\(report): error: cannot write the report: \(error)")
                throw ExitStatus.ioError
            }
        }
        switch result {
        case .success:
            if let signal = signals.receivedSignal { throw ExitCode(128 + signal) }
        case .failure(let error as ReplayError):
            StandardStreams.writeError(error.description)
            throw ExitStatus.forError(error)
        case .failure(let error as FeedError):
            StandardStreams.writeError(error.description)
            throw ExitStatus.unavailable
        case .failure(let error as LiveServerError):
            StandardStreams.writeError("error: \(error)")
            throw ExitStatus.unavailable
        case .failure(let error as WeatherCacheUnavailable):
            StandardStreams.writeError(error.description)
            throw ExitStatus.cannotCreate
        case .failure(let error as EventJournalError):
            StandardStreams.writeError("error: \(error)")
            throw ExitStatus.cannotCreate
        case .failure(let error):
            StandardStreams.writeError("error: \(error)")
            throw ExitCode.failure
        }
    }

    /// One specialised loop per format: the formatter is called a million times on big files.
    private static func replay<Format: TimelineFormat>(
        _ replay: Replay, format: Format, to descriptor: Int32, weatherLog: Int32?, report: ReportCollector?,
        device: DeviceFeeds?, taps: Taps
    ) async throws(ReplayError) -> ReplaySummary {
        let writer = TimelineTee(TimelineWriter(descriptor: descriptor, format: format), ReportRecorder(report))
        if let weatherLog {
            let tee = TimelineTee(writer, TimelineWriter(descriptor: weatherLog, format: WeatherLogFormat()))
            return try await serve(replay, recorder: tee, device: device, taps: taps)
        }
        return try await serve(replay, recorder: writer, device: device, taps: taps)
    }

    /// What taps the timeline besides its files: the live stream and the Simulator's
    /// permission mirror, when asked for.
    struct Taps {
        var simulator: SimulatorFeed?
        var live: LiveRun?
    }

    /// The run, with the live stream recording beside the timeline when there is one.
    private static func serve<Recorder: TimelineRecorder>(
        _ replay: Replay, recorder: Recorder, device: DeviceFeeds?, taps: Taps
    ) async throws(ReplayError) -> ReplaySummary {
        if let live = taps.live {
            let tee = TimelineTee(recorder, LiveEventRecorder(journal: live.journal))
            return try await play(replay, recorder: tee, device: device, taps: taps)
        }
        return try await play(replay, recorder: recorder, device: device, taps: taps)
    }

    /// The run, with the Simulator's permission mirror tapping the timeline when there is one.
    private static func play<Recorder: TimelineRecorder>(
        _ replay: Replay, recorder: Recorder, device: DeviceFeeds?, taps: Taps
    ) async throws(ReplayError) -> ReplaySummary {
        let warnings = { (warning: GPXWarning) in StandardStreams.writeError("\(replay.file):\(warning)") }
        let control = taps.live?.control
        if let simulator = taps.simulator {
            var tap = SimulatorPrivacyTap(recorder, simulator: simulator)
            return try await replay.run(
                clock: TimerThreadClock(), recorder: &tap, device: device, control: control, warnings: warnings)
        }
        var recorder = recorder
        return try await replay.run(
            clock: TimerThreadClock(), recorder: &recorder, device: device, control: control, warnings: warnings)
    }

    private func usesColor(_ descriptor: Int32) -> Bool {
        switch color {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
            if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
            return isatty(descriptor) == 1
        }
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
