// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// Names checked against the timeline's schema: an expectation about an event type or a
/// field that never occurs would hold (an `absent`) or fail (a `count`) whatever the run
/// did, so a typo is an error that names the valid ones, in a scenario file (on its line)
/// and in a test's `Simulation.expect` alike.
extension EventSelector {
    /// Why no event could ever have `type`, or nil for a type of the timeline.
    package static func problem(ofType type: String) -> String? {
        guard TimelineSchema.keys[type] == nil else { return nil }
        return Spelling.unknown("event type", type, among: TimelineSchema.types, listedAs: "types")
    }

    /// Why no event of `type` could ever have the field `key`, or nil for one of its keys.
    package static func problem(ofField key: String, type: String) -> String? {
        guard let keys = TimelineSchema.keys[type] else { return problem(ofType: type) }
        let allowed = TimelineSchema.commonKeys + keys
        guard !allowed.contains(key) else { return nil }
        return Spelling.unknown("field", key, among: allowed, listedAs: "fields of \(type)")
    }

    /// Why `matcher` could never match the field `key` of `type`, whose values form a closed
    /// set (an authorization, a call's name): a string outside the set (`"denyed"`), or a
    /// number or boolean for it. Nil for an open field, or a value of the set.
    package static func problem(ofValue matcher: ValueMatcher, field key: String, type: String) -> String? {
        guard let values = TimelineSchema.closedValues[type]?[key] else { return nil }
        switch matcher {
        case .string(let value):
            guard !values.contains(value) else { return nil }
            return Spelling.unknown("value", value, among: values, listedAs: "\(type).\(key) is one of")
        case .null:
            return nil
        case .bool, .number, .comparison:
            return "\(type).\(key) is a string, one of \(values.joined(separator: ", ")); \(matcher) never matches it"
        }
    }

    /// Why the field match could never hold: its key, then its value.
    static func problem(of field: FieldMatch, type: String) -> String? {
        problem(ofField: field.key, type: type) ?? problem(ofValue: field.matcher, field: field.key, type: type)
    }

    /// The selector's type, then each field it names and its value, checked; nil when all
    /// could occur.
    public var problem: String? {
        if let problem = Self.problem(ofType: type) { return problem }
        return fields.lazy.compactMap { Self.problem(of: $0, type: self.type) }.first
    }
}

extension Expectation {
    /// The first name the expectation gives that the timeline never has; nil when it can
    /// be checked.
    public var problem: String? {
        switch self {
        case .count(let selector, _, _), .absent(let selector, _, _), .present(let selector, _, _):
            return selector.problem
        case .order(let first, let then):
            return first.problem ?? then.problem
        case .end(let fields):
            return fields.lazy.compactMap { EventSelector.problem(of: $0, type: "end") }.first
        }
    }
}
