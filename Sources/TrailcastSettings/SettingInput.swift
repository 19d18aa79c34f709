// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// A setting's value as a file gives it (a scenario's YAML node), read as the kind of value
/// the setting takes.
///
/// The input makes its own errors (``error(_:)``), so a refusal names where the value is (a
/// scenario's file, line, column and key path); a setting only words the message. The
/// readers below are the rules every setting shares: what a duration, a positive number or
/// an on/off switch looks like in a file.
package protocol SettingInput {
    associatedtype Failure: Error
    /// How the value reads in messages: its text quoted (`'12'`), or "a list", "a mapping".
    var shown: String { get }
    /// `null`, `~` or nothing.
    var isNull: Bool { get }
    /// A scalar's text however it is quoted; nil for a list or a mapping.
    var scalarText: String? { get }
    func string() throws(Failure) -> String
    /// A finite number written plainly (`12`, `0.5`, `1e3`).
    func number() throws(Failure) -> Double
    func integer() throws(Failure) -> Int
    func bool() throws(Failure) -> Bool
    /// One of `values`, as the flags spell them.
    func choice(_ values: [String]) throws(Failure) -> String
    /// A list's elements, each placed in errors as `key[index]`.
    func sequence() throws(Failure) -> [Self]
    /// A mapping's pairs, refusing keys not in `allowed` (naming the closest) and keys given twice.
    func mapping(allowed: [String]) throws(Failure) -> [(key: String, value: Self)]
    /// A file's path; a relative one starts at the folder of the file the input came from.
    func filePath() throws(Failure) -> String
    /// An error about this value, placed where it is.
    func error(_ message: String) -> Failure
}

extension SettingInput {
    package func positive() throws(Failure) -> Double {
        let value = try number()
        guard value > 0 else { throw error("must be greater than 0, not \(shown)") }
        return value
    }

    package func nonNegative() throws(Failure) -> Double {
        let value = try number()
        guard value >= 0 else { throw error("must not be negative, not \(shown)") }
        return value
    }

    /// A share of requests or fixes, from 0 to 1.
    package func rate() throws(Failure) -> Double {
        let value = try number()
        guard (0...1).contains(value) else { throw error("must be a share between 0 and 1, not \(shown)") }
        return value
    }

    /// `on`/`off` as the flag spells it, or a YAML boolean.
    package func onOff() throws(Failure) -> Bool {
        do {
            return try bool()
        } catch {
            throw self.error("expected on or off, not \(shown)")
        }
    }

    /// Simulated seconds from `45s`, `10m`, `1h5m`, `250ms` or a plain number of seconds.
    package func duration() throws(Failure) -> Double {
        guard let text = scalarText, let offset = SimulatedOffset(text) else {
            throw error("expected a duration such as 45s, 10m, 1h5m or 250ms, not \(shown)")
        }
        return offset.seconds
    }

    /// One of an enumeration's cases, by its raw value (as the flags spell them).
    package func choice<Value: RawRepresentable & CaseIterable>(
        of type: Value.Type
    ) throws(Failure) -> Value where Value.RawValue == String {
        Value(rawValue: try choice(Value.allCases.map(\.rawValue)))!
    }

    /// A seed: a whole number that is not negative.
    package func seed() throws(Failure) -> UInt64 {
        let seed = try integer()
        guard seed >= 0 else { throw error("must not be negative") }
        return UInt64(seed)
    }
}
