// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// Proleptic Gregorian dates and times in UTC, as Open-Meteo writes them with
/// `timezone=GMT`: `2024-07-01` and `2024-07-01T13:00`. Shared by the Open-Meteo client and
/// `serve-weather`, so both sides of the API spell dates alike.
///
/// Plain integer arithmetic (Howard Hinnant's `days_from_civil`), so any year 0001...9999
/// works, without Foundation and the same on every platform.
package enum UTCCalendar {
    package static let secondsPerDay = 86_400

    /// Days since 1970-01-01 of a date; `month` 1...12, `day` 1...31 (not checked here).
    package static func days(year: Int, month: Int, day: Int) -> Int {
        Int(CivilDate.daysSince1970(year: Int64(year), month: Int64(month), day: Int64(day)))
    }

    /// The date `days` after 1970-01-01.
    package static func date(days: Int) -> (year: Int, month: Int, day: Int) {
        let date = CivilDate.date(daysSince1970: Int64(days))
        return (Int(date.year), Int(date.month), Int(date.day))
    }

    /// The start of the UTC day holding `unixTime`.
    package static func startOfDay(_ unixTime: Int) -> Int {
        unixTime.floorDivided(by: secondsPerDay) * secondsPerDay
    }

    /// `yyyy-MM-dd` of the UTC day holding `unixTime`.
    package static func isoDate(_ unixTime: Int) -> String {
        let date = date(days: unixTime.floorDivided(by: secondsPerDay))
        return "\(padded(date.year, 4))-\(padded(date.month, 2))-\(padded(date.day, 2))"
    }

    /// `yyyy-MM-ddTHH:mm` of `unixTime` (seconds are dropped, as Open-Meteo does).
    package static func isoMinute(_ unixTime: Int) -> String {
        let secondOfDay = unixTime - startOfDay(unixTime)
        return "\(isoDate(unixTime))T\(padded(secondOfDay / 3600, 2)):\(padded(secondOfDay % 3600 / 60, 2))"
    }

    /// The midnight of a `yyyy-MM-dd` date, or why `text` is not one.
    package static func parseDate(_ text: Substring) -> ParsedTime {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = number(bytes[0..<4]), let month = number(bytes[5..<7]), let day = number(bytes[8..<10])
        else { return .invalidFormat }
        guard year >= 1, (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day) else {
            return .invalidDate
        }
        return .time(days(year: year, month: month, day: day) * secondsPerDay)
    }

    /// The instant of a `yyyy-MM-ddTHH:mm` time, or why it is not one.
    package static func parseMinute(_ text: Substring) -> ParsedTime {
        let bytes = Array(text.utf8)
        guard bytes.count == 16, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
            let hour = number(bytes[11..<13]), let minute = number(bytes[14..<16])
        else { return .invalidFormat }
        switch parseDate(text.prefix(10)) {
        case .time(let midnight):
            guard hour < 24, minute < 60 else { return .invalidDate }
            return .time(midnight + hour * 3600 + minute * 60)
        case let other:
            return other
        }
    }

    /// What parsing a date or time gave.
    package enum ParsedTime: Equatable, Sendable {
        case time(Int)
        case invalidFormat
        case invalidDate
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        Int(CivilDate.daysInMonth(year: Int64(year), month: Int64(month)))
    }

    /// Decimal digits only: `Int("+1")` would accept a sign.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
