// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
public import TrailcastSettings
public import TrailcastTimeline
public import TrailcastReport
public import TrailcastFeeds

/// Where a run's lines go and what the run says on the side: warnings, the addresses it
/// serves on. `trailcast` passes standard error; a library user passes its own log.
public typealias RunMessages = @Sendable (String) -> Void

/// Everything one replay needs, as `trailcast replay` (its flags, or a scenario's settings
/// with the flags laid over them) gives it: the route and its settings, where the timeline
/// and its companions are written, and which feeds tap the device stream.
public struct ReplayRunPlan: Sendable {
    /// The GPX file, `-` for standard input.
    public var file: String
    /// Every setting of the replay (how the route is read, pace, the simulated device, user and app):
    /// what the `start` event records.
    public var configuration: ReplayConfiguration
    /// How the run reaches its weather over HTTP: Open-Meteo's URLs, the timeout, a local server's
    /// faults.
    public var network: WeatherNetworkSettings
    /// Where the timeline goes and in which format, and the files written beside it.
    public var output: TimelineOutput
    /// What taps the device stream: NMEA files, and feeds that start with the run.
    public var feeds: FeedPlan
    /// The scenario the plan was read from (`--scenario`), an input like the route: the
    /// command's, so that no output is written over it.
    package var scenarioFile: String?

    /// A plan for the route `file` (`-`: standard input); by default a text timeline on standard output
    /// and no feeds.
    public init(
        file: String, configuration: ReplayConfiguration = .init(), network: WeatherNetworkSettings = .init(),
        output: TimelineOutput = .init(), feeds: FeedPlan = .init()
    ) {
        self.file = file
        self.configuration = configuration
        self.network = network
        self.output = output
        self.feeds = feeds
    }

    /// Every path the run reads and writes, for ``PathGuard``.
    package var paths: [CommandPath] {
        var places: String?
        if case .places(let file, _) = configuration.app { places = file }
        let inputs = [
            CommandPath.input(file, "the route"), .input(scenarioFile, "the scenario (--scenario)"),
            .input(places, "the places (--places)"), .input(configuration.regionsFile, "the regions (--regions)"),
            configuration.weather.cache.map {
                CommandPath($0.directory, "the weather cache (--weather-cache)", .inputDirectory)
            },
        ]
        let outputs: [CommandPath?] =
            [
                .mainOutput(output.path, output.path == nil ? "the timeline" : "the timeline file"),
                .output(output.reportPath, "the report (--report)"),
                .output(output.weatherLogPath, "the weather log (--weather-log)"),
            ] + feeds.nmeaFiles.map { CommandPath($0, "the NMEA file (--nmea)", .output) }
        return (inputs + outputs).compactMap { $0 }
    }

    /// Why this plan cannot run, in the words `trailcast replay` uses, or nil.
    public var problem: String? {
        configuration.problem ?? feeds.problem(speed: configuration.speed)
    }
}

/// The timeline's format and file, and the files written beside it.
public struct TimelineOutput: Sendable {
    /// Whether the text format is coloured: only on a terminal (`auto`, unless `NO_COLOR`
    /// is set or `TERM` is `dumb`), or `always`, or `never`.
    public enum Color: String, Sendable, CaseIterable {
        /// Coloured only on a terminal, and not when `NO_COLOR` is set or `TERM` is `dumb`.
        case auto
        /// Coloured even into a file or a pipe.
        case always
        /// Plain text, even on a terminal.
        case never
    }

    /// The timeline's format (`--format`), one of `TimelineFormatName`'s.
    public var format: TimelineFormatName
    /// The timeline's file; nil for standard output.
    public var path: String?
    /// Whether the text timeline is coloured (`--color`); the other formats ignore it.
    public var color: Color
    /// The HTML report of the run (`--report`).
    public var reportPath: String?
    /// The weather events alone, as CSV (`--weather-log`).
    public var weatherLogPath: String?
    /// Web map tiles under the maps the run draws, the report's and the live page's
    /// (`--tiles`); nil keeps them offline.
    public var mapTiles: MapTiles?

    /// Where the timeline and its companions go; by default text on standard output, coloured on a
    /// terminal, and no other file.
    public init(
        format: TimelineFormatName = .text, path: String? = nil, color: Color = .auto, reportPath: String? = nil,
        weatherLogPath: String? = nil, mapTiles: MapTiles? = nil
    ) {
        self.mapTiles = mapTiles
        self.format = format
        self.path = path
        self.color = color
        self.reportPath = reportPath
        self.weatherLogPath = weatherLogPath
    }
}

/// Which feeds tap the device stream: files, and feeds that start with the run.
public struct FeedPlan: Sendable {
    /// `--nmea FILE`s: created with the run's other files, so that one that cannot be
    /// created ends the run before anything starts (73).
    public var nmeaFiles: [String]
    /// The feeds to start (`--nmea tcp://` and `udp://`, `--android-emulator`, `--simulator`,
    /// `--browser`, `--serve`, ...), in order: each epoch reaches them in this order, after
    /// the files, and they finish and close in the reverse.
    public var feeds: [any FeedRequest]
    /// `--browser-hold`: after the run's end, the feeds keep their connections, and so
    /// their last position and permission, this long before they close (zero: until
    /// Ctrl-C or SIGTERM). A browser undoes both when its DevTools connection closes, so a
    /// test reads a page's final state inside the hold. Nil: they close at once.
    public var holdAtEnd: Duration?

    /// The feeds of a run; by default none, and none kept open after the run's end.
    public init(nmeaFiles: [String] = [], feeds: [any FeedRequest] = [], holdAtEnd: Duration? = nil) {
        self.nmeaFiles = nmeaFiles
        self.feeds = feeds
        self.holdAtEnd = holdAtEnd
    }

    /// Why these feeds cannot run at `speed`: the first live one's, as it says it.
    public func problem(speed: Double) -> String? {
        feeds.lazy.compactMap { $0.problem(speed: speed) }.first
    }
}
