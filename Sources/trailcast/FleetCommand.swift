import ArgumentParser
import TrailcastBasics
import TrailcastEngine
import TrailcastFeeds
import TrailcastWire
import TrailcastRun
import TrailcastSettings
import TrailcastGPX
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `trailcast fleet`: many simulated phones at once, each the device `replay` simulates,
/// for a tracking backend.
struct FleetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fleet",
        abstract: "Run many simulated phones at once, each with its own receiver and Core Location rules, for a tracking backend.",
        discussion: """
            Examples:
              trailcast fleet gpx/ --devices 1000 --mqtt mqtt://127.0.0.1:1883 --duration 10m --verify
              TRAILCAST_MQTT_PASSWORD=... trailcast fleet gpx/ --devices 1000 --mqtt mqtts://fleet@broker.example.com \\
                  --mqtt-ca ca.pem --duration 10m --summary totals.json
              trailcast fleet gpx/ --devices 1000 --virtual --duration 10m --output fleet.txt
              trailcast fleet walk.gpx ride.gpx --devices 200 --gps-mix open-sky:60,urban-canyon:30,indoor:10 \\
                  --event 30m:authorization=denied@10% --virtual --duration 1h
              trailcast fleet gpx/ --devices 100000 --shard 3/8 --virtual --duration 5m

            Each device drives a route (dealt in turn from the files given, or every route file of \
            a directory) from its start (spread over --stagger), looping; its receiver has its own \
            seed; its tracking app asked for Always and reports in the background. Core Location's \
            rules decide what it may send: nothing while it has no permission or no signal.

            --mqtt publishes each fix as it falls due, as an OwnTracks location message on \
            owntracks/USER/DEVICE, one connection per device (or --connections N shared), at \
            --qos 1 (or 0); mqtts:// over TLS, with a login from the URL or --mqtt-user and the \
            password from TRAILCAST_MQTT_PASSWORD or --mqtt-password-file. A progress line every \
            second on standard error and --summary FILE give the same totals: of what was sent, \
            each message is acknowledged, refused, lost, an error, or still in flight. --verify \
            subscribes and counts what arrived per device.

            --virtual runs on virtual time as fast as it goes and writes each message as a line \
            TOPIC PAYLOAD (an OwnTracks location message, as mosquitto_sub -v shows it). The same \
            plan writes the same bytes on every run, and the lines of --shard 0/N ... N-1/N together \
            are the unsharded run's.
            """)

    @Argument(help: ArgumentHelp(
        "Route files (GPX, KML, KMZ, GeoJSON, TCX, FIT), or directories of them: routes dealt to the devices in turn.",
        valueName: "ROUTES"))
    var routes: [String]

    @Option(help: "How to read the routes: \(RouteFormat.names). (default: by each file's extension, else its content)")
    var inputFormat: RouteFormat?

    @Option(parsing: .unconditional, help: ArgumentHelp("How many devices the whole fleet has (all shards).", valueName: "N"))
    var devices: Int

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds between a device's fixes.", valueName: "S"))
    var interval: Double = 1

    @Option(help: ArgumentHelp("Devices start spread over this span from the run's start.", valueName: "D"))
    var stagger: String = "1m"

    @Option(help: ArgumentHelp("Simulated time to run (45s, 10m, 1h30m); needed with --virtual.", valueName: "D"))
    var duration: String?

    @Option(name: .customLong("gps-mix"), help: ArgumentHelp(
        "Receiver profiles and their weights, such as open-sky:60,urban-canyon:30,indoor:10. (default: open-sky)",
        valueName: "NAME:WEIGHT,..."))
    var gpsMix: String?

    @Option(help: ArgumentHelp("Device ids are this and the device's index (device-000042).", valueName: "PREFIX"))
    var idPrefix: String = "device-"

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Digits the index in an id is padded to; 0: none. Ids never depend on --devices or --shard: a device keeps its id as the fleet grows.",
        valueName: "N"))
    var idWidth: Int = FleetPlan.defaultIDWidth

    @Option(parsing: .unconditional, help: ArgumentHelp("Seeds every device's receiver, battery and event shares.", valueName: "N"))
    var seed: UInt64 = 1

    @Option(name: .customLong("event"), help: ArgumentHelp(
        "OFFSET:KEY=VALUE[@PERCENT%] (repeatable): a change made to a share of the fleet, such as 30m:authorization=denied@10%.",
        valueName: "OFFSET:KEY=VALUE@P%"))
    var eventArguments: [String] = []

    @Option(help: ArgumentHelp("Run only slice I of N (0-based): devices whose index modulo N is I.", valueName: "I/N"))
    var shard: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Run the slice JOB_COMPLETION_INDEX of N, as a Kubernetes Indexed Job sets it.", valueName: "N"))
    var shards: Int?

    @OptionGroup(title: "Backends")
    var backends: FleetBackendOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Simulated seconds per real second on a real-time run: above 0, at most 1000.", valueName: "N"))
    var speed: Double = 1

    @Flag(help: "Subscribe to the broker and count what arrives per device: loss, duplicates, order, latency.")
    var verify = false

    @Option(help: ArgumentHelp("Write the run's totals as JSON to FILE (- or /dev/stdout: standard output).", valueName: "FILE"))
    var summary: String?

    @Flag(help: "Run on virtual time, as fast as it goes, and write the messages instead of sending them.")
    var virtual = false

    @Option(help: ArgumentHelp("With --virtual: write to FILE instead of standard output.", valueName: "FILE"))
    var output: String?

    @Option(help: ArgumentHelp(
        "With --virtual: each message as the backend receives it: owntracks (TOPIC PAYLOAD) or osmand (the request target).",
        valueName: "F"))
    var format: VirtualMessageFormat?

    @Option(name: .customLong("owntracks-user"), help: ArgumentHelp(
        "The OwnTracks user: topics are owntracks/USER/DEVICE.", valueName: "USER"))
    var ownTracksUser: String = "fleet"

    func validate() throws {
        _ = try plan()
    }

    /// The run the flags describe; a usage error names the flag.
    func plan() throws -> FleetRunPlan {
        guard let staggerOffset = SimulatedOffset(stagger) else {
            throw ValidationError("--stagger: '\(stagger)' is not a span; use forms like 30s, 1m, 1h")
        }
        var durationSeconds: Double?
        if let duration {
            guard let offset = SimulatedOffset(duration), offset.milliseconds > 0 else {
                throw ValidationError("--duration: '\(duration)' is not a span; use forms like 90s, 10m, 1h30m")
            }
            durationSeconds = offset.seconds
        }
        if virtual && durationSeconds == nil {
            throw ValidationError("--virtual needs --duration: a virtual fleet runs as fast as it can, so it must end")
        }
        let sends = backends.sends
        if virtual == sends {
            throw ValidationError(virtual
                ? "--virtual writes the messages instead of sending them: give it or --mqtt/--osmand/--owntracks-http, not both"
                : "give --mqtt URL, --osmand URL or --owntracks-http URL to send, or --virtual to write the messages")
        }
        if verify && backends.mqtt == nil { throw ValidationError("--verify subscribes to the MQTT broker: it needs --mqtt") }
        if output != nil && !virtual { throw ValidationError("--output is for --virtual's messages") }
        if format != nil && !virtual {
            throw ValidationError("--format is for --virtual's messages (a run that sends uses each backend's own)")
        }
        if virtual && (verify || summary != nil) { throw ValidationError("--verify and --summary are for a run that sends (--mqtt)") }
        guard speed > 0 && speed <= 1000 else { throw ValidationError("--speed must be above 0 and at most 1000, not \(speed.asGiven)") }
        let mix: GPSMix
        do {
            mix = try gpsMix.map(GPSMix.init(parsing:)) ?? .openSky
        } catch {
            throw ValidationError(error.description)
        }
        var events: [FleetEvent] = []
        for argument in eventArguments {
            do {
                events.append(try FleetEvent(parsing: argument))
            } catch {
                throw ValidationError(error.description)
            }
        }
        let fleet = FleetPlan(
            deviceCount: devices, intervalSeconds: interval, staggerSeconds: staggerOffset.seconds, gpsMix: mix,
            idPrefix: idPrefix, idWidth: idWidth, seed: seed, events: events, shard: try shardChoice())
        if let problem = fleet.problem { throw ValidationError(problem) }
        var plan = FleetRunPlan(
            routePaths: routes, fleet: fleet, durationSeconds: durationSeconds, ownTracksUser: ownTracksUser,
            outputPath: output)
        plan.virtualFormat = format ?? .ownTracks
        plan.routeFormat = inputFormat
        if let (mqtt, access) = try backends.mqttPlan() {
            plan.mqtt = mqtt
            plan.mqttAccess = access
        }
        plan.osmAnd = try backends.osmAndPlan(shardDevices: fleet.shardDeviceCount)
        plan.ownTracksHTTP = try backends.ownTracksHTTPPlan(shardDevices: fleet.shardDeviceCount)
        plan.speed = speed
        plan.verify = verify
        plan.summaryPath = summary
        return plan
    }

    /// `--shard I/N`, or `--shards N` with the index from `JOB_COMPLETION_INDEX`.
    private func shardChoice() throws -> FleetShard {
        switch (shard, shards) {
        case (.some, .some):
            throw ValidationError("give --shard I/N or --shards N, not both")
        case (.some(let text), nil):
            guard let parsed = FleetShard(parsing: text) else {
                throw ValidationError("--shard: '\(text)' is not I/N, such as 0/4")
            }
            return parsed
        case (nil, .some(let count)):
            guard let text = getenv("JOB_COMPLETION_INDEX").map({ String(cString: $0) }) else {
                throw ValidationError("--shards needs JOB_COMPLETION_INDEX in the environment (a Kubernetes Indexed Job sets it); or give --shard I/N")
            }
            guard let index = Int(text) else {
                throw ValidationError("JOB_COMPLETION_INDEX='\(text)' is not a number")
            }
            return FleetShard(index: index, count: count)
        case (nil, nil):
            return .whole
        }
    }

    func run() async throws {
        let plan = try plan()
        let stopped = LockedValue(false)
        let signals = SignalMonitor([SIGINT, SIGTERM]) { _ in stopped.withLock { $0 = true } }
        defer { signals.cancel() }
        if virtual {
            _ = try FleetRunner.runVirtual(plan) { stopped.withLock { $0 } }
        } else {
            _ = try await FleetRunner.runLive(
                plan, progress: { StandardStreams.writeError($0) }, interrupted: { stopped.withLock { $0 } })
        }
        if let signal = signals.receivedSignal { throw ExitCode(128 + signal) }
    }
}
