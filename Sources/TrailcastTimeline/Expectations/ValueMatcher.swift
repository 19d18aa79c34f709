// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.

/// What a field's value must be, as a scenario writes it: a string, a boolean, null, a
/// number (with an optional tolerance, `12.3 +- 0.5`), or a comparison (`>= 100`).
public enum ValueMatcher: Sendable, Equatable, CustomStringConvertible {
    /// The field must be text equal to this; a scenario's quoted number such as `"1"` is text too.
    case string(String)
    /// `true` or `false`: the field must be that boolean.
    case bool(Bool)
    /// The field must be present and null (JSON `null`), not missing.
    case null
    /// Within `tolerance` of the number (0: exactly).
    case number(Double, tolerance: Double)
    /// `< <= > >= == !=` a number.
    case comparison(NumberComparison)

    /// Whether `value` satisfies this matcher; a missing field never does.
    package func matches(_ value: TimelineValue?) -> Bool {
        switch (self, value) {
        case (.string(let expected), .string(let actual)?): return expected == actual
        case (.bool(let expected), .bool(let actual)?): return expected == actual
        case (.null, .null?): return true
        case (.number(let expected, let tolerance), .number(let actual)?):
            return Self.isWithin(actual, of: expected, tolerance: tolerance)
        case (.comparison(let comparison), .number(let actual)?): return comparison.holds(for: actual)
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .string(let text): return "\"\(text)\""
        case .bool(let value): return String(value)
        case .null: return "null"
        case .number(let value, let tolerance):
            return tolerance == 0
                ? TimelineValue.format(value) : "\(TimelineValue.format(value)) +- \(TimelineValue.format(tolerance))"
        case .comparison(let comparison): return comparison.description
        }
    }

    /// Whether `actual` is within `tolerance` of `expected`, as a person means it: 7080.6
    /// is within 0.6 of 7080, although in binary floating point the difference is
    /// 0.6000000000000364. A few units in the last place of the operands are allowed on
    /// top of a non-zero tolerance to absorb that rounding; a zero tolerance stays exact.
    static func isWithin(_ actual: Double, of expected: Double, tolerance: Double) -> Bool {
        let difference = abs(actual - expected)
        guard tolerance > 0 else { return difference == 0 }
        let rounding = 8 * max(abs(actual), abs(expected), tolerance).ulp
        return difference <= tolerance + rounding
    }
}

/// A numeric comparison such as `>= 100` or `< 0.5`.
public struct NumberComparison: Sendable, Equatable, CustomStringConvertible {
    /// The comparison's operator, spelled as a scenario writes it (`>=`, `!=`, ...).
    public enum Operator: String, Sendable, CaseIterable {
        /// `==`: the field's number equals the value exactly.
        case equal = "=="
        /// `!=`: the field's number differs from the value.
        case notEqual = "!="
        /// `<=`: the field's number is at most the value.
        case lessOrEqual = "<="
        /// `>=`: the field's number is at least the value.
        case greaterOrEqual = ">="
        /// `<`: the field's number is below the value.
        case less = "<"
        /// `>`: the field's number is above the value.
        case greater = ">"
    }

    /// How the field's number must compare to `value`.
    public var op: Operator
    /// The number the field's value is compared with.
    public var value: Double

    /// A comparison of a field's number with `value` by `op`, such as `NumberComparison(.greaterOrEqual, 100)`.
    public init(_ op: Operator, _ value: Double) {
        self.op = op
        self.value = value
    }

    /// Parses `>= 100`, `<5`, `== 0`; nil for anything else.
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: " ")
        // Two-character operators first, so `<=` is not read as `<` and `=5`.
        for op in Operator.allCases where trimmed.hasPrefix(op.rawValue) {
            let rest = trimmed.dropFirst(op.rawValue.count).trimmingCharacters(in: " ")
            guard let value = Double(rest), value.isFinite else { return nil }
            self.init(op, value)
            return
        }
        return nil
    }

    package func holds(for actual: Double) -> Bool {
        switch op {
        case .equal: return actual == value
        case .notEqual: return actual != value
        case .less: return actual < value
        case .lessOrEqual: return actual <= value
        case .greater: return actual > value
        case .greaterOrEqual: return actual >= value
        }
    }

    public var description: String { "\(op.rawValue) \(TimelineValue.format(value))" }
}

extension StringProtocol {
    func trimmingCharacters(in character: Character) -> String {
        var slice = Substring(self)
        while slice.first == character { slice.removeFirst() }
        while slice.last == character { slice.removeLast() }
        return String(slice)
    }
}
