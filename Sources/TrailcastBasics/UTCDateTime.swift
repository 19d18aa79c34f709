// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// The calendar fields of a ``Timestamp`` in UTC, for formats that spell a time out in
/// parts (NMEA's `hhmmss.ss` and `ddmmyy`).
package struct UTCDateTime: Sendable, Equatable {
    package var year: Int
    package var month: Int
    package var day: Int
    package var hour: Int
    package var minute: Int
    package var second: Int
    package var nanoseconds: Int
}

extension Timestamp {
    /// The time's UTC calendar fields (proleptic Gregorian, any year).
    package var utc: UTCDateTime {
        let days = secondsSince1970.floorDivided(by: 86_400)
        let secondOfDay = Int(secondsSince1970 - days * 86_400)
        let date = CivilDate.date(daysSince1970: days)
        return UTCDateTime(
            year: Int(date.year), month: Int(date.month), day: Int(date.day), hour: secondOfDay / 3600,
            minute: secondOfDay / 60 % 60, second: secondOfDay % 60, nanoseconds: Int(nanoseconds))
    }
}
