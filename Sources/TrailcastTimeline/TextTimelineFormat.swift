import TrailcastDevice
import TrailcastJSON
import TrailcastWeather
import TrailcastBasics

/// One aligned line per event for people: offset, type, details.
///
/// ```
/// +0:00:00.000  start          gpx/walk.gpx: 1840 track points, virtual time
/// +0:00:00.000  prompt         whenInUse requested, user chose allow
/// +0:00:05.000  location       37.8085200, -122.4100500  alt 3.1 m  ±5 m  1.38 m/s  84.2°  #1
/// ```
///
/// With `colors` the type is coloured (ANSI), for terminals only.
public struct TextTimelineFormat: TimelineFormat {
    public let colors: Bool

    public init(colors: Bool = false) {
        self.colors = colors
    }

    public mutating func appendHeader(to bytes: inout [UInt8]) {}

    public mutating func append(_ event: TimelineEvent, to bytes: inout [UInt8]) {
        Self.appendOffset(event.offsetSeconds, to: &bytes)
        bytes.append(contentsOf: [0x20, 0x20])
        let type = event.kind.typeName
        let color = colors ? Self.color(of: event.kind) : nil
        if let color { bytes.append(contentsOf: color.utf8) }
        bytes.append(contentsOf: type.utf8)
        if color != nil { bytes.append(contentsOf: "\u{1B}[0m".utf8) }
        bytes.append(contentsOf: repeatElement(0x20, count: max(1, 15 - type.utf8.count)))
        appendDetails(of: event.kind, to: &bytes)
        bytes.append(0x0A)
    }

    private func appendDetails(of kind: TimelineEvent.Kind, to bytes: inout [UInt8]) {
        switch kind {
        case .start(let start):
            let noun: String
            switch start.source {
            case .track, .auto: noun = "track points"
            case .route: noun = "route points"
            case .waypoints: noun = "waypoints"
            }
            let pace = start.settings.speed == 0
                ? "virtual time" : "real time at \(Self.number(start.settings.speed, digits: 3))x"
            var text = start.points.map { "\(start.file): \($0) \(noun), \(pace)" } ?? "\(start.file): \(noun), \(pace)"
            let gps = start.settings.gps
            if !gps.isPerfect {
                text += ", GPS \(gps.name) (±\(Self.number(gps.sigmaMeters * PositionError.accuracyPerSigma, digits: 1)) m typical, seed \(start.settings.seed))"
            }
            bytes.append(contentsOf: text.utf8)
        case .authorization(let change):
            var text = change.from == change.to ? change.to.rawValue : "\(change.from.rawValue) -> \(change.to.rawValue)"
            text += ", accuracy \(change.accuracy.rawValue), services \(change.servicesEnabled ? "on" : "off") (\(change.cause.rawValue))"
            bytes.append(contentsOf: text.utf8)
        case .prompt(let request, let answer):
            bytes.append(contentsOf: "\(request.rawValue) requested, user chose \(answer.rawValue)".utf8)
        case .location(let fix):
            // Fixed decimals, unlike JSON, so the columns of successive lines line up.
            Self.appendFixed(fix.latitude, digits: 6, width: 10, to: &bytes)
            bytes.append(UInt8(ascii: ","))
            Self.appendFixed(fix.longitude, digits: 6, width: 12, to: &bytes)
            bytes.append(contentsOf: "  alt ".utf8)
            if let altitude = fix.altitudeMeters {
                Self.appendFixed(altitude, digits: 1, width: 6, to: &bytes)
                bytes.append(contentsOf: " m".utf8)
            } else {
                bytes.append(contentsOf: "     - m".utf8)
            }
            bytes.append(contentsOf: "  ±".utf8)
            Self.appendFixed(fix.horizontalAccuracyMeters, digits: 0, width: 4, to: &bytes)
            bytes.append(contentsOf: " m  ".utf8)
            if fix.speedMetersPerSecond >= 0 {
                Self.appendFixed(fix.speedMetersPerSecond, digits: 2, width: 6, to: &bytes)
            } else {
                bytes.append(contentsOf: "     -".utf8)
            }
            bytes.append(contentsOf: " m/s  ".utf8)
            if fix.courseDegrees >= 0 {
                Self.appendFixed(fix.courseDegrees, digits: 0, width: 3, to: &bytes)
            } else {
                bytes.append(contentsOf: "  -".utf8)
            }
            bytes.append(contentsOf: "°  #".utf8)
            bytes.appendDecimal(fix.sourceIndex)
            if let truth = fix.truth {
                // How far the GPS put the fix from where the device really was.
                bytes.append(contentsOf: "  off ".utf8)
                Self.appendFixed(GreatCircle.distanceMeters(
                    latitude1: truth.latitude, longitude1: truth.longitude,
                    latitude2: fix.latitude, longitude2: fix.longitude), digits: 1, width: 0, to: &bytes)
                bytes.append(contentsOf: " m".utf8)
            }
        case .missed(let missed):
            var text = "\(missed.fixes) fix\(missed.fixes == 1 ? "" : "es") not delivered (\(missed.reason.rawValue)) from +"
            text += Self.number(missed.sinceOffset, digits: 3) + " s to +" + Self.number(missed.untilOffset, digits: 3) + " s"
            bytes.append(contentsOf: text.utf8)
        case .locationError(let code):
            bytes.append(contentsOf: "\(code.rawValue): \(code.message)".utf8)
        case .alert(let message):
            bytes.append(contentsOf: "\"\(message)\"".utf8)
        case .tap(let action):
            bytes.append(contentsOf: action.rawValue.utf8)
        case .places(let list):
            var text = list.order == .distance ? "nearest \(list.nearest.count) of \(list.total): " : "file order, \(list.nearest.count) of \(list.total): "
            text += list.nearest.map { entry in
                entry.distanceMeters.map { "\(entry.name) (\(Self.number($0, digits: 0)) m)" } ?? entry.name
            }.joined(separator: ", ")
            bytes.append(contentsOf: text.utf8)
        case .app(let state):
            bytes.append(contentsOf: state.rawValue.utf8)
        case .signal(let change):
            bytes.append(contentsOf: "\(change.state.rawValue) (\(change.cause.rawValue))".utf8)
        case .control(let change):
            bytes.append(contentsOf: "\(change.action.rawValue): ".utf8)
            bytes.append(contentsOf: (change.paused ? "paused at " : "running at ").utf8)
            bytes.appendDecimal(change.speed, fractionDigits: TimelinePrecision.multiplier)
            bytes.append(contentsOf: "x".utf8)
        case .call(let call):
            bytes.append(contentsOf: "manager \(call.manager): \(call.method.rawValue)()".utf8)
        case .weather(let weather):
            appendWeather(weather, to: &bytes)
        case .weatherError(let failure):
            var text = "cell \(failure.cell): \(failure.message) (\(failure.attempts) attempt\(failure.attempts == 1 ? "" : "s")"
            text += failure.willRetry ? ", will retry)" : ", will not retry)"
            bytes.append(contentsOf: text.utf8)
        case .end(let summary):
            var text = "\(summary.points) point\(summary.points == 1 ? "" : "s") read, "
            text += "\(summary.locations) location\(summary.locations == 1 ? "" : "s"), \(Self.number(summary.distanceMeters, digits: 1)) m, "
            text += "\(Self.number(summary.simulatedSeconds, digits: 3)) s simulated; "
            let weather = summary.weather
            if weather.lookups > 0 {
                text += "weather \(weather.lookups) lookup\(weather.lookups == 1 ? "" : "s"), "
                text += "\(weather.networkFetches) network, \(weather.cacheHits) cached, "
                text += "\(weather.errors) error\(weather.errors == 1 ? "" : "s"); "
            }
            text += "\(Self.number(summary.wallSeconds, digits: 3)) s wall"
            if summary.interrupted { text += " (interrupted)" }
            bytes.append(contentsOf: text.utf8)
        }
    }

    /// `12.4 C (feels 11.0 C), partly cloudy, wind 3.1 m/s from 240°, humidity 71%, ...`
    /// with one decimal always, so successive lines read alike.
    private func appendWeather(_ weather: WeatherObservation, to bytes: inout [UInt8]) {
        let conditions = weather.conditions
        Self.appendFixed(conditions.temperatureCelsius, digits: 1, width: 0, to: &bytes)
        bytes.append(contentsOf: " C (feels ".utf8)
        Self.appendFixed(conditions.apparentTemperatureCelsius, digits: 1, width: 0, to: &bytes)
        bytes.append(contentsOf: " C), \(conditions.condition), wind ".utf8)
        Self.appendFixed(conditions.windSpeedMps, digits: 1, width: 0, to: &bytes)
        var text = " m/s from \(conditions.windDirectionDegrees)°, humidity \(conditions.relativeHumidity)%, "
        text += "cloud \(conditions.cloudCover)%, precipitation "
        bytes.append(contentsOf: text.utf8)
        Self.appendFixed(conditions.precipitationMm, digits: 1, width: 0, to: &bytes)
        text = " mm, \(conditions.isDay ? "day" : "night")  [\(weather.source.rawValue)"
        if weather.stale { text += ", stale" }
        if weather.source == .network {
            text += ", \(weather.attempts) attempt\(weather.attempts == 1 ? "" : "s")"
            if let milliseconds = weather.fetchMilliseconds { text += ", \(Self.number(milliseconds, digits: 1)) ms" }
        }
        text += ", cell \(weather.cell)]"
        bytes.append(contentsOf: text.utf8)
    }

    /// `+H:MM:SS.mmm`, right-aligned so columns line up for runs under 100 hours.
    static func appendOffset(_ seconds: Double, to bytes: inout [UInt8]) {
        let totalMilliseconds = Int64((max(seconds, 0) * 1000).rounded())
        let hours = totalMilliseconds / 3_600_000
        let minutes = totalMilliseconds / 60_000 % 60
        let wholeSeconds = totalMilliseconds / 1000 % 60
        let milliseconds = totalMilliseconds % 1000
        let hourText = String(hours)
        bytes.append(contentsOf: repeatElement(0x20, count: max(0, 2 - hourText.utf8.count)))
        bytes.append(UInt8(ascii: "+"))
        bytes.append(contentsOf: hourText.utf8)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(minutes, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(wholeSeconds, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        appendPadded(milliseconds, width: 3, to: &bytes)
    }

    /// `value` with exactly `digits` decimals, right-aligned in `width` characters.
    static func appendFixed(_ value: Double, digits: Int, width: Int, to bytes: inout [UInt8]) {
        var text: [UInt8] = []
        text.appendDecimal(value, fractionDigits: digits)
        if digits > 0 {
            let decimals = text.firstIndex(of: UInt8(ascii: ".")).map { text.count - $0 - 1 }
            if decimals == nil { text.append(UInt8(ascii: ".")) }
            text.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits - (decimals ?? 0)))
        }
        bytes.append(contentsOf: repeatElement(0x20, count: max(0, width - text.count)))
        bytes.append(contentsOf: text)
    }

    private static func appendPadded(_ value: Int64, width: Int, to bytes: inout [UInt8]) {
        var divisor: Int64 = 1
        for _ in 1..<width { divisor *= 10 }
        var value = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            value %= divisor
            divisor /= 10
        }
    }

    private static func number(_ value: Double, digits: Int) -> String {
        var bytes: [UInt8] = []
        bytes.appendDecimal(value, fractionDigits: digits)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func color(of kind: TimelineEvent.Kind) -> String? {
        switch kind {
        case .start, .end: return "\u{1B}[1m"          // bold
        case .authorization: return "\u{1B}[33m"       // yellow
        case .prompt: return "\u{1B}[35m"              // magenta
        case .location: return "\u{1B}[32m"            // green
        case .missed: return "\u{1B}[2;32m"               // dim green
        case .locationError, .alert, .weatherError: return "\u{1B}[1;31m"  // bold red
        case .app, .signal, .control, .call, .tap: return "\u{1B}[36m"  // cyan
        case .places: return "\u{1B}[34m"             // blue
        case .weather: return "\u{1B}[34m"             // blue
        }
    }
}
