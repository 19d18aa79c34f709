// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// The calendar fields of a ``Timestamp`` in UTC, for formats that spell a time out in
/// parts (NMEA's `hhmmss.ss` and `ddmmyy`).
public struct UTCDateTime: Sendable, Equatable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    public var nanoseconds: Int
}

extension Timestamp {
    /// The time's UTC calendar fields (proleptic Gregorian, any year).
    public var utc: UTCDateTime {
        let days = secondsSince1970.floorDivided(by: 86_400)
        let secondOfDay = Int(secondsSince1970 - days * 86_400)
        let date = CivilDate.date(daysSince1970: days)
        return UTCDateTime(
            year: Int(date.year), month: Int(date.month), day: Int(date.day), hour: secondOfDay / 3600,
            minute: secondOfDay / 60 % 60, second: secondOfDay % 60, nanoseconds: Int(nanoseconds))
    }
}
