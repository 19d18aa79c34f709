// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// The hours and days one answer covers, as the instants the model is read at (UTC) and
/// the instants shown.
///
/// In a time zone (``AnswerTimeZone``) the days are its local days and the windows are
/// placed by its local time, as Open-Meteo places them: local dates and hours are read
/// as if UTC and moved by the zone's whole-hour offset (the instants read) and by its
/// actual offset (the instants shown, which differ by the zone's odd half or quarter hour).
///
/// `/v1/forecast` without dates covers whole days around today: `past_days` before it and
/// `forecast_days` from its midnight. `start_date`/`end_date` (whole days, inclusive) and
/// `start_hour`/`end_hour` (hours, inclusive, hourly data only) replace that window
/// entirely, for any dates past or future. As in Open-Meteo, hours alone leave the daily
/// data empty and dates alone give every hour of those days.
struct TimeWindow: Sendable, Equatable {
    /// The first hour, seconds since 1970 (a multiple of 3600).
    var firstHour: Int
    var hourCount: Int
    /// The first day's midnight, seconds since 1970 (a multiple of 86 400).
    var firstDay: Int
    var dayCount: Int
    /// The first quarter hour of `minutely_15` and how many (Unix seconds, a multiple of 900).
    var firstQuarter = 0
    var quarterCount = 0
    /// How far each instant read lies after the instant shown for it: the zone's offset
    /// beyond whole hours (1800 in India), else 0.
    var displayLag = 0

    /// The start of each hour.
    var hours: [Int] {
        (0..<hourCount).map { firstHour + $0 * 3600 }
    }

    /// The midnight of each day.
    var days: [Int] {
        (0..<dayCount).map { firstDay + $0 * UTCCalendar.secondsPerDay }
    }

    /// The start of each quarter hour.
    var quarters: [Int] {
        (0..<quarterCount).map { firstQuarter + $0 * 900 }
    }

    /// The start of each quarter hour as shown.
    var shownQuarters: [Int] { quarters.map { $0 - displayLag } }

    /// The start of each hour as shown (Unix time; local time is this plus the offset).
    var shownHours: [Int] { hours.map { $0 - displayLag } }

    /// Each local midnight as shown.
    var shownDays: [Int] { days.map { $0 - displayLag } }

    /// The window placed by local time in `zone`: `window` gives it for a zone at UTC, here
    /// given the local time for `now`, and its instants are moved back by the offset.
    static func local(
        in zone: AnswerTimeZone, now: Int, _ window: (_ localNow: Int) throws(ForecastRequestError) -> TimeWindow
    ) throws(ForecastRequestError) -> TimeWindow {
        let offset = zone.readOffsetSeconds
        var local = try window(now + offset)
        local.firstHour -= offset
        local.firstDay -= offset
        local.firstQuarter -= offset
        local.displayLag = zone.utcOffsetSeconds - offset
        return local
    }

    /// The default window: `pastDays` before today (UTC) and `forecastDays` from today's midnight.
    static func around(now unixTime: Int, pastDays: Int, forecastDays: Int) -> TimeWindow {
        let first = UTCCalendar.startOfDay(unixTime) - pastDays * UTCCalendar.secondsPerDay
        let days = pastDays + forecastDays
        return TimeWindow(firstHour: first, hourCount: days * 24, firstDay: first, dayCount: days)
    }

    /// The window of explicit dates and hours (each an inclusive range of instants), either
    /// or both given.
    static func explicit(dates: ClosedRange<Int>?, hours: ClosedRange<Int>?, now unixTime: Int) -> TimeWindow {
        let firstDay = dates?.lowerBound ?? UTCCalendar.startOfDay(unixTime)
        let dayCount = dates.map { ($0.upperBound - $0.lowerBound) / UTCCalendar.secondsPerDay + 1 } ?? 0
        guard let hours else {
            return TimeWindow(firstHour: firstDay, hourCount: dayCount * 24, firstDay: firstDay, dayCount: dayCount)
        }
        // Whole hours: a start of 10:30 means the hour from 10:00, as hourly data is per hour.
        let firstHour = hours.lowerBound.floorDivided(by: 3600) * 3600
        let lastHour = hours.upperBound.floorDivided(by: 3600) * 3600
        return TimeWindow(
            firstHour: firstHour, hourCount: (lastHour - firstHour) / 3600 + 1,
            firstDay: firstDay, dayCount: dayCount)
    }
}
