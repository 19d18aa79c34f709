// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastTimeline

/// A `location` line of a JSON Lines timeline read without a JSON parser: `trailcast
/// report` meets a million of them, and Foundation's parser takes about 15 µs a line.
///
/// Only the layout ``JSONLinesTimelineFormat`` writes is read this way (keys in their
/// documented order); anything else returns nil and goes through ``TimelineRecord``.
/// The numbers are read by `Double(_:)`, as a JSON parser reads them: the same doubles,
/// so both ways give the same page (a test compares the pages of one run made both ways).
enum LocationLine {
    struct Values {
        var offset: Double
        var latitude: Double
        var longitude: Double
        var horizontalAccuracy: Double?
        var index: Int?
        var truth: (latitude: Double, longitude: Double)?
    }

    static func parse(_ line: String) -> Values? {
        var utf8 = line.utf8[...]
        guard utf8.starts(with: #"{"t":""#.utf8),
            let offset = number(after: #","offset":"#, in: &utf8),
            utf8.starts(with: #","type":"location","lat":"#.utf8),
            let latitude = number(after: #","type":"location","lat":"#, in: &utf8),
            let longitude = number(after: #","lon":"#, in: &utf8),
            skip(past: #","horizontalAccuracy":"#, in: &utf8)
        else { return nil }
        let accuracy = value(in: &utf8)
        guard skip(past: #","index":"#, in: &utf8) else { return nil }
        let index = value(in: &utf8).flatMap { Int(exactly: $0) }
        // `cached`: null, or the cached fix's own time; the report does not use it. (Lines
        // written before it existed have none.)
        if utf8.starts(with: #","cached":null"#.utf8) {
            utf8 = utf8.dropFirst(#","cached":null"#.utf8.count)
        } else if utf8.starts(with: #","cached":""#.utf8) {
            utf8 = utf8.dropFirst(#","cached":""#.utf8.count)
            guard let quote = utf8.firstIndex(of: UInt8(ascii: "\"")) else { return nil }
            utf8 = utf8[utf8.index(after: quote)...]
        }
        guard utf8.starts(with: #","truth":"#.utf8) else { return nil }
        utf8 = utf8.dropFirst(#","truth":"#.utf8.count)
        var truth: (Double, Double)?
        if utf8.starts(with: "null}".utf8) {
            truth = nil
        } else {
            guard let truthLatitude = number(after: #"{"lat":"#, in: &utf8),
                let truthLongitude = number(after: #","lon":"#, in: &utf8)
            else { return nil }
            truth = (truthLatitude, truthLongitude)
        }
        return Values(
            offset: offset, latitude: latitude, longitude: longitude, horizontalAccuracy: accuracy, index: index,
            truth: truth)
    }

    /// Skips to just after `key` (which must come next or later) and reads a number.
    private static func number(after key: String, in utf8: inout Substring.UTF8View) -> Double? {
        guard skip(past: key, in: &utf8) else { return nil }
        return value(in: &utf8)
    }

    /// Moves past the first `key` found; false if there is none.
    private static func skip(past key: String, in utf8: inout Substring.UTF8View) -> Bool {
        let pattern = Array(key.utf8)
        var position = utf8.startIndex
        while position < utf8.endIndex {
            if utf8[position...].starts(with: pattern) {
                utf8 = utf8[utf8.index(position, offsetBy: pattern.count)...]
                return true
            }
            position = utf8.index(after: position)
        }
        return false
    }

    /// A JSON number at the start (nil for `null` or anything else), leaving the rest.
    private static func value(in utf8: inout Substring.UTF8View) -> Double? {
        var end = utf8.startIndex
        while end < utf8.endIndex, PathText.isNumberByte(utf8[end]) {
            end = utf8.index(after: end)
        }
        let text = Substring(utf8[utf8.startIndex..<end])
        utf8 = utf8[end...]
        guard !text.isEmpty, let value = Double(text), value.isFinite else { return nil }
        return value
    }
}

extension RunReport {
    /// Takes a JSON line: a `location` line the fast way, anything else (or a line this
    /// reader does not follow) as a record. False if it is not a timeline event at all.
    package mutating func add(line: String) -> Bool {
        if let values = LocationLine.parse(line) {
            addLocation(
                offset: values.offset, latitude: values.latitude, longitude: values.longitude,
                horizontalAccuracy: values.horizontalAccuracy, index: values.index, truth: values.truth)
            return true
        }
        guard let record = TimelineRecord(line: line) else { return false }
        add(record)
        return true
    }
}
