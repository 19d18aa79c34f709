// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// Plain decimal text for numbers in URLs and messages: `47.3769`, `-122.394253`, `0.3`.
///
/// Swift's `description` switches to exponent notation for small magnitudes (`1e-05`), which
/// Open-Meteo's parameter parser rejects, and prints long binary expansions
/// (`0.30000000000000004`); this rounds to a fixed number of decimals and drops trailing
/// zeros instead, with the timeline's own formatter (JSONOutput).
package enum DecimalText {
    /// `value` rounded half away from zero to at most `decimals` places (0...9), without
    /// exponent or trailing zeros; nil when it is not finite or too large for the rounding.
    package static func format(_ value: Double, decimals: Int) -> String? {
        precondition((0...9).contains(decimals), "decimals must be 0...9")
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        // Beyond 2^62 units fixed-point text means nothing for a coordinate, and JSONOutput
        // would fall back to Swift's exponent form, which a URL must not carry.
        guard value.isFinite, (value * scale).rounded().magnitude < 0x1p62 else { return nil }
        var bytes: [UInt8] = []
        bytes.appendDecimal(value, fractionDigits: decimals)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A duration in seconds for messages, e.g. `5`, `0.3`, `0.125` (to the millisecond).
    package static func seconds(_ duration: Duration) -> String {
        let total = duration.totalSeconds
        return format(total, decimals: 3) ?? "\(total)"
    }
}
