// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastWeather
import TrailcastWeatherServer

@Suite("temperature_unit, wind_speed_unit, precipitation_unit: Open-Meteo's symbols and conversions")
struct UnitConversionTests {
    /// One unit choice: the variable it changes, its symbol, and the model value converted.
    struct Conversion: Sendable, CustomTestStringConvertible {
        var query: String
        var variable: String
        var symbol: String
        var convert: @Sendable (WeatherConditions) -> Double
        var testDescription: String { query }
    }

    static func rounded(_ value: Double, _ digits: Int) -> Double {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return (value * scale).rounded() / scale
    }

    @Test(
        "each unit",
        arguments: [
            Conversion(query: "temperature_unit=celsius", variable: "temperature_2m", symbol: "°C") {
                $0.temperatureCelsius
            },
            Conversion(query: "temperature_unit=fahrenheit", variable: "temperature_2m", symbol: "°F") {
                rounded($0.temperatureCelsius * 9 / 5 + 32, 1)
            },
            Conversion(query: "temperature_unit=fahrenheit", variable: "apparent_temperature", symbol: "°F") {
                rounded($0.apparentTemperatureCelsius * 9 / 5 + 32, 1)
            },
            Conversion(query: "wind_speed_unit=kmh", variable: "wind_speed_10m", symbol: "km/h") {
                $0.windSpeedKilometersPerHour
            },
            Conversion(query: "wind_speed_unit=ms", variable: "wind_speed_10m", symbol: "m/s") { $0.windSpeedMps },
            Conversion(query: "wind_speed_unit=mph", variable: "wind_speed_10m", symbol: "mp/h") {
                rounded($0.windSpeedMps * 3600 / 1609.344, 1)
            },
            Conversion(query: "wind_speed_unit=kn", variable: "wind_speed_10m", symbol: "kn") {
                rounded($0.windSpeedMps * 3600 / 1852, 1)
            },
            Conversion(query: "windspeed_unit=ms", variable: "wind_speed_10m", symbol: "m/s") { $0.windSpeedMps },
            // Both spellings: the older wins, as Open-Meteo takes `windspeed_unit ?? wind_speed_unit`.
            Conversion(query: "wind_speed_unit=kn&windspeed_unit=ms", variable: "wind_speed_10m", symbol: "m/s") {
                $0.windSpeedMps
            },
            Conversion(query: "windspeed_unit=kmh&wind_speed_unit=ms", variable: "wind_speed_10m", symbol: "km/h") {
                $0.windSpeedKilometersPerHour
            },
            Conversion(query: "precipitation_unit=mm", variable: "precipitation", symbol: "mm") { $0.precipitationMm },
            Conversion(query: "precipitation_unit=inch", variable: "precipitation", symbol: "inch") {
                rounded($0.precipitationMm / 25.4, 3)
            },
            Conversion(query: "length_unit=imperial", variable: "precipitation", symbol: "inch") {
                rounded($0.precipitationMm / 25.4, 3)
            },
            Conversion(query: "length_unit=imperial&precipitation_unit=mm", variable: "precipitation", symbol: "mm") {
                $0.precipitationMm
            },
            Conversion(query: "length_unit=imperial", variable: "visibility", symbol: "ft") {
                (DerivedWeather.visibilityMeters($0) * 3.280839895).rounded()
            },
            Conversion(query: "precipitation_unit=inch", variable: "snowfall", symbol: "inch") {
                $0.weatherCode.isSnow ? rounded(rounded($0.precipitationMm * 0.7, 2) / 2.54, 3) : 0
            },
            Conversion(query: "temperature_unit=fahrenheit", variable: "relative_humidity_2m", symbol: "%") {
                Double($0.relativeHumidity)
            },
        ])
    func conversion(_ conversion: Conversion) async throws {
        // A wet, windy week in Bergen, so precipitation and wind are not all zero.
        let json = try await ServerHarness.run { server in
            try await server.get(
                "/v1/archive?latitude=60.39&longitude=5.32&hourly=\(conversion.variable)"
                    + "&start_date=2023-01-10&end_date=2023-01-16&\(conversion.query)"
            ).json()
        }
        #expect(try json.object("hourly_units").string(conversion.variable) == conversion.symbol)
        let model = WeatherModel()
        let expected = (0..<(7 * 24)).map { hour in
            conversion.convert(
                model.conditions(
                    latitude: 60.39, longitude: 5.32, elevationMeters: nil,
                    unixTime: Double(1_673_308_800 + hour * 3600)))
        }
        #expect(try json.object("hourly").numbers(conversion.variable) == expected)
    }

    /// Vapor's decoder takes a single-valued parameter's last value (`child.values.last`).
    @Test("a unit given twice: the last one, as Open-Meteo takes it")
    func lastValueWins() async throws {
        let json = try await ServerHarness.run { server in
            try await server.forecast(
                "hourly=temperature_2m&temperature_unit=celsius&temperature_unit=fahrenheit&forecast_days=1"
            ).json()
        }
        #expect(try json.object("hourly_units").string("temperature_2m") == "°F")
    }

    @Test("daily values follow the units too")
    func dailyUnits() async throws {
        let json = try await ServerHarness.run { server in
            try await server.archive(
                "daily=temperature_2m_max,precipitation_sum&temperature_unit=fahrenheit&precipitation_unit=inch"
                    + "&start_date=2023-01-10&end_date=2023-01-10"
            ).json()
        }
        #expect(try json.object("daily_units").string("temperature_2m_max") == "°F")
        #expect(try json.object("daily_units").string("precipitation_sum") == "inch")
        let model = WeatherModel()
        let summary = model.dailySummary(
            latitude: 47.3769, longitude: 8.5417, elevationMeters: 408, dayStartUnixTime: 1_673_308_800)
        #expect(
            try json.object("daily").numbers("temperature_2m_max") == [
                Self.rounded(summary.maximumCelsius * 9 / 5 + 32, 1)
            ])
        #expect(
            try json.object("daily").numbers("precipitation_sum") == [
                Self.rounded(summary.precipitationSumMm / 25.4, 3)
            ])
    }
}
