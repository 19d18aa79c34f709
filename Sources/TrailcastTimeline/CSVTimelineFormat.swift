// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// A header and one row per event, with the same columns for every event type
/// (empty where a column does not apply), quoted as RFC 4180 says.
package struct CSVTimelineFormat: TimelineFormat {
    /// The header's column names, in order: each event type fills the columns of its keys.
    /// The columns of earlier releases keep their places; a key new to the schema gets a
    /// column at the end, so files from older runs still line up.
    package static let columns: [String] = {
        var columns = [
            "t", "offset", "type",
            "file", "source", "points", "settings",
            "from", "to", "accuracy", "servicesEnabled", "cause",
            "request", "answer",
            "lat", "lon", "altitude", "horizontalAccuracy", "verticalAccuracy", "speed", "course", "index",
            "code", "message", "state",
            "locations", "distanceMeters", "simulatedSeconds", "wallSeconds",
            "cell", "stale", "temperatureCelsius", "apparentTemperatureCelsius", "relativeHumidity", "precipitationMm",
            "cloudCover", "weatherCode", "condition", "windSpeedMps", "windDirectionDegrees", "isDay", "attempts",
            "fetchMs",
            "httpStatus", "willRetry",
            "weatherLookups", "weatherNetworkFetches", "weatherCacheHits", "weatherErrors",
            "truthLat", "truthLon",
            "action", "paused", "multiplier",
            "method", "manager",
            "reason", "fixes", "since", "until", "path",
            "order", "nearest", "total",
            "identifier", "change", "centerLat", "centerLon", "radius", "arrival", "departure",
            "cached",
        ]
        for type in TimelineSchema.types {
            for key in TimelineSchema.columnKeys[type] ?? [] where !columns.contains(key) { columns.append(key) }
        }
        return columns
    }()

    private var row = CSVRow()

    package init() {}

    package mutating func appendHeader(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: Self.columns.joined(separator: ",").utf8)
        bytes.append(0x0A)
    }

    package mutating func append(_ event: TimelineEvent, to bytes: inout [UInt8]) {
        row.clear()
        event.time.appendTimelineTime(to: &row.cells[0])
        row.cells[1].appendDecimal(event.offsetSeconds, fractionDigits: TimelinePrecision.offset)
        row.string("type", event.kind.typeName)
        event.kind.accept(&row)
        for (column, cell) in row.cells.enumerated() {
            if column > 0 { bytes.append(UInt8(ascii: ",")) }
            Self.appendField(cell, to: &bytes)
        }
        bytes.append(0x0A)
    }

    /// Quotes a field holding a comma, quote or line break, doubling inner quotes.
    static func appendField(_ cell: [UInt8], to bytes: inout [UInt8]) {
        let needsQuotes = cell.contains {
            $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
        }
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

/// One CSV row's cells, filled by an event's fields; a missing value stays an empty cell.
private struct CSVRow: TimelineFields, TimelineEventVisitor {
    static let columnIndex: [String: Int] = Dictionary(
        uniqueKeysWithValues: CSVTimelineFormat.columns.enumerated().map { ($0.element, $0.offset) })

    var cells: [[UInt8]] = Array(repeating: [], count: CSVTimelineFormat.columns.count)
    /// The object being written (`truth`), whose keys name columns `truthLat`, `truthLon`.
    private var objectKey: String?

    mutating func clear() {
        for column in cells.indices { cells[column].removeAll(keepingCapacity: true) }
    }

    mutating func visit(_ body: some TimelineEventBody) {
        body.writeFields(to: &self)
    }

    private func column(_ key: StaticString) -> Int {
        let name = TimelineKeyList.columnName(object: objectKey, key: key.description)
        // Every key of the schema has a column (`columns` appends new ones).
        return Self.columnIndex[name]!
    }

    mutating func string(_ key: StaticString, _ value: String?) {
        guard let value else { return }
        cells[column(key)].append(contentsOf: value.utf8)
    }

    mutating func integer(_ key: StaticString, _ value: Int?) {
        guard let value else { return }
        cells[column(key)].appendDecimal(value)
    }

    mutating func bool(_ key: StaticString, _ value: Bool) {
        cells[column(key)].append(contentsOf: (value ? "true" : "false").utf8)
    }

    mutating func number(_ key: StaticString, _ value: Double?, digits: Int) {
        guard let value else { return }
        cells[column(key)].appendDecimal(value, fractionDigits: digits)
    }

    mutating func json(_ key: StaticString, _ write: (inout JSONLineWriter) -> Void) {
        var line = JSONLineWriter(capacity: 256)
        write(&line)
        cells[column(key)].append(contentsOf: line.bytes)
    }

    mutating func object(_ key: StaticString, present: Bool, _ write: (inout CSVRow) -> Void) {
        guard present else { return }
        objectKey = key.description
        write(&self)
        objectKey = nil
    }
}
