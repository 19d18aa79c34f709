// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.

/// What a field's value must be, as a scenario writes it: a string, a boolean, null, a
/// number (with an optional tolerance, `12.3 +- 0.5`), or a comparison (`>= 100`).
public enum ValueMatcher: Sendable, Equatable, CustomStringConvertible {
    case string(String)
    case bool(Bool)
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
            return tolerance == 0 ? TimelineValue.format(value) : "\(TimelineValue.format(value)) +- \(TimelineValue.format(tolerance))"
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
    public enum Operator: String, Sendable, CaseIterable {
        case equal = "==", notEqual = "!=", lessOrEqual = "<=", greaterOrEqual = ">="
        case less = "<", greater = ">"
    }

    public var op: Operator
    public var value: Double

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
