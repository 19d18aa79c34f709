// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastWeather

/// `timezone`: every zone of the tz database, one offset for the whole answer (the one in
/// force at the server's "now", 2024-07-01T10:20Z here), days counted in local time.
@Suite("Time zones of an answer")
struct TimeZoneTests {
    let model = WeatherModel()

    func temperature(at unixTime: Int) -> Double {
        model.conditions(latitude: 47.3769, longitude: 8.5417, elevationMeters: 408, unixTime: Double(unixTime))
            .temperatureCelsius
    }

    @Test(
        "Europe/Berlin: GMT+2, +7200; hours from local midnight; daily values over the local day; current in local time"
    )
    func berlin() async throws {
        let (unix, iso) = try await ServerHarness.run { server in
            let query =
                "timezone=Europe/Berlin&forecast_days=1&hourly=temperature_2m&daily=temperature_2m_max,temperature_2m_min&current=temperature_2m"
            return (
                try await server.forecast(query + "&timeformat=unixtime").json(),
                try await server.forecast(query).json()
            )
        }
        #expect(try unix.string("timezone") == "Europe/Berlin")
        #expect(try unix.string("timezone_abbreviation") == "GMT+2")
        #expect(try unix.number("utc_offset_seconds") == 7200)
        let localMidnight = fixedToday - 7200
        let hours = (0..<24).map { localMidnight + $0 * 3600 }
        #expect(try unix.object("hourly").numbers("time") == hours.map(Double.init))
        #expect(try unix.object("hourly").numbers("temperature_2m") == hours.map(temperature(at:)))
        #expect(try unix.object("daily").numbers("time") == [Double(localMidnight)])
        #expect(try unix.object("daily").numbers("temperature_2m_max") == [hours.map(temperature(at:)).max()!])
        #expect(try unix.object("daily").numbers("temperature_2m_min") == [hours.map(temperature(at:)).min()!])
        #expect(try unix.object("current").number("time") == Double(fixedNow / 900 * 900))

        #expect(try iso.object("hourly").strings("time").first == "2024-07-01T00:00")
        #expect(try iso.object("hourly").strings("time").last == "2024-07-01T23:00")
        #expect(try iso.object("daily").strings("time") == ["2024-07-01"])
        #expect(try iso.object("current").string("time") == "2024-07-01T12:15")
    }

    @Test(
        "an answer across a daylight saving change keeps one offset, the one in force now: no hour twice, none missing")
    func oneOffsetAcrossTheChange() async throws {
        // Now is 2024-10-20, still summer time, so 2024-10-27's change to CET is not applied.
        let json = try await ServerHarness.run(now: 1_729_418_400) { server in
            try await server.forecast(
                "timezone=Europe/Berlin&start_date=2024-10-26&end_date=2024-10-28&hourly=temperature_2m"
            ).json()
        }
        #expect(try json.number("utc_offset_seconds") == 7200)
        let times = try json.object("hourly").strings("time")
        #expect(times.count == 72)
        #expect(Set(times).count == 72)
        #expect(times.filter { $0 == "2024-10-27T02:00" }.count == 1)
        #expect(times.first == "2024-10-26T00:00")
        #expect(times.last == "2024-10-28T23:00")
    }

    @Test(
        "Asia/Kolkata (+5:30): hours shown at local :00, each the whole UTC hour half an hour later, as Open-Meteo reads them"
    )
    func halfHourZone() async throws {
        let json = try await ServerHarness.run { server in
            try await server.forecast(
                "timezone=Asia/Kolkata&start_date=2024-07-01&end_date=2024-07-01&hourly=temperature_2m&timeformat=unixtime"
            ).json()
        }
        #expect(try json.number("utc_offset_seconds") == 19_800)
        #expect(try json.string("timezone_abbreviation") == "GMT+5:30")
        let shown = (0..<24).map { fixedToday - 19_800 + $0 * 3600 }
        #expect(try json.object("hourly").numbers("time") == shown.map(Double.init))
        #expect(try json.object("hourly").numbers("temperature_2m") == shown.map { temperature(at: $0 + 1800) })
    }

    @Test(
        """
        America/St_Johns (-2:30 in July): hours shown at local :00, each the whole UTC hour half an hour before (the \
        offset read toward zero, -2 h, not down to -3 h); the local day; current in local time
        """)
    func halfHourBehindZone() async throws {
        let (unix, iso) = try await ServerHarness.run { server in
            let query =
                "timezone=America/St_Johns&start_date=2024-07-01&end_date=2024-07-01&hourly=temperature_2m"
                + "&daily=temperature_2m_max,temperature_2m_min&current=temperature_2m"
            return (
                try await server.forecast(query + "&timeformat=unixtime").json(),
                try await server.forecast(query).json()
            )
        }
        #expect(try unix.string("timezone") == "America/St_Johns")
        #expect(try unix.string("timezone_abbreviation") == "GMT-2:30")
        #expect(try unix.number("utc_offset_seconds") == -9000)
        #expect(try iso.number("utc_offset_seconds") == -9000)
        // Local midnight is 02:30Z; the hour shown there holds the UTC hour from 02:00.
        let localMidnight = fixedToday + 9000
        let shown = (0..<24).map { localMidnight + $0 * 3600 }
        let read = shown.map { $0 - 1800 }
        #expect(try unix.object("hourly").numbers("time") == shown.map(Double.init))
        #expect(try unix.object("hourly").numbers("temperature_2m") == read.map(temperature(at:)))
        #expect(try unix.object("daily").numbers("time") == [Double(localMidnight)])
        #expect(try unix.object("daily").numbers("temperature_2m_max") == [read.map(temperature(at:)).max()!])
        #expect(try unix.object("daily").numbers("temperature_2m_min") == [read.map(temperature(at:)).min()!])
        #expect(try unix.object("current").number("time") == Double(fixedNow / 900 * 900))

        let hours = try iso.object("hourly").strings("time")
        #expect(hours == (0..<24).map { "2024-07-01T" + ($0 < 10 ? "0\($0)" : "\($0)") + ":00" })
        #expect(try iso.object("hourly").numbers("temperature_2m") == read.map(temperature(at:)))
        #expect(try iso.object("daily").strings("time") == ["2024-07-01"])
        // 10:15Z is 07:45 at -2:30.
        #expect(try iso.object("current").string("time") == "2024-07-01T07:45")
    }

    /// A CSV answer names its place's zone on the place line as the JSON does: the zone's
    /// name under `timezone`, its abbreviation under `timezone_abbreviation`, in that order.
    @Test(
        "CSV: the place line gives the offset, the zone's name, then its abbreviation; hours from local midnight",
        arguments: [
            ("Europe/Berlin", "7200,Europe/Berlin,GMT+2"), ("Asia/Kolkata", "19800,Asia/Kolkata,GMT+5:30"),
        ])
    func csvPlaceLine(zone: String, columns: String) async throws {
        let answer = try await ServerHarness.run { server in
            try await server.forecast("timezone=\(zone)&forecast_days=1&hourly=temperature_2m&format=csv")
        }
        #expect(answer.status == 200)
        let lines = answer.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            Array(lines.prefix(4)) == [
                "latitude,longitude,elevation,utc_offset_seconds,timezone,timezone_abbreviation",
                "47.3769,8.5417,408.0,\(columns)", "", "time,temperature_2m (°C)",
            ])
        #expect(lines.count == 4 + 24 + 1)
        #expect(lines.dropFirst(4).first?.hasPrefix("2024-07-01T00:00,") == true)
        #expect(lines.dropLast().last?.hasPrefix("2024-07-01T23:00,") == true)
    }

    @Test(
        "auto: the place's own zone, never GMT",
        arguments: [
            ("latitude=28.61&longitude=77.21", "Asia/Kolkata", 19_800),
            ("latitude=39.90&longitude=116.40", "Asia/Shanghai", 28_800),
            ("latitude=32.78&longitude=-96.80", "America/Chicago", -18_000),
            ("latitude=0&longitude=-150", "Etc/GMT+10", -36_000),
        ])
    func auto(place: String, zone: String, offset: Int) async throws {
        let json = try await ServerHarness.run { server in
            try await server.get("/v1/forecast?\(place)&timezone=auto&current=temperature_2m").json()
        }
        #expect(try json.string("timezone") == zone)
        #expect(try json.number("utc_offset_seconds") == Double(offset))
    }
}
