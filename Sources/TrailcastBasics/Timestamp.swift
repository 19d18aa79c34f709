// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// An instant in UTC with nanosecond precision, as read from a GPX `<time>`.
///
/// GPX times are parsed straight from bytes into this type: no `Date`, no
/// formatter, no allocation. Dates before 1970 are negative `secondsSince1970`.
///
/// ```swift
/// let start = Timestamp(iso8601: "2026-06-13T16:00:00.250Z")!
/// start.iso8601()          // "2026-06-13T16:00:00.250Z"
/// start.adding(seconds: 1.5).seconds(since: start)  // 1.5
/// ```
public struct Timestamp: Sendable, Hashable, Comparable {
    /// Whole seconds since 1970-01-01T00:00:00Z (negative before it).
    public var secondsSince1970: Int64
    /// The fraction of the second, 0..<1_000_000_000.
    public var nanoseconds: Int32

    /// Creates a timestamp, normalising `nanoseconds` into 0..<1_000_000_000.
    public init(secondsSince1970: Int64, nanoseconds: Int32 = 0) {
        let carry = Int64(nanoseconds).floorDivided(by: 1_000_000_000)
        self.secondsSince1970 = secondsSince1970 + carry
        self.nanoseconds = Int32(Int64(nanoseconds) - carry * 1_000_000_000)
    }

    /// Creates a timestamp from fractional seconds since 1970, rounded to the nanosecond.
    public init(timeIntervalSince1970 seconds: Double) {
        let whole = seconds.rounded(.down)
        let nanos = ((seconds - whole) * 1e9).rounded()
        self.init(secondsSince1970: Int64(whole), nanoseconds: Int32(nanos))
    }

    /// Seconds since 1970 as a `Double` (microsecond precision for current dates).
    public var timeIntervalSince1970: Double {
        Double(secondsSince1970) + Double(nanoseconds) / 1e9
    }

    /// The signed number of seconds from `other` to `self`.
    public func seconds(since other: Timestamp) -> Double {
        Double(secondsSince1970 - other.secondsSince1970)
            + Double(nanoseconds - other.nanoseconds) / 1e9
    }

    /// This instant moved by `seconds` (may be negative), rounded to the nanosecond.
    public func adding(seconds: Double) -> Timestamp {
        let whole = seconds.rounded(.down)
        let nanos = ((seconds - whole) * 1e9).rounded()
        return Timestamp(
            secondsSince1970: secondsSince1970 + Int64(whole),
            nanoseconds: nanoseconds + Int32(nanos))
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.secondsSince1970, lhs.nanoseconds) < (rhs.secondsSince1970, rhs.nanoseconds)
    }
}

extension Timestamp: CustomStringConvertible {
    public var description: String { iso8601() }
}
