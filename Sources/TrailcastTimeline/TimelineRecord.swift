// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation

/// One timeline event as expectations see it: its type, offset and fields, keyed as the
/// JSON Lines format names them, and the JSON line itself for reports.
public struct TimelineRecord: Sendable, Equatable {
    /// `type`: `start`, `location`, `weather`, ...
    public var type: String
    /// `offset`: simulated seconds since the start.
    public var offsetSeconds: Double
    /// Every key of the JSON line (`t`, `offset` and `type` included).
    public var fields: [String: TimelineValue]
    /// The event's JSON line, without the newline.
    public var line: String

    package init(type: String, offsetSeconds: Double, fields: [String: TimelineValue], line: String) {
        self.type = type
        self.offsetSeconds = offsetSeconds
        self.fields = fields
        self.line = line
    }

    /// The record of a timeline event: its JSON Lines form, read back.
    package init(_ event: TimelineEvent) {
        var format = JSONLinesTimelineFormat()
        var bytes: [UInt8] = []
        format.append(event, to: &bytes)
        if bytes.last == 0x0A { bytes.removeLast() }
        let line = String(decoding: bytes, as: UTF8.self)
        self.init(line: line)!
    }

    /// Reads a JSON line written by ``JSONLinesTimelineFormat``; nil if it is not one.
    package init?(line: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            let type = object["type"] as? String,
            let offset = (object["offset"] as? NSNumber)?.doubleValue
        else { return nil }
        var fields: [String: TimelineValue] = [:]
        for (key, value) in object { fields[key] = Self.value(value) }
        self.init(type: type, offsetSeconds: offset, fields: fields, line: line)
    }

    private static func value(_ any: Any) -> TimelineValue {
        switch any {
        case is NSNull:
            return .null
        case let text as String:
            return .string(text)
        case let number as NSNumber:
            // JSONSerialization gives true/false as NSNumbers too, of type `c` (char) on
            // Linux and macOS alike; it never makes a char of a JSON number.
            if String(cString: number.objCType) == "c" { return .bool(number.boolValue) }
            return .number(number.doubleValue)
        default:
            let data = (try? JSONSerialization.data(withJSONObject: any, options: [.sortedKeys])) ?? Data()
            return .json(String(decoding: data, as: UTF8.self))
        }
    }
}
