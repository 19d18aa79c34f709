// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// A CSV file of positions read as one GPX track, in constant memory: the first line is a
/// header naming its columns (``CSVColumns``: at least a latitude and a longitude, and
/// usually a time), each line after it a point. As written by GPS loggers (GPSLogger for
/// Android), GPSBabel's `unicsv`, spreadsheets, and Trailcast's own `export --format csv`.
///
/// - The delimiter is the header's: a comma, else a semicolon or a tab, whichever splits it
///   into the most fields (RFC 4180's comma; a spreadsheet in a comma-decimal locale writes
///   semicolons, and then `47,1` is a number). Fields may be quoted (`"a, b"`, `""` for a
///   quote), within their line.
/// - Times: ISO 8601 with or without its `T` and zone (none is UTC), GPSBabel's
///   `2023/12/18` and `22:09:52.030` in a `Date` and a `Time` column, or a number of
///   seconds since 1970 (milliseconds when above 10¹¹ or named so: `timestampMs`).
/// - A row whose position is not a number in range is skipped, a time that does not read
///   is dropped, each with a warning (ten said, then the count); a last row cut short (no
///   line end, fewer fields than the header) ends the read with an error, after the rows
///   before it.
final class CSVRouteReader: RouteEventReader {
    private var lines: TextLines
    private let options: GPXStreamReader.Options
    private var pending = EventQueue()
    private var columns: CSVColumns?
    private var delimiter: UInt8 = UInt8(ascii: ",")
    private var trackBegun = false
    private var finished = false
    private var previousTime: Timestamp?
    private var skippedRows = 0
    private var droppedTimes = 0
    private var linesBeforeHeader = 0
    /// How far down the header may be: lines before it are a title or a count.
    private static let linesBeforeHeader = 10
    private static let warningsPerKind = 10
    /// 9999-12-31T23:59:59Z: the last second a time column's number may count.
    private static let latestSeconds = 253_402_300_799.0
    /// Seconds since 1970 above which a number of the time column counts milliseconds.
    private static let millisecondsFrom = 100_000_000_000.0

    init(source: ByteSource, options: GPXStreamReader.Options) {
        lines = TextLines(source: source, chunkSize: options.chunkSize, maximumLength: 64 * 1024)
        self.options = options
    }

    deinit { lines.deallocate() }

    func next() throws(RouteError) -> RouteEvent? {
        do throws(RouteError) {
            while true {
                if let event = pending.next() { return event }
                if finished { return nil }
                try readLine()
            }
        } catch {
            finished = true
            pending.removeAll()
            throw error
        }
    }

    private func readLine() throws(RouteError) {
        guard let line = try lines.next() else { return try finish() }
        if line.overlong {
            throw .malformed(
                file: lines.fileName, line: line.number, column: 1, reason: "a line longer than 64 KiB: not a route CSV"
            )
        }
        if line.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
        guard let columns else { return try readHeader(line) }
        let fields = Self.split(line.bytes, delimiter: delimiter)
        if !line.terminated && fields.count < columns.count {
            throw .malformed(
                file: lines.fileName, line: line.number, column: line.bytes.count + 1,
                reason:
                    "the file ends inside a row (\(fields.count) of the header's \(columns.count) fields): it is truncated"
            )
        }
        try readRow(fields, columns: columns, line: line.number)
    }

    private func readHeader(_ line: TextLines.Line) throws(RouteError) {
        var bytes = line.bytes
        // A spreadsheet's UTF-8 byte order mark.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let candidates: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09]
        delimiter =
            candidates.max { Self.split(bytes, delimiter: $0).count < Self.split(bytes, delimiter: $1).count }
            ?? UInt8(ascii: ",")
        let names = Self.split(bytes, delimiter: delimiter)
        guard let found = CSVColumns(header: names) else {
            // A line or a few before the header (a count, a title) are passed over.
            if line.number < Self.linesBeforeHeader {
                linesBeforeHeader += 1
                return
            }
            throw noHeader
        }
        columns = found
        pending.append(.metadata(RouteMetadata()))
        if linesBeforeHeader > 0 {
            try warn(
                "\(linesBeforeHeader) line\(linesBeforeHeader == 1 ? "" : "s") before the header skipped", line: 1,
                column: 1)
        }
        if found.time == nil {
            try warn(
                "no time column (time, timestamp, datetime, or Date and Time): the points are untimed",
                line: line.number, column: 1)
        }
    }

    private func readRow(_ fields: [Substring], columns: CSVColumns, line: Int) throws(RouteError) {
        func field(_ index: Int?) -> Substring? {
            guard let index, index < fields.count else { return nil }
            let text = fields[index].trimmingQuotesAndSpaces()
            return text.isEmpty ? nil : text
        }
        // A comma-decimal locale's spreadsheet writes `47,1` between semicolons; a logger may
        // write a unit after the number (`98.470 m`, `0.000 km/h`).
        let commaDecimals = delimiter != UInt8(ascii: ",")
        func measure(_ index: Int?) -> (value: Double, unit: Substring?)? {
            guard let text = field(index) else { return nil }
            if let value = Double(text) { return value.isFinite ? (value, nil) : nil }
            if let space = text.firstIndex(of: " "), let value = Double(text[..<space]), value.isFinite {
                return (value, text[text.index(after: space)...].trimmingQuotesAndSpaces())
            }
            guard commaDecimals, text.contains(","), !text.contains(".") else { return nil }
            return Double(String(text.map { $0 == "," ? "." : $0 })).flatMap { $0.isFinite ? ($0, nil) : nil }
        }
        func number(_ index: Int?) -> Double? { measure(index)?.value }
        // The hemisphere as a letter after the number (`49.07N`) or in a column of its own.
        func coordinate(_ index: Int, hemisphereColumn: Int?, negative: Character, positive: Character) -> Double? {
            guard var text = field(index) else { return nil }
            var sign = 1.0
            if let last = text.last, last == negative || last == positive {
                sign = last == negative ? -1 : 1
                text = text.dropLast()
            }
            if let hemisphere = field(hemisphereColumn) {
                guard hemisphere == String(negative) || hemisphere == String(positive) else { return nil }
                if hemisphere == String(negative) { sign = -sign }
            }
            guard let value = Double(text) ?? (commaDecimals ? Double(String(text.map { $0 == "," ? "." : $0 })) : nil),
                value.isFinite
            else { return nil }
            return sign * value
        }
        guard
            let latitude = coordinate(
                columns.latitude, hemisphereColumn: columns.latitudeHemisphere, negative: "S", positive: "N"),
            abs(latitude) <= 90,
            let longitude = coordinate(
                columns.longitude, hemisphereColumn: columns.longitudeHemisphere, negative: "W", positive: "E"),
            abs(longitude) <= 180
        else {
            skippedRows += 1
            if skippedRows <= Self.warningsPerKind {
                let shown =
                    "\(field(columns.latitude) ?? "")\(String(UnicodeScalar(delimiter)))\(field(columns.longitude) ?? "")"
                try warn(
                    "the position \"\(shown)\" is not a latitude from -90 to 90 and a longitude from -180 to 180; row skipped",
                    line: line, column: 1)
            }
            return
        }
        var point = RoutePoint(latitude: latitude, longitude: longitude, line: line, column: 1)
        point.elevationMeters = number(columns.elevation)
        if let speed = measure(columns.speed), speed.value >= 0 {
            point.speedMetersPerSecond =
                speed.value
                * (speed.unit.map { CSVColumns.speedScale(unit: String($0).lowercased()) } ?? columns.speedScale)
        }
        point.courseDegrees = number(columns.course).flatMap { $0 >= 0 && $0 <= 360 ? $0 : nil }
        point.name = field(columns.name).map(String.init)
        point.satellites = field(columns.satellites).flatMap { Int($0) }
        point.horizontalDilution = number(columns.horizontalDilution)
        if let text = field(columns.time) {
            point.time = Self.time(text, date: field(columns.date), milliseconds: columns.timeInMilliseconds)
            if point.time == nil {
                droppedTimes += 1
                if droppedTimes <= Self.warningsPerKind {
                    let shown = field(columns.date).map { "\($0) \(text)" } ?? String(text)
                    try warn(
                        "the time \"\(shown)\" is not ISO 8601, Date and Time, or seconds since 1970; time dropped",
                        line: line, column: 1)
                }
            }
        }
        if !trackBegun {
            trackBegun = true
            pending.append(.beginTrack(RoutePathInfo()))
            pending.append(.beginSegment(line: line))
        }
        if options.checksTimeOrder, let time = point.time {
            if let previousTime, time < previousTime {
                try warn(
                    "a row's time \(time) is earlier than the previous row's \(previousTime); position kept, time dropped",
                    line: line, column: 1)
                point.time = nil
            } else {
                previousTime = time
            }
        }
        pending.append(.trackPoint(point))
    }

    /// A row's time: ISO 8601 (`T` or a space, any zone or none), a date and a time of day
    /// apart (`2023/12/18` and `22:09:52`), or seconds (or milliseconds) since 1970.
    static func time(_ text: Substring, date: Substring?, milliseconds: Bool) -> Timestamp? {
        // A number is seconds since 1970 only alone: beside a date it is a time of day.
        if date == nil, let number = Double(text), number.isFinite {
            let seconds = milliseconds || abs(number) >= millisecondsFrom ? number / 1000 : number
            // Up to the year 9999 either way: beyond, not a time (and not an Int64's seconds).
            guard abs(seconds) <= latestSeconds else { return nil }
            return Timestamp(timeIntervalSince1970: seconds)
        }
        let combined = date.map { "\($0) \(text)" } ?? String(text)
        return Timestamp(iso8601: combined.replacingSlashesInDate())
    }

    /// The fields of a row split at `delimiter`, a quoted field's quotes kept (trimmed by
    /// the reader) and a delimiter inside quotes not splitting it.
    static func split(_ bytes: ArraySlice<UInt8>, delimiter: UInt8) -> [Substring] {
        // Split on the bytes: the quote and the delimiters are ASCII, which no byte of a
        // multi-byte UTF-8 character equals, so no Character need be made to find them
        // (walking Characters was most of a row's cost).
        let quote = UInt8(ascii: "\"")
        var fields: [Substring] = []
        var start = bytes.startIndex
        var quoted = false
        // Whether the field so far holds `""`: it is unescaped then.
        var escapedQuote = false
        for index in bytes.indices {
            let byte = bytes[index]
            if byte == quote {
                quoted.toggle()
                if index > start, bytes[index - 1] == quote { escapedQuote = true }
            } else if byte == delimiter && !quoted {
                fields.append(field(bytes[start..<index], unescaping: escapedQuote))
                start = index + 1
                escapedQuote = false
            }
        }
        fields.append(field(bytes[start...], unescaping: escapedQuote))
        return fields
    }

    /// A field's text; `""` inside a quoted field is one quote.
    private static func field(_ bytes: ArraySlice<UInt8>, unescaping: Bool) -> Substring {
        let text = Substring(String(decoding: bytes, as: UTF8.self))
        guard unescaping else { return text }
        var unescaped = ""
        var previousWasQuote = false
        for character in text {
            if character == "\"" && previousWasQuote {
                previousWasQuote = false
                continue
            }
            previousWasQuote = character == "\""
            unescaped.append(character)
        }
        return Substring(unescaped)
    }

    /// No line up to the tenth names a latitude and a longitude: said of the first.
    private var noHeader: RouteError {
        .malformed(
            file: lines.fileName, line: 1, column: 1,
            reason:
                "the header names no latitude and longitude columns (lat or latitude, lon, lng or longitude): not a route CSV"
        )
    }

    private func finish() throws(RouteError) {
        if columns == nil && linesBeforeHeader > 0 { throw noHeader }
        if skippedRows > Self.warningsPerKind {
            try warn("\(skippedRows) rows in all have no position in range; skipped", line: 1, column: 1)
        }
        if droppedTimes > Self.warningsPerKind {
            try warn("\(droppedTimes) rows in all have a time that does not read; times dropped", line: 1, column: 1)
        }
        if trackBegun {
            pending.append(.endSegment)
            pending.append(.endTrack)
        }
        finished = true
    }

    private func warn(_ message: String, line: Int, column: Int) throws(RouteError) {
        if options.strict { throw .invalidContent(file: lines.fileName, line: line, column: column, message: message) }
        pending.append(.warning(RouteWarning(line: line, column: column, message: message)))
    }
}

extension String {
    /// `2023/12/18 22:09:52` as `2023-12-18 22:09:52`: the date's slashes only.
    fileprivate func replacingSlashesInDate() -> String {
        let end = firstIndex { $0 == " " || $0 == "T" } ?? endIndex
        return String(self[..<end].map { $0 == "/" ? "-" : $0 }) + self[end...]
    }
}
