// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.

/// The events an expectation is about: every event of a type, or those whose fields
/// also match (a subset match: other fields may be anything).
public struct EventSelector: Sendable, Equatable, CustomStringConvertible {
    /// The event type to select, as the timeline's `type` field writes it: `location`, `authorization`, ...
    public var type: String
    /// Field name and what its value must be, in the order the scenario gives them.
    public var fields: [FieldMatch]

    /// Every event of `type` whose fields match all of `fields`; with none, every event of `type`.
    public init(type: String, fields: [FieldMatch] = []) {
        self.type = type
        self.fields = fields
    }

    package func matches(_ record: TimelineRecord) -> Bool {
        record.type == type && fields.allSatisfy { $0.matcher.matches(record.fields[$0.key]) }
    }

    /// `location`, or `authorization {to: "denied", cause: "settings"}`.
    public var description: String {
        guard !fields.isEmpty else { return type }
        return "\(type) {\(fields.map(\.description).joined(separator: ", "))}"
    }
}

/// One field of a subset match: `to: "denied"`, `temperatureCelsius: 12 +- 0.5`.
public struct FieldMatch: Sendable, Equatable, CustomStringConvertible {
    /// The field's key as the JSON Lines timeline writes it, such as `to` or `temperatureCelsius`.
    public var key: String
    /// What the field's value must be: equal text, a boolean, null, or a number comparison.
    public var matcher: ValueMatcher

    /// A match of the field `key` against `matcher`.
    public init(key: String, matcher: ValueMatcher) {
        self.key = key
        self.matcher = matcher
    }

    public var description: String { "\(key): \(matcher)" }
}
