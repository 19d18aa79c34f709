// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
import NIOHTTP1
@testable import TrailcastWeather

/// The calls people copy from Open-Meteo's docs and SDKs: `current_weather=true`, several
/// `models`, and POST with the query's parameters in a form or JSON body.
@Suite("The calls people copy: current_weather, several models, POST")
struct CopiedCallsTests {
    let model = WeatherModel()

    /// The block, its keys, its order and its units as Open-Meteo writes them
    /// (`defaultCurrentWeather` and `current_weather_units` in its source; answers quoted in
    /// its issues have the same shape).
    @Test("current_weather=true: the older block, its names, units and order; current= is not read")
    func currentWeather() async throws {
        let (plain, fahrenheit, withCurrent) = try await ServerHarness.run { server in
            (
                try await server.forecast("current_weather=true"),
                try await server.forecast(
                    "current_weather=1&temperature_unit=fahrenheit&wind_speed_unit=mph&timeformat=unixtime"),
                try await server.forecast("current_weather=true&current=not_a_variable")
            )
        }
        #expect(plain.status == 200)
        let text = plain.text
        let units =
            #""current_weather_units":{"time":"iso8601","interval":"seconds","temperature":"°C","windspeed":"km/h","#
            + #""winddirection":"°","is_day":"","weathercode":"wmo code"}"#
        #expect(text.contains(units), "\(text)")
        let now = model.conditions(
            latitude: 47.3769, longitude: 8.5417, elevationMeters: 408, unixTime: Double(fixedNow / 900 * 900))
        let block =
            #""current_weather":{"time":"2024-07-01T10:15","interval":900,"#
            + #""temperature":\#(now.temperatureCelsius),"windspeed":\#(now.windSpeedKilometersPerHour),"#
            + #""winddirection":\#(now.windDirectionDegrees),"is_day":\#(now.isDay ? 1 : 0),"weathercode":\#(now.weatherCode.rawValue)}"#
        #expect(text.hasSuffix(block + "}"), "\(text)")
        #expect(!text.contains(#""current":"#))

        let converted = try fahrenheit.json()
        #expect(try converted.object("current_weather_units").string("temperature") == "°F")
        #expect(try converted.object("current_weather_units").string("windspeed") == "mp/h")
        #expect(try converted.object("current_weather").number("time") == Double(fixedNow / 900 * 900))
        // `current` beside it is neither answered nor checked, as in Open-Meteo.
        #expect(withCurrent.status == 200)
        #expect(withCurrent.text.contains(#""current_weather":{"#))
    }

    /// Vapor reads `1`, `true` and `on` (any case) as yes, and the key alone too.
    @Test(
        "current_weather=on, =ON, =True, =1, the key alone: the block",
        // One case at a time: a server each, beside the rest of the suite on two cores.
        .serialized,
        arguments: [
            "current_weather=on", "current_weather=ON", "current_weather=True", "current_weather=1",
            "current_weather", "current_weather=",
        ])
    func currentWeatherOn(query: String) async throws {
        let answer = try await ServerHarness.run { server in try await server.forecast(query) }
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.text.contains(#""current_weather":{"time":"#), "\(query): \(answer.text)")
    }

    /// Vapor reads `0` and `false` (any case) as no: the request is one without the block,
    /// and `current=` is answered as it would be without it.
    @Test(
        "current_weather=false and =0: no block, and current= answered as without it",
        arguments: ["false", "0", "FALSE"])
    func currentWeatherOff(value: String) async throws {
        let (off, without) = try await ServerHarness.run { server in
            (
                try await server.forecast("current_weather=\(value)&current=temperature_2m"),
                try await server.forecast("current=temperature_2m")
            )
        }
        #expect(off.status == 200, "\(off.text)")
        #expect(!off.text.contains("current_weather"))
        #expect(
            try off.json().object("current").number("temperature_2m")
                == without.json().object("current").number("temperature_2m"))
    }

    @Test(
        "several models: one object per place, each model's columns suffixed, model after model, each model its own values"
    )
    func severalModels() async throws {
        let (two, one) = try await ServerHarness.run { server in
            (
                try await server.forecast(
                    "hourly=temperature_2m,wind_speed_10m&daily=temperature_2m_max&current=temperature_2m"
                        + "&models=icon_global,icon_eu&forecast_days=1&timeformat=unixtime"),
                try await server.forecast("hourly=temperature_2m&models=icon_eu&forecast_days=1")
            )
        }
        let text = two.text
        #expect(
            text.contains(
                #""hourly_units":{"time":"unixtime","temperature_2m_icon_global":"°C","wind_speed_10m_icon_global":"km/h","#
                    + #""temperature_2m_icon_eu":"°C","wind_speed_10m_icon_eu":"km/h"}"#), "\(text)")
        #expect(
            text.contains(
                #""current_units":{"time":"unixtime","interval":"seconds","temperature_2m_icon_global":"°C","temperature_2m_icon_eu":"°C"}"#
            ))
        let json = try two.json()
        let hourly = try json.object("hourly")
        let times = try hourly.numbers("time").map(Int.init)
        for name in ["icon_global", "icon_eu"] {
            let variation = ModelVariation(modelNamed: name)
            let expected = times.map {
                model.conditions(
                    latitude: 47.3769, longitude: 8.5417, elevationMeters: 408, unixTime: Double($0),
                    variation: variation)
            }
            #expect(try hourly.numbers("temperature_2m_\(name)") == expected.map(\.temperatureCelsius))
            #expect(try hourly.numbers("wind_speed_10m_\(name)") == expected.map(\.windSpeedKilometersPerHour))
            #expect(
                try json.object("daily").numbers("temperature_2m_max_\(name)") == [
                    expected.map(\.temperatureCelsius).max()!
                ])
        }
        #expect(try hourly.numbers("temperature_2m_icon_global") != hourly.numbers("temperature_2m_icon_eu"))
        // One model: no suffix, that model's values.
        let single = try one.json().object("hourly")
        #expect(try single.numbers("temperature_2m") == hourly.numbers("temperature_2m_icon_eu"))
    }

    @Test("best_match is the built-in model unchanged; each other model differs, the same on every request")
    func modelVariations() {
        #expect(ModelVariation(modelNamed: "best_match") == .none)
        let names = ForecastModel.numbers.keys.filter { $0 != "best_match" }
        for name in names {
            let variation = ModelVariation(modelNamed: name)
            #expect(variation != .none, "\(name)")
            #expect(variation == ModelVariation(modelNamed: name))
            #expect(abs(variation.temperatureOffsetCelsius) <= 1 && abs(variation.windFactor - 1) <= 0.15, "\(name)")
        }
        // Distinguishable: no two of the documented forecast models share a bias.
        let documented = [
            "ecmwf_ifs025", "gfs_seamless", "icon_global", "icon_eu", "icon_d2", "meteofrance_arome_france",
            "jma_seamless",
            "metno_nordic", "ukmo_seamless", "gem_seamless",
        ]
        #expect(Set(documented.map { ModelVariation(modelNamed: $0).windFactor }).count == documented.count)
    }

    /// The Python SDK's `method="POST"` sends the parameters as a form, lists as repeated keys.
    @Test("POST with a form body: the same answer as GET; the query string of a POST is not read")
    func postForm() async throws {
        let query =
            "latitude=47.3769&longitude=8.5417&elevation=408&hourly=temperature_2m&hourly=precipitation&forecast_days=1"
        let (get, post, postWithQuery) = try await ServerHarness.run { server in
            (
                try await server.get("/v1/forecast?\(query)"),
                try await server.get(
                    "/v1/forecast", method: .POST,
                    headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Array(query.utf8)),
                try await server.get(
                    "/v1/forecast?latitude=0&longitude=0", method: .POST,
                    headers: ["Content-Type": "application/x-www-form-urlencoded; charset=utf-8"],
                    body: Array(query.utf8))
            )
        }
        #expect(post.status == 200)
        #expect(
            try post.json().object("hourly").numbers("temperature_2m")
                == get.json().object("hourly").numbers("temperature_2m"))
        #expect(try postWithQuery.json().number("latitude") == 47.3769)
    }

    @Test("POST with a JSON body: lists as arrays, whole numbers as numbers, current_weather a bool")
    func postJSON() async throws {
        let body =
            #"{"latitude":[47.3769,52.52],"longitude":["8.5417","13.41"],"hourly":["temperature_2m"],"forecast_days":1,"current_weather":true,"tilt":30,"unknown":{"a":1}}"#
        let (answer, scalar, text, mixed) = try await ServerHarness.run { server in
            (
                try await server.get(
                    "/v1/forecast", method: .POST, headers: ["Content-Type": "application/json"], body: Array(body.utf8)
                ),
                try await server.get(
                    "/v1/forecast", method: .POST, headers: ["Content-Type": "application/json"],
                    body: Array(#"{"latitude":47,"longitude":[8]}"#.utf8)),
                try await server.get(
                    "/v1/forecast", method: .POST, headers: ["Content-Type": "application/json"],
                    body: Array(#"{"latitude":[47],"longitude":[8],"forecast_days":"1"}"#.utf8)),
                try await server.get(
                    "/v1/forecast", method: .POST, headers: ["Content-Type": "application/json"],
                    body: Array(#"{"hourly":["temperature_2m"],"latitude":[47,"8"],"longitude":[8]}"#.utf8))
            )
        }
        #expect(answer.status == 200, "\(answer.text)")
        let places = try #require(try JSONSerialization.jsonObject(with: Data(answer.bytes)) as? [[String: Any]])
        #expect(places.map { $0["latitude"] as? Double } == [47.3769, 52.52])
        #expect(places.allSatisfy { $0["current_weather"] != nil })
        #expect(scalar.status == 400)
        #expect(
            try scalar.json().string("reason")
                == "Value was not of type 'Array<String>' at path 'latitude'. Expected to decode Array<String> but found a number instead."
        )
        #expect(
            try text.json().string("reason")
                == "Value was not of type 'Int' at path 'forecast_days'. Expected to decode Int but found a string instead."
        )
        // A list of numbers and text is neither `[Float]` nor `[String]`; latitude is read first.
        #expect(
            try mixed.json().string("reason")
                == "Value was not of type 'Float' at path 'latitude'. Expected to decode Float but found a string instead."
        )
    }

    /// Each key of a JSON body with a value of the wrong kind: the type Open-Meteo's decoder
    /// asks for it, named (ForecastapiQuery.swift's `ApiQueryParameter`; the words are this
    /// project's reading of Vapor's). Lists are `Array<String>` however their items are read.
    static let jsonKeysByType: [(type: String, bad: String, found: String, keys: [String])] = [
        (
            "Array<String>", "true", "a bool",
            [
                "latitude", "longitude", "minutely_15", "current", "hourly", "daily", "weekly", "monthly",
                "six_hourly", "elevation", "location_id", "timezone", "models", "bounding_box", "start_date",
                "end_date", "start_hour", "end_hour", "start_minutely_15", "end_minutely_15",
            ]
        ),
        (
            "Int", #""1""#, "a string",
            [
                "past_days", "past_hours", "past_minutely_15", "forecast_days", "forecast_hours",
                "forecast_minutely_15", "initial_hours", "initial_minutely_15",
            ]
        ),
        ("Bool", #""1""#, "a string", ["current_weather", "disable_bias_correction", "ensemble"]),
        ("Float", #""1""#, "a string", ["tilt", "azimuth"]),
        (
            "String", "1", "a number",
            [
                "temperature_unit", "windspeed_unit", "wind_speed_unit", "precipitation_unit", "length_unit",
                "timeformat", "temporal_resolution", "format", "location_information", "cell_selection",
                "apikey", "domains", "run",
            ]
        ),
    ]

    @Test(
        "every JSON body key with a value of the wrong kind: 400 naming its type",
        // One case at a time: a server each, beside the rest of the suite on two cores.
        .serialized,
        arguments: jsonKeysByType.flatMap { entry in entry.keys.map { (entry.type, entry.bad, entry.found, $0) } })
    func everyJSONKeyType(type: String, bad: String, found: String, key: String) async throws {
        let answer = try await ServerHarness.run { server in
            try await server.get(
                "/v1/forecast", method: .POST, headers: ["Content-Type": "application/json"],
                body: Array(#"{"\#(key)":\#(bad)}"#.utf8))
        }
        #expect(answer.status == 400)
        #expect(
            try answer.json().string("reason")
                == "Value was not of type '\(type)' at path '\(key)'. Expected to decode \(type) but found \(found) instead."
        )
    }

    /// Vapor's answers before the route runs: 413 past 128 KB, 415 without a type it reads,
    /// 422 for nothing at all.
    @Test(
        "POST bodies refused as Open-Meteo's server refuses them",
        arguments: [
            (["Content-Type": "application/x-www-form-urlencoded"], 128 * 1024 + 1, 413, "Payload Too Large"),
            ([:], 10, 415, "Can't decode data without a content type"),
            (
                ["Content-Type": "text/plain"], 10, 415,
                "Support for reading media type 'text/plain' has not been configured."
            ),
            (["Content-Type": "application/x-www-form-urlencoded"], 0, 422, "Unprocessable Entity"),
        ] as [([String: String], Int, Int, String)])
    func refusedBodies(headers: [String: String], size: Int, status: Int, reason: String) async throws {
        let body = Array(
            ("latitude=1&longitude=2&pad=" + String(repeating: "x", count: max(0, size - 27))).utf8.prefix(size))
        let answer = try await ServerHarness.run { server in
            try await server.get("/v1/forecast", method: .POST, headers: headers, body: body)
        }
        #expect(answer.status == status)
        #expect(answer.text == #"{"error":true,"reason":"\#(reason)"}"#)
    }

    @Test("a body of exactly 128 KB is read")
    func largestBody() async throws {
        let start = "latitude=1&longitude=2&pad="
        let body = Array((start + String(repeating: "x", count: 128 * 1024 - start.utf8.count)).utf8)
        let answer = try await ServerHarness.run { server in
            try await server.get(
                "/v1/forecast", method: .POST, headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: body)
        }
        #expect(answer.status == 200)
    }
}
