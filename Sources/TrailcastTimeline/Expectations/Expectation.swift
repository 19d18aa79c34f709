// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// Something a scenario's timeline must show.
///
/// Offsets are simulated seconds since the start. Windows are inclusive (`from`/`to`);
/// `after`/`before` are strict, so `after: 10m` means later than 10 minutes.
public enum Expectation: Sendable, Equatable, CustomStringConvertible {
    /// How many events match, in the whole run or within an inclusive window.
    case count(EventSelector, CountRule, window: OffsetWindow)
    /// No event matches after / before / between offsets (strictly).
    case absent(EventSelector, after: Double?, before: Double?)
    /// Some event matches, optionally at an offset give or take a tolerance.
    case present(EventSelector, at: Double?, tolerance: Double)
    /// The first event matching `first` comes before the first matching `then`; both exist.
    case order(first: EventSelector, then: EventSelector)
    /// The `end` event's fields match (`weatherErrors: 0`, `locations: ">= 100"`).
    case end([FieldMatch])

    /// One line for reports, such as `count location >= 100 from 10m to 20m`.
    public var description: String {
        switch self {
        case .count(let selector, let rule, let window):
            return "count \(selector) \(rule)\(window.isWholeRun ? "" : " \(window)")"
        case .absent(let selector, let after, let before):
            var text = "no \(selector)"
            if let after { text += " after \(OffsetWindow.format(after))" }
            if let before { text += " before \(OffsetWindow.format(before))" }
            return text
        case .present(let selector, let at, let tolerance):
            var text = "an event \(selector)"
            if let at {
                text += " at \(OffsetWindow.format(at))"
                if tolerance > 0 { text += " +- \(OffsetWindow.format(tolerance))" }
            }
            return text
        case .order(let first, let then):
            return "\(first) before \(then)"
        case .end(let fields):
            return "end {\(fields.map(\.description).joined(separator: ", "))}"
        }
    }
}

/// How many events a `count` expectation wants.
public enum CountRule: Sendable, Equatable, CustomStringConvertible {
    /// Exactly this many events (`exactly: N`).
    case exactly(Int)
    /// This many events or more (`atLeast: N` alone).
    case atLeast(Int)
    /// This many events or fewer, zero included (`atMost: N` alone).
    case atMost(Int)
    /// Both bounds, inclusive.
    case between(Int, Int)

    package func holds(for count: Int) -> Bool {
        switch self {
        case .exactly(let n): return count == n
        case .atLeast(let n): return count >= n
        case .atMost(let n): return count <= n
        case .between(let low, let high): return count >= low && count <= high
        }
    }

    public var description: String {
        switch self {
        case .exactly(let n): return "== \(n)"
        case .atLeast(let n): return ">= \(n)"
        case .atMost(let n): return "<= \(n)"
        case .between(let low, let high): return "in \(low)...\(high)"
        }
    }
}

/// An inclusive span of offsets; either end may be open.
public struct OffsetWindow: Sendable, Equatable, CustomStringConvertible {
    /// The earliest offset counted, in simulated seconds since the start, inclusive; nil for the run's start.
    public var from: Double?
    /// The latest offset counted, in simulated seconds since the start, inclusive; nil for the run's end.
    public var to: Double?

    /// A window from `from` to `to`, each inclusive; leaving both out gives the whole run.
    public init(from: Double? = nil, to: Double? = nil) {
        self.from = from
        self.to = to
    }

    /// Whether neither end is set, so the window holds every event of the run.
    package var isWholeRun: Bool { from == nil && to == nil }

    package func contains(_ offset: Double) -> Bool {
        (from.map { offset >= $0 } ?? true) && (to.map { offset <= $0 } ?? true)
    }

    public var description: String {
        switch (from, to) {
        case (nil, nil): return "in the whole run"
        case (let from?, nil): return "from \(Self.format(from))"
        case (nil, let to?): return "up to \(Self.format(to))"
        case (let from?, let to?): return "from \(Self.format(from)) to \(Self.format(to))"
        }
    }

    /// `90s` as `1m30s`, `0.25` as `250ms`: offsets as `--event` writes them.
    package static func format(_ seconds: Double) -> String {
        let milliseconds = Int64((seconds * 1000).rounded())
        guard milliseconds > 0 else { return "0s" }
        var text = ""
        let hours = milliseconds / 3_600_000
        let minutes = milliseconds / 60_000 % 60
        let wholeSeconds = milliseconds / 1000 % 60
        let fraction = milliseconds % 1000
        if hours > 0 { text += "\(hours)h" }
        if minutes > 0 { text += "\(minutes)m" }
        if wholeSeconds > 0 || (fraction > 0 && milliseconds >= 1000) {
            text += fraction > 0 ? "\(wholeSeconds).\(String(format3(fraction)))s" : "\(wholeSeconds)s"
        } else if fraction > 0 {
            text += "\(fraction)ms"
        }
        return text
    }

    private static func format3(_ value: Int64) -> String {
        var digits = String(value)
        while digits.count < 3 { digits = "0" + digits }
        while digits.hasSuffix("0") { digits.removeLast() }
        return digits
    }
}
