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

    @Test("past_days and forecast_days count whole UTC days from today's midnight", arguments: [
        DayCounts(query: "", firstDay: "2024-07-01", days: 7),
        DayCounts(query: "forecast_days=1", firstDay: "2024-07-01", days: 1),
        DayCounts(query: "past_days=2&forecast_days=3", firstDay: "2024-06-29", days: 5),
        DayCounts(query: "past_days=92&forecast_days=16", firstDay: "2024-03-31", days: 108),
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

    @Test("start_hour/end_hour: each whole hour from the first to the last, inclusive; any date; no daily data")
    func hourWindow() async throws {
        let json = try await ServerHarness.run { server in
            try await server.forecast(
                "hourly=temperature_2m,weather_code&daily=temperature_2m_max&forecast_days=1"
                    + "&start_hour=2009-03-14T22:00&end_hour=2009-03-15T03:00&timeformat=unixtime").json()
        }
        let start = 1_237_068_000  // 2009-03-14T22:00Z
        let times = (0..<6).map { start + $0 * 3600 }
        let hourly = try json.object("hourly")
        #expect(try hourly.numbers("time") == times.map(Double.init))
        #expect(try hourly.numbers("temperature_2m") == times.map {
            model.conditions(latitude: 47.3769, longitude: 8.5417, elevationMeters: 408, unixTime: Double($0))
                .temperatureCelsius
        })
        // As Open-Meteo: hours alone leave the daily arrays empty.
        #expect(try json.object("daily").numbers("time").isEmpty)
        #expect(try json.object("daily").numbers("temperature_2m_max").isEmpty)
    }

    @Test("start_hour/end_hour: a single hour, and a start inside an hour counts from that hour")
    func hourWindowEdges() async throws {
        let (single, partial) = try await ServerHarness.run { server in
            (try await server.forecast("hourly=temperature_2m&start_hour=2030-06-01T12:00&end_hour=2030-06-01T12:00").json(),
             try await server.forecast("hourly=temperature_2m&start_hour=2030-06-01T12:30&end_hour=2030-06-01T13:59").json())
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

    @Test("start_date/end_date: every hour of those days and one daily summary each, past or future", arguments: [
        Dates(start: "1999-12-31", end: "2000-01-02", firstMidnight: 946_598_400, dayCount: 3),
        Dates(start: "2041-02-28", end: "2041-03-01", firstMidnight: 2_245_622_400, dayCount: 2),
        Dates(start: "1969-12-31", end: "1970-01-01", firstMidnight: -86_400, dayCount: 2),
        Dates(start: "1600-02-28", end: "1600-03-01", firstMidnight: -11_671_084_800, dayCount: 3),
        Dates(start: "0001-01-01", end: "0001-01-01", firstMidnight: -62_135_596_800, dayCount: 1),
        Dates(start: "9999-12-30", end: "9999-12-31", firstMidnight: 253_402_128_000, dayCount: 2),
    ])
    func dateWindow(dates: Dates) async throws {
        let (start, end, firstMidnight) = (dates.start, dates.end, dates.firstMidnight)
        // past_days and forecast_days are there to show that the dates override them.
        let json = try await ServerHarness.run { server in
            try await server.forecast(
                "hourly=temperature_2m&daily=\(allDailyVariables.joined(separator: ","))"
                    + "&past_days=3&forecast_days=1&start_date=\(start)&end_date=\(end)").json()
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
            let summary = DailyWeatherSummary(hours: (0..<24).map {
                model.conditions(latitude: 47.3769, longitude: 8.5417, elevationMeters: 408,
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
            try await server.forecast(
                "hourly=temperature_2m&daily=weather_code&start_date=2020-02-28&end_date=2020-03-01"
                    + "&start_hour=2020-02-29T23:00&end_hour=2020-03-01T01:00").json()
        }
        #expect(try json.object("hourly").strings("time") == ["2020-02-29T23:00", "2020-03-01T00:00", "2020-03-01T01:00"])
        #expect(try json.object("daily").strings("time") == ["2020-02-28", "2020-02-29", "2020-03-01"])
    }

    @Test("a leap year of hours is the most one answer holds")
    func largestWindow() async throws {
        let (leapYear, tooLong) = try await ServerHarness.run { server in
            (try await server.forecast("hourly=temperature_2m&start_date=2000-01-01&end_date=2000-12-31&timeformat=unixtime"),
             try await server.forecast("hourly=temperature_2m&start_date=2000-01-01&end_date=2001-01-01"))
        }
        #expect(leapYear.status == 200)
        #expect(try leapYear.json().object("hourly").numbers("time").count == 8784)
        #expect(tooLong.status == 400)
        #expect(try tooLong.json().string("reason").contains("too long"))
    }

    @Test("/v1/archive: the same model and format for the dates asked")
    func archive() async throws {
        let query = "\(zurich)&hourly=temperature_2m,precipitation&daily=temperature_2m_max&start_date=2012-08-01&end_date=2012-08-02"
        let (archive, forecast) = try await ServerHarness.run { server in
            (try await server.get("/v1/archive?\(query)"), try await server.get("/v1/forecast?\(query)"))
        }
        #expect(archive.status == 200)
        #expect(archive.contentType == "application/json")
        let archived = try archive.json()
        let forecasted = try forecast.json()
        #expect(try archived.object("hourly").strings("time").first == "2012-08-01T00:00")
        #expect(try archived.object("hourly").numbers("temperature_2m") == forecasted.object("hourly").numbers("temperature_2m"))
        #expect(try archived.object("daily").numbers("temperature_2m_max") == forecasted.object("daily").numbers("temperature_2m_max"))
        #expect(try archived.object("hourly_units").string("precipitation") == "mm")
    }

    @Test("/v1/archive with start_hour/end_hour only")
    func archiveByHours() async throws {
        let json = try await ServerHarness.run { server in
            try await server.get("/v1/archive?\(zurich)&hourly=temperature_2m&start_hour=2015-01-01T00:00&end_hour=2015-01-01T02:00").json()
        }
        #expect(try json.object("hourly").strings("time") == ["2015-01-01T00:00", "2015-01-01T01:00", "2015-01-01T02:00"])
    }
}
