// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// A span of simulated time since the start of a run, as written on the command line:
/// `45s`, `10m`, `1h5m`, `250ms`, `1.5s`, or a bare number of seconds (`90`).
public struct SimulatedOffset: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Whole milliseconds, so `--event` times compare exactly and print back as typed.
    public var milliseconds: Int64

    /// An offset of exactly `milliseconds` thousandths of a second.
    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    /// Rounds to the millisecond; NaN becomes 0 and spans beyond Int64 milliseconds clamp.
    package init(seconds: Double) {
        let scaled = (seconds * 1000).rounded()
        if scaled.isNaN {
            milliseconds = 0
        } else if scaled >= 9.2e18 {
            milliseconds = .max
        } else if scaled <= -9.2e18 {
            milliseconds = .min
        } else {
            milliseconds = Int64(scaled)
        }
    }

    /// The offset in seconds, with its milliseconds as a fraction.
    public var seconds: Double { Double(milliseconds) / 1000 }

    /// `.seconds(45)`: what `45s` says (negative spans count as 0, as no offset is before the start).
    public static func seconds(_ seconds: Double) -> SimulatedOffset {
        SimulatedOffset(seconds: max(seconds, 0))
    }

    /// `.minutes(20)`: `20m`.
    public static func minutes(_ minutes: Double) -> SimulatedOffset {
        .seconds(minutes * 60)
    }

    /// `.hours(1.5)`: `1h30m`.
    public static func hours(_ hours: Double) -> SimulatedOffset {
        .seconds(hours * 3600)
    }

    /// Parses `1h5m30s`, `250ms`, `2.5m` or `90`; nil for anything else or a negative span.
    package init?(_ text: String) {
        var bytes = Substring(text)
        // Only digits, points and units: Double's parser would also take 1e3, 0x10, +5, inf.
        guard !bytes.isEmpty, bytes.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || "hms".contains($0)) })
        else { return nil }
        if let seconds = Double(bytes), seconds.isFinite, seconds >= 0 {
            // The same bound as the unit form: beyond it the milliseconds overflow Int64.
            guard seconds < 1e12 else { return nil }
            self.init(seconds: seconds)
            return
        }
        var total = 0.0
        var previousUnitRank = Int.max
        while !bytes.isEmpty {
            let number = bytes.prefix { $0.isNumber || $0 == "." }
            guard let value = Double(number), value.isFinite else { return nil }
            bytes = bytes.dropFirst(number.count)
            let unit = bytes.prefix { $0.isLetter }
            bytes = bytes.dropFirst(unit.count)
            let (rank, secondsPerUnit): (Int, Double)
            switch unit {
            case "h": (rank, secondsPerUnit) = (4, 3600)
            case "m": (rank, secondsPerUnit) = (3, 60)
            case "s": (rank, secondsPerUnit) = (2, 1)
            case "ms": (rank, secondsPerUnit) = (1, 0.001)
            default: return nil
            }
            // Units must shrink left to right (`1h5m`, not `5m1h` or `1m1m`).
            guard rank < previousUnitRank else { return nil }
            previousUnitRank = rank
            total += value * secondsPerUnit
        }
        guard total < 1e12 else { return nil }
        self.init(seconds: total)
    }

    /// The shortest spelling that parses back to the same offset: `0s`, `45s`, `1h5m`, `1m0.25s`.
    public var description: String {
        guard milliseconds > 0 else { return "0s" }
        let hours = milliseconds / 3_600_000
        let minutes = milliseconds / 60_000 % 60
        let wholeSeconds = milliseconds / 1000 % 60
        let millis = milliseconds % 1000
        var text = ""
        if hours > 0 { text += "\(hours)h" }
        if minutes > 0 { text += "\(minutes)m" }
        if millis > 0 {
            if wholeSeconds == 0 && text.isEmpty {
                text += "\(millis)ms"
            } else {
                var fraction = String(millis)
                fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
                while fraction.last == "0" { fraction.removeLast() }
                text += "\(wholeSeconds).\(fraction)s"
            }
        } else if wholeSeconds > 0 {
            text += "\(wholeSeconds)s"
        }
        return text
    }

    public static func < (lhs: SimulatedOffset, rhs: SimulatedOffset) -> Bool {
        lhs.milliseconds < rhs.milliseconds
    }
}
