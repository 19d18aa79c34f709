// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import TrailcastBasics

/// The time zone an answer is given in (`timezone`): its name, abbreviation and offset.
///
/// As Open-Meteo's server does (`TimezoneWithOffset` in open-meteo/open-meteo), one offset
/// applies to the whole answer: the zone's offset at the moment the answer is made (the
/// server's clock, or the simulation's when it runs on one), with no switch at a daylight
/// saving change inside the answer. Open-Meteo's maintainers describe it so in
/// open-meteo/open-meteo issues 261, 488 and 1255; a client that needs each hour's own
/// offset converts the Unix times itself.
struct AnswerTimeZone: Sendable, Equatable {
    var identifier: String
    var abbreviation: String
    var utcOffsetSeconds: Int

    init(identifier: String, abbreviation: String, utcOffsetSeconds: Int) {
        self.identifier = identifier
        self.abbreviation = abbreviation
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// No `timezone`, or GMT or UTC by any spelling: the answer as it always was.
    static let gmt = AnswerTimeZone(identifier: "GMT", abbreviation: "GMT", utcOffsetSeconds: 0)

    /// Spellings of GMT answered as GMT (lower case too, as this server always took them).
    static let gmtNames: Set<String> = ["gmt", "utc", "etc/gmt", "etc/utc"]

    /// Open-Meteo's fallbacks for names an older tz database lacks (`TimeZone.initWithFallback`).
    private static let olderNames = [
        "Europe/Kyiv": "Europe/Kiev", "America/Nuuk": "America/Godthab", "Asia/Qostanay": "Asia/Qyzylorda",
        "Asia/Almaty": "Asia/Qyzylorda", "America/Ciudad_Juarez": "America/Mexico_City",
    ]

    /// The zone a `timezone` value names: a spelling of GMT, or a name the system's tz
    /// database knows (or its fallback's); nil for any other.
    static func timeZone(named name: String) -> TimeZone? {
        if gmtNames.contains(name.lowercased()) { return TimeZone(secondsFromGMT: 0) }
        return TimeZone(identifier: name) ?? olderNames[name].flatMap(TimeZone.init(identifier:))
    }

    /// The zone named `name` (an IANA name the system's tz database knows) at `now`, or nil.
    init?(named name: String, now: Int) {
        guard let zone = Self.timeZone(named: name) else { return nil }
        self.init(zone, now: now)
    }

    /// `zone` at `now`; a spelling of GMT is answered as GMT unless `keepsName` (a zone
    /// `auto` found, `Etc/GMT` at sea, as Open-Meteo answers it).
    init(_ zone: TimeZone, now: Int, keepsName: Bool = false) {
        let date = Date(timeIntervalSince1970: TimeInterval(now))
        let isGMT = zone.secondsFromGMT(for: date) == 0 && Self.gmtNames.contains(zone.identifier.lowercased())
        identifier = isGMT && !keepsName ? "GMT" : zone.identifier
        utcOffsetSeconds = zone.secondsFromGMT(for: date)
        abbreviation = Self.abbreviation(utcOffsetSeconds: utcOffsetSeconds)
    }

    /// `timezone_abbreviation` as Open-Meteo's server writes it today: `GMT`, `GMT+2`,
    /// `GMT-4`, `GMT+5:30`, `GMT-3:30`. Its `TimezoneWithOffset` takes Foundation's
    /// `TimeZone.abbreviation()`, which on Linux (swift-foundation over ICU, in a locale with no
    /// short names of its own) is ICU's short localized GMT format: the sign always, the hours
    /// without a leading zero, the minutes only when there are some. Answers quoted in
    /// open-meteo/open-meteo's issues from 2024 on show it (`GMT+1` for Berlin); older
    /// builds answered `CET`.
    static func abbreviation(utcOffsetSeconds offset: Int) -> String {
        guard offset != 0 else { return "GMT" }
        let minutes = abs(offset) / 60
        let hours = minutes / 60, rest = minutes % 60
        let sign = offset < 0 ? "-" : "+"
        return "GMT\(sign)\(hours)" + (rest == 0 ? "" : ":" + (rest < 10 ? "0\(rest)" : "\(rest)"))
    }

    /// `timezone=auto`: the zone the place lies in by the zone boundaries (``ZoneBoundaries``),
    /// at sea the nautical zone of its longitude; a zone the system's tz database lacks is
    /// answered by its nautical zone too.
    static func auto(latitude: Double, longitude: Double, now: Int) -> AnswerTimeZone {
        let name =
            ZoneBoundaries.compiledIn?.zone(latitude: latitude, longitude: longitude)
            ?? NauticalZone.identifier(longitude: longitude)
        guard let zone = TimeZone(identifier: name) else { return NauticalZone.zone(longitude: longitude, now: now) }
        return AnswerTimeZone(zone, now: now, keepsName: true)
    }

    /// The offset in whole hours, toward zero, with which Open-Meteo reads its data: a zone
    /// 5:30 ahead shows its hours at :00 local time, each holding the whole UTC hour after.
    var readOffsetSeconds: Int { utcOffsetSeconds / 3600 * 3600 }
}

/// The nautical zones: 15° bands of longitude centred on multiples of 15°, the time of the
/// sea (`Etc/GMT+5` from 67.5° W to 82.5° W, POSIX's sign as the tz database names them).
enum NauticalZone {
    /// The offset of the longitude's nautical zone, in hours east.
    static func hours(longitude: Double) -> Int {
        min(max(Int((longitude / 15).rounded()), -12), 12)
    }

    /// `Etc/GMT-N` for N hours east of Greenwich.
    static func identifier(longitude: Double) -> String {
        let hours = hours(longitude: longitude)
        return hours == 0 ? "Etc/GMT" : "Etc/GMT\(hours > 0 ? "-" : "+")\(abs(hours))"
    }

    /// The nautical zone itself, should the system's database lack it.
    static func zone(longitude: Double, now: Int) -> AnswerTimeZone {
        let hours = hours(longitude: longitude)
        return AnswerTimeZone(
            identifier: identifier(longitude: longitude),
            abbreviation: AnswerTimeZone.abbreviation(utcOffsetSeconds: hours * 3600), utcOffsetSeconds: hours * 3600)
    }
}
