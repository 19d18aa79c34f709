// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastWeather
import TrailcastWeatherServer

@Suite("Which hours and days an answer covers: past_days, forecast_days, start/end hours and dates, archive")
struct ForecastWindowTests {
    let model = WeatherModel()

    struct DayCounts: Sendable, CustomTestStringConvertible {
        var query: String
        var firstDay: String
        var days: Int
        var testDescription: String { query.isEmpty ? "(defaults)" : query }
    }

    @Test(
        "past_days and forecast_days count whole UTC days from today's midnight",
        arguments: [
            DayCounts(query: "", firstDay: "2024-07-01", days: 7),
            DayCounts(query: "forecast_days=1", firstDay: "2024-07-01", days: 1),
            DayCounts(query: "past_days=2&forecast_days=3", firstDay: "2024-06-29", days: 5),
            DayCounts(query: "past_days=92&forecast_days=16", firstDay: "2024-03-31", days: 108),
            // The most past days Open-Meteo takes (94 is refused: BadRequestTests).
            DayCounts(query: "past_days=93&forecast_days=16", firstDay: "2024-03-30", days: 109),
            DayCounts(query: "past_days=1&forecast_days=0", firstDay: "2024-06-30", days: 1),
            DayCounts(query: "forecast_days=0", firstDay: "2024-07-01", days: 0),
        ])
    func dayCounts(counts: DayCounts) async throws {
        let json = try await ServerHarness.run { server in
            try await server.forecast("hourly=temperature_2m&daily=temperature_2m_max&\(counts.query)").json()
        }
        let hours = try json.object("hourly").strings("time")
        let days = try json.object("daily").strings("time")
        #expect(hours.count == counts.days * 24)
        #expect(days.count == counts.days)
        #expect(try json.object("hourly").numbers("temperature_2m").count == counts.days * 24)
        if counts.days > 0 {
            #expect(hours.first == "\(counts.firstDay)T00:00")
            #expect(days.first == counts.firstDay)
            #expect(hours.last?.hasSuffix("T23:00") == true)
        }
    }

    @Test("start_hour/end_hour: each whole hour from the first to the last, inclusive; any date kept; no daily data")
    func hourWindow() async throws {
        let json = try await ServerHarness.run { server in
            try await server.archive(
                "hourly=temperature_2m,weather_code&daily=temperature_2m_max"
                    + "&start_hour=2009-03-14T22:00&end_hour=2009-03-15T03:00&timeformat=unixtime"
            ).json()
        }
        let start = 1_237_068_000  // 2009-03-14T22:00Z
        let times = (0..<6).map { start + $0 * 3600 }
        let hourly = try json.object("hourly")
        #expect(try hourly.numbers("time") == times.map(Double.init))
        #expect(
            try hourly.numbers("temperature_2m")
                == times.map {
                    model.conditions(latitude: 47.3769, longitude: 8.5417, elevationMeters: 408, unixTime: Double($0))
                        .temperatureCelsius
                })
        // As Open-Meteo: hours alone leave the daily arrays empty.
        #expect(try json.object("daily").numbers("time").isEmpty)
        #expect(try json.object("daily").numbers("temperature_2m_max").isEmpty)
    }

    @Test("start_hour/end_hour: a single hour, and a start inside an hour counts from that hour")
    func hourWindowEdges() async throws {
        // Now is 2030-05-30, so 2030-06-01 is inside the forecast's days.
        let (single, partial) = try await ServerHarness.run(now: 1_906_365_600) { server in
            (
                try await server.forecast("hourly=temperature_2m&start_hour=2030-06-01T12:00&end_hour=2030-06-01T12:00")
                    .json(),
                try await server.forecast("hourly=temperature_2m&start_hour=2030-06-01T12:30&end_hour=2030-06-01T13:59")
                    .json()
            )
        }
        #expect(try single.object("hourly").strings("time") == ["2030-06-01T12:00"])
        #expect(try partial.object("hourly").strings("time") == ["2030-06-01T12:00", "2030-06-01T13:00"])
    }

    /// An inclusive date range, its first midnight (seconds since 1970) and its length.
    struct Dates: Sendable, CustomTestStringConvertible {
        var start: String
        var end: String
        var firstMidnight: Int
        var dayCount: Int
        var testDescription: String { "\(start)...\(end)" }
    }

    /// The archive keeps 1940 to today; the forecast 93 days back to 15 ahead (here from
    /// 2041-02-20 for the dates of 2041).
    @Test(
        "start_date/end_date: every hour of those days and one daily summary each, past or future",
        arguments: [
            Dates(start: "1999-12-31", end: "2000-01-02", firstMidnight: 946_598_400, dayCount: 3),
            Dates(start: "2041-02-28", end: "2041-03-01", firstMidnight: 2_245_622_400, dayCount: 2),
            Dates(start: "1969-12-31", end: "1970-01-01", firstMidnight: -86_400, dayCount: 2),
            Dates(start: "1940-01-01", end: "1940-01-01", firstMidnight: -946_771_200, dayCount: 1),
            Dates(start: "2024-06-29", end: "2024-07-01", firstMidnight: 1_719_619_200, dayCount: 3),
        ])
    func dateWindow(dates: Dates) async throws {
        let (start, end, firstMidnight) = (dates.start, dates.end, dates.firstMidnight)
        let future = firstMidnight > fixedNow
        // past_days and forecast_days of zero may stand beside dates (any other value is refused).
        let json = try await ServerHarness.run(now: future ? 2_244_931_200 : fixedNow) { server in
            try await server.get(
                "/v1/\(future ? "forecast" : "archive")?\(zurich)&hourly=temperature_2m&daily=\(allDailyVariables.joined(separator: ","))"
                    + "&past_days=0&forecast_days=0&start_date=\(start)&end_date=\(end)"
            ).json()
        }
        let hours = try json.object("hourly").strings("time")
        let days = try json.object("daily").strings("time")
        let dayCount = dates.dayCount
        #expect(days.count == dayCount)
        #expect(days.first == start)
        #expect(days.last == end)
        #expect(hours.count == dayCount * 24)
        #expect(hours.first == "\(start)T00:00")
        #expect(hours.last == "\(end)T23:00")

        // Daily values are the DailyWeatherSummary of each day's 24 model hours.
        let daily = try json.object("daily")
        for day in 0..<dayCount {
            let midnight = firstMidnight + day * 86_400
            let summary = DailyWeatherSummary(
                hours: (0..<24).map {
                    model.conditions(
                        latitude: 47.3769, longitude: 8.5417, elevationMeters: 408,
                        unixTime: Double(midnight + $0 * 3600))
                })
            #expect(try daily.numbers("temperature_2m_max")[day] == summary.maximumCelsius)
            #expect(try daily.numbers("temperature_2m_min")[day] == summary.minimumCelsius)
            #expect(try daily.numbers("weather_code")[day] == Double(summary.weatherCode.rawValue))
            #expect(try daily.numbers("precipitation_sum")[day] == summary.precipitationSumMm)
        }
    }

    @Test("start_date with start_hour: hourly from the hours, daily from the dates")
    func datesAndHours() async throws {
        let json = try await ServerHarness.run { server in
            try await server.archive(
                "hourly=temperature_2m&daily=weather_code&start_date=2020-02-28&end_date=2020-03-01"
                    + "&start_hour=2020-02-29T23:00&end_hour=2020-03-01T01:00"
            ).json()
        }
        #expect(
            try json.object("hourly").strings("time") == ["2020-02-29T23:00", "2020-03-01T00:00", "2020-03-01T01:00"])
        #expect(try json.object("daily").strings("time") == ["2020-02-28", "2020-02-29", "2020-03-01"])
    }

    @Test("a leap year of hours is the most one answer holds")
    func largestWindow() async throws {
        let (leapYear, tooLong) = try await ServerHarness.run { server in
            (
                try await server.archive(
                    "hourly=temperature_2m&start_date=2000-01-01&end_date=2000-12-31&timeformat=unixtime"),
                try await server.archive("hourly=temperature_2m&start_date=2000-01-01&end_date=2001-01-01")
            )
        }
        #expect(leapYear.status == 200)
        #expect(try leapYear.json().object("hourly").numbers("time").count == 8784)
        #expect(tooLong.status == 400)
        #expect(try tooLong.json().string("reason").contains("too long"))
    }

    @Test("/v1/archive: the same model and format for the dates asked")
    func archive() async throws {
        let query =
            "\(zurich)&hourly=temperature_2m,precipitation&daily=temperature_2m_max&start_date=2012-08-01&end_date=2012-08-02"
        // Now is 2012-08-10: the dates are in both the archive's and the forecast's range.
        let (archive, forecast) = try await ServerHarness.run(now: 1_344_556_800) { server in
            (try await server.get("/v1/archive?\(query)"), try await server.get("/v1/forecast?\(query)"))
        }
        #expect(archive.status == 200)
        #expect(archive.contentType == "application/json")
        let archived = try archive.json()
        let forecasted = try forecast.json()
        #expect(try archived.object("hourly").strings("time").first == "2012-08-01T00:00")
        #expect(
            try archived.object("hourly").numbers("temperature_2m")
                == forecasted.object("hourly").numbers("temperature_2m"))
        #expect(
            try archived.object("daily").numbers("temperature_2m_max")
                == forecasted.object("daily").numbers("temperature_2m_max"))
        #expect(try archived.object("hourly_units").string("precipitation") == "mm")
    }

    @Test("/v1/archive with start_hour/end_hour only")
    func archiveByHours() async throws {
        let json = try await ServerHarness.run { server in
            try await server.get(
                "/v1/archive?\(zurich)&hourly=temperature_2m&start_hour=2015-01-01T00:00&end_hour=2015-01-01T02:00"
            ).json()
        }
        #expect(
            try json.object("hourly").strings("time") == ["2015-01-01T00:00", "2015-01-01T01:00", "2015-01-01T02:00"])
    }

    /// As Open-Meteo's archive host (`forecastDaysMax = 1`, `forecastDayDefault = 1`): today alone.
    @Test("/v1/archive without dates: today's hours, in the zone asked")
    func archiveWithoutDates() async throws {
        let json = try await ServerHarness.run { server in
            try await server.archive("hourly=temperature_2m&daily=temperature_2m_max").json()
        }
        let hours = try json.object("hourly").strings("time")
        #expect(hours.count == 24)
        #expect(hours.first == "2024-07-01T00:00")
        #expect(try json.object("daily").strings("time") == ["2024-07-01"])
    }
}
