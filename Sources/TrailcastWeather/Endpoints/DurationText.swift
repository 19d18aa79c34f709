// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// Durations written the way people type them on a command line: `250ms`, `2s`, `1.5s`,
/// `1m`, `1h`, and sums such as `1m30s`. A bare number is seconds.
///
/// ```swift
/// DurationText.parse("250ms")  // .milliseconds(250)
/// DurationText.parse("1m30s")  // .seconds(90)
/// DurationText.parse("soon")   // nil
/// ```
package enum DurationText {
    /// The duration `text` spells, or nil if it is not one (negative values included).
    package static func parse(_ text: String) -> Duration? {
        var rest = Substring(text.lowercased())
        guard !rest.isEmpty else { return nil }
        var totalMilliseconds = 0.0
        if let seconds = Double(rest) {
            // A bare number is seconds, held to the same year as the rest: `1e20` once
            // reached Int64 as it was and crashed the command.
            guard seconds.isFinite, seconds >= 0 else { return nil }
            totalMilliseconds = seconds * 1000
            rest = ""
        }
        while !rest.isEmpty {
            let number = rest.prefix { $0.isNumber || $0 == "." }
            rest = rest.dropFirst(number.count)
            let unit = rest.prefix { $0.isLetter }
            rest = rest.dropFirst(unit.count)
            guard let value = Double(number), value.isFinite,
                let scale = millisecondsPerUnit[String(unit)]
            else { return nil }
            totalMilliseconds += value * scale
        }
        // Beyond a year is a typo, and Int64 milliseconds would overflow long before.
        guard totalMilliseconds <= 366 * 86_400_000 else { return nil }
        return .milliseconds(Int64(totalMilliseconds.rounded()))
    }

    private static let millisecondsPerUnit: [String: Double] = [
        "ms": 1, "s": 1000, "m": 60_000, "min": 60_000, "h": 3_600_000,
    ]
}
