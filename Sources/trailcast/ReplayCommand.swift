import ArgumentParser
import GPXReader
import LocationReplay
import OpenMeteo
import Synchronization
import Timeline
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
              trailcast replay walk.gpx --event 10m:authorization=denied --event 20m:authorization=whenInUse
              trailcast replay walk.gpx --prompt once --event 5m:app=background --event 6m:app=foreground
              trailcast replay walk.gpx --speed 60          # a minute of route per second
              trailcast replay walk.gpx --weather-log weather.csv
              trailcast replay walk.gpx --weather-url http://127.0.0.1:8080   # trailcast serve-weather

            Offsets for --event are simulated time since the start: 45s, 10m, 1h5m, 250ms. \
            Keys: authorization=notDetermined|restricted|denied|whenInUse|always, \
            accuracy=full|reduced, services=on|off, app=background|foreground.

            Ctrl-C (or SIGTERM) ends the run cleanly: the `end` event is written and the \
            output flushed, then trailcast exits with 130 (143).
            """)

    @Argument(help: "The GPX file to replay.")
    var file: String

    @Option(help: "Which points to replay: auto (tracks, else routes, else waypoints), track, route, waypoints.")
    var source: ReplaySource = .auto

    @Option(help: ArgumentHelp("Pace for points without <time>, in m/s.", valueName: "m/s"))
    var travelSpeed: Double = RouteTimer.defaultTravelSpeedMetersPerSecond

    @Option(help: ArgumentHelp(
        "Emit a location every S simulated seconds, interpolated between points (default: the file's points).",
        valueName: "S"))
    var interval: Double?

    @Option(help: ArgumentHelp(
        "0 runs on virtual time as fast as possible; N paces in real time at N x (1 = real time).",
        valueName: "N"))
    var speed: Double = 0

    @Option(name: .customLong("loop"), help: ArgumentHelp(
        "Play the route N times; 0 repeats until stopped (needs --speed).", valueName: "N"))
    var loops: Int = 1

    @Option(help: "Initial authorization: notDetermined, restricted, denied, whenInUse, always.")
    var authorization: AuthorizationStatus = .notDetermined

    @Option(help: "Initial accuracy: full or reduced (approximate location).")
    var accuracy: LocationAccuracy = .full

    @Option(help: "Location services for the device: on or off.")
    var services: ServicesSwitch = .on

    @Option(help: "What the simulated user answers to a permission prompt: allow, once, deny.")
    var prompt: PromptAnswer = .allow

    @Option(help: "The answer to the one-time offer to upgrade to Always: allow or deny.")
    var promptAlways: UpgradeAnswer = .allow

    @Option(help: "What the app asks for at launch: whenInUse or always.")
    var request: AuthorizationRequest = .whenInUse

    @Option(help: ArgumentHelp(
        "Deliver a fix only when it is at least M metres from the last delivered one.", valueName: "M"))
    var distanceFilter: Double?

    @Option(name: .customLong("event"), help: ArgumentHelp(
        "A change during the run, OFFSET:KEY=VALUE (repeatable), such as 10m:authorization=denied.",
        valueName: "OFFSET:KEY=VALUE"))
    var eventArguments: [String] = []

    @Option(help: "Timeline format: text (aligned, for people), jsonl (JSON Lines) or csv.")
    var format: TimelineFormatName = .text

    @Option(help: ArgumentHelp("Write the timeline to FILE instead of standard output.", valueName: "FILE"))
    var output: String?

    @Option(help: "Colour the text format: auto (only on a terminal, unless NO_COLOR is set), always, never.")
    var color: ColorChoice = .auto

    @Flag(help: "Treat warnings (bad points, times going back) as errors (exit 65).")
    var strict = false

    @OptionGroup(title: "Weather")
    var weather: WeatherOptions

    enum ServicesSwitch: String, ExpressibleByArgument, CaseIterable { case on, off }
    enum UpgradeAnswer: String, ExpressibleByArgument, CaseIterable { case allow, deny }
    enum ColorChoice: String, ExpressibleByArgument, CaseIterable { case auto, always, never }

    func validate() throws {
        if file == "-" {
            throw ValidationError("replay reads the file twice (to count, then to replay), so it cannot read standard input; save it to a file first")
        }
        _ = try events()
        if let problem = replayConfiguration(events: []).problem {
            throw ValidationError(problem)
        }
    }

    func run() async throws {
        let configuration = replayConfiguration(events: try events())
        let descriptor: Int32
        if let output {
            descriptor = open(output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                StandardStreams.writeError("\(output): error: cannot create the timeline file: \(String(cString: strerror(errno)))")
                throw ExitStatus.cannotCreate
            }
        } else {
            descriptor = STDOUT_FILENO
        }
        defer { if output != nil { close(descriptor) } }
        var logDescriptor: Int32?
        if let logFile = weather.logFile {
            let opened = open(logFile, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard opened >= 0 else {
                StandardStreams.writeError("\(logFile): error: cannot create the weather log: \(String(cString: strerror(errno)))")
                throw ExitStatus.cannotCreate
            }
            logDescriptor = opened
        }
        defer { if let logDescriptor { close(logDescriptor) } }

        let client = weather.makeClient()
        let replay = Replay(file: file, configuration: configuration, weatherFetcher: client)
        let format = self.format
        let weatherLog = logDescriptor
        let colors = usesColor(descriptor)
        // Watch for signals before the run starts: a signal that arrives as soon as the
        // first line is out must still end the run cleanly, not kill the process.
        let cancellation = RunCancellation()
        let signals = SignalMonitor([SIGINT, SIGTERM]) { _ in cancellation.cancel() }
        defer { signals.cancel() }
        let run = Task { () async throws(ReplayError) -> ReplaySummary in
            switch format {
            case .text:
                return try await Self.replay(replay, format: TextTimelineFormat(colors: colors), to: descriptor, weatherLog: weatherLog)
            case .jsonl:
                return try await Self.replay(replay, format: JSONLinesTimelineFormat(), to: descriptor, weatherLog: weatherLog)
            case .csv:
                return try await Self.replay(replay, format: CSVTimelineFormat(), to: descriptor, weatherLog: weatherLog)
            }
        }
        cancellation.attach(run)
        let result = await run.result
        await client?.shutdown()
        switch result {
        case .success:
            if let signal = signals.receivedSignal { throw ExitCode(128 + signal) }
        case .failure(let error as ReplayError):
            StandardStreams.writeError(error.description)
            throw ExitStatus.forError(error)
        case .failure(let error):
            StandardStreams.writeError("error: \(error)")
            throw ExitCode.failure
        }
    }

    /// One specialised loop per format: the formatter is called a million times on big files.
    private static func replay<Format: TimelineFormat>(
        _ replay: Replay, format: Format, to descriptor: Int32, weatherLog: Int32?
    ) async throws(ReplayError) -> ReplaySummary {
        let writer = TimelineWriter(descriptor: descriptor, format: format)
        let warn = { (warning: GPXWarning) in StandardStreams.writeError("\(replay.file):\(warning)") }
        if let weatherLog {
            var tee = TimelineTee(writer, TimelineWriter(descriptor: weatherLog, format: WeatherLogFormat()))
            return try await replay.run(clock: ContinuousClock(), recorder: &tee, warnings: warn)
        }
        var timeline = writer
        return try await replay.run(clock: ContinuousClock(), recorder: &timeline, warnings: warn)
    }

    private func events() throws -> [ScheduledEvent] {
        do {
            return try eventArguments.map { argument throws(ScheduledEventError) in
                try ScheduledEvent(parsing: argument)
            }
        } catch {
            throw ValidationError(String(describing: error))
        }
    }

    private func replayConfiguration(events: [ScheduledEvent]) -> ReplayConfiguration {
        ReplayConfiguration(
            source: source, travelSpeedMetersPerSecond: travelSpeed, intervalSeconds: interval,
            speed: speed, loops: loops,
            location: LocationService.Configuration(
                initialStatus: authorization, initialAccuracy: accuracy, servicesEnabled: services == .on,
                promptAnswer: prompt, alwaysUpgradeAnswer: promptAlways == .allow ? .allow : .deny,
                distanceFilterMeters: distanceFilter),
            request: request, events: events, strict: strict, weather: weather.settings)
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
    private let state = Mutex<(task: Task<ReplaySummary, any Error>?, cancelled: Bool)>((nil, false))

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

extension ReplaySource: ExpressibleByArgument {}
extension AuthorizationStatus: ExpressibleByArgument {
    /// The spellings the help text documents (`whenInUse`, `always`), not the raw values.
    public static var allValueStrings: [String] { allCases.map(\.argument) }
    public static var allValueDescriptions: [String: String] { [:] }
    public var defaultValueDescription: String { argument }
}
extension LocationAccuracy: ExpressibleByArgument {}
extension PromptAnswer: ExpressibleByArgument {}
extension AuthorizationRequest: ExpressibleByArgument {}
extension TimelineFormatName: ExpressibleByArgument {}
