// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import ArgumentParser
import TrailcastBasics
import TrailcastEngine
import TrailcastFeeds
import TrailcastRoutes
import TrailcastWire
import TrailcastRun
import TrailcastSettings
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
        abstract:
            "Run many simulated phones at once, each with its own receiver and Core Location rules, for a tracking backend.",
        usage: "trailcast fleet <routes> ... --devices N (--mqtt URL|--osmand URL|--virtual) [<options>]",
        discussion: """
              trailcast fleet gpx/ --devices 1000 --mqtt mqtt://127.0.0.1 --duration 10m
              trailcast fleet gpx/ --devices 1000 --mqtt mqtt://127.0.0.1 --verify
              trailcast fleet gpx/ --devices 500 --osmand http://traccar.example:5055
              trailcast fleet gpx/ --devices 1000 --virtual --duration 10m -o fleet.txt
              trailcast fleet walk.gpx --devices 200 --virtual --duration 1h \\
                --gps-mix open-sky:60,urban-canyon:30 --event 30m:authorization=denied@10%

            Each device drives a route, looping, as the phone `replay` simulates; Core \
            Location's rules decide what it may send. Logins, TLS, shards: docs/fleet.md.
            """)

    @Argument(
        help: ArgumentHelp(
            "Route files (\(RouteFormat.shortNames)), or directories of them: routes dealt to the devices in turn.",
            valueName: "routes"), completion: .file(extensions: RouteFormat.completionExtensions))
    var routes: [String]

    @OptionGroup(title: "The run")
    var essentials: FleetRunOptions

    @Option(help: "How to read the routes: \(RouteFormat.names). (default: by each file's extension, else its content)")
    var inputFormat: RouteFormat?

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds between a device's fixes.", valueName: "S"))
    var interval: Double = 1

    @Option(help: ArgumentHelp("Devices start spread over this span from the run's start.", valueName: "D"))
    var stagger: String = "1m"

    @Option(
        name: .customLong("gps-mix"),
        help: ArgumentHelp(
            "Receiver profiles and their weights, such as open-sky:60,urban-canyon:30,indoor:10. (default: open-sky)",
            valueName: "NAME:WEIGHT,..."))
    var gpsMix: String?

    @Option(help: ArgumentHelp("Device ids are this and the device's index (device-000042).", valueName: "PREFIX"))
    var idPrefix: String = "device-"

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Digits the index in an id is padded to; 0: none. Ids never depend on --devices or --shard: a device keeps its id as the fleet grows.",
            valueName: "N"))
    var idWidth: Int = FleetPlan.defaultIDWidth

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Seeds every device's receiver, battery and event shares.", valueName: "N"))
    var seed: UInt64 = 1

    @Option(
        name: .customLong("event"),
        help: ArgumentHelp(
            "OFFSET:KEY=VALUE[@PERCENT%] (repeatable): a change made to a share of the fleet, such as 30m:authorization=denied@10%.",
            valueName: "OFFSET:KEY=VALUE@P%"))
    var eventArguments: [String] = []

    @Option(help: ArgumentHelp("Run only slice I of N (0-based): devices whose index modulo N is I.", valueName: "I/N"))
    var shard: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Run the slice JOB_COMPLETION_INDEX of N, as a Kubernetes Indexed Job sets it.", valueName: "N"))
    var shards: Int?

    @OptionGroup(title: "Backends")
    var backends: FleetBackendOptions

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Simulated seconds per real second on a run that sends: above 0, at most 1000. (default: 1)", valueName: "N"
        ))
    var speed: Double?

    @Option(
        name: .customLong("owntracks-user"),
        help: ArgumentHelp(
            "The OwnTracks user: topics are owntracks/USER/DEVICE.", valueName: "USER"))
    var ownTracksUser: String = "fleet"

    func validate() throws {
        _ = try plan()
    }

    /// The run the flags describe; a usage error names the flag.
    func plan() throws -> FleetRunPlan {
        let staggerSeconds = try DurationArgument(option: "--stagger", examples: "30s, 1m or 1h").seconds(stagger)
        var durationSeconds: Double?
        if let duration = essentials.duration {
            durationSeconds = try DurationArgument(
                option: "--duration", examples: "90s, 10m or 1h30m", minimumMilliseconds: 1
            )
            .seconds(duration)
        }
        if essentials.virtual && durationSeconds == nil {
            throw ValidationError("--virtual needs --duration: a virtual fleet runs as fast as it can, so it must end")
        }
        let sends = backends.sends
        if essentials.virtual == sends {
            throw ValidationError(
                essentials.virtual
                    ? "--virtual writes the messages instead of sending them: give it or --mqtt/--osmand/--owntracks-http, not both"
                    : "give --mqtt URL, --osmand URL or --owntracks-http URL to send, or --virtual to write the messages"
            )
        }
        if essentials.verify && backends.mqtt == nil {
            throw ValidationError("--verify subscribes to the MQTT broker: it needs --mqtt")
        }
        if backends.verifyStore != nil && backends.mqtt == nil && backends.ownTracksHTTP == nil {
            throw ValidationError(
                "--verify-store reads what an OwnTracks Recorder stored: it needs --mqtt or --owntracks-http")
        }
        if backends.verifyStoreWait != nil && backends.verifyStore == nil {
            throw ValidationError("--verify-store-wait is for --verify-store")
        }
        if essentials.output != nil && !essentials.virtual {
            throw ValidationError("--output is for --virtual's messages")
        }
        if essentials.format != nil && !essentials.virtual {
            throw ValidationError("--format is for --virtual's messages (a run that sends uses each backend's own)")
        }
        if essentials.virtual && (essentials.verify || backends.verifyStore != nil || essentials.summary != nil) {
            throw ValidationError("--verify, --verify-store and --summary are for a run that sends (--mqtt)")
        }
        if essentials.quiet && essentials.progress { throw ValidationError("give --quiet or --progress, not both") }
        guard (0...1).contains(backends.maxErrorRate) else {
            throw ValidationError("--max-error-rate must be a share from 0 to 1, not \(backends.maxErrorRate.asGiven)")
        }
        if let speed {
            guard speed >= 0 && speed <= 1000 else {
                throw ValidationError("--speed must be from 0 to 1000, not \(speed.asGiven)")
            }
            if essentials.virtual {
                // Replay's words for the same pair (`--speed 0` is virtual time there too).
                if speed != 0 {
                    throw ValidationError("--virtual and --speed \(speed.asGiven) ask for different clocks: give one")
                }
            } else if speed == 0 {
                throw ValidationError("--speed 0 is virtual time, which is --virtual here (as in replay)")
            }
        }
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
            deviceCount: essentials.devices, intervalSeconds: interval, staggerSeconds: staggerSeconds, gpsMix: mix,
            idPrefix: idPrefix, idWidth: idWidth, seed: seed, events: events, shard: try shardChoice())
        if let problem = fleet.problem { throw ValidationError(problem) }
        var plan = FleetRunPlan(
            routePaths: routes, fleet: fleet, durationSeconds: durationSeconds, ownTracksUser: ownTracksUser,
            outputPath: essentials.output)
        plan.virtualFormat = essentials.format ?? .ownTracks
        plan.routeFormat = inputFormat
        if let (mqtt, access) = try backends.mqttPlan() {
            plan.mqtt = mqtt
            plan.mqttAccess = access
        }
        plan.osmAnd = try backends.osmAndPlan(shardDevices: fleet.shardDeviceCount)
        plan.ownTracksHTTP = try backends.ownTracksHTTPPlan(shardDevices: fleet.shardDeviceCount)
        plan.speed = speed ?? 1
        plan.verify = essentials.verify
        if let url = backends.verifyStore {
            do {
                plan.verifyStore = try BackendURL(parsing: url, form: .recorderStore)
            } catch {
                throw ValidationError(error.message)
            }
        }
        if let wait = backends.verifyStoreWait {
            let milliseconds = try DurationArgument(option: "--verify-store-wait", examples: "30s, 5m or 1h")
                .milliseconds(wait)
            plan.verifyStoreWait = .milliseconds(milliseconds)
        }
        plan.summaryPath = essentials.summary
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
                throw ValidationError(
                    "--shards needs JOB_COMPLETION_INDEX in the environment (a Kubernetes Indexed Job sets it); or give --shard I/N"
                )
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
        // Progress is for a person watching: on a terminal, or when asked for; a virtual
        // run's is in virtual time.
        let showsProgress = !essentials.quiet && (essentials.progress || isatty(STDERR_FILENO) == 1)
        if essentials.virtual {
            _ = try FleetRunner.runVirtual(
                plan, progress: { if showsProgress { StandardStreams.writeError($0) } },
                interrupted: { stopped.withLock { $0 } })
        } else {
            let summary = try await FleetRunner.runLive(
                plan, progress: { if showsProgress { StandardStreams.writeError($0) } },
                notice: { StandardStreams.writeError($0) }, interrupted: { stopped.withLock { $0 } })
            if let signal = signals.receivedSignal { throw ExitCode(128 + signal) }
            // A run whose messages did not arrive failed, whatever its backends: so says its
            // exit status, for CI and a Job's backoffLimit.
            if let failure = summary.failure(maximumErrorRate: backends.maxErrorRate) {
                throw RunFailure(failure, status: .unavailable)
            }
        }
        if let signal = signals.receivedSignal { throw ExitCode(128 + signal) }
    }
}
