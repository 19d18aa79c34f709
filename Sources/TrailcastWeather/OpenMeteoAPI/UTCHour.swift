// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// A whole UTC hour, as Open-Meteo's `start_hour`/`end_hour` and `start_date`/`end_date`
/// parameters spell it.
///
/// The civil dates come from ``UTCCalendar`` (integer arithmetic) rather than
/// `DateFormatter`, so the text never depends on the process's locale, time zone or calendar.
struct UTCHour: Sendable, Equatable, Comparable {
    /// Whole hours since 1970-01-01T00:00Z; negative before.
    let hoursSinceEpoch: Int64

    /// The hour containing `unixTime` (floored, so 12:59:59 is in the 12:00 hour).
    init(containing unixTime: Double) {
        hoursSinceEpoch = Int64((unixTime / 3600).rounded(.down))
    }

    /// The whole hour nearest `unixTime`; exactly half past rounds up to the next hour.
    init(nearest unixTime: Double) {
        hoursSinceEpoch = Int64((unixTime / 3600 + 0.5).rounded(.down))
    }

    init(hoursSinceEpoch: Int64) {
        self.hoursSinceEpoch = hoursSinceEpoch
    }

    /// The hour after this one.
    var next: UTCHour { UTCHour(hoursSinceEpoch: hoursSinceEpoch + 1) }

    /// Seconds since 1970-01-01T00:00Z of the start of the hour.
    var unixTime: Double { Double(hoursSinceEpoch) * 3600 }

    /// Whole days since 1970-01-01 of the hour's UTC date.
    var daysSinceEpoch: Int64 { hoursSinceEpoch.floorDivided(by: 24) }

    /// `2024-07-01T12:00`, Open-Meteo's `start_hour` form (no seconds, no zone: the zone is
    /// the request's `timezone=GMT`).
    var hourText: String {
        let hour = hoursSinceEpoch - daysSinceEpoch * 24
        return "\(dateText)T\(twoDigits(hour)):00"
    }

    /// `2024-07-01`, the hour's UTC date as `start_date` takes it.
    var dateText: String { Self.dateText(daysSinceEpoch: daysSinceEpoch) }

    static func < (lhs: UTCHour, rhs: UTCHour) -> Bool { lhs.hoursSinceEpoch < rhs.hoursSinceEpoch }

    /// `YYYY-MM-DD` of a day counted from 1970-01-01 (proleptic Gregorian).
    static func dateText(daysSinceEpoch days: Int64) -> String {
        let date = UTCCalendar.date(days: Int(days))
        let year = Int64(date.year)
        let yearText = year < 0 ? "-" + fourDigits(-year) : fourDigits(year)
        return "\(yearText)-\(twoDigits(Int64(date.month)))-\(twoDigits(Int64(date.day)))"
    }
}

private func twoDigits(_ value: Int64) -> String {
    value < 10 ? "0\(value)" : "\(value)"
}

private func fourDigits(_ value: Int64) -> String {
    let text = "\(value)"
    return String(repeating: "0", count: max(0, 4 - text.count)) + text
}
