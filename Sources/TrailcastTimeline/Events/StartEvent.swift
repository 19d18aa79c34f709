import TrailcastDevice
import TrailcastJSON
import TrailcastSettings

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

extension ReplayStart: TimelineEventBody {
    static let eventType = "start"
    static let textColor = TimelineTextColor.bold
    static var example: ReplayStart {
        ReplayStart(file: "walk.gpx", source: .track, points: nil, settings: ReplayConfiguration())
    }

    func writeFields(to fields: inout some TimelineFields) {
        fields.string("file", file)
        fields.string("source", source.rawValue)
        fields.integer("points", points)
        fields.json("settings") { Self.appendSettings(settings, to: &$0) }
    }

    /// `gpx/walk.gpx: 1840 track points, virtual time, GPS urban-canyon (±12.0 m typical, seed 7)`
    func appendText(to bytes: inout [UInt8]) {
        let noun: String
        switch source {
        case .track, .auto: noun = "track points"
        case .route: noun = "route points"
        case .waypoints: noun = "waypoints"
        }
        let pace = settings.speed == 0
            ? "virtual time" : "real time at \(TextTimelineFormat.number(settings.speed, digits: 3))x"
        var text = points.map { "\(file): \($0) \(noun), \(pace)" } ?? "\(file): \(noun), \(pace)"
        let gps = settings.gps
        if !gps.isPerfect {
            let typical = TextTimelineFormat.number(gps.sigmaMeters * PositionError.accuracyPerSigma, digits: 1)
            text += ", GPS \(gps.name) (±\(typical) m typical, seed \(settings.seed))"
        }
        bytes.append(contentsOf: text.utf8)
    }

    /// The effective settings, named as the command-line flags are.
    static func appendSettings(_ settings: ReplayConfiguration, to line: inout JSONLineWriter) {
        line.beginObject()
        line.field("travelSpeed", settings.travelSpeedMetersPerSecond, fractionDigits: 3)
        line.field("interval", settings.intervalSeconds, fractionDigits: 3)
        line.field("speed", settings.speed, fractionDigits: 3)
        line.field("loop", settings.loops)
        line.field("authorization", settings.location.initialStatus.argument)
        line.field("accuracy", settings.location.initialAccuracy.rawValue)
        line.field("services", settings.location.servicesEnabled ? "on" : "off")
        line.field("prompt", settings.location.promptAnswer.rawValue)
        line.field("promptAlways", settings.location.alwaysUpgradeAnswer.rawValue)
        line.field("request", settings.request.rawValue)
        line.field("distanceFilter", settings.location.distanceFilterMeters, fractionDigits: 3)
        line.key("events")
        line.beginArray()
        for event in settings.events { line.string(event.description) }
        line.endArray()
        line.field("strict", settings.strict)
        line.field("weather", settings.weather.provider.rawValue)
        line.field("weatherUrl", settings.weather.url)
        line.field("weatherCell", settings.weather.policy.cellDegrees, fractionDigits: TimelinePrecision.cellDegrees)
        line.field("weatherTtl", settings.weather.policy.freshnessSeconds, fractionDigits: TimelinePrecision.offset)
        line.field("weatherEvents", settings.weather.policy.reportsCacheHits ? "all" : "fetches")
        line.field("weatherCache", settings.weather.cache?.directory)
        line.field("weatherOffline", settings.weather.cache?.offline ?? false)
        line.field("weatherCacheMax", settings.weather.cache?.maximumMegabytes, fractionDigits: 3)
        let gps = settings.gps
        line.field("gps", gps.name)
        line.field("gpsSigma", gps.isPerfect ? nil : gps.sigmaMeters, fractionDigits: 3)
        line.field("gpsCorrelation", gps.isPerfect ? nil : gps.correlationSeconds, fractionDigits: 3)
        line.field("gpsMultipath", gps.isPerfect ? nil : gps.multipathPerSecond, fractionDigits: 6)
        line.field("seed", Int(truncatingIfNeeded: settings.seed))
        line.field("jitter", settings.jitterMilliseconds, fractionDigits: 3)
        line.field("maxGap", settings.maxGapSeconds, fractionDigits: 3)
        line.field("app", settings.app.name)
        switch settings.app {
        case .weather:
            line.field("places", nil as String?)
            line.field("placesLimit", nil as Int?)
        case .places(let file, let limit):
            line.field("places", file)
            line.field("placesLimit", limit)
        }
        line.endObject()
    }
}
