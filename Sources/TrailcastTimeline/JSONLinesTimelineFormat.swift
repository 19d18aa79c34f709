import TrailcastDevice
import TrailcastJSON
import TrailcastWeather
import TrailcastSettings

/// One JSON object per event, keys in the documented order:
///
/// ```
/// {"t":"2026-03-14T16:00:00.000Z","offset":0,"type":"prompt","request":"whenInUse","answer":"allow"}
/// ```
public struct JSONLinesTimelineFormat: TimelineFormat {
    private var quotedTime: [UInt8] = []

    public init() {}

    public mutating func appendHeader(to bytes: inout [UInt8]) {}

    public mutating func append(_ event: TimelineEvent, to bytes: inout [UInt8]) {
        quotedTime.removeAll(keepingCapacity: true)
        quotedTime.append(UInt8(ascii: "\""))
        event.time.appendTimelineTime(to: &quotedTime)
        quotedTime.append(UInt8(ascii: "\""))
        JSONLineWriter.append(to: &bytes) { line in
            Self.write(event, quotedTime: quotedTime, to: &line)
        }
    }

    private static func write(_ event: TimelineEvent, quotedTime: [UInt8], to line: inout JSONLineWriter) {
        line.beginObject()
        line.key("t")
        line.raw(quotedTime)
        line.field("offset", event.offsetSeconds, fractionDigits: TimelinePrecision.offset)
        line.field("type", event.kind.typeName)
        switch event.kind {
        case .start(let start):
            line.field("file", start.file)
            line.field("source", start.source.rawValue)
            line.field("points", start.points)
            line.key("settings")
            appendSettings(start.settings, to: &line)
        case .authorization(let change):
            line.field("from", change.from.rawValue)
            line.field("to", change.to.rawValue)
            line.field("accuracy", change.accuracy.rawValue)
            line.field("servicesEnabled", change.servicesEnabled)
            line.field("cause", change.cause.rawValue)
        case .prompt(let request, let answer):
            line.field("request", request.rawValue)
            line.field("answer", answer.rawValue)
        case .location(let fix):
            line.field("lat", fix.latitude, fractionDigits: TimelinePrecision.coordinate)
            line.field("lon", fix.longitude, fractionDigits: TimelinePrecision.coordinate)
            line.field("altitude", fix.altitudeMeters, fractionDigits: TimelinePrecision.altitude)
            line.field("horizontalAccuracy", fix.horizontalAccuracyMeters, fractionDigits: TimelinePrecision.accuracy)
            line.field("verticalAccuracy", fix.verticalAccuracyMeters, fractionDigits: TimelinePrecision.accuracy)
            line.field("speed", fix.speedMetersPerSecond, fractionDigits: TimelinePrecision.speed)
            line.field("course", fix.courseDegrees, fractionDigits: TimelinePrecision.course)
            line.field("index", fix.sourceIndex)
            line.key("truth")
            if let truth = fix.truth {
                line.beginObject()
                line.field("lat", truth.latitude, fractionDigits: TimelinePrecision.coordinate)
                line.field("lon", truth.longitude, fractionDigits: TimelinePrecision.coordinate)
                line.endObject()
            } else {
                line.null()
            }
        case .missed(let missed):
            line.field("reason", missed.reason.rawValue)
            line.field("fixes", missed.fixes)
            line.field("since", missed.sinceOffset, fractionDigits: TimelinePrecision.offset)
            line.field("until", missed.untilOffset, fractionDigits: TimelinePrecision.offset)
            line.key("path")
            appendPath(missed.path, to: &line)
        case .locationError(let code):
            line.field("code", code.rawValue)
            line.field("message", code.message)
        case .alert(let message):
            line.field("message", message)
        case .tap(let action):
            line.field("action", action.rawValue)
        case .places(let list):
            line.field("order", list.order.rawValue)
            line.key("nearest")
            appendPlaces(list, to: &line)
            line.field("total", list.total)
        case .app(let state):
            line.field("state", state.rawValue)
        case .signal(let change):
            line.field("state", change.state.rawValue)
            line.field("cause", change.cause.rawValue)
        case .control(let change):
            line.field("action", change.action.rawValue)
            line.field("paused", change.paused)
            line.field("multiplier", change.speed, fractionDigits: TimelinePrecision.multiplier)
        case .call(let call):
            line.field("method", call.method.rawValue)
            line.field("manager", call.manager)
        case .weather(let weather):
            let conditions = weather.conditions
            line.field("lat", weather.latitude, fractionDigits: TimelinePrecision.coordinate)
            line.field("lon", weather.longitude, fractionDigits: TimelinePrecision.coordinate)
            line.field("cell", weather.cell.description)
            line.field("source", weather.source.rawValue)
            line.field("stale", weather.stale)
            line.field("temperatureCelsius", conditions.temperatureCelsius, fractionDigits: TimelinePrecision.weather)
            line.field("apparentTemperatureCelsius", conditions.apparentTemperatureCelsius, fractionDigits: TimelinePrecision.weather)
            line.field("relativeHumidity", conditions.relativeHumidity)
            line.field("precipitationMm", conditions.precipitationMm, fractionDigits: TimelinePrecision.weather)
            line.field("cloudCover", conditions.cloudCover)
            line.field("weatherCode", conditions.weatherCode.rawValue)
            line.field("condition", conditions.condition)
            line.field("windSpeedMps", conditions.windSpeedMps, fractionDigits: TimelinePrecision.weather)
            line.field("windDirectionDegrees", conditions.windDirectionDegrees)
            line.field("isDay", conditions.isDay)
            line.field("attempts", weather.attempts)
            line.field("fetchMs", weather.fetchMilliseconds, fractionDigits: TimelinePrecision.fetchMilliseconds)
        case .weatherError(let failure):
            line.field("cell", failure.cell.description)
            line.field("message", failure.message)
            line.field("attempts", failure.attempts)
            line.field("httpStatus", failure.httpStatus)
            line.field("willRetry", failure.willRetry)
        case .end(let summary):
            line.field("points", summary.points)
            line.field("locations", summary.locations)
            line.field("distanceMeters", summary.distanceMeters, fractionDigits: TimelinePrecision.distance)
            line.field("simulatedSeconds", summary.simulatedSeconds, fractionDigits: TimelinePrecision.offset)
            line.field("wallSeconds", summary.wallSeconds, fractionDigits: TimelinePrecision.offset)
            line.field("weatherLookups", summary.weather.lookups)
            line.field("weatherNetworkFetches", summary.weather.networkFetches)
            line.field("weatherCacheHits", summary.weather.cacheHits)
            line.field("weatherErrors", summary.weather.errors)
        }
        line.endObject(endingLine: true)
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

    /// `[[lat,lon],...]`, with the precision of a location's coordinates.
    static func appendPath(_ path: [Coordinate], to line: inout JSONLineWriter) {
        line.beginArray()
        for point in path {
            line.beginArray()
            line.number(point.latitude, fractionDigits: TimelinePrecision.coordinate)
            line.number(point.longitude, fractionDigits: TimelinePrecision.coordinate)
            line.endArray()
        }
        line.endArray()
    }

    /// `[{"name":..,"lat":..,"lon":..,"distanceMeters":..},...]`.
    static func appendPlaces(_ list: PlacesList, to line: inout JSONLineWriter) {
        line.beginArray()
        for entry in list.nearest {
            line.beginObject()
            line.field("name", entry.name)
            line.field("lat", entry.latitude, fractionDigits: TimelinePrecision.coordinate)
            line.field("lon", entry.longitude, fractionDigits: TimelinePrecision.coordinate)
            line.field("distanceMeters", entry.distanceMeters, fractionDigits: TimelinePrecision.distance)
            line.endObject()
        }
        line.endArray()
    }

    /// A places list's entries alone, as one JSON value (CSV's `nearest` column).
    static func placesJSON(_ list: PlacesList) -> String {
        var line = JSONLineWriter(capacity: 96 * list.nearest.count + 2)
        appendPlaces(list, to: &line)
        return String(decoding: line.bytes, as: UTF8.self)
    }

    /// A missed stretch's path alone, as one JSON value (CSV's `path` column).
    static func pathJSON(_ path: [Coordinate]) -> String {
        var line = JSONLineWriter(capacity: 32 * path.count + 2)
        appendPath(path, to: &line)
        return String(decoding: line.bytes, as: UTF8.self)
    }

    /// The settings object alone, as one JSON value (CSV's `settings` column).
    static func settingsJSON(_ settings: ReplayConfiguration) -> String {
        var line = JSONLineWriter(capacity: 256)
        appendSettings(settings, to: &line)
        return String(decoding: line.bytes, as: UTF8.self)
    }
}
