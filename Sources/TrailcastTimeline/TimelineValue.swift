// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// A value of a timeline event's field, as JSON Lines writes it.
public enum TimelineValue: Sendable, Equatable, CustomStringConvertible {
    case string(String)
    case number(Double)
    case bool(Bool)
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
