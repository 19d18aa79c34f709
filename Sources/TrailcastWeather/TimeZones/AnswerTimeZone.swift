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
    private static let olderNames = ["Europe/Kyiv": "Europe/Kiev", "America/Nuuk": "America/Godthab"]

    /// The zone named `name` (an IANA name the system's tz database knows) at `now`, or nil.
    init?(named name: String, now: Int) {
        if Self.gmtNames.contains(name.lowercased()) {
            self = .gmt
            return
        }
        guard let zone = TimeZone(identifier: name) ?? Self.olderNames[name].flatMap(TimeZone.init(identifier:)) else {
            return nil
        }
        self.init(zone, now: now)
    }

    init(_ zone: TimeZone, now: Int) {
        let date = Date(timeIntervalSince1970: TimeInterval(now))
        identifier = zone.secondsFromGMT(for: date) == 0 && Self.gmtNames.contains(zone.identifier.lowercased()) ? "GMT" : zone.identifier
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

    /// `timezone=auto`: the zone of the place (``ZoneTable/identifier(latitude:longitude:)``).
    static func auto(latitude: Double, longitude: Double, now: Int) -> AnswerTimeZone {
        let name = ZoneTable.identifier(latitude: latitude, longitude: longitude)
        return AnswerTimeZone(named: name, now: now) ?? ZoneTable.nautical(longitude: longitude, now: now)
    }

    /// The offset in whole hours, toward zero, with which Open-Meteo reads its data: a zone
    /// 5:30 ahead shows its hours at :00 local time, each holding the whole UTC hour after.
    var readOffsetSeconds: Int { utcOffsetSeconds / 3600 * 3600 }
}

/// `timezone=auto`: which zone a place is in.
///
/// The zone of the nearest principal city of the tz database's `zone.tab` (its 418 zones,
/// ZoneTable.swift) or of a big city of ``moreCities`` (where that alone chose wrong), or, more than ``nauticalBeyondKilometres`` from any, the nautical zone
/// of the longitude (`Etc/GMT+5` west of 67.5° W to 82.5° W), as at sea. Open-Meteo looks the
/// place up in zone boundary polygons instead; a nearest city is right away from borders and
/// can be wrong near one (within about 100-300 km, further where a big zone meets a small
/// one): name the zone for places near a border.
enum ZoneTable {
    static let nauticalBeyondKilometres = 1000.0

    /// Every city the lookup weighs.
    static let cities = principalCities + moreCities

    /// Beyond this from its city, a zone whose offset is this far from the longitude's
    /// nautical one is not taken: the ocean around an island on the far side of the date line
    /// (Kiritimati, 14 hours ahead, 850 km from the middle of the Pacific) is not in its zone.
    static let islandReachKilometres = 300.0
    static let islandOffsetSlackHours = 3

    static func identifier(latitude: Double, longitude: Double) -> String {
        var nearest: (identifier: String, meters: Double)?
        for city in cities {
            let meters = GreatCircle.distanceMeters(
                latitude1: latitude, longitude1: longitude, latitude2: city.latitude, longitude2: city.longitude)
            if nearest == nil || meters < nearest!.meters { nearest = (city.identifier, meters) }
        }
        guard let nearest, nearest.meters <= nauticalBeyondKilometres * 1000 else {
            return nauticalIdentifier(longitude: longitude)
        }
        if nearest.meters > islandReachKilometres * 1000, let zone = TimeZone(identifier: nearest.identifier),
            abs(zone.secondsFromGMT() / 3600 - nauticalHours(longitude: longitude)) > islandOffsetSlackHours {
            return nauticalIdentifier(longitude: longitude)
        }
        return nearest.identifier
    }

    /// The offset of the longitude's nautical zone, in hours east.
    static func nauticalHours(longitude: Double) -> Int {
        min(max(Int((longitude / 15).rounded()), -12), 12)
    }

    /// `Etc/GMT-N` for N hours east of Greenwich (POSIX's sign, as the tz database names them).
    static func nauticalIdentifier(longitude: Double) -> String {
        let hours = nauticalHours(longitude: longitude)
        return hours == 0 ? "Etc/GMT" : "Etc/GMT\(hours > 0 ? "-" : "+")\(abs(hours))"
    }

    /// The nautical zone itself, should the system's database lack it.
    static func nautical(longitude: Double, now: Int) -> AnswerTimeZone {
        let hours = nauticalHours(longitude: longitude)
        return AnswerTimeZone(
            identifier: nauticalIdentifier(longitude: longitude),
            abbreviation: AnswerTimeZone.abbreviation(utcOffsetSeconds: hours * 3600), utcOffsetSeconds: hours * 3600)
    }
}
