public import TrailcastSettings
public import TrailcastTimeline
public import TrailcastReport

/// Where a run's lines go and what the run says on the side: warnings, the addresses it
/// serves on. `trailcast` passes standard error; a library user passes its own log.
public typealias RunMessages = @Sendable (String) -> Void

/// Everything one replay needs, as `trailcast replay` (its flags, or a scenario's settings
/// with the flags laid over them) gives it: the route and its settings, where the timeline
/// and its companions are written, and which feeds tap the device stream.
public struct ReplayRunPlan: Sendable {
    /// The GPX file, `-` for standard input.
    public var file: String
    public var configuration: ReplayConfiguration
    public var network: WeatherNetworkSettings
    public var output: TimelineOutput
    public var feeds: FeedPlan

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

    /// Why this plan cannot run, in the words `trailcast replay` uses, or nil.
    public var problem: String? {
        configuration.problem ?? feeds.problem(speed: configuration.speed)
    }
}

/// The timeline's format and file, and the files written beside it.
public struct TimelineOutput: Sendable {
    /// Whether the text format is coloured: only on a terminal (`auto`, unless `NO_COLOR`
    /// is set or `TERM` is `dumb`), or `always`, or `never`.
    public enum Color: String, Sendable, CaseIterable { case auto, always, never }

    public var format: TimelineFormatName
    /// The timeline's file; nil for standard output.
    public var path: String?
    public var color: Color
    /// The HTML report of the run (`--report`).
    public var reportPath: String?
    /// The weather events alone, as CSV (`--weather-log`).
    public var weatherLogPath: String?
    /// Web map tiles under the maps the run draws, the report's and the live page's
    /// (`--tiles`); nil keeps them offline.
    public var mapTiles: MapTiles?

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

/// Which feeds tap the device stream, and the live server.
public struct FeedPlan: Sendable {
    /// `--nmea`: files, TCP servers, UDP destinations.
    public var nmea: [NMEATarget]
    /// `--android-emulator`: the console to drive.
    public var androidEmulator: AndroidConsoleAddress?
    /// `--android-token`; nil for the emulator's token file in the home directory.
    public var androidToken: String?
    /// `--simulator`: the iOS Simulator (`booted` or a UDID) to move.
    public var simulator: String?
    /// `--bundle-id`: the app whose permission the Simulator mirrors.
    public var bundleID: String?
    /// `--serve`: where the live run is served.
    public var serve: HostAndPort?
    /// `--browser`: a Chromium's DevTools endpoint (`http://127.0.0.1:9222`).
    public var browser: String?
    /// `--browser-target`: only pages whose URL contains this; nil for every page.
    public var browserTarget: String?

    public init(
        nmea: [NMEATarget] = [], androidEmulator: AndroidConsoleAddress? = nil, androidToken: String? = nil,
        simulator: String? = nil, bundleID: String? = nil, serve: HostAndPort? = nil,
        browser: String? = nil, browserTarget: String? = nil
    ) {
        self.browser = browser
        self.browserTarget = browserTarget
        self.nmea = nmea
        self.androidEmulator = androidEmulator
        self.androidToken = androidToken
        self.simulator = simulator
        self.bundleID = bundleID
        self.serve = serve
    }

    /// Why these feeds cannot run at `speed`: the live ones need real time.
    public func problem(speed: Double) -> String? {
        guard speed == 0 else { return nil }
        if serve != nil {
            return "--serve streams a live run and needs real time: add --speed N (1 is real time)"
        }
        if nmea.contains(where: \.isLive) {
            return "--nmea tcp:// and udp:// feed a live consumer and need real time: add --speed N (1 is real time)"
        }
        if simulator != nil {
            return "--simulator drives a live Simulator and needs real time: add --speed N (1 is real time)"
        }
        if androidEmulator != nil {
            return "--android-emulator drives a live emulator and needs real time: add --speed N (1 is real time)"
        }
        if browser != nil {
            return "--browser drives live pages and needs real time: add --speed N (1 is real time)"
        }
        return nil
    }
}
