// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
@testable import TrailcastWeather

/// The variables apps ask for that the model derives: each consistent with the rest of the
/// same answer, hour by hour and day by day, across climates and seasons.
@Suite("Derived variables: consistent with the answer they are in")
struct DerivedVariableTests {
    static let hourly =
        "temperature_2m,relative_humidity_2m,dew_point_2m,apparent_temperature,precipitation,rain,weather_code,"
        + "precipitation_probability,visibility,wind_speed_10m,wind_gusts_10m,uv_index,is_day"
    static let daily =
        "apparent_temperature_max,apparent_temperature_min,rain_sum,precipitation_hours,precipitation_probability_max,"
        + "wind_speed_10m_max,wind_gusts_10m_max,uv_index_max,sunrise,sunset,daylight_duration"

    static func conditions(code: WMOWeatherCode, millimeters: Double, humidity: Int = 70) -> WeatherConditions {
        WeatherConditions(
            temperatureCelsius: 5, apparentTemperatureCelsius: 3, relativeHumidity: humidity,
            precipitationMm: millimeters,
            cloudCover: 100, weatherCode: code, windSpeedMps: 3, windDirectionDegrees: 180, isDay: true)
    }

    /// Visibility falls with the rate, three and a third times as fast in snow (factor 5
    /// against rain's 1.5), to 150 m in fog; rounded to 10 m.
    @Test("visibility: 24,140 m dry, 9,660 m in 1 mm/h of rain, 4,020 m in 1 mm/h of snow, 150 m in fog")
    func visibility() {
        #expect(DerivedWeather.visibilityMeters(Self.conditions(code: .overcast, millimeters: 0)) == 24_140)
        #expect(DerivedWeather.visibilityMeters(Self.conditions(code: .moderateRain, millimeters: 1)) == 9_660)
        #expect(DerivedWeather.visibilityMeters(Self.conditions(code: .moderateSnowFall, millimeters: 1)) == 4_020)
        #expect(DerivedWeather.visibilityMeters(Self.conditions(code: .fog, millimeters: 0)) == 150)
        // Above 90 % humidity, less: at 95 %, three quarters.
        #expect(
            DerivedWeather.visibilityMeters(Self.conditions(code: .overcast, millimeters: 0, humidity: 95)) == 18_110)
    }

    /// Open-Meteo's split of `precipitation`: `showers` from convective codes (80-82 and the
    /// thunderstorms 95-99), `snowfall` from snow codes, `rain` from the rest.
    @Test(
        "rain, showers or snowfall: each code's precipitation is one of them",
        arguments: [
            (WMOWeatherCode.moderateRain, "rain"), (.lightDrizzle, "rain"), (.slightRainShowers, "showers"),
            (.violentRainShowers, "showers"), (.thunderstorm, "showers"), (.thunderstormWithHeavyHail, "showers"),
            (.moderateSnowFall, "snowfall"), (.slightSnowShowers, "snowfall"),
        ])
    func precipitationKind(code: WMOWeatherCode, kind: String) {
        let conditions = Self.conditions(code: code, millimeters: 2)
        let kinds = [(SurfaceVariable.rain, "rain"), (.showers, "showers"), (.snowfall, "snowfall")]
        #expect(kinds.filter { $0.0.falls(in: conditions) }.map(\.1) == [kind])
    }

    @Test(
        "hour by hour and day by day, in four climates, winter and summer",
        arguments: [
            "latitude=47.37&longitude=8.54&timezone=Europe/Zurich",
            "latitude=1.35&longitude=103.82&timezone=Asia/Singapore",
            "latitude=-33.87&longitude=151.21&timezone=Australia/Sydney",
            "latitude=64.15&longitude=-21.94&timezone=Atlantic/Reykjavik",
        ], ["start_date=2024-01-10&end_date=2024-01-16", "start_date=2024-07-10&end_date=2024-07-16"])
    func consistent(place: String, dates: String) async throws {
        let json = try await ServerHarness.run { server in
            // January is past (the archive), July's week inside the forecast's 16 days.
            try await server.get(
                "/v1/\(dates.contains("2024-01") ? "archive" : "forecast")?\(place)&\(dates)&hourly=\(Self.hourly)&daily=\(Self.daily)&timeformat=unixtime"
            ).json()
        }
        let hourly = try json.object("hourly"), daily = try json.object("daily")
        let time = try hourly.numbers("time").map(Int.init)
        let temperature = try hourly.numbers("temperature_2m"), humidity = try hourly.numbers("relative_humidity_2m")
        let dewPoint = try hourly.numbers("dew_point_2m"), precipitation = try hourly.numbers("precipitation")
        let probability = try hourly.numbers("precipitation_probability"), visibility = try hourly.numbers("visibility")
        let wind = try hourly.numbers("wind_speed_10m"), gusts = try hourly.numbers("wind_gusts_10m")
        let uv = try hourly.numbers("uv_index"), isDay = try hourly.numbers("is_day"),
            code = try hourly.numbers("weather_code")
        for index in time.indices {
            // The Magnus formula (Sonntag's constants), written out again here.
            let gamma = log(max(humidity[index], 1) / 100) + 17.62 * temperature[index] / (243.12 + temperature[index])
            let magnus = min(((243.12 * gamma / (17.62 - gamma)) * 10).rounded() / 10, temperature[index])
            #expect(dewPoint[index] == magnus, "dew point at \(time[index])")
            #expect(gusts[index] >= wind[index], "gusts at \(time[index])")
            #expect((precipitation[index] >= 0.1) == (probability[index] >= 70), "probability at \(time[index])")
            if code[index] == 45 || code[index] == 48 { #expect(visibility[index] == 150) }
            #expect(visibility[index] <= 24_140 && visibility[index] >= 150)
            if isDay[index] == 0 { #expect(uv[index] == 0, "no UV at night, \(time[index])") }
        }
        let days = try daily.numbers("time").map(Int.init)
        #expect(days.count == 7)
        let sunrise = try daily.numbers("sunrise").map(Int.init), sunset = try daily.numbers("sunset").map(Int.init)
        let apparent = try hourly.numbers("apparent_temperature"), rain = try hourly.numbers("rain")
        for (day, start) in days.enumerated() {
            let hours = Array(day * 24..<(day + 1) * 24)
            #expect(try daily.numbers("apparent_temperature_max")[day] == hours.map { apparent[$0] }.max())
            #expect(try daily.numbers("apparent_temperature_min")[day] == hours.map { apparent[$0] }.min())
            #expect(try daily.numbers("wind_speed_10m_max")[day] == hours.map { wind[$0] }.max())
            #expect(try daily.numbers("wind_gusts_10m_max")[day] == hours.map { gusts[$0] }.max())
            #expect(try daily.numbers("uv_index_max")[day] == hours.map { uv[$0] }.max())
            #expect(try daily.numbers("precipitation_probability_max")[day] == hours.map { probability[$0] }.max())
            #expect(
                try daily.numbers("precipitation_hours")[day] == Double(hours.filter { precipitation[$0] >= 0.1 }.count)
            )
            let rainSum = (hours.map { rain[$0] }.reduce(0, +) * 10).rounded() / 10
            #expect(abs(try daily.numbers("rain_sum")[day] - rainSum) < 1e-9)
            #expect(try daily.numbers("daylight_duration")[day] == Double(sunset[day] - sunrise[day]))
            #expect(sunrise[day] >= start && sunset[day] <= start + 86_400 && sunrise[day] <= sunset[day])
            // is_day holds exactly between sunrise and sunset (a minute's slack at each).
            for hour in hours where abs(time[hour] - sunrise[day]) > 60 && abs(time[hour] - sunset[day]) > 60 {
                let between = time[hour] > sunrise[day] && time[hour] < sunset[day]
                #expect((isDay[hour] == 1) == between, "is_day at \(time[hour]), sun \(sunrise[day])...\(sunset[day])")
            }
        }
    }

    /// NOAA's solar calculator equations (NOAA Global Monitoring Laboratory, "General Solar
    /// Position Calculations") give 05:32:54 and 21:26:06 CEST for Zürich on 2024-07-01.
    @Test("sunrise and sunset within a minute of NOAA's (Zürich, 2024-07-01: 05:32:54 and 21:26:06 CEST)")
    func almanac() async throws {
        let json = try await ServerHarness.run { server in
            try await server.forecast(
                "timezone=Europe/Zurich&start_date=2024-07-01&end_date=2024-07-01&daily=sunrise,sunset&timeformat=unixtime"
            ).json()
        }
        let sunrise = try json.object("daily").numbers("sunrise")[0],
            sunset = try json.object("daily").numbers("sunset")[0]
        #expect(abs(sunrise - 1_719_804_774) <= 60, "05:32:54 CEST")
        #expect(abs(sunset - 1_719_861_966) <= 60, "21:26:06 CEST")
    }

    @Test("polar night and polar day: sunrise and sunset at the day's start (and end), as Open-Meteo gives them")
    func polar() async throws {
        let (winter, summer) = try await ServerHarness.run { server in
            let place =
                "/v1/archive?latitude=78.22&longitude=15.65&timezone=Arctic/Longyearbyen&daily=sunrise,sunset,daylight_duration&timeformat=unixtime"
            return (
                try await server.get(place + "&start_date=2023-12-21&end_date=2023-12-21").json(),
                try await server.get(place + "&start_date=2024-06-21&end_date=2024-06-21").json()
            )
        }
        let night = try winter.object("daily"), day = try summer.object("daily")
        #expect(try night.numbers("sunrise") == night.numbers("time"))
        #expect(try night.numbers("sunset") == night.numbers("time"))
        #expect(try night.numbers("daylight_duration") == [0])
        #expect(try day.numbers("sunrise") == day.numbers("time"))
        #expect(try day.numbers("sunset") == day.numbers("time").map { $0 + 86_400 })
        #expect(try day.numbers("daylight_duration") == [86_400])
    }
}
