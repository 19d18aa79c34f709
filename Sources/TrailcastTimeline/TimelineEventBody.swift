// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// What one kind of timeline event declares, once, in its file under `Events/`: its
/// `type`, its fields in order, and its line in the text format. JSON Lines, CSV, the text
/// format and ``TimelineSchema`` are all derived from it, so a new event kind is that file
/// and a case of ``TimelineEvent/Kind``.
protocol TimelineEventBody: Sendable {
    /// `type` in every format.
    static var eventType: String { get }
    /// A value of the kind, from which the schema learns the keys (``writeFields(to:)``
    /// writes the same keys for every value).
    static var example: Self { get }
    /// The colour of `type` in the text format on a terminal.
    static var textColor: TimelineTextColor { get }
    /// Writes every field in the documented order: each key on every call, a missing value
    /// as nil (JSON's `null`, an empty CSV cell), never a key left out.
    func writeFields(to fields: inout some TimelineFields)
    /// The text format's details after the type: one line, no newline.
    func appendText(to bytes: inout [UInt8])
}

/// Where an event's fields go: a JSON Lines object, CSV's cells, the schema's key list.
protocol TimelineFields {
    mutating func string(_ key: StaticString, _ value: String?)
    /// A string from a closed set (an authorization, a call's name, a region's change): the
    /// schema keeps the set, so that an expectation's value outside it is refused.
    mutating func string(_ key: StaticString, _ value: String?, among values: [String])
    mutating func integer(_ key: StaticString, _ value: Int?)
    mutating func bool(_ key: StaticString, _ value: Bool)
    /// A number rounded to `digits` decimals (trailing zeros dropped).
    mutating func number(_ key: StaticString, _ value: Double?, digits: Int)
    /// A value written as JSON: inline in JSON Lines, as one CSV cell (a start's
    /// settings, a missed stretch's path, a places list).
    mutating func json(_ key: StaticString, _ write: (inout JSONLineWriter) -> Void)
    /// Fields grouped under `key`: a nested object (or `null` when absent) in JSON Lines,
    /// columns named `key` + the field's capitalised key in CSV (`truth`'s `lat` is
    /// `truthLat`).
    mutating func object(_ key: StaticString, present: Bool, _ write: (inout Self) -> Void)
}

extension TimelineFields {
    mutating func string(_ key: StaticString, _ value: String?, among values: [String]) {
        string(key, value)
    }

    /// An enumeration's case by its raw value, its cases the field's closed set.
    mutating func choice<Value: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: Value?)
    where Value.RawValue == String {
        string(key, value?.rawValue, among: Value.allCases.map(\.rawValue))
    }
}

/// The ANSI colours of the text format's `type` column.
enum TimelineTextColor: String, Sendable {
    case bold = "1"
    case yellow = "33"
    case magenta = "35"
    case green = "32"
    case dimGreen = "2;32"
    case boldRed = "1;31"
    case cyan = "36"
    case blue = "34"

    var escape: String { "\u{1B}[\(rawValue)m" }
}

/// The keys an event kind writes: at the top level (JSON Lines' keys, the schema's) and
/// flattened (CSV's columns).
struct TimelineKeyList: TimelineFields {
    private(set) var keys: [String] = []
    private(set) var columns: [String] = []
    /// The values of the top-level keys whose values form a closed set.
    private(set) var closedValues: [String: [String]] = [:]
    private var objectKey: String?

    init<Body: TimelineEventBody>(of body: Body.Type) {
        body.example.writeFields(to: &self)
    }

    /// The CSV column of a key inside an object: `truth` and `lat` give `truthLat`.
    static func columnName(object: String?, key: String) -> String {
        guard let object else { return key }
        return object + key.prefix(1).uppercased() + key.dropFirst()
    }

    private mutating func add(_ key: StaticString) {
        if objectKey == nil { keys.append(key.description) }
        columns.append(Self.columnName(object: objectKey, key: key.description))
    }

    mutating func string(_ key: StaticString, _ value: String?) { add(key) }
    mutating func string(_ key: StaticString, _ value: String?, among values: [String]) {
        add(key)
        if objectKey == nil { closedValues[key.description] = values }
    }
    mutating func integer(_ key: StaticString, _ value: Int?) { add(key) }
    mutating func bool(_ key: StaticString, _ value: Bool) { add(key) }
    mutating func number(_ key: StaticString, _ value: Double?, digits: Int) { add(key) }
    mutating func json(_ key: StaticString, _ write: (inout JSONLineWriter) -> Void) { add(key) }
    mutating func object(_ key: StaticString, present: Bool, _ write: (inout Self) -> Void) {
        keys.append(key.description)
        objectKey = key.description
        write(&self)
        objectKey = nil
    }
}

extension JSONLineWriter: TimelineFields {
    mutating func string(_ key: StaticString, _ value: String?) { field(key, value) }
    mutating func integer(_ key: StaticString, _ value: Int?) { field(key, value) }
    mutating func bool(_ key: StaticString, _ value: Bool) { field(key, value) }
    mutating func number(_ key: StaticString, _ value: Double?, digits: Int) {
        field(key, value, fractionDigits: digits)
    }

    mutating func json(_ key: StaticString, _ write: (inout JSONLineWriter) -> Void) {
        self.key(key)
        write(&self)
    }

    mutating func object(_ key: StaticString, present: Bool, _ write: (inout JSONLineWriter) -> Void) {
        self.key(key)
        guard present else { return null() }
        beginObject()
        write(&self)
        endObject()
    }
}

/// A format's view of an event kind: called with the kind's definition, whichever it is.
protocol TimelineEventVisitor {
    mutating func visit(_ body: some TimelineEventBody)
}

extension JSONLineWriter: TimelineEventVisitor {
    mutating func visit(_ body: some TimelineEventBody) {
        body.writeFields(to: &self)
    }
}
