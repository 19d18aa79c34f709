import TrailcastWeather
import TrailcastBasics
import TrailcastCoreLocation
import TrailcastSettings
import TrailcastDevice

/// One line of a run's timeline: what happened, and when in simulated time.
public struct TimelineEvent: Sendable, Equatable {
    /// What happened.
    public enum Kind: Sendable, Equatable {
        /// The first event: what is replayed, and with which settings.
        case start(ReplayStart)
        /// The app's authorization, accuracy or location services changed (or, with
        /// cause `initial`, the state at launch).
        case authorization(AuthorizationChange)
        /// The system showed a permission prompt and the simulated user answered.
        case prompt(request: AuthorizationRequest, answer: PromptAnswer)
        /// The app received a location.
        case location(LocationFix)
        /// Device fixes the app did not receive, one stretch for one reason; said when the
        /// stretch ends (the next fix the app gets, another reason, or the end of the run).
        case missed(MissedFixes)
        /// The app received `locationManager(_:didFailWithError:)`.
        case locationError(LocationErrorCode)
        /// The app showed an alert to the user.
        case alert(message: String)
        /// The user tapped in the app (`--event OFFSET:tap=ACTION`).
        case tap(TapAction)
        /// The places app showed its list: nearest first, or in file order without location.
        case places(PlacesList)
        /// The app got the weather for its location: fetched, computed, or from the cache.
        case weather(WeatherObservation)
        /// A weather fetch failed after its retries.
        case weatherError(WeatherFailure)
        /// The app moved to the background or the foreground.
        case app(AppState)
        /// The device's GPS lost or regained its signal.
        case signal(SignalChange)
        /// The run was paused, resumed or re-paced from outside (``ReplayControl``).
        case control(ControlChange)
        /// The app's code called its location manager (testing library runs only).
        case call(ManagerCall)
        /// The last event: totals of the run.
        case end(ReplaySummary)

        /// The name used for `type` in every output format.
        public var typeName: String {
            switch self {
            case .start: return "start"
            case .authorization: return "authorization"
            case .prompt: return "prompt"
            case .location: return "location"
            case .missed: return "missed"
            case .locationError: return "locationError"
            case .alert: return "alert"
            case .tap: return "tap"
            case .places: return "places"
            case .weather: return "weather"
            case .weatherError: return "weatherError"
            case .app: return "app"
            case .signal: return "signal"
            case .control: return "control"
            case .call: return "call"
            case .end: return "end"
            }
        }
    }

    /// Simulated time.
    public var time: Timestamp
    /// Simulated seconds since the start of the run.
    public var offsetSeconds: Double
    public var kind: Kind

    public init(time: Timestamp, offsetSeconds: Double, kind: Kind) {
        self.time = time
        self.offsetSeconds = offsetSeconds
        self.kind = kind
    }
}

/// The `start` event: the file, the points chosen, and the effective settings.
public struct ReplayStart: Sendable, Equatable {
    /// The path as given.
    public var file: String
    /// The kind of points replayed: never `auto`, unless a run from standard input was
    /// interrupted before its first point arrived.
    public var source: ReplaySource
    /// How many points of that kind there are, when known before the run: for points
    /// given in code. A file is read once, as it is replayed, so its count is in `end`
    /// (``ReplaySummary/points``) and this is nil.
    public var points: Int?
    public var settings: ReplayConfiguration

    public init(file: String, source: ReplaySource, points: Int?, settings: ReplayConfiguration) {
        self.file = file
        self.source = source
        self.points = points
        self.settings = settings
    }
}

/// The `end` event: totals of a run, also when it was interrupted.
public struct ReplaySummary: Sendable, Equatable {
    /// Points of the replayed source in the file (on one play of it; those read so far
    /// when the run was interrupted during the first).
    public var points: Int
    /// Locations delivered to the app.
    public var locations: Int
    /// Distance the simulated device moved along the true route (every fix, delivered or
    /// not, without the GPS error; the jump back to the start between loops is not counted).
    public var distanceMeters: Double
    /// Simulated seconds from start to end.
    public var simulatedSeconds: Double
    /// Real seconds the run took: the only figure that differs between identical runs.
    public var wallSeconds: Double
    /// Whether the run was stopped (by a signal or task cancellation) before its end.
    public var interrupted: Bool
    /// What the weather service did.
    public var weather: WeatherStatistics

    public init(
        points: Int = 0, locations: Int = 0, distanceMeters: Double = 0, simulatedSeconds: Double = 0,
        wallSeconds: Double = 0, interrupted: Bool = false, weather: WeatherStatistics = .init()
    ) {
        self.points = points
        self.locations = locations
        self.distanceMeters = distanceMeters
        self.simulatedSeconds = simulatedSeconds
        self.wallSeconds = wallSeconds
        self.interrupted = interrupted
        self.weather = weather
    }
}
