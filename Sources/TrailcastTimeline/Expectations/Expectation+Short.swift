// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// The common expectations in one line, their defaults the whole run and any time:
///
/// ```swift
/// simulation.verify(.absent("weather"))
/// simulation.verify(.absent("location", after: 600))
/// simulation.verify(.count("prompt", .exactly(1)))
/// simulation.verify(.present(EventSelector("authorization", where: ["to": "denied", "cause": "settings"])))
/// simulation.verify(.order("prompt", then: "location"))
/// ```
///
/// Each is the full case with its defaults filled in (`absent(_:after:before:)` with both
/// ends open, `count(_:_:window:)` over the whole run, `present(_:at:tolerance:)` at any time).
extension Expectation {
    /// No matching event in the whole run.
    public static func absent(_ selector: EventSelector) -> Expectation {
        .absent(selector, after: nil, before: nil)
    }

    /// No matching event later than `after` seconds.
    public static func absent(_ selector: EventSelector, after: Double) -> Expectation {
        .absent(selector, after: after, before: nil)
    }

    /// No matching event earlier than `before` seconds.
    public static func absent(_ selector: EventSelector, before: Double) -> Expectation {
        .absent(selector, after: nil, before: before)
    }

    /// As many matching events as `rule` says, in the whole run.
    public static func count(_ selector: EventSelector, _ rule: CountRule) -> Expectation {
        .count(selector, rule, window: OffsetWindow())
    }

    /// Some matching event, at any time.
    public static func present(_ selector: EventSelector) -> Expectation {
        .present(selector, at: nil, tolerance: 0)
    }

    /// A matching event at exactly `at` seconds.
    public static func present(_ selector: EventSelector, at: Double) -> Expectation {
        .present(selector, at: at, tolerance: 0)
    }

    /// The first event matching `first` before the first matching `then`.
    public static func order(_ first: EventSelector, then: EventSelector) -> Expectation {
        .order(first: first, then: then)
    }
}

/// `"location"` is every event of the type.
extension EventSelector: ExpressibleByStringLiteral {
    public init(stringLiteral type: String) {
        self.init(type: type)
    }

    /// Events of `type` whose fields match, in order: `EventSelector("authorization",
    /// where: ["to": "denied"])`; a value is a string, a number (exact), a boolean or nil.
    public init(_ type: String, where fields: KeyValuePairs<String, ValueMatcher> = [:]) {
        self.init(type: type, fields: fields.map { FieldMatch(key: $0.key, matcher: $0.value) })
    }
}

/// A field's value written as a literal: `"denied"`, `12`, `0.5`, `true`, `nil`.
extension ValueMatcher: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value), tolerance: 0) }
    public init(floatLiteral value: Double) { self = .number(value, tolerance: 0) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }
}
