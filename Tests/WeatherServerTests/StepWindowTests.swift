// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastWeather

/// `forecast_hours`, `past_hours` and `minutely_15`: hours and quarter hours counted from
/// the current one (the server's "now" is 2024-07-01T10:20Z), as Open-Meteo counts them.
@Suite("Hours and quarter hours from now: forecast_hours, past_hours, minutely_15")
struct StepWindowTests {
    let model = WeatherModel()

    @Test(
        "forecast_hours and past_hours count from the current hour; the days stay whole",
        arguments: [
            ("forecast_hours=3", ["2024-07-01T10:00", "2024-07-01T11:00", "2024-07-01T12:00"]),
            ("past_hours=2&forecast_hours=1", ["2024-07-01T08:00", "2024-07-01T09:00", "2024-07-01T10:00"]),
            ("forecast_hours=2&timezone=Europe/Berlin", ["2024-07-01T12:00", "2024-07-01T13:00"]),
            ("forecast_hours=0", []),
        ])
    func hoursFromNow(query: String, times: [String]) async throws {
        let json = try await ServerHarness.run { server in
            try await server.forecast("hourly=temperature_2m&daily=weather_code&\(query)").json()
        }
        #expect(try json.object("hourly").strings("time") == times)
        #expect(try json.object("hourly").numbers("temperature_2m").count == times.count)
        #expect(try json.object("daily").strings("time").count == 7)
    }

    @Test("past_hours alone: 16 days ahead besides, as Open-Meteo")
    func pastHoursAlone() async throws {
        let json = try await ServerHarness.run { server in
            try await server.forecast("hourly=temperature_2m&past_hours=1").json()
        }
        let times = try json.object("hourly").strings("time")
        #expect(times.count == 1 + 16 * 24)
        #expect(times.first == "2024-07-01T09:00")
    }

    @Test(
        "minutely_15: three local days by default, forecast_days days, forecast_minutely_15 quarters from now, the dates' quarters",
        arguments: [
            ("", 288, "2024-07-01T00:00"), ("forecast_days=1", 96, "2024-07-01T00:00"),
            ("past_days=1&forecast_days=1", 192, "2024-06-30T00:00"), ("forecast_minutely_15=4", 4, "2024-07-01T10:15"),
            ("past_minutely_15=2&forecast_minutely_15=1", 3, "2024-07-01T09:45"),
            ("start_date=2024-06-01&end_date=2024-06-02", 192, "2024-06-01T00:00"),
        ])
    func quarters(query: String, count: Int, first: String) async throws {
        let (json, unix) = try await ServerHarness.run { server in
            (
                try await server.forecast("minutely_15=temperature_2m,precipitation&\(query)").json(),
                try await server.forecast("minutely_15=temperature_2m,precipitation&timeformat=unixtime&\(query)")
                    .json()
            )
        }
        let times = try json.object("minutely_15").strings("time")
        #expect(times.count == count)
        #expect(times.first == first)
        let instants = try unix.object("minutely_15").numbers("time").map(Int.init)
        #expect(zip(instants, instants.dropFirst()).allSatisfy { $1 - $0 == 900 })
        let expected = instants.map {
            model.conditions(latitude: 47.3769, longitude: 8.5417, elevationMeters: 408, unixTime: Double($0))
        }
        #expect(try unix.object("minutely_15").numbers("temperature_2m") == expected.map(\.temperatureCelsius))
        #expect(
            try unix.object("minutely_15").numbers("precipitation")
                == expected.map { ($0.precipitationMm / 4 * 10).rounded() / 10 })
        #expect(try json.object("minutely_15_units").string("precipitation") == "mm")
    }

    /// Open-Meteo words every step's range as days, and gives the maximum as what was given
    /// for a forecast beyond it (`forecastTimeRange2`).
    @Test(
        "steps beyond the days allowed: a 400 in Open-Meteo's words",
        arguments: [
            ("forecast_hours=385", "Forecast days is invalid. Allowed range 0 to 384. Given 384."),
            ("past_hours=2233", "Past days is invalid. Allowed range 0 to 2232. Given 2233."),
            ("forecast_minutely_15=-1", "Forecast days is invalid. Allowed range 0 to 1536. Given 1536."),
            (
                "minutely_15=temperature_3n",
                "Data corrupted at path ''. Cannot initialize \(BadRequestTests.forecastVariableType) from invalid String value temperature_3n."
            ),
        ])
    func outOfRange(query: String, reason: String) async throws {
        let answer = try await ServerHarness.run { server in try await server.forecast("hourly=temperature_2m&\(query)")
        }
        #expect(answer.status == 400)
        #expect(answer.text == #"{"error":true,"reason":"\#(reason)"}"#)
    }
}
