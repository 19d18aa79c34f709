// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastWeather
import TrailcastWeatherServer
import Foundation

/// Every hourly and current variable, in the order the tests ask for them.
let allHourlyVariables = [
    "temperature_2m", "relative_humidity_2m", "apparent_temperature", "is_day", "precipitation", "rain",
    "showers", "snowfall", "weather_code", "cloud_cover", "wind_speed_10m", "wind_direction_10m",
]

/// Their units with the default units, as Open-Meteo writes them.
let allHourlyUnits = ["°C", "%", "°C", "", "mm", "mm", "mm", "cm", "wmo code", "%", "km/h", "°"]

/// Every daily variable.
let allDailyVariables = ["temperature_2m_max", "temperature_2m_min", "weather_code", "precipitation_sum"]

@Suite("GET /v1/forecast: Open-Meteo's layout, units and the model's values")
struct ForecastFormatTests {
    let model = WeatherModel()

    @Test("fields in Open-Meteo's order, units as it writes them, Content-Type application/json")
    func layoutAndUnits() async throws {
        let answer = try await ServerHarness.run { server in
            try await server.forecast(
                "current=\(allHourlyVariables.joined(separator: ","))&hourly=\(allHourlyVariables.joined(separator: ","))"
                    + "&daily=\(allDailyVariables.joined(separator: ","))&forecast_days=1")
        }
        #expect(answer.status == 200)
        #expect(answer.contentType == "application/json")
        let text = answer.text
        #expect(text.hasPrefix(#"{"latitude":47.3769,"longitude":8.5417,"generationtime_ms":"#))
        let order = [
            #""generationtime_ms":"#,
            #","utc_offset_seconds":0,"timezone":"GMT","timezone_abbreviation":"GMT","elevation":408.0,"#,
            #""current_units":{"#, #""current":{"time":"2024-07-01T10:15","interval":900,"temperature_2m":"#,
            #""hourly_units":{"#, #""hourly":{"time":["2024-07-01T00:00","2024-07-01T01:00","#,
            #""daily_units":{"#, #""daily":{"time":["2024-07-01"],"temperature_2m_max":["#,
        ]
        let positions = order.map { text.range(of: $0)?.lowerBound }
        #expect(!positions.contains(nil), "missing: \(zip(order, positions).filter { $0.1 == nil }.map(\.0))")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())

        let units = zip(allHourlyVariables, allHourlyUnits).map { #""\#($0)":"\#($1)""# }.joined(separator: ",")
        #expect(text.contains(#""current_units":{"time":"iso8601","interval":"seconds",\#(units)}"#))
        #expect(text.contains(#""hourly_units":{"time":"iso8601",\#(units)}"#))
        #expect(
            text.contains(
                #""daily_units":{"time":"iso8601","temperature_2m_max":"°C","temperature_2m_min":"°C","#
                    + #""weather_code":"wmo code","precipitation_sum":"mm"}"#))
        #expect(text.hasSuffix("]}}"))

        // Arrays in the order asked, after `time`; nothing Open-Meteo would not send.
        let json = try answer.json()
        #expect(
            json.keys == [
                "latitude", "longitude", "generationtime_ms", "utc_offset_seconds", "timezone", "timezone_abbreviation",
                "elevation", "current_units", "current", "hourly_units", "hourly", "daily_units", "daily",
            ])
        let hourly = try json.object("hourly")
        #expect(hourly.keys == Set(["time"] + allHourlyVariables))
        for variable in allHourlyVariables {
            #expect(try hourly.numbers(variable).count == 24)
        }
        let hourlyStart = try #require(text.range(of: #""hourly":"#)).upperBound
        let hourlyPositions = allHourlyVariables.compactMap {
            text.range(of: #""\#($0)":["#, range: hourlyStart..<text.endIndex)?.lowerBound
        }
        #expect(hourlyPositions.count == allHourlyVariables.count)
        #expect(hourlyPositions == hourlyPositions.sorted())
    }

    @Test("only the sections asked for: no hourly, daily or current unless requested")
    func onlyRequestedSections() async throws {
        let answer = try await ServerHarness.run { server in try await server.forecast("") }
        #expect(answer.status == 200)
        #expect(
            try answer.json().keys == [
                "latitude", "longitude", "generationtime_ms", "utc_offset_seconds", "timezone", "timezone_abbreviation",
                "elevation",
            ])
    }

    @Test("hourly values are the model's at each whole hour; temperatures and speeds to 0.1, the rest whole")
    func hourlyValuesAreTheModels() async throws {
        let json = try await ServerHarness.run { server in
            try await server.forecast("hourly=\(allHourlyVariables.joined(separator: ","))&forecast_days=2").json()
        }
        let hourly = try json.object("hourly")
        #expect(try hourly.strings("time").count == 48)
        for (index, time) in (0..<48).map({ fixedToday + $0 * 3600 }).enumerated() {
            let expected = model.conditions(
                latitude: 47.3769, longitude: 8.5417, elevationMeters: 408, unixTime: Double(time))
            #expect(try hourly.numbers("temperature_2m")[index] == expected.temperatureCelsius)
            #expect(try hourly.numbers("relative_humidity_2m")[index] == Double(expected.relativeHumidity))
            #expect(try hourly.numbers("apparent_temperature")[index] == expected.apparentTemperatureCelsius)
            #expect(try hourly.numbers("is_day")[index] == (expected.isDay ? 1 : 0))
            #expect(try hourly.numbers("precipitation")[index] == expected.precipitationMm)
            #expect(try hourly.numbers("weather_code")[index] == Double(expected.weatherCode.rawValue))
            #expect(try hourly.numbers("cloud_cover")[index] == Double(expected.cloudCover))
            #expect(try hourly.numbers("wind_speed_10m")[index] == expected.windSpeedKilometersPerHour)
            #expect(try hourly.numbers("wind_direction_10m")[index] == Double(expected.windDirectionDegrees))
            // Rain, showers and snowfall split the precipitation by the weather code.
            let liquid = try hourly.numbers("rain")[index] + hourly.numbers("showers")[index]
            if expected.weatherCode.isSnow {
                #expect(liquid == 0)
                #expect(
                    try hourly.numbers("snowfall")[index] == ((expected.precipitationMm * 0.7) * 100).rounded() / 100)
            } else {
                #expect(abs(liquid - expected.precipitationMm) < 1e-9)
                #expect(try hourly.numbers("snowfall")[index] == 0)
            }
        }
        // Integers are written as integers, decimals always with a point, as Open-Meteo does.
        #expect(try json.number("elevation") == 408)
    }

    @Test("current: the model at the current quarter hour, with `time` and `interval` 900")
    func current() async throws {
        let json = try await ServerHarness.run { server in
            try await server.forecast("current=temperature_2m,weather_code,wind_speed_10m,is_day").json()
        }
        let current = try json.object("current")
        let quarterHour = 1_719_828_900  // 2024-07-01T10:15Z, the quarter hour before fixedNow
        let expected = model.conditions(
            latitude: 47.3769, longitude: 8.5417, elevationMeters: 408, unixTime: Double(quarterHour))
        #expect(try current.string("time") == "2024-07-01T10:15")
        #expect(try current.number("interval") == 900)
        #expect(try current.number("temperature_2m") == expected.temperatureCelsius)
        #expect(try current.number("weather_code") == Double(expected.weatherCode.rawValue))
        #expect(try current.number("wind_speed_10m") == expected.windSpeedKilometersPerHour)
        #expect(try current.number("is_day") == (expected.isDay ? 1 : 0))
    }

    @Test("timeformat=unixtime: integer seconds for hourly, daily and current times, unit `unixtime`")
    func unixTime() async throws {
        let (iso, unix) = try await ServerHarness.run { server in
            let query = "hourly=temperature_2m&daily=temperature_2m_max&current=temperature_2m&forecast_days=2"
            return (
                try await server.forecast(query).json(),
                try await server.forecast(query + "&timeformat=unixtime").json()
            )
        }
        #expect(try unix.object("hourly").numbers("time") == (0..<48).map { Double(fixedToday + $0 * 3600) })
        #expect(try unix.object("daily").numbers("time") == [Double(fixedToday), Double(fixedToday + 86_400)])
        #expect(try unix.object("current").number("time") == 1_719_828_900)
        for section in ["hourly_units", "daily_units", "current_units"] {
            #expect(try unix.object(section).string("time") == "unixtime")
            #expect(try iso.object(section).string("time") == "iso8601")
        }
        #expect(try iso.object("hourly").strings("time").prefix(2) == ["2024-07-01T00:00", "2024-07-01T01:00"])
        #expect(try iso.object("hourly").strings("time").last == "2024-07-02T23:00")
        #expect(try iso.object("daily").strings("time") == ["2024-07-01", "2024-07-02"])
        // The values do not depend on how time is written.
        #expect(try iso.object("hourly").numbers("temperature_2m") == unix.object("hourly").numbers("temperature_2m"))
    }

    @Test("older variable names (weathercode, windspeed_10m) are accepted and echoed as asked")
    func legacyNames() async throws {
        let json = try await ServerHarness.run { server in
            try await server.forecast("hourly=weathercode,windspeed_10m&daily=weathercode&forecast_days=1").json()
        }
        #expect(try json.object("hourly").keys == ["time", "weathercode", "windspeed_10m"])
        #expect(try json.object("hourly_units").string("windspeed_10m") == "km/h")
        #expect(try json.object("daily").keys == ["time", "weathercode"])
    }

    /// Each older name is the variable of its newer one: the same values, under the name asked.
    @Test(
        "every older name answers as its newer one",
        // One case at a time: a server each, beside the rest of the suite on two cores.
        .serialized,
        arguments: [
            ("hourly", "relativehumidity_2m", "relative_humidity_2m"), ("hourly", "weathercode", "weather_code"),
            ("hourly", "cloudcover", "cloud_cover"), ("hourly", "windspeed_10m", "wind_speed_10m"),
            ("hourly", "winddirection_10m", "wind_direction_10m"), ("hourly", "dewpoint_2m", "dew_point_2m"),
            ("hourly", "windgusts_10m", "wind_gusts_10m"), ("hourly", "freezinglevel_height", "freezing_level_height"),
            ("hourly", "shortwave_radiation_sum", "shortwave_radiation"), ("daily", "weathercode", "weather_code"),
            ("daily", "windspeed_10m_max", "wind_speed_10m_max"), ("daily", "windgusts_10m_max", "wind_gusts_10m_max"),
        ])
    func everyLegacyName(section: String, older: String, newer: String) async throws {
        let json = try await ServerHarness.run { server in
            try await server.forecast("\(section)=\(older),\(newer)&forecast_days=1").json()
        }
        #expect(try json.object(section).keys == ["time", older, newer])
        #expect(try json.object(section).numbers(older) == json.object(section).numbers(newer))
        #expect(try json.object(section + "_units").string(older) == json.object(section + "_units").string(newer))
    }

    /// Open-Meteo names a CSV answer after its place: `open-meteo-52.52N13.42E38m.csv`.
    @Test(
        "a CSV answer's file name: the place with N/S and E/W, and its elevation",
        arguments: [
            ("latitude=-33.8688&longitude=151.2093&elevation=58", "open-meteo-33.87S151.21E58m.csv"),
            ("latitude=40.7128&longitude=-74.006&elevation=10", "open-meteo-40.71N74.01W10m.csv"),
            // printf's %.2f keeps its zeros; %.0f rounds, not truncates.
            ("latitude=47.5&longitude=8.5&elevation=38.6", "open-meteo-47.50N8.50E39m.csv"),
            // An exact half goes to the even neighbour, as printf's does.
            ("latitude=0.125&longitude=-0.375&elevation=38.5", "open-meteo-0.12N0.38W38m.csv"),
            // Below zero: the sign goes into S/W, but stays on the elevation.
            ("latitude=-0.001&longitude=0&elevation=-0.4", "open-meteo-0.00S0.00E-0m.csv"),
        ])
    func csvFileName(place: String, name: String) async throws {
        let answer = try await ServerHarness.run { server in
            try await server.get("/v1/forecast?\(place)&hourly=temperature_2m&format=csv")
        }
        #expect(answer.status == 200)
        #expect(answer.contentDisposition == "attachment; filename=\"\(name)\"")
        #expect(answer.contentType == "text/csv; charset=utf-8")
    }

    @Test("a FlatBuffers answer is application/octet-stream, with no file name")
    func flatBuffersContentType() async throws {
        let answer = try await ServerHarness.run { server in
            try await server.get("/v1/forecast?latitude=47&longitude=8&hourly=temperature_2m&format=flatbuffers")
        }
        #expect(answer.status == 200)
        #expect(answer.contentType == "application/octet-stream")
        #expect(answer.contentDisposition == nil)
    }

    @Test("no elevation: sea level, reported as 0.0")
    func seaLevelByDefault() async throws {
        let answer = try await ServerHarness.run { server in
            try await server.get("/v1/forecast?latitude=-33.9&longitude=18.4&hourly=temperature_2m&forecast_days=1")
        }
        #expect(answer.text.contains(#""elevation":0.0,"#))
        let expected = model.conditions(
            latitude: -33.9, longitude: 18.4, elevationMeters: nil, unixTime: Double(fixedToday))
        #expect(try answer.json().object("hourly").numbers("temperature_2m").first == expected.temperatureCelsius)
    }
}
