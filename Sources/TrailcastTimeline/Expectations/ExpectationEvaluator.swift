// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.

/// Checks expectations against a run's timeline and says, in one line, why one failed.
///
/// ```swift
/// let outcome = ExpectationEvaluator.evaluate(
///     .absent(EventSelector(type: "location"), after: 600, before: nil), line: 21, in: records)
/// // outcome.detail: first offending event: {"t":"…","offset":605,"type":"location",…}
/// ```
///
/// Details quote the offending event's JSON line, so a failure in CI can be read without
/// replaying the scenario.
package enum ExpectationEvaluator {
    /// Checks one expectation against a run's records (in timeline order, `start` first,
    /// `end` last).
    /// An expectation naming a type or field the timeline never has fails with the
    /// problem (``Expectation/problem``), whatever the run did.
    package static func evaluate(_ expectation: Expectation, line: Int, in records: [TimelineRecord])
        -> ExpectationOutcome
    {
        let detail: String?
        if let problem = expectation.problem {
            return ExpectationOutcome(expectation: expectation, line: line, passed: false, detail: problem)
        }
        switch expectation {
        case .count(let selector, let rule, let window):
            detail = count(selector, rule, window: window, in: records)
        case .absent(let selector, let after, let before):
            detail = absent(selector, after: after, before: before, in: records)
        case .present(let selector, let at, let tolerance):
            detail = present(selector, at: at, tolerance: tolerance, in: records)
        case .order(let first, let then):
            detail = order(first: first, then: then, in: records)
        case .end(let fields):
            detail = end(fields, in: records)
        }
        return ExpectationOutcome(
            expectation: expectation, line: line, passed: detail == nil, detail: detail.map(\.singleLine))
    }

    // Each check returns nil when the expectation holds, else the failure's detail.

    private static func count(
        _ selector: EventSelector, _ rule: CountRule, window: OffsetWindow, in records: [TimelineRecord]
    ) -> String? {
        let matching = records.filter(selector.matches)
        let inside = matching.filter { window.contains($0.offsetSeconds) }
        guard !rule.holds(for: inside.count) else { return nil }
        var detail = "found \(inside.count)"
        if let limit = rule.upperBound, inside.count > limit {
            // The first event past the limit is the one to look at: everything before it was allowed.
            detail += "; the \(ordinal(limit + 1)) (over the limit): \(inside[limit].line)"
            return detail
        }
        // Too few: when each of those counted happened, so a test says what it did see.
        if !inside.isEmpty { detail += ": at \(offsets(of: inside))" }
        if matching.count > inside.count {
            detail += " (\(matching.count - inside.count) more outside the window)"
        }
        return detail
    }

    private static func absent(
        _ selector: EventSelector, after: Double?, before: Double?, in records: [TimelineRecord]
    ) -> String? {
        let offending = records.first { record in
            selector.matches(record)
                && (after.map { record.offsetSeconds > $0 } ?? true)
                && (before.map { record.offsetSeconds < $0 } ?? true)
        }
        return offending.map { "first offending event: \($0.line)" }
    }

    private static func present(
        _ selector: EventSelector, at: Double?, tolerance: Double, in records: [TimelineRecord]
    ) -> String? {
        let matching = records.filter(selector.matches)
        guard !matching.isEmpty else { return missing(selector, in: records) }
        guard let at else { return nil }
        if matching.contains(where: { ValueMatcher.isWithin($0.offsetSeconds, of: at, tolerance: tolerance) }) {
            return nil
        }
        // `min(by:)` keeps the first of equals, so a tie goes to the earlier event.
        let nearest = matching.min { abs($0.offsetSeconds - at) < abs($1.offsetSeconds - at) }!
        let when =
            tolerance > 0
            ? "\(OffsetWindow.format(at)) +- \(OffsetWindow.format(tolerance))"
            : OffsetWindow.format(at)
        return "none at \(when); nearest at \(OffsetWindow.format(nearest.offsetSeconds)): \(nearest.line)"
    }

    private static func order(first: EventSelector, then: EventSelector, in records: [TimelineRecord]) -> String? {
        let firstIndex = records.firstIndex(where: first.matches)
        let thenIndex = records.firstIndex(where: then.matches)
        switch (firstIndex, thenIndex) {
        case (nil, nil):
            return "no \(first) at all; no \(then) at all"
        case (nil, _):
            return missing(first, in: records)
        case (_, nil):
            return missing(then, in: records)
        case (let firstIndex?, let thenIndex?):
            guard firstIndex >= thenIndex else { return nil }
            let thenRecord = records[thenIndex]
            if firstIndex == thenIndex {
                return "the first \(first) is also the first \(then): \(thenRecord.line)"
            }
            let firstRecord = records[firstIndex]
            return "the first \(then) (at \(OffsetWindow.format(thenRecord.offsetSeconds)))"
                + " came before the first \(first) (at \(OffsetWindow.format(firstRecord.offsetSeconds))):"
                + " \(thenRecord.line) then \(firstRecord.line)"
        }
    }

    private static func end(_ fields: [FieldMatch], in records: [TimelineRecord]) -> String? {
        guard let last = records.last else { return "the timeline is empty" }
        guard last.type == "end" else { return "the last event is \(last.type), not end: \(last.line)" }
        let mismatches = fields.compactMap { field -> String? in
            guard let actual = last.fields[field.key] else { return "end has no field \(field.key)" }
            guard !field.matcher.matches(actual) else { return nil }
            return "\(field.key) is \(actual), expected \(field.matcher)"
        }
        return mismatches.isEmpty ? nil : mismatches.joined(separator: "; ")
    }

    /// `no authorization {to: "denied"} at all`, and the nearest miss when events of that
    /// type exist: the one matching the most fields (the earliest of equals).
    private static func missing(_ selector: EventSelector, in records: [TimelineRecord]) -> String {
        let detail = "no \(selector) at all"
        guard !selector.fields.isEmpty else { return detail }
        var nearest: (record: TimelineRecord, score: Int)?
        for record in records where record.type == selector.type {
            let score = selector.fields.count { $0.matcher.matches(record.fields[$0.key]) }
            if score > nearest?.score ?? -1 { nearest = (record, score) }
        }
        guard let nearest else { return detail }
        return "\(detail); nearest miss: \(nearest.record.line)"
    }

    /// `0s, 5m, 5m5s`, the first ten, then how many more.
    private static func offsets(of records: [TimelineRecord]) -> String {
        var text = records.prefix(10).map { OffsetWindow.format($0.offsetSeconds) }.joined(separator: ", ")
        if records.count > 10 { text += " and \(records.count - 10) more" }
        return text
    }

    /// `1st`, `2nd`, `3rd`, `4th`, `11th`, `12th`, `13th`, `21st`.
    static func ordinal(_ n: Int) -> String {
        let suffix: String
        switch (n % 10, n % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(n)\(suffix)"
    }
}

extension CountRule {
    /// The most events the rule allows, if it has a limit.
    var upperBound: Int? {
        switch self {
        case .exactly(let n), .atMost(let n), .between(_, let n): return n
        case .atLeast: return nil
        }
    }
}

extension String {
    /// The text on one line: a line break (which a scenario's string value could hold) is
    /// written as `\n` or `\r`, so every report line stays one line.
    package var singleLine: String {
        guard contains(where: \.isNewline) else { return self }
        var text = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": text += " "
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}
