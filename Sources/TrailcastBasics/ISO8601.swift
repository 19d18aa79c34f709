// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// The ISO 8601 / RFC 3339 subset that GPX files use, parsed from raw bytes.
///
/// Accepts `YYYY-MM-DD`, then `T`, `t` or a space, `hh:mm:ss`, an optional
/// fraction of any length (kept to the nanosecond), and a zone: `Z`, `+hh:mm`,
/// `+hhmm`, `+hh`, the same with `-`, or none. Foundation's parser is not used:
/// it is slow on a hot path and rejects fractional seconds on Linux.
package enum ISO8601 {
    /// A parsed time and whether the text named its zone.
    package struct ParsedTime: Sendable, Equatable {
        package var timestamp: Timestamp
        /// False when the text had no zone designator and was read as UTC.
        package var hadZone: Bool
    }

    /// Parses `text`, or returns nil when it is not a valid date and time.
    package static func parse(_ text: String) -> ParsedTime? {
        var text = text
        return text.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
    }

    /// Parses the bytes of a time, surrounding ASCII white space excluded by the caller.
    package static func parse(_ bytes: UnsafeRawBufferPointer) -> ParsedTime? {
        var cursor = ByteCursor(bytes)
        guard let year = cursor.digits(4), cursor.skip(UInt8(ascii: "-")),
            let month = cursor.digits(2), cursor.skip(UInt8(ascii: "-")),
            let day = cursor.digits(2)
        else { return nil }
        guard month >= 1, month <= 12, day >= 1,
            day <= CivilDate.daysInMonth(year: year, month: month)
        else { return nil }
        guard let separator = cursor.next(),
            separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t")
                || separator == UInt8(ascii: " ")
        else { return nil }
        guard let hour = cursor.digits(2), cursor.skip(UInt8(ascii: ":")),
            let minute = cursor.digits(2), cursor.skip(UInt8(ascii: ":")),
            let second = cursor.digits(2)
        else { return nil }
        // 24:00:00 is midnight at the end of the day; 60 seconds is a leap second.
        let isEndOfDay = hour == 24 && minute == 0 && second == 0
        guard hour <= 23 || isEndOfDay, minute <= 59, second <= 60 else { return nil }

        var nanoseconds: Int64 = 0
        if cursor.skip(UInt8(ascii: ".")) || cursor.skip(UInt8(ascii: ",")) {
            var scale: Int64 = 100_000_000
            while let digit = cursor.digit() {
                nanoseconds += digit * scale
                scale /= 10
            }
        }

        var offsetSeconds: Int64 = 0
        var hadZone = true
        switch cursor.next() {
        case nil:
            hadZone = false
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            break
        case let sign? where sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"):
            guard let offsetHours = cursor.digits(2), offsetHours <= 23 else { return nil }
            var offsetMinutes: Int64 = 0
            if !cursor.isAtEnd {
                _ = cursor.skip(UInt8(ascii: ":"))
                guard let minutes = cursor.digits(2), minutes <= 59 else { return nil }
                offsetMinutes = minutes
            }
            offsetSeconds =
                (offsetHours * 3600 + offsetMinutes * 60)
                * (sign == UInt8(ascii: "-") ? -1 : 1)
        default:
            return nil
        }
        guard cursor.isAtEnd else { return nil }

        let days = CivilDate.daysSince1970(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return ParsedTime(
            timestamp: Timestamp(secondsSince1970: seconds, nanoseconds: Int32(nanoseconds)),
            hadZone: hadZone)
    }
}

extension Timestamp {
    /// Parses an ISO 8601 time (see ``ISO8601``); a time without zone is read as UTC.
    public init?(iso8601 text: String) {
        guard let parsed = ISO8601.parse(text) else { return nil }
        self = parsed.timestamp
    }

    /// Formats as `YYYY-MM-DDThh:mm:ss.fffZ` in UTC, truncating to `fractionDigits` (0...9).
    package func iso8601(fractionDigits: Int = 3) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(30)
        appendISO8601(to: &bytes, fractionDigits: fractionDigits)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the ``iso8601(fractionDigits:)`` text to a byte buffer without allocating a String.
    package func appendISO8601(to bytes: inout [UInt8], fractionDigits: Int = 3) {
        let days = secondsSince1970.floorDivided(by: 86_400)
        let secondOfDay = secondsSince1970 - days * 86_400
        let (year, month, day) = CivilDate.date(daysSince1970: days)
        if year < 0 { bytes.append(UInt8(ascii: "-")) }
        bytes.appendPadded(abs(year), width: 4)
        bytes.append(UInt8(ascii: "-"))
        bytes.appendPadded(month, width: 2)
        bytes.append(UInt8(ascii: "-"))
        bytes.appendPadded(day, width: 2)
        bytes.append(UInt8(ascii: "T"))
        bytes.appendPadded(secondOfDay / 3600, width: 2)
        bytes.append(UInt8(ascii: ":"))
        bytes.appendPadded(secondOfDay % 3600 / 60, width: 2)
        bytes.append(UInt8(ascii: ":"))
        bytes.appendPadded(secondOfDay % 60, width: 2)
        let digits = min(max(fractionDigits, 0), 9)
        if digits > 0 {
            bytes.append(UInt8(ascii: "."))
            var divisor: Int64 = 1_000_000_000
            for _ in 0..<digits { divisor /= 10 }
            bytes.appendPadded(Int64(nanoseconds) / divisor, width: digits)
        }
        bytes.append(UInt8(ascii: "Z"))
    }
}

extension Array where Element == UInt8 {
    /// Appends a non-negative integer in decimal, left-padded with zeros to `width`.
    @inline(__always)
    mutating func appendPadded(_ value: Int64, width: Int) {
        var divisor: Int64 = 1
        var digitCount = 1
        while digitCount < 19, value / divisor >= 10 {
            divisor *= 10
            digitCount += 1
        }
        for _ in digitCount..<Swift.max(width, digitCount) { append(UInt8(ascii: "0")) }
        while divisor > 0 {
            append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }
}

/// A forward-only reader over bytes for the small grammars in this module.
struct ByteCursor {
    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var isAtEnd: Bool { index >= bytes.count }

    mutating func next() -> UInt8? {
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return bytes[index]
    }

    mutating func skip(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func digit() -> Int64? {
        guard index < bytes.count else { return nil }
        let value = bytes[index] &- UInt8(ascii: "0")
        guard value < 10 else { return nil }
        index += 1
        return Int64(value)
    }

    mutating func digits(_ count: Int) -> Int64? {
        var value: Int64 = 0
        for _ in 0..<count {
            guard let digit = digit() else { return nil }
            value = value * 10 + digit
        }
        return value
    }
}
