// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// Text for HTML and SVG: escaping, and numbers written the same on every machine (no
/// locale, no `printf`), so that one timeline always gives byte-identical pages.
enum Markup {
    /// Escapes text for an element's content or a double-quoted attribute.
    static func escape(_ text: String) -> String {
        MarkupText.escaped(text, for: .html)
    }

    /// `value` rounded to `decimals` places, trailing zeros dropped (`12.5`, `3`, `-0.25`).
    static func number(_ value: Double, decimals: Int = 1) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return value < 0 ? "-9e15" : "9e15" }
        var units = Int64(scaled)
        var fraction = ""
        for _ in 0..<decimals {
            fraction = String(units % 10) + fraction
            units /= 10
        }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let sign = value < 0 && (units != 0 || !fraction.isEmpty) ? "-" : ""
        return sign + String(units) + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// An offset as `+h:mm:ss` (`+0:05:00`), the text timeline's way.
    static func offset(_ seconds: Double) -> String {
        // Clamped: a hand-made timeline may say 1e300 seconds, which no Int64 holds.
        let total = Int64(min(max(0, seconds.isFinite ? seconds : 0), 9e15).rounded(.down))
        let hours = total / 3600
        let minutes = (total % 3600) / 60
        let rest = total % 60
        return "+\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(rest < 10 ? "0" : "")\(rest)"
    }

    /// A count with thousands separators (`1,840`).
    static func count(_ value: Int) -> String {
        let digits = String(abs(value))
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped += "," }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    /// A distance for people: `850 m`, `7.1 km`.
    static func distance(_ meters: Double) -> String {
        meters < 1000 ? "\(number(meters, decimals: 0)) m" : "\(number(meters / 1000, decimals: 1)) km"
    }
}
