// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import ArgumentParser
import TrailcastExports
import TrailcastFeeds
import TrailcastEngine
import TrailcastSettings
import TrailcastTimeline
import TrailcastDevice
import TrailcastRun
import TrailcastCoreLocation
import TrailcastRoutes
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `trailcast export`: the device stream (the simulated receiver's fixes, before Core
/// Location) as a file other tools read.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the simulated device's fixes as a file Xcode, gpsd, gpsbabel or a map reads.",
        usage: "trailcast export <route-file> -f FORMAT [-o FILE] [<options>]",
        discussion: """
              trailcast export walk.gpx -f xcode-gpx -o walk-xcode.gpx
              trailcast export walk.gpx -f nmea --gps urban-canyon -o walk.nmea
              trailcast export walk.gpx -f geojson -o walk.geojson

            What the device's GPS reports, on virtual time: every fix of the route (or one \
            every --interval seconds) with the --gps profile's error, and nothing while the \
            signal is lost (NMEA writes no-fix sentences then).
            """)

    @Argument(
        help: ArgumentHelp(
            "The route file (\(RouteFormat.shortNames)).",
            valueName: "route-file"), completion: .file(extensions: RouteFormat.completionExtensions))
    var file: String

    @OptionGroup(title: "The export")
    var destination: ExportDestination

    @Option(help: "How to read the route: \(RouteFormat.names). (default: by the file's extension, else its content)")
    var inputFormat: RouteFormat?

    @Option(help: "Which points: auto, track, route, waypoints. (default: auto)")
    var source: ReplaySource?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Pace for points without <time>, in m/s. (default: \(RouteTimer.defaultTravelSpeedMetersPerSecond))",
            valueName: "m/s"))
    var travelSpeed: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "A fix every S simulated seconds, interpolated (default: the file's points).", valueName: "S"))
    var interval: Double?

    @OptionGroup(title: "Simulated GPS")
    var gps: GPSOptions

    @Option(
        name: .customLong("event"),
        help: ArgumentHelp(
            "OFFSET:signal=lost|restored (repeatable): the GPS loses its fix and gets it back.",
            valueName: "OFFSET:KEY=VALUE"))
    var eventArguments: [String] = []

    func validate() throws {
        if file == "-" {
            throw ValidationError(
                "export reads the file twice (to count, then to replay), so it cannot read standard input; save it to a file first"
            )
        }
        if let problem = try configuration().problem { throw ValidationError(problem) }
    }

    /// The device's settings; the app side is irrelevant here (Always, no weather).
    private func configuration() throws -> ReplayConfiguration {
        var configuration = ReplayConfiguration(location: .init(initialStatus: .authorizedAlways))
        configuration.weather.provider = .none
        configuration.routeFormat = inputFormat
        if let source { configuration.source = source }
        if let travelSpeed { configuration.travelSpeedMetersPerSecond = travelSpeed }
        if let interval { configuration.intervalSeconds = interval }
        try gps.apply(to: &configuration)
        for argument in eventArguments {
            do {
                let event = try ScheduledEvent(parsing: argument)
                guard case .signal = event.change else {
                    throw ValidationError(
                        "--event \(argument): export writes the device stream, which only signal=lost|restored changes")
                }
                configuration.events.append(event)
            } catch let error as ScheduledEventError {
                throw ValidationError(error.description)
            }
        }
        return configuration
    }

    func run() async throws {
        let configuration = try configuration()
        // Beside its place until complete: an export never empties the route it reads
        // (refused before anything is opened), and Ctrl-C leaves no half-written file.
        try PathGuard.check([
            CommandPath(file, "the route", .input),
            .mainOutput(destination.output, "the export"),
        ])
        let staged = try destination.output.map { path throws(RunFailure) in try StagedOutput(path, what: "the export")
        }
        let descriptor = staged?.descriptor ?? STDOUT_FILENO
        let outputs = StagedOutputs(staged.map { [$0] } ?? [])
        let feed: any DeviceStreamObserver
        // A failed write names the path as given (`cannot write /dev/full: ...`).
        let name = StandardStreams.outputName(destination.output)
        switch destination.format {
        case .xcodeGPX: feed = XcodeGPXExport(descriptor: descriptor, destination: name)
        case .nmea: feed = NMEAFileFeed(descriptor: descriptor, destination: name)
        case .geojson: feed = try GeoJSONExport(descriptor: descriptor, destination: name)
        case .csv: feed = try CSVExport(descriptor: descriptor, destination: name)
        case .kml: feed = try KMLExport(descriptor: descriptor, destination: name)
        case .tcx: feed = try TCXExport(descriptor: descriptor, destination: name)
        }
        let file = self.file
        do {
            var timeline = DiscardedTimeline()
            _ = try await Replay(file: file, configuration: configuration).run(
                clock: ContinuousClock(), recorder: &timeline, device: feed,
                warnings: { StandardStreams.writeError("\(file):\($0)") })
        } catch {
            outputs.discard()
            throw RunFailure(error.description, status: RunExitStatus(for: error))
        }
        try outputs.commit()
    }
}

/// The export needs the device stream only: the app's timeline goes nowhere. It counts what
/// it drops so that it is not empty: ThreadSanitizer's check of the exclusive (`inout`)
/// access to an empty struct kept across an `await` computed its shadow from an address the
/// empty value never had, and every `export` under it died of SEGV (Swift 6.3.1).
private struct DiscardedTimeline: TimelineRecorder {
    private(set) var discarded = 0
    mutating func record(_ event: TimelineEvent) { discarded += 1 }
    mutating func flush() {}
}

/// What `trailcast export` writes and where: first in its help.
struct ExportDestination: ParsableArguments {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case xcodeGPX = "xcode-gpx", nmea, geojson, csv, kml, tcx
    }

    // `--format`, as in every other command; `--to`, its first name, still works.
    @Option(
        name: [.customShort("f"), .customLong("format"), .customLong("to")],
        help: ArgumentHelp(
            "What to write: xcode-gpx (timed <wpt>s), nmea (NMEA 0183), geojson (RFC 7946), csv, kml (a timed gx:Track), tcx (a Garmin activity). --to is the same option's older name.",
            valueName: "format"))
    var format: Format

    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp(
            "Write to OUTPUT instead of standard output (- for standard output); OUTPUT appears whole when the export is done.",
            valueName: "OUTPUT"), completion: .file())
    var output: String?
}
