import ArgumentParser
import TrailcastBasics
import TrailcastFleet
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
struct FleetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fleet",
        abstract: "Run many simulated phones at once, each with its own receiver and Core Location rules, for a tracking backend.",
        discussion: """
            Examples:
              trailcast fleet gpx/ --devices 1000 --virtual --duration 10m --output fleet.txt
              trailcast fleet walk.gpx ride.gpx --devices 200 --gps-mix open-sky:60,urban-canyon:30,indoor:10 \\
                  --event 30m:authorization=denied@10% --virtual --duration 1h
              trailcast fleet gpx/ --devices 100000 --shard 3/8 --virtual --duration 5m

            Each device drives a route (dealt in turn from the files given, or every .gpx of a \
            directory) from its start (spread over --stagger), looping; its receiver has its own \
            seed; its tracking app asked for Always and reports in the background. Core Location's \
            rules decide what it may send: nothing while it has no permission or no signal.

            --virtual runs on virtual time as fast as it goes and writes each message as a line \
            TOPIC PAYLOAD (an OwnTracks location message, as mosquitto_sub -v shows it). The same \
            plan writes the same bytes on every run, and the lines of --shard 0/N ... N-1/N together \
            are the unsharded run's.
            """)

    @Argument(help: ArgumentHelp("GPX files, or directories of them: routes dealt to the devices in turn.", valueName: "ROUTES"))
    var routes: [String]

    @Option(help: ArgumentHelp("How many devices the whole fleet has (all shards).", valueName: "N"))
    var devices: Int

    @Option(help: ArgumentHelp("Seconds between a device's fixes. (default: 1)", valueName: "S"))
    var interval: Double = 1

    @Option(help: ArgumentHelp("Devices start spread over this span from the run's start. (default: 1m)", valueName: "D"))
    var stagger: String = "1m"

    @Option(help: ArgumentHelp("Simulated time to run (45s, 10m, 1h30m); needed with --virtual.", valueName: "D"))
    var duration: String?

    @Option(name: .customLong("gps-mix"), help: ArgumentHelp(
        "Receiver profiles and their weights, such as open-sky:60,urban-canyon:30,indoor:10. (default: open-sky)",
        valueName: "NAME:WEIGHT,..."))
    var gpsMix: String?

    @Option(help: ArgumentHelp("Device ids are this and the zero-padded index. (default: device-)", valueName: "PREFIX"))
    var idPrefix: String = "device-"

    @Option(help: ArgumentHelp("Seeds every device's receiver, battery and event shares. (default: 1)", valueName: "N"))
    var seed: UInt64 = 1

    @Option(name: .customLong("event"), help: ArgumentHelp(
        "OFFSET:KEY=VALUE[@PERCENT%] (repeatable): a change made to a share of the fleet, such as 30m:authorization=denied@10%.",
        valueName: "OFFSET:KEY=VALUE@P%"))
    var eventArguments: [String] = []

    @Option(help: ArgumentHelp("Run only slice I of N (0-based): devices whose index modulo N is I.", valueName: "I/N"))
    var shard: String?

    @Option(help: ArgumentHelp(
        "Run the slice JOB_COMPLETION_INDEX of N, as a Kubernetes Indexed Job sets it.", valueName: "N"))
    var shards: Int?

    @Flag(help: "Run on virtual time, as fast as it goes, and write the messages instead of sending them.")
    var virtual = false

    @Option(help: ArgumentHelp("With --virtual: write to FILE instead of standard output.", valueName: "FILE"))
    var output: String?

    @Option(name: .customLong("owntracks-user"), help: ArgumentHelp(
        "The OwnTracks user: topics are owntracks/USER/DEVICE. (default: fleet)", valueName: "USER"))
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
        if !virtual {
            throw ValidationError("fleet sends to a backend only in a later version: use --virtual for now")
        }
        if output != nil && !virtual { throw ValidationError("--output is for --virtual's messages") }
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
            idPrefix: idPrefix, seed: seed, events: events, shard: try shardChoice())
        if let problem = fleet.problem { throw ValidationError(problem) }
        return FleetRunPlan(
            routePaths: routes, fleet: fleet, durationSeconds: durationSeconds, ownTracksUser: ownTracksUser,
            outputPath: output)
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

    func run() throws {
        let plan = try plan()
        let signals = SignalMonitor([SIGINT, SIGTERM]) { _ in }
        defer { signals.cancel() }
        _ = try FleetRunner.runVirtual(plan) { signals.receivedSignal != nil }
        if let signal = signals.receivedSignal { throw ExitCode(128 + signal) }
    }
}
