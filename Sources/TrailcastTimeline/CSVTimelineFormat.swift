import TrailcastJSON
import TrailcastWeather

/// A header and one row per event, with the same columns for every event type
/// (empty where a column does not apply), quoted as RFC 4180 says.
public struct CSVTimelineFormat: TimelineFormat {
    /// The columns, in order (the case names are the header); each event type fills its own.
    private enum Column: Int, CaseIterable {
        case t, offset, type
        case file, source, points, settings
        case from, to, accuracy, servicesEnabled, cause
        case request, answer
        case lat, lon, altitude, horizontalAccuracy, verticalAccuracy, speed, course, index
        case code, message, state
        case locations, distanceMeters, simulatedSeconds, wallSeconds
        // Weather columns come last so that the columns above keep their places.
        case cell, stale, temperatureCelsius, apparentTemperatureCelsius, relativeHumidity, precipitationMm
        case cloudCover, weatherCode, condition, windSpeedMps, windDirectionDegrees, isDay, attempts, fetchMs
        case httpStatus, willRetry
        case weatherLookups, weatherNetworkFetches, weatherCacheHits, weatherErrors
        // The simulated GPS's columns come after the weather's, for the same reason.
        case truthLat, truthLon
        // The live control's, last.
        case action, paused, multiplier
        // The testing library's, last.
        case method, manager
        // The missed stretches', last.
        case reason, fixes, since, until, path
        // The places app's, last (a tap fills `action`).
        case order, nearest, total
    }

    /// The header's column names, in order.
    public static let columns = Column.allCases.map { "\($0)" }

    private var cells: [[UInt8]] = Array(repeating: [], count: Column.allCases.count)

    public init() {}

    public mutating func appendHeader(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: Self.columns.joined(separator: ",").utf8)
        bytes.append(0x0A)
    }

    public mutating func append(_ event: TimelineEvent, to bytes: inout [UInt8]) {
        for column in cells.indices { cells[column].removeAll(keepingCapacity: true) }
        event.time.appendTimelineTime(to: &cells[Column.t.rawValue])
        cells[Column.offset.rawValue].appendDecimal(event.offsetSeconds, fractionDigits: TimelinePrecision.offset)
        set(.type, event.kind.typeName)
        switch event.kind {
        case .start(let start):
            set(.file, start.file)
            set(.source, start.source.rawValue)
            if let points = start.points { set(.points, points) }
            set(.settings, JSONLinesTimelineFormat.settingsJSON(start.settings))
        case .authorization(let change):
            set(.from, change.from.rawValue)
            set(.to, change.to.rawValue)
            set(.accuracy, change.accuracy.rawValue)
            set(.servicesEnabled, change.servicesEnabled ? "true" : "false")
            set(.cause, change.cause.rawValue)
        case .prompt(let request, let answer):
            set(.request, request.rawValue)
            set(.answer, answer.rawValue)
        case .location(let fix):
            set(.lat, fix.latitude, digits: TimelinePrecision.coordinate)
            set(.lon, fix.longitude, digits: TimelinePrecision.coordinate)
            set(.altitude, fix.altitudeMeters, digits: TimelinePrecision.altitude)
            set(.horizontalAccuracy, fix.horizontalAccuracyMeters, digits: TimelinePrecision.accuracy)
            set(.verticalAccuracy, fix.verticalAccuracyMeters, digits: TimelinePrecision.accuracy)
            set(.speed, fix.speedMetersPerSecond, digits: TimelinePrecision.speed)
            set(.course, fix.courseDegrees, digits: TimelinePrecision.course)
            set(.index, fix.sourceIndex)
            set(.truthLat, fix.truth?.latitude, digits: TimelinePrecision.coordinate)
            set(.truthLon, fix.truth?.longitude, digits: TimelinePrecision.coordinate)
        case .missed(let missed):
            set(.reason, missed.reason.rawValue)
            set(.fixes, missed.fixes)
            set(.since, missed.sinceOffset, digits: TimelinePrecision.offset)
            set(.until, missed.untilOffset, digits: TimelinePrecision.offset)
            set(.path, JSONLinesTimelineFormat.pathJSON(missed.path))
        case .locationError(let code):
            set(.code, code.rawValue)
            set(.message, code.message)
        case .alert(let message):
            set(.message, message)
        case .tap(let action):
            set(.action, action.rawValue)
        case .places(let list):
            set(.order, list.order.rawValue)
            set(.nearest, JSONLinesTimelineFormat.placesJSON(list))
            set(.total, list.total)
        case .app(let state):
            set(.state, state.rawValue)
        case .signal(let change):
            set(.state, change.state.rawValue)
            set(.cause, change.cause.rawValue)
        case .control(let change):
            set(.action, change.action.rawValue)
            set(.paused, change.paused ? "true" : "false")
            set(.multiplier, change.speed, digits: TimelinePrecision.multiplier)
        case .call(let call):
            set(.method, call.method.rawValue)
            set(.manager, call.manager)
        case .weather(let weather):
            let conditions = weather.conditions
            set(.lat, weather.latitude, digits: TimelinePrecision.coordinate)
            set(.lon, weather.longitude, digits: TimelinePrecision.coordinate)
            set(.cell, weather.cell.description)
            set(.source, weather.source.rawValue)
            set(.stale, weather.stale ? "true" : "false")
            set(.temperatureCelsius, conditions.temperatureCelsius, digits: TimelinePrecision.weather)
            set(.apparentTemperatureCelsius, conditions.apparentTemperatureCelsius, digits: TimelinePrecision.weather)
            set(.relativeHumidity, conditions.relativeHumidity)
            set(.precipitationMm, conditions.precipitationMm, digits: TimelinePrecision.weather)
            set(.cloudCover, conditions.cloudCover)
            set(.weatherCode, conditions.weatherCode.rawValue)
            set(.condition, conditions.condition)
            set(.windSpeedMps, conditions.windSpeedMps, digits: TimelinePrecision.weather)
            set(.windDirectionDegrees, conditions.windDirectionDegrees)
            set(.isDay, conditions.isDay ? "true" : "false")
            set(.attempts, weather.attempts)
            set(.fetchMs, weather.fetchMilliseconds, digits: TimelinePrecision.fetchMilliseconds)
        case .weatherError(let failure):
            set(.cell, failure.cell.description)
            set(.message, failure.message)
            set(.attempts, failure.attempts)
            if let status = failure.httpStatus { set(.httpStatus, status) }
            set(.willRetry, failure.willRetry ? "true" : "false")
        case .end(let summary):
            set(.points, summary.points)
            set(.locations, summary.locations)
            set(.distanceMeters, summary.distanceMeters, digits: TimelinePrecision.distance)
            set(.simulatedSeconds, summary.simulatedSeconds, digits: TimelinePrecision.offset)
            set(.wallSeconds, summary.wallSeconds, digits: TimelinePrecision.offset)
            set(.weatherLookups, summary.weather.lookups)
            set(.weatherNetworkFetches, summary.weather.networkFetches)
            set(.weatherCacheHits, summary.weather.cacheHits)
            set(.weatherErrors, summary.weather.errors)
        }
        for (column, cell) in cells.enumerated() {
            if column > 0 { bytes.append(UInt8(ascii: ",")) }
            Self.appendField(cell, to: &bytes)
        }
        bytes.append(0x0A)
    }

    private mutating func set(_ column: Column, _ text: String) {
        cells[column.rawValue].append(contentsOf: text.utf8)
    }

    private mutating func set(_ column: Column, _ value: Int) {
        cells[column.rawValue].appendDecimal(value)
    }

    /// A missing value (altitude without `<ele>`) stays an empty cell.
    private mutating func set(_ column: Column, _ value: Double?, digits: Int) {
        guard let value else { return }
        cells[column.rawValue].appendDecimal(value, fractionDigits: digits)
    }

    /// Quotes a field holding a comma, quote or line break, doubling inner quotes.
    static func appendField(_ cell: [UInt8], to bytes: inout [UInt8]) {
        let needsQuotes = cell.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else {
            bytes.append(contentsOf: cell)
            return
        }
        bytes.append(UInt8(ascii: "\""))
        for byte in cell {
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
            bytes.append(byte)
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
