// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
package import TrailcastTimeline

/// What a report page shows of one run, gathered from its timeline one event at a time in
/// bounded memory (paths thinned, series bucketed, markers and table rows sampled or
/// capped); the counts and the `end` totals stay exact.
///
/// ```swift
/// var report = RunReport()
/// for line in jsonLines { if let record = TimelineRecord(line: line) { report.add(record) } }
/// report.finish()
/// let html = RunReportPage.render(report)
/// ```
package struct RunReport: Sendable {
    /// Limits that keep a million-point run's page small; the counts say what was left out.
    package struct Limits: Sendable {
        package var pathPoints = 4000
        package var truthPoints = 2000
        package var fixDots = 1500
        package var markersPerKind = 200
        package var tableRows = 1000
        package var weatherCells = 2000
        package var chartBuckets = 800
        package var regions = 100
        package init() {}
    }

    let limits: Limits
    /// `start`'s fields.
    package private(set) var file = ""
    package private(set) var source = ""
    package private(set) var points: Int?
    /// `start.settings`, keys sorted, values as JSON text.
    package private(set) var settings: [(key: String, value: String)] = []
    /// `end`'s fields in the schema's order, values as JSON text; empty without `end`.
    package private(set) var totals: [(key: String, value: String)] = []
    /// Events per type, exact.
    package private(set) var counts: [String: Int] = [:]
    package private(set) var lastOffset = 0.0
    /// Lines that were not timeline events (`report` skips them and says how many).
    package var unreadableLines = 0

    var gpsIsNoisy = false
    var weatherCellDegrees = 0.01
    var route: PathThinner<RouteCategory>
    var truth: PathThinner<Bool>
    var fixDots: StrideSample<ReportMarker>
    var markers: [ReportMarkerKind: StrideSample<ReportMarker>] = [:]
    /// Kinds with markers kept before the first position, to be placed at it.
    var kindsAwaitingPosition: Set<ReportMarkerKind> = []
    var cells: [String: Int] = [:]
    var cellOrder: [String] = []
    /// Whether cells were looked up beyond those kept (``Limits/weatherCells``).
    var moreCells = false
    var weather: TimeBuckets<WeatherBucket>
    var bands: [StateBand]
    /// Region monitoring's band (`on` while a region is monitored), once a region appears.
    var monitoringBand: StateBand?
    /// The regions seen, in order of first appearance (at most ``Limits/regions``).
    var regions: [ReportRegion] = []
    private var monitored: Set<String> = []
    var rows: [(offset: Double, type: String, text: String)] = []
    var rowsSeen = 0
    private var lastIndex: Int?
    private var lastPosition: (x: Double, y: Double)?
    private var previousWasMiss = false
    private var finished = false

    /// Fixes with an accuracy radius this large are drawn as dots, not path points.
    static let approximateAccuracyMeters = 1000.0

    static let bandTitles = ["authorization", "accuracy", "app", "signal", "delivery"]

    package init(limits: Limits = Limits()) {
        self.limits = limits
        route = PathThinner(capacity: limits.pathPoints)
        truth = PathThinner(capacity: limits.truthPoints)
        fixDots = StrideSample(capacity: limits.fixDots)
        weather = TimeBuckets(capacity: limits.chartBuckets)
        bands = Self.bandTitles.map { StateBand(title: $0, capacity: limits.chartBuckets) }
    }

    /// Takes the next event of the timeline.
    package mutating func add(_ record: TimelineRecord) {
        guard !finished else { return }
        let offset = count(record.type, at: record.offsetSeconds)
        var row: Int?
        if record.type != "location" && record.type != "start" {
            row = addRow(record, at: offset)
        }
        switch record.type {
        case "start": start(record)
        case "authorization": authorization(record, at: offset, row: row)
        case "prompt":
            let text = "prompt: \(record.string("request") ?? "?") -> \(record.string("answer") ?? "?")"
            mark(.prompt, at: offset, text: text, row: row)
        case "location": location(record, at: offset)
        case "missed": missed(record, at: offset)
        case "locationError":
            mark(.locationError, at: offset, text: "location error: \(record.string("code") ?? "?")", row: row)
        case "alert": mark(.alert, at: offset, text: "alert: \(record.string("message") ?? "")", row: row)
        case "tap": mark(.tap, at: offset, text: "tap: \(record.string("action") ?? "?")", row: row)
        case "app": bands[2].set(record.string("state") ?? "?", at: offset)
        case "signal": bands[3].set(record.string("state") == "lost" ? "lost" : "ok", at: offset)
        case "control":
            mark(
                .control, at: offset,
                text:
                    "\(record.string("action") ?? "control"): \(record.number("multiplier").map { Markup.number($0, decimals: 3) } ?? "?")x",
                row: row)
        case "weather": weatherObservation(record, at: offset)
        case "weatherError":
            mark(
                .weatherError, at: offset,
                text: "weather error, cell \(record.string("cell") ?? "?"): \(record.string("message") ?? "")", row: row
            )
        case "region": region(record, at: offset, row: row)
        case "regionError":
            mark(
                .locationError, at: offset,
                text: "region error, \(record.string("identifier") ?? "?"): \(record.string("reason") ?? "?")", row: row
            )
        case "visit": visit(record, at: offset, row: row)
        case "launch":
            mark(.launch, at: offset, text: "relaunched for \(record.string("reason") ?? "?")", row: row)
            bands[2].set("background", at: offset)
        case "end": end(record)
        default: break
        }
    }

    /// Every state band drawn: the fixed ones, then region monitoring's if any.
    var allBands: [StateBand] { bands + (monitoringBand.map { [$0] } ?? []) }

    /// The timeline is over: bands end at the last offset.
    package mutating func finish() {
        guard !finished else { return }
        finished = true
        for index in bands.indices { bands[index].finish(at: lastOffset) }
        monitoringBand?.finish(at: lastOffset)
        if let lastPosition { placeWaitingMarkers(at: lastPosition) }
        route.thin(to: limits.pathPoints)
        truth.thin(to: limits.truthPoints)
    }

    // MARK: events

    private mutating func start(_ record: TimelineRecord) {
        file = record.string("file") ?? ""
        source = record.string("source") ?? ""
        points = record.number("points").flatMap { Int(exactly: $0.rounded()) }
        guard case .json(let text)? = record.fields["settings"],
            let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        else { return }
        settings = object.keys.sorted().map { key in (key, Self.jsonText(object[key]!)) }
        gpsIsNoisy = (object["gps"] as? String).map { $0 != "perfect" } ?? false
        if let cell = (object["weatherCell"] as? NSNumber)?.doubleValue, cell > 0, cell <= 10 {
            weatherCellDegrees = cell
        }
        bands[2].set("foreground", at: 0)
        bands[3].set("ok", at: 0)
    }

    private mutating func authorization(_ record: TimelineRecord, at offset: Double, row: Int?) {
        let status = record.string("to") ?? "?"
        let servicesOff = record.fields["servicesEnabled"] == .bool(false)
        bands[0].set(servicesOff ? "servicesOff" : status, at: offset)
        bands[1].set(record.string("accuracy") ?? "?", at: offset)
        guard record.string("cause") != "initial" else { return }
        let text = "authorization: \(record.string("from") ?? "?") -> \(status) (\(record.string("cause") ?? "?"))"
        mark(.authorization, at: offset, text: text, row: row)
    }

    /// Counts an event; its offset, made safe to draw.
    private mutating func count(_ type: String, at rawOffset: Double) -> Double {
        counts[type, default: 0] += 1
        let offset = rawOffset.isFinite ? max(rawOffset, 0) : lastOffset
        lastOffset = max(lastOffset, offset)
        return offset
    }

    /// A `location` event given by its values, as its JSON line would give them (the
    /// recorder's fast path: a million fixes without a JSON round trip each).
    mutating func addLocation(
        offset rawOffset: Double, latitude: Double, longitude: Double, horizontalAccuracy: Double?, index: Int?,
        truth: (latitude: Double, longitude: Double)?
    ) {
        guard !finished else { return }
        let offset = count("location", at: rawOffset)
        location(
            latitude: latitude, longitude: longitude, horizontalAccuracy: horizontalAccuracy, index: index,
            truth: truth, at: offset)
    }

    private mutating func location(_ record: TimelineRecord, at offset: Double) {
        var truth: (latitude: Double, longitude: Double)?
        if case .json(let text)? = record.fields["truth"] { truth = PathText.coordinates(inObject: text) }
        location(
            latitude: record.number("lat") ?? .nan, longitude: record.number("lon") ?? .nan,
            horizontalAccuracy: record.number("horizontalAccuracy"),
            index: record.number("index").map { Int(clamping: Int64(exactly: $0.rounded()) ?? 0) }, truth: truth,
            at: offset)
    }

    private mutating func location(
        latitude: Double, longitude: Double, horizontalAccuracy: Double?, index: Int?,
        truth truePosition: (latitude: Double, longitude: Double)?, at offset: Double
    ) {
        guard abs(latitude) <= 90, abs(longitude) <= 180 else { return }
        // A loop starts the route again: no line back from its end to its start.
        let restarts = index != nil && lastIndex != nil && index! < lastIndex!
        lastIndex = index ?? lastIndex
        let x = WebMercator.x(longitude: longitude), y = WebMercator.y(latitude: latitude)
        let accuracy = horizontalAccuracy ?? 0
        // An approximate fix (reduced accuracy: a cell's centre, kilometres off) is not a
        // point of the path: it is a dot, and the line stays where the device was.
        let isApproximate = accuracy >= Self.approximateAccuracyMeters
        if !isApproximate { route.add(.init(x: x, y: y, kind: .delivered, breaksBefore: restarts)) }
        bands[4].set(RouteCategory.delivered.rawValue, at: offset)
        if let pair = truePosition {
            // The truth is known only at delivered fixes: no line across a missed stretch.
            self.truth.add(
                .init(
                    x: WebMercator.x(longitude: pair.longitude), y: WebMercator.y(latitude: pair.latitude), kind: true,
                    breaksBefore: restarts || previousWasMiss))
        }
        // A fix after a missed stretch (a distance filter's, say) is a dot of its own.
        if previousWasMiss || fixDots.seen == 0 || isApproximate {
            let text =
                "fix at \(Markup.offset(offset)) ±\(Markup.number(accuracy, decimals: 0)) m\(isApproximate ? " (approximate)" : "")"
            fixDots.add(ReportMarker(kind: .prompt, offset: offset, x: x, y: y, text: text, row: nil))
        }
        previousWasMiss = false
        moved(to: (x, y))
    }

    private mutating func missed(_ record: TimelineRecord, at offset: Double) {
        let category = RouteCategory(missReason: record.string("reason") ?? "")
        let since = record.number("since") ?? offset
        bands[4].set(category.rawValue, at: since)
        guard case .json(let text)? = record.fields["path"] else { return }
        var position: (x: Double, y: Double)?
        PathText.forEachPair(in: text) { latitude, longitude in
            guard abs(latitude) <= 90, abs(longitude) <= 180 else { return }
            let point = (x: WebMercator.x(longitude: longitude), y: WebMercator.y(latitude: latitude))
            route.add(.init(x: point.x, y: point.y, kind: category, breaksBefore: false))
            position = point
        }
        previousWasMiss = true
        if let position { moved(to: position) }
    }

    private mutating func weatherObservation(_ record: TimelineRecord, at offset: Double) {
        if let cell = record.string("cell") {
            if cells[cell] != nil {
                cells[cell]! += 1
            } else if cellOrder.count < limits.weatherCells {
                cellOrder.append(cell)
                cells[cell] = 1
            } else {
                // Bounded: cells past the limit are not kept, only said to exist.
                moreCells = true
            }
        }
        weather.update(at: offset) { bucket in
            if bucket == nil { bucket = WeatherBucket() }
            bucket!.observations += 1
            if let value = record.number("temperatureCelsius") { bucket!.temperature.add(value, at: offset) }
            if let value = record.number("apparentTemperatureCelsius") {
                bucket!.apparentTemperature.add(value, at: offset)
            }
            if let value = record.number("precipitationMm"), value.isFinite {
                bucket!.precipitationMm = max(bucket!.precipitationMm, value)
            }
            if let code = record.number("weatherCode"), code.isFinite {
                bucket!.weatherCode = Int(max(-1, min(code, 1000)))
            }
            bucket!.condition = record.string("condition") ?? ""
            if record.fields["stale"] == .bool(true) { bucket!.stale += 1 }
        }
    }

    private mutating func region(_ record: TimelineRecord, at offset: Double, row: Int?) {
        guard let identifier = record.string("identifier"), let change = record.string("change") else { return }
        if monitoringBand == nil {
            monitoringBand = StateBand(title: "monitoring", capacity: limits.chartBuckets)
            monitoringBand!.set("off", at: 0)
        }
        var index = regions.firstIndex { $0.identifier == identifier }
        // A condition over CLMonitor's limit was never monitored: no circle.
        if index == nil, change != "unmonitored", regions.count < limits.regions,
            case .json(let center)? = record.fields["center"],
            let (latitude, longitude) = PathText.coordinates(inObject: center), let radius = record.number("radius"),
            abs(latitude) <= 90, abs(longitude) <= 180, radius > 0
        {
            regions.append(
                ReportRegion(identifier: identifier, latitude: latitude, longitude: longitude, radiusMeters: radius))
            index = regions.count - 1
        }
        let position: (x: Double, y: Double)? = record.number("lat").flatMap { latitude in
            record.number("lon").map { (WebMercator.x(longitude: $0), WebMercator.y(latitude: latitude)) }
        }
        switch change {
        // A CLMonitor condition has no `started`: it is monitored from its first event.
        case "started", "satisfied", "unsatisfied": monitored.insert(identifier)
        case "stopped": monitored.remove(identifier)
        default: break
        }
        switch change {
        case "enter", "satisfied":
            if let index { regions[index].entries += 1 }
            mark(.regionEnter, at: offset, text: "entered \(identifier)", row: row, position: position)
        case "exit", "unsatisfied":
            // A condition's first event may be `unsatisfied` without an entry before it.
            if let index, change == "exit" || regions[index].entries > 0 { regions[index].exits += 1 }
            mark(.regionExit, at: offset, text: "left \(identifier)", row: row, position: position)
        default: break
        }
        monitoringBand!.set(monitored.isEmpty ? "off" : "on", at: offset)
    }

    private mutating func visit(_ record: TimelineRecord, at offset: Double, row: Int?) {
        let position: (x: Double, y: Double)? = record.number("lat").flatMap { latitude in
            record.number("lon").map { (WebMercator.x(longitude: $0), WebMercator.y(latitude: latitude)) }
        }
        let departed = record.string("departure") != nil
        mark(
            .visit, at: offset, text: departed ? "visit ended (departure)" : "visit began (arrival)", row: row,
            position: position)
    }

    private mutating func end(_ record: TimelineRecord) {
        let keys = TimelineSchema.keys["end"] ?? []
        totals = keys.compactMap { key in record.fields[key].map { (key, $0.description) } }
        // A file's count is known only at its end (`start` says null).
        if points == nil { points = record.number("points").flatMap { Int(exactly: $0.rounded()) } }
    }

    // MARK: markers and rows

    /// A marker where the event says (a crossing's fix), else where the device last was.
    private mutating func mark(
        _ kind: ReportMarkerKind, at offset: Double, text: String, row: Int?, position: (x: Double, y: Double)? = nil
    ) {
        var sample = markers[kind] ?? StrideSample(capacity: limits.markersPerKind)
        let at = position ?? lastPosition
        sample.add(ReportMarker(kind: kind, offset: offset, x: at?.x, y: at?.y, text: text, row: row))
        if at == nil { kindsAwaitingPosition.insert(kind) }
        markers[kind] = sample
    }

    /// Markers of events before the first position go where the device first was.
    private mutating func moved(to position: (x: Double, y: Double)) {
        lastPosition = position
        if !kindsAwaitingPosition.isEmpty { placeWaitingMarkers(at: position) }
    }

    private mutating func placeWaitingMarkers(at position: (x: Double, y: Double)) {
        let waiting = kindsAwaitingPosition
        kindsAwaitingPosition.removeAll()
        for kind in waiting.sorted(by: { $0.rawValue < $1.rawValue }) {
            markers[kind]?.updateItems { marker in
                if marker.x == nil { marker.x = position.x; marker.y = position.y }
            }
        }
    }

    private mutating func addRow(_ record: TimelineRecord, at offset: Double) -> Int? {
        rowsSeen += 1
        guard rows.count < limits.tableRows else { return nil }
        rows.append((offset, record.type, Self.details(of: record)))
        return rows.count - 1
    }

    /// An event's own fields as `key: value`, in the schema's order.
    static func details(of record: TimelineRecord) -> String {
        let keys = TimelineSchema.keys[record.type] ?? record.fields.keys.sorted()
        return keys.compactMap { key -> String? in
            guard let value = record.fields[key] else { return nil }
            if key == "path", case .json(let text) = value {
                return "path: \(PathText.pairCount(in: text)) points"
            }
            return "\(key): \(value)"
        }.joined(separator: ", ")
    }

    private static func jsonText(_ value: Any) -> String {
        if value is NSNull { return "null" }
        if let text = value as? String { return text }
        if let number = value as? NSNumber {
            if String(cString: number.objCType) == "c" { return number.boolValue ? "true" : "false" }
            return Markup.number(number.doubleValue, decimals: 6)
        }
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}

extension TimelineRecord {
    func string(_ key: String) -> String? {
        if case .string(let text)? = fields[key] { return text }
        return nil
    }

    func number(_ key: String) -> Double? {
        if case .number(let value)? = fields[key], value.isFinite { return value }
        return nil
    }
}

/// A monitored region as the report draws it: a circle, coloured by whether the device was
/// ever told it entered.
struct ReportRegion: Sendable {
    var identifier: String
    var latitude: Double
    var longitude: Double
    var radiusMeters: Double
    var entries = 0
    var exits = 0

    /// `entered`, `exited` (entered and left again) or `never`.
    var status: String {
        if entries == 0 { return "never" }
        return exits >= entries ? "exited" : "entered"
    }
}
