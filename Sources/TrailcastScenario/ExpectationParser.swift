// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import TrailcastTimeline
import TrailcastSettings
import Yams

/// Reads a scenario's `expect:` list. Each entry is a mapping with one kind key:
///
/// ```yaml
/// expect:
///   - count: location          # how many: exactly, atLeast, atMost (one or both)
///     atLeast: 100
///     from: 10m                # optional inclusive window
///     to: 20m
///   - none: location           # no such event (strictly) after / before / between
///     after: 10m
///   - event: authorization     # some such event, optionally at an offset +- tolerance
///     fields: {to: denied, cause: settings}
///     at: 10m
///     tolerance: 1s
///   - order: [prompt, alert]   # the first prompt comes before the first alert
///   - end: {weatherErrors: 0, locations: ">= 100"}
/// ```
///
/// `fields` (allowed with every kind but `end`, whose mapping is all fields) is a subset
/// match: text must be equal, `true`/`false`/`null` must be that, a plain number must be
/// equal, `"12.3 +- 0.5"` within the tolerance, `">= 100"` (`<`, `<=`, `>`, `==`, `!=`)
/// compared. Types and field names are checked against the timeline's schema.
enum ExpectationParser {
    static let kinds = ["count", "none", "event", "order", "end"]
    static let keysByKind: [String: [String]] = [
        "count": ["count", "fields", "exactly", "atLeast", "atMost", "from", "to"],
        "none": ["none", "fields", "after", "before"],
        "event": ["event", "fields", "at", "tolerance"],
        "order": ["order"],
        "end": ["end"],
    ]

    static func expectations(_ node: ScenarioNode) throws(ScenarioError) -> [ScenarioExpectation] {
        var expectations: [ScenarioExpectation] = []
        for element in try node.sequence() {
            expectations.append(ScenarioExpectation(try expectation(element), line: element.line))
        }
        return expectations
    }

    private static func expectation(_ node: ScenarioNode) throws(ScenarioError) -> Expectation {
        guard case .mapping(let mapping) = node.node else {
            throw node.error("an expectation is a mapping such as 'count: location', not \(node.shown)")
        }
        let present = mapping.compactMap { pair -> String? in
            if case .scalar(let scalar) = pair.key, kinds.contains(scalar.string) { return scalar.string }
            return nil
        }
        guard present.count == 1, let kind = present.first else {
            let found = present.isEmpty ? "none" : present.joined(separator: " and ")
            throw node.error("an expectation needs exactly one of \(kinds.joined(separator: ", ")); found \(found)")
        }
        let pairs = try node.mapping(allowed: keysByKind[kind]!)
        func value(_ key: String) -> ScenarioNode? { pairs.first { $0.key == key }?.value }

        switch kind {
        case "count":
            let selector = try self.selector(type: value("count")!, fields: value("fields"))
            let exactly = try value("exactly").map(count)
            let atLeast = try value("atLeast").map(count)
            let atMost = try value("atMost").map(count)
            let rule: CountRule
            switch (exactly, atLeast, atMost) {
            case (let n?, nil, nil): rule = .exactly(n)
            case (nil, let low?, nil): rule = .atLeast(low)
            case (nil, nil, let high?): rule = .atMost(high)
            case (nil, let low?, let high?):
                guard low <= high else { throw node.error("atLeast \(low) is more than atMost \(high)") }
                rule = .between(low, high)
            default:
                throw node.error("a count needs 'exactly', or 'atLeast' and/or 'atMost'")
            }
            let window = OffsetWindow(
                from: try value("from").map { node throws(ScenarioError) in try node.duration() },
                to: try value("to").map { node throws(ScenarioError) in try node.duration() })
            if let from = window.from, let to = window.to, from > to {
                throw value("to")!.error(
                    "the window ends (\(OffsetWindow.format(to))) before it starts (\(OffsetWindow.format(from)))")
            }
            return .count(selector, rule, window: window)
        case "none":
            let selector = try self.selector(type: value("none")!, fields: value("fields"))
            let after = try value("after").map { node throws(ScenarioError) in try node.duration() }
            let before = try value("before").map { node throws(ScenarioError) in try node.duration() }
            if let after, let before, after >= before {
                throw value("before")!.error(
                    "nothing lies strictly between \(OffsetWindow.format(after)) and \(OffsetWindow.format(before))")
            }
            return .absent(selector, after: after, before: before)
        case "event":
            let selector = try self.selector(type: value("event")!, fields: value("fields"))
            let at = try value("at").map { node throws(ScenarioError) in try node.duration() }
            let tolerance = try value("tolerance").map { node throws(ScenarioError) in try node.duration() } ?? 0
            if at == nil, let toleranceNode = value("tolerance") {
                throw toleranceNode.error("a tolerance needs 'at'")
            }
            return .present(selector, at: at, tolerance: tolerance)
        case "order":
            let list = try value("order")!.sequence()
            guard list.count == 2 else {
                throw value("order")!.error("expected two events, [first, then], not \(list.count)")
            }
            return .order(first: try orderSelector(list[0]), then: try orderSelector(list[1]))
        default:
            let endNode = value("end")!
            let fields = try self.fields(endNode, of: "end")
            guard !fields.isEmpty else { throw endNode.error("name at least one field of 'end'") }
            return .end(fields)
        }
    }

    private static func count(_ node: ScenarioNode) throws(ScenarioError) -> Int {
        let value = try node.integer()
        guard value >= 0 else { throw node.error("a count cannot be negative") }
        return value
    }

    /// `prompt`, or `{type: authorization, fields: {to: denied}}`.
    private static func orderSelector(_ node: ScenarioNode) throws(ScenarioError) -> EventSelector {
        if case .scalar = node.node { return try selector(type: node, fields: nil) }
        let pairs = try node.mapping(allowed: ["type", "fields"])
        guard let type = pairs.first(where: { $0.key == "type" })?.value else {
            throw node.error("an event in 'order' needs 'type'")
        }
        return try selector(type: type, fields: pairs.first { $0.key == "fields" }?.value)
    }

    private static func selector(type node: ScenarioNode, fields: ScenarioNode?) throws(ScenarioError) -> EventSelector
    {
        let type = try node.string()
        if let problem = EventSelector.problem(ofType: type) { throw node.error(problem) }
        return EventSelector(
            type: type, fields: try fields.map { node throws(ScenarioError) in try self.fields(node, of: type) } ?? [])
    }

    private static func fields(_ node: ScenarioNode, of type: String) throws(ScenarioError) -> [FieldMatch] {
        let allowed = TimelineSchema.commonKeys + TimelineSchema.keys[type]!
        return try node.mapping(allowed: allowed).map { pair throws(ScenarioError) in
            let matcher = try matcher(pair.value)
            // A value outside a closed field's set (`to: denyed`) could never match: refused
            // at its own line, as a misspelled key is.
            if let problem = EventSelector.problem(ofValue: matcher, field: pair.key, type: type) {
                throw pair.value.error(problem)
            }
            return FieldMatch(key: pair.key, matcher: matcher)
        }
    }

    /// A plain number or `true`/`false`/`null` is typed; text is text unless it reads as
    /// `N +- T` or a comparison.
    static func matcher(_ node: ScenarioNode) throws(ScenarioError) -> ValueMatcher {
        guard case .scalar(let scalar) = node.node else {
            throw node.error("expected a value to match, not \(node.shown)")
        }
        let text = scalar.string
        if scalar.style == .plain {
            if node.isNull { return .null }
            if text == "true" { return .bool(true) }
            if text == "false" { return .bool(false) }
            if let number = Double(text), number.isFinite { return .number(number, tolerance: 0) }
        }
        for separator in ["+-", "±"] where text.contains(separator) {
            let parts = text.components(separatedBy: separator).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let value = Double(parts[0]), let tolerance = Double(parts[1]),
                value.isFinite, tolerance.isFinite, tolerance >= 0
            else { throw node.error("expected 'NUMBER +- TOLERANCE', not \(node.shown)") }
            return .number(value, tolerance: tolerance)
        }
        if let first = text.trimmingCharacters(in: .whitespaces).first, "<>=!".contains(first) {
            guard let comparison = NumberComparison(parsing: text) else {
                throw node.error("expected a comparison such as '>= 100', not \(node.shown)")
            }
            return .comparison(comparison)
        }
        return .string(text)
    }
}
