// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
@testable import TrailcastWeather

@Suite("Time zones: abbreviations as Open-Meteo writes them, auto from the coordinates")
struct ZoneTests {
    static let january = 1_767_225_600  // 2026-01-01T00:00Z
    static let july = 1_782_864_000  // 2026-07-01T00:00Z
    static let july2040 = 2_224_800_000  // 2040-07-01T00:00Z, past a fat file's last transition

    /// Open-Meteo's server writes ICU's short localized GMT format (Foundation's
    /// `TimeZone.abbreviation()` on Linux): the sign, hours without a leading zero, minutes
    /// only when there are some; the offset at the moment of the answer.
    @Test(
        "abbreviations as Open-Meteo's server writes them today",
        arguments: [
            ("Europe/Berlin", january, "GMT+1"), ("Europe/Berlin", july, "GMT+2"), ("Europe/Berlin", july2040, "GMT+2"),
            ("America/New_York", january, "GMT-5"), ("America/New_York", july, "GMT-4"),
            ("Australia/Sydney", january, "GMT+11"), ("Australia/Sydney", july, "GMT+10"),
            ("Asia/Kolkata", july, "GMT+5:30"), ("Asia/Kathmandu", july, "GMT+5:45"), ("Europe/London", january, "GMT"),
            ("Europe/London", july, "GMT+1"), ("America/Sao_Paulo", july, "GMT-3"),
            ("America/St_Johns", january, "GMT-3:30"),
            ("Pacific/Chatham", january, "GMT+13:45"), ("Pacific/Marquesas", july, "GMT-9:30"),
        ])
    func abbreviations(zone: String, at unixTime: Int, abbreviation: String) throws {
        let answer = try #require(AnswerTimeZone(named: zone, now: unixTime))
        #expect(answer.abbreviation == abbreviation)
        #expect(answer.identifier == zone)
    }

    @Test(
        "the abbreviation of an offset: plain GMT at zero, minutes with two digits",
        arguments: [
            (0, "GMT"), (3600, "GMT+1"), (-3600, "GMT-1"), (36_000, "GMT+10"), (19_800, "GMT+5:30"),
            (-12_600, "GMT-3:30"),
            (20_700, "GMT+5:45"), (49_500, "GMT+13:45"), (540, "GMT+0:09"), (-50_400, "GMT-14"),
        ])
    func abbreviationOfOffset(offset: Int, abbreviation: String) {
        #expect(AnswerTimeZone.abbreviation(utcOffsetSeconds: offset) == abbreviation)
    }

    /// Cities and their zones; the lookup must give the zone or one with the same local time
    /// (Munich may come out as Europe/Vaduz, Berlin's rules under another name).
    @Test(
        "auto: big cities get their zone's offset and abbreviation, winter and summer",
        arguments: [
            ("Delhi", 28.61, 77.21, "Asia/Kolkata"), ("Mumbai", 19.08, 72.88, "Asia/Kolkata"),
            ("Beijing", 39.90, 116.40, "Asia/Shanghai"), ("Chengdu", 30.57, 104.07, "Asia/Shanghai"),
            ("Lahore", 31.55, 74.34, "Asia/Karachi"), ("Sapporo", 43.06, 141.35, "Asia/Tokyo"),
            ("Osaka", 34.69, 135.50, "Asia/Tokyo"), ("Busan", 35.18, 129.08, "Asia/Seoul"),
            ("Dallas", 32.78, -96.80, "America/Chicago"), ("Seattle", 47.61, -122.33, "America/Los_Angeles"),
            ("Phoenix", 33.45, -112.07, "America/Phoenix"), ("Denver", 39.74, -104.99, "America/Denver"),
            ("Atlanta", 33.75, -84.39, "America/New_York"), ("Anchorage", 61.22, -149.90, "America/Anchorage"),
            ("Honolulu", 21.31, -157.86, "Pacific/Honolulu"), ("Calgary", 51.05, -114.07, "America/Edmonton"),
            ("Montreal", 45.50, -73.57, "America/Toronto"), ("Guadalajara", 20.67, -103.35, "America/Mexico_City"),
            ("Munich", 48.14, 11.58, "Europe/Berlin"), ("Lyon", 45.76, 4.84, "Europe/Paris"),
            ("Milan", 45.46, 9.19, "Europe/Rome"), ("Barcelona", 41.39, 2.17, "Europe/Madrid"),
            ("Porto", 41.15, -8.61, "Europe/Lisbon"), ("Istanbul", 41.01, 28.98, "Europe/Istanbul"),
            ("Moscow", 55.76, 37.62, "Europe/Moscow"), ("Novosibirsk", 55.03, 82.92, "Asia/Novosibirsk"),
            ("Jeddah", 21.49, 39.19, "Asia/Riyadh"), ("Mashhad", 36.30, 59.60, "Asia/Tehran"),
            ("Cairo", 30.04, 31.24, "Africa/Cairo"), ("Lagos", 6.52, 3.38, "Africa/Lagos"),
            ("Cape Town", -33.92, 18.42, "Africa/Johannesburg"), ("Nairobi", -1.29, 36.82, "Africa/Nairobi"),
            ("Rio de Janeiro", -22.91, -43.17, "America/Sao_Paulo"),
            ("Buenos Aires", -34.60, -58.38, "America/Argentina/Buenos_Aires"),
            ("Santiago", -33.45, -70.67, "America/Santiago"), ("Bogotá", 4.71, -74.07, "America/Bogota"),
            ("Melbourne", -37.81, 144.96, "Australia/Melbourne"), ("Perth", -31.95, 115.86, "Australia/Perth"),
            ("Brisbane", -27.47, 153.03, "Australia/Brisbane"), ("Auckland", -36.85, 174.76, "Pacific/Auckland"),
            ("Christchurch", -43.53, 172.64, "Pacific/Auckland"), ("Jakarta", -6.21, 106.85, "Asia/Jakarta"),
            ("Surabaya", -7.25, 112.75, "Asia/Jakarta"), ("Manila", 14.60, 120.98, "Asia/Manila"),
            ("Hanoi", 21.03, 105.85, "Asia/Bangkok"), ("Reykjavík", 64.15, -21.94, "Atlantic/Reykjavik"),
        ] as [(String, Double, Double, String)])
    func autoCities(city: String, latitude: Double, longitude: Double, zone: String) throws {
        for now in [Self.january, Self.july] {
            let found = AnswerTimeZone.auto(latitude: latitude, longitude: longitude, now: now)
            let expected = try #require(AnswerTimeZone(named: zone, now: now))
            #expect(found.utcOffsetSeconds == expected.utcOffsetSeconds, "\(city): \(found.identifier)")
            #expect(found.abbreviation == expected.abbreviation, "\(city): \(found.identifier)")
        }
    }

    @Test("auto at sea: the nautical zone of the longitude, as in the boundaries' ocean build")
    func autoAtSea() {
        let boundaries = ZoneBoundaries.compiledIn
        #expect(boundaries?.zone(latitude: 0, longitude: -150) == "Etc/GMT+10")
        #expect(boundaries?.zone(latitude: -40, longitude: -100) == "Etc/GMT+7")
        #expect(boundaries?.zone(latitude: 30, longitude: -30) == "Etc/GMT+2")
        #expect(boundaries?.zone(latitude: 0, longitude: 170) == "Etc/GMT-11")
        #expect(boundaries?.zone(latitude: 55.5, longitude: 3) == "Etc/GMT")
        #expect(AnswerTimeZone.auto(latitude: 30, longitude: -30, now: Self.july).abbreviation == "GMT-2")
        // At sea by Greenwich: `Etc/GMT`, as Open-Meteo answers it, not folded into `GMT`.
        #expect(AnswerTimeZone.auto(latitude: 55.5, longitude: 3, now: Self.july).identifier == "Etc/GMT")
        #expect(AnswerTimeZone.auto(latitude: 30, longitude: -30, now: Self.july).identifier == "Etc/GMT+2")
        #expect(NauticalZone.identifier(longitude: 7) == "Etc/GMT")
        #expect(NauticalZone.identifier(longitude: 179.9) == "Etc/GMT-12")
        #expect(NauticalZone.identifier(longitude: -7.6) == "Etc/GMT+1")
    }

    /// Towns a nearest-city lookup put in a neighbour's zone (issue 61), and pairs across a
    /// border a few kilometres apart: each in its own zone by the polygons.
    @Test(
        "auto near borders: each town in its own zone",
        arguments: [
            ("Gdańsk", 54.352, 18.646, "Europe/Warsaw"), ("Frankfurt", 50.11, 8.68, "Europe/Berlin"),
            ("Badajoz", 38.88, -6.97, "Europe/Madrid"), ("Elvas", 38.881, -7.163, "Europe/Lisbon"),
            ("Haparanda", 65.84, 24.14, "Europe/Stockholm"), ("Tornio", 65.848, 24.167, "Europe/Helsinki"),
            ("Suwałki", 54.10, 22.93, "Europe/Warsaw"), ("Evansville", 37.97, -87.57, "America/Chicago"),
            ("Ivangorod", 59.37, 28.21, "Europe/Moscow"), ("Narva", 59.377, 28.19, "Europe/Tallinn"),
            ("Valga", 57.776, 26.047, "Europe/Tallinn"), ("Valka", 57.773, 26.015, "Europe/Riga"),
            ("Görlitz", 51.152, 14.987, "Europe/Berlin"), ("Zgorzelec", 51.150, 15.008, "Europe/Warsaw"),
            ("Kehl", 48.573, 7.816, "Europe/Berlin"), ("Strasbourg", 48.583, 7.746, "Europe/Paris"),
            ("El Paso", 31.759, -106.487, "America/Denver"),
            ("Ciudad Juárez", 31.690, -106.424, "America/Ciudad_Juarez"),
            ("San Diego", 32.716, -117.161, "America/Los_Angeles"), ("Tijuana", 32.514, -117.038, "America/Tijuana"),
            ("Detroit", 42.331, -83.046, "America/Detroit"), ("Windsor", 42.302, -83.030, "America/Toronto"),
            ("Kathmandu", 27.717, 85.324, "Asia/Kathmandu"), ("St. John's", 47.561, -52.713, "America/St_Johns"),
            ("Waitangi", -43.954, -176.559, "Pacific/Chatham"), ("Eucla", -31.677, 128.883, "Australia/Eucla"),
            ("Lord Howe Island", -31.553, 159.082, "Australia/Lord_Howe"), ("Basel", 47.560, 7.588, "Europe/Zurich"),
            ("Weil am Rhein", 47.594, 7.620, "Europe/Berlin"), ("Saint-Louis", 47.590, 7.560, "Europe/Paris"),
            ("Blagoveshchensk", 50.273, 127.540, "Asia/Yakutsk"), ("Heihe", 50.245, 127.489, "Asia/Shanghai"),
            ("Tabatinga", -4.252, -69.938, "America/Manaus"), ("Leticia", -4.215, -69.940, "America/Bogota"),
            ("Nogales, Arizona", 31.340, -110.934, "America/Phoenix"),
            ("Nogales, Sonora", 31.308, -110.943, "America/Hermosillo"),
            ("Tweed Heads", -28.176, 153.541, "Australia/Sydney"),
            ("Coolangatta", -28.169, 153.536, "Australia/Brisbane"),
            ("Indianapolis", 39.768, -86.158, "America/Indiana/Indianapolis"),
            ("Broken Hill", -31.956, 141.467, "Australia/Broken_Hill"),
        ] as [(String, Double, Double, String)])
    func autoNearBorders(town: String, latitude: Double, longitude: Double, zone: String) {
        #expect(ZoneBoundaries.compiledIn?.zone(latitude: latitude, longitude: longitude) == zone, "\(town)")
        #expect(
            AnswerTimeZone.auto(latitude: latitude, longitude: longitude, now: Self.july).identifier == zone, "\(town)")
    }

    /// 2,000 area-uniform random land points and 500 at sea, each with the zone
    /// timezonefinder 9.0.0 finds in the full polygons (timezonefinder-data 3.2026.3.post1,
    /// timezone-boundary-builder 2026c; Tests/Fixtures/weather/zone-points.txt). The table
    /// gives the same UTC offset, winter and summer, for all but the few points within a
    /// cell of a border (none of these): the count is exact, as the table and the points are
    /// fixed.
    @Test("auto against the polygons: the same offset for all 2,000 land points and 500 at sea")
    func autoAgainstThePolygons() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/weather/zone-points.txt").standardized
        let text = try String(contentsOf: fixture, encoding: .utf8)
        var land = (same: 0, count: 0), sea = (same: 0, count: 0)
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            let latitude = try #require(Double(fields[0])), longitude = try #require(Double(fields[1]))
            let expected = String(fields[2])
            var same = true
            for now in [Self.january, Self.july] {
                let zone = try #require(AnswerTimeZone(named: expected, now: now))
                same =
                    same
                    && AnswerTimeZone.auto(latitude: latitude, longitude: longitude, now: now).utcOffsetSeconds
                        == zone.utcOffsetSeconds
            }
            if expected.hasPrefix("Etc/GMT") {
                sea = (sea.same + (same ? 1 : 0), sea.count + 1)
            } else {
                land = (land.same + (same ? 1 : 0), land.count + 1)
            }
        }
        #expect(land.count == 2000 && sea.count == 500)
        #expect(land.same == 2000)
        #expect(sea.same == 500)
    }
}
