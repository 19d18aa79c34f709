// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import NIOHTTP1
import Testing
@testable import TrailcastWeather

/// Edges of Open-Meteo's rules that a person rewriting them could move by one (the held-out
/// mutants of issue 65 found each unchecked): a flag given bare, a variable asked twice, a
/// media type's case, the top of the elevation range, snowfall's unit, the 800 hPa level's
/// cloud layer, the sun's distance over the year, `timezone=utc`.
@Suite("serve-weather at the edges of Open-Meteo's rules")
struct OpenMeteoEdgeTests {
    /// Vapor, under Open-Meteo, reads a query key given without a value as true.
    @Test("current_weather given bare (no =value) is true: the block is answered")
    func bareFlag() async throws {
        let answer = try await ServerHarness.run { server in try await server.forecast("current_weather") }
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.text.contains(#""current_weather":{"time":"#), "\(answer.text)")
    }

    @Test("a variable asked twice is one column, in the place it was first asked")
    func variableTwice() async throws {
        let (twice, once) = try await ServerHarness.run { server in
            (
                try await server.forecast("hourly=temperature_2m,rain,temperature_2m&forecast_days=1"),
                try await server.forecast("hourly=temperature_2m,rain&forecast_days=1")
            )
        }
        #expect(twice.status == 200)
        #expect(twice.text.components(separatedBy: #""temperature_2m":["#).count == 2, "\(twice.text)")
        #expect(
            twice.text.replacingOccurrences(of: #""generationtime_ms":[0-9.]+"#, with: "", options: .regularExpression)
                == once.text.replacingOccurrences(
                    of: #""generationtime_ms":[0-9.]+"#, with: "", options: .regularExpression))
    }

    /// RFC 9110 8.3.1: the type and subtype are case-insensitive.
    @Test("a POST's media type in any case is read (Application/JSON)")
    func mediaTypeCase() async throws {
        let body = #"{"latitude":[47.3769],"longitude":[8.5417],"hourly":["temperature_2m"],"forecast_days":1}"#
        let answer = try await ServerHarness.run { server in
            try await server.get(
                "/v1/forecast", method: .POST, headers: ["Content-Type": "Application/JSON"], body: Array(body.utf8))
        }
        #expect(answer.status == 200, "\(answer.text)")
        #expect(try answer.json().number("latitude") == 47.3769)
    }

    @Test("elevation: -500 and 9000 m are in Open-Meteo's range, just beyond them is not")
    func elevationRange() async throws {
        let (top, bottom, above, below) = try await ServerHarness.run { server in
            (
                try await server.get("/v1/forecast?latitude=47&longitude=8&elevation=9000"),
                try await server.get("/v1/forecast?latitude=47&longitude=8&elevation=-500"),
                try await server.get("/v1/forecast?latitude=47&longitude=8&elevation=9000.5"),
                try await server.get("/v1/forecast?latitude=47&longitude=8&elevation=-500.5")
            )
        }
        #expect(top.status == 200, "\(top.text)")
        #expect(try top.json().number("elevation") == 9000)
        #expect(bottom.status == 200, "\(bottom.text)")
        #expect(above.status == 400)
        #expect(below.status == 400)
    }

    /// Open-Meteo gives snowfall in centimetres (inches with precipitation_unit=inch), the
    /// rest of the precipitation in millimetres.
    @Test("snowfall's unit is cm (inch), rain's mm (inch)")
    func snowfallUnit() async throws {
        let (metric, imperial) = try await ServerHarness.run { server in
            (
                try await server.forecast("hourly=snowfall,rain&daily=snowfall_sum&forecast_days=1"),
                try await server.forecast(
                    "hourly=snowfall,rain&daily=snowfall_sum&forecast_days=1&precipitation_unit=inch")
            )
        }
        let units = try metric.json().object("hourly_units")
        #expect(try units.string("snowfall") == "cm")
        #expect(try units.string("rain") == "mm")
        #expect(try metric.json().object("daily_units").string("snowfall_sum") == "cm")
        #expect(try imperial.json().object("hourly_units").string("snowfall") == "inch")
    }

    @Test("the 800 hPa level is in the low cloud layer, just above it the mid layer; 450 hPa mid, above it high")
    func cloudLayerBoundaries() {
        let rain = WeatherConditions(
            temperatureCelsius: 5, apparentTemperatureCelsius: 3, relativeHumidity: 70, precipitationMm: 1,
            cloudCover: 100, weatherCode: .moderateRain, windSpeedMps: 3, windDirectionDegrees: 180, isDay: true)
        let layers = DerivedAtmosphere.cloudLayers(rain)
        #expect(Set([layers.low, layers.mid, layers.high]).count == 3, "three layers apart: \(layers)")
        func cover(_ hectopascals: Double) -> Int {
            DerivedAtmosphere.level(rain, hectopascals: hectopascals, elevationMeters: 0).cloudCover
        }
        #expect(cover(800) == layers.low)
        #expect(cover(799.9) == layers.mid)
        #expect(cover(450) == layers.mid)
        #expect(cover(449.9) == layers.high)
    }

    /// The Earth is nearest the sun in early January: the top of the atmosphere gets about
    /// 3.3 % more than the solar constant then, and 3.3 % less in early July.
    @Test("the sun's radiation at the top of the atmosphere: 1.033 x 1361 W/m² in January, 0.967 x in July")
    func sunDistance() throws {
        // 2024-01-03 and 2024-07-04, 12:00 UTC
        for (unixTime, factor) in [(1_704_283_200.0, 1.033), (1_720_094_400.0, 0.967)] {
            let radiation = SolarRadiation(latitude: 0, longitude: 0, unixTime: unixTime, cloudCover: 0)
            let cosZenith = sin(
                SolarPosition(latitude: 0, longitude: 0, unixTime: unixTime).elevationDegrees * .pi / 180)
            try #require(cosZenith > 0.5)
            #expect(
                abs(radiation.topOfAtmosphere / cosZenith - 1361 * factor) < 1361 * 0.0015,
                "\(radiation.topOfAtmosphere / cosZenith) against \(1361 * factor)")
        }
    }

    /// Open-Meteo answers UTC in any case as GMT (its zone reader maps them).
    @Test("timezone=utc, UTC, Etc/UTC and gmt are answered as GMT", arguments: ["utc", "UTC", "Etc/UTC", "gmt"])
    func utcIsGMT(zone: String) async throws {
        let answer = try await ServerHarness.run { server in
            try await server.forecast("timezone=\(zone)&forecast_days=1")
        }
        #expect(answer.status == 200, "\(answer.text)")
        #expect(try answer.json().string("timezone") == "GMT")
        #expect(try answer.json().number("utc_offset_seconds") == 0)
    }
}
