// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// A value of a timeline event's field, as JSON Lines writes it.
public enum TimelineValue: Sendable, Equatable, CustomStringConvertible {
    /// A JSON string, such as a `type`, a status or a message.
    case string(String)
    /// A JSON number, such as a coordinate in degrees or a distance in meters.
    case number(Double)
    /// A JSON `true` or `false`, such as `servicesEnabled` or `isDay`.
    case bool(Bool)
    /// JSON `null`: the value is unknown or does not apply, such as `altitude` without `<ele>`.
    case null
    /// An object or array (such as `start`'s `settings`), as its JSON text.
    case json(String)

    public var description: String {
        switch self {
        case .string(let text): return "\"\(text)\""
        case .number(let value): return Self.format(value)
        case .bool(let value): return String(value)
        case .null: return "null"
        case .json(let text): return text
        }
    }

    /// `12`, `12.5`, `0.001`: numbers as a person writes them.
    package static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
