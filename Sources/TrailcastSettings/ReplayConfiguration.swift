// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastWeather
public import TrailcastRoutes
public import TrailcastCoreLocation
public import TrailcastDevice

/// Everything that shapes a run except the file: the effective settings that the
/// `start` event records.
///
/// Each field is a setting declared in ``ReplaySetting/all``: its key in a scenario and in
/// `start.settings`, how a scenario gives it, and when it cannot run (``problem``).
public struct ReplayConfiguration: Sendable, Equatable {
    /// `--input-format`: how the route file is read; nil chooses by its extension, else its
    /// first bytes.
    public var routeFormat: RouteFormat?
    /// Which points to replay.
    public var source: ReplaySource
    /// Pace (m/s) at which points without `<time>` are reached.
    public var travelSpeedMetersPerSecond: Double
    /// Emit a fix every this many simulated seconds, interpolated; nil replays the file's points.
    public var intervalSeconds: Double?
    /// Real-time multiplier: 0 runs on virtual time as fast as possible, 1 is real
    /// time, 60 plays a minute per second.
    public var speed: Double
    /// How many times to play the route; 0 repeats until stopped (real time only).
    public var loops: Int
    /// The simulated device, user and app permissions.
    public var location: LocationService.Configuration
    /// What the app asks for at launch and on returning to the foreground.
    public var request: AuthorizationRequest
    /// What the user and system do during the run, in the order given.
    public var events: [ScheduledEvent]
    /// Warnings (bad points, times going back) stop the run as errors.
    public var strict: Bool
    /// The app's weather source and cache.
    public var weather: WeatherSettings
    /// The simulated GPS: how its fixes err and when it loses the signal.
    public var gps: GPSProfile
    /// Seeds the GPS noise, dropouts and jitter: the same seed gives the same run.
    public var seed: UInt64
    /// Each fix comes up to this many milliseconds after its nominal moment.
    public var jitterMilliseconds: Double
    /// A leg between two recorded times longer than this is a pause in the recording, not
    /// a straight line walked; 0: never.
    public var maxGapSeconds: Double
    /// `--app`: the model app in the phone.
    public var app: ModelAppChoice = .weather
    /// `--regions`: a file of circles the model app monitors (Core Location's region
    /// monitoring); nil monitors none.
    public var regionsFile: String?
    /// `--significant-changes`: the model app uses the significant-change service instead
    /// of standard updates.
    public var significantChanges = false
    /// `--visits`: the model app monitors visits.
    public var visits = false
    /// `--background-updates`: the model app sets `allowsBackgroundLocationUpdates`.
    public var backgroundUpdates = false

    /// The pace of untimed points when `--travel-speed` does not say: a walk's 1.4 m/s.
    public static let defaultTravelSpeedMetersPerSecond = RouteTimer.defaultTravelSpeedMetersPerSecond
    /// The longest leg between recorded times that is walked rather than a recording gap.
    public static let defaultMaxGapSeconds = RouteTimer.defaultMaxGapSeconds

    /// The settings of a run. Left out, each has its plain default: one play on virtual time, a perfect
    /// GPS with seed 1, no scheduled events, and the weather app asking for When In Use.
    public init(
        source: ReplaySource = .auto,
        travelSpeedMetersPerSecond: Double = defaultTravelSpeedMetersPerSecond,
        intervalSeconds: Double? = nil, speed: Double = 0, loops: Int = 1,
        location: LocationService.Configuration = .init(), request: AuthorizationRequest = .whenInUse,
        events: [ScheduledEvent] = [], strict: Bool = false, weather: WeatherSettings = .init(),
        gps: GPSProfile = .perfect, seed: UInt64 = 1, jitterMilliseconds: Double = 0,
        maxGapSeconds: Double = defaultMaxGapSeconds
    ) {
        self.source = source
        self.travelSpeedMetersPerSecond = travelSpeedMetersPerSecond
        self.intervalSeconds = intervalSeconds
        self.speed = speed
        self.loops = loops
        self.location = location
        self.request = request
        self.events = events
        self.strict = strict
        self.weather = weather
        self.gps = gps
        self.seed = seed
        self.jitterMilliseconds = jitterMilliseconds
        self.maxGapSeconds = maxGapSeconds
    }

    /// How often the device reports: the interval, or once a second.
    package var cadenceSeconds: Double { intervalSeconds ?? 1 }

    /// The simulated receiver these settings describe.
    package var receiver: GPSReceiver.Configuration {
        GPSReceiver.Configuration(
            profile: gps, seed: seed, jitterSeconds: jitterMilliseconds / 1000, cadenceSeconds: cadenceSeconds)
    }
}
