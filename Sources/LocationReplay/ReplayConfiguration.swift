import Weather

/// Everything that shapes a run except the file: the effective settings that the
/// `start` event records.
public struct ReplayConfiguration: Sendable, Equatable {
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

    public init(
        source: ReplaySource = .auto,
        travelSpeedMetersPerSecond: Double = RouteTimer.defaultTravelSpeedMetersPerSecond,
        intervalSeconds: Double? = nil, speed: Double = 0, loops: Int = 1,
        location: LocationService.Configuration = .init(), request: AuthorizationRequest = .whenInUse,
        events: [ScheduledEvent] = [], strict: Bool = false, weather: WeatherSettings = .init()
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
    }

    /// Why these settings cannot run, or nil when they can.
    public var problem: String? {
        if !(travelSpeedMetersPerSecond > 0) || !travelSpeedMetersPerSecond.isFinite {
            return "--travel-speed must be a positive number of metres per second"
        }
        if let intervalSeconds, !(intervalSeconds >= 0.001) || !intervalSeconds.isFinite {
            return "--interval must be at least 0.001 seconds"
        }
        if !(speed >= 0) || !speed.isFinite { return "--speed must be 0 (virtual time) or a positive multiplier" }
        if loops < 0 { return "--loop must be 0 (forever) or a positive count" }
        if loops == 0 && speed == 0 { return "--loop 0 (forever) needs real time: add --speed N" }
        if let filter = location.distanceFilterMeters, !(filter >= 0) || !filter.isFinite {
            return "--distance-filter must be a non-negative number of metres"
        }
        if let problem = weather.policy.problem { return problem }
        return nil
    }
}
