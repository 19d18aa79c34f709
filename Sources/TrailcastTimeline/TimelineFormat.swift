// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastBasics

/// Turns timeline events into lines of bytes, in one of `TimelineFormatName`'s formats.
package protocol TimelineFormat {
    /// Bytes written before the first event (CSV's header); empty for most formats.
    mutating func appendHeader(to bytes: inout [UInt8])
    /// Appends whole lines, each ending in `\n`, for the event: one, or none for a format
    /// that shows only some events (the weather log).
    mutating func append(_ event: TimelineEvent, to bytes: inout [UInt8])
}

/// The formats `--format` accepts.
public enum TimelineFormatName: String, Sendable, CaseIterable {
    /// The default: one aligned line per event (offset, type, details), coloured on a terminal only.
    case text
    /// JSON Lines: one object per event, keys in a fixed order, `null` where a value is unknown.
    case jsonl
    /// CSV: a header, then one row per event with the same columns for every type.
    case csv

    /// A fresh formatter; `colors` matters for text only.
    package func makeFormat(colors: Bool = false) -> any TimelineFormat {
        switch self {
        case .text: return TextTimelineFormat(colors: colors)
        case .jsonl: return JSONLinesTimelineFormat()
        case .csv: return CSVTimelineFormat()
        }
    }

    /// How prose names the format (`JSON Lines` for `jsonl`): the docs' lists of formats are
    /// checked against these.
    package var displayName: String {
        switch self {
        case .text: return "text"
        case .jsonl: return "JSON Lines"
        case .csv: return "CSV"
        }
    }
}

/// Rounding used by every format, so text, JSON and CSV agree digit for digit.
enum TimelinePrecision {
    static let offset = 3
    static let coordinate = 7
    static let altitude = 2
    static let accuracy = 2
    static let speed = 2
    static let course = 1
    static let distance = 1
    /// Weather values are rounded to tenths by their source already.
    static let weather = 1
    /// Local fetches take well under a millisecond: tenths would hide their spread.
    static let fetchMilliseconds = 2
    static let cellDegrees = 6
    static let multiplier = 3
}

extension Timestamp {
    /// Appends the time as `t` shows it: ISO 8601 rounded (not truncated) to the
    /// millisecond, the way `offset` is rounded, so the two never disagree by 1 ms.
    package func appendTimelineTime(to bytes: inout [UInt8]) {
        // Timestamp normalises the carry, so .9996 s becomes the next second's .000.
        Timestamp(secondsSince1970: secondsSince1970, nanoseconds: nanoseconds + 500_000)
            .appendISO8601(to: &bytes, fractionDigits: TimelinePrecision.offset)
    }
}
