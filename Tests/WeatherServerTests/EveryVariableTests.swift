// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
@testable import TrailcastWeather

/// Every variable of Open-Meteo's forecast spec (its openapi/forecast.yml: 355 hourly, 22
/// daily, 15 current, 26 minutely_15; Tests/Fixtures/weather/openmeteo-spec-variables.txt)
/// answered, each with values that agree with the others.
@Suite("Every variable Open-Meteo's spec names: answered, and consistent")
struct EveryVariableTests {
    /// The spec's names by section.
    static let spec = fixtureSections("openmeteo-spec-variables.txt")

    /// A fixture of names under `[section]` lines (`#` lines say where they came from).
    static func fixtureSections(_ name: String) -> [String: [String]] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/weather/\(name)").standardized
        var sections: [String: [String]] = [:]
        var current = ""
        for line in (try? String(contentsOf: url, encoding: .utf8))?.split(separator: "\n") ?? []
        where !line.hasPrefix("#") {
            if line.hasPrefix("[") {
                current = String(line.dropFirst().dropLast())
            } else {
                sections[current, default: []].append(String(line))
            }
        }
        return sections
    }

    /// None left without values (the marine ones are the project's reading of the sea).
    static let marine: Set<String> = []

    @Test(
        "each section's every variable: a value for every step",
        arguments: [
            ("hourly", 355), ("daily", 22), ("current", 15), ("minutely_15", 26),
        ])
    func everyVariable(section: String, count: Int) async throws {
        let names = try #require(Self.spec[section])
        #expect(names.count == count)
        let json = try await ServerHarness.run { server in
            try await server.forecast("\(section)=\(names.joined(separator: ","))&forecast_days=2").json()
        }
        let units = try json.object("\(section)_units"), values = try json.object(section)
        for name in names {
            let marine = Self.marine.contains(name)
            #expect(marine == (try units.string(name) == "undefined"), "\(name)")
            let column =
                section == "current"
                ? [values.values[name] as Any] : try #require(values.values[name] as? [Any], "\(name)")
            #expect(column.allSatisfy { ($0 is NSNull) == marine }, "\(name): \(column.prefix(3))")
        }
    }

    @Test("names Open-Meteo takes by rule: any pressure level, any height, _spread, _previous_dayN; soil by its depths")
    func namesByRule() async throws {
        let query =
            "hourly=temperature_123hPa,wind_speed_37m,temperature_500hPa_spread,temperature_2m_previous_day1,temperature_2m,"
            + "relativehumidity_700hPa,soil_moisture_0_to_1cm,soil_temperature_0_to_7cm&forecast_days=1"
        let json = try await ServerHarness.run { server in try await server.forecast(query).json() }
        let hourly = try json.object("hourly"), units = try json.object("hourly_units")
        #expect(try hourly.numbers("temperature_2m_previous_day1") == hourly.numbers("temperature_2m"))
        #expect(try units.string("temperature_123hPa") == "°C")
        #expect(try units.string("wind_speed_37m") == "km/h")
        #expect(try units.string("soil_moisture_0_to_1cm") == "m³/m³")
        #expect(try hourly.numbers("temperature_500hPa_spread").count == 24)
        #expect(try hourly.numbers("relativehumidity_700hPa").allSatisfy { (5...100).contains($0) })
        #expect(WeatherVariable(named: "temperature_500hPa") == .pressureLevel(.temperature, hectopascals: 500))
        #expect(WeatherVariable(named: "windspeed_80m") == .height(.windSpeed, meters: 80))
        #expect(WeatherVariable(named: "soil_temperature_6cm") == .soil(.temperature, depth: 6...6))
        #expect(WeatherVariable(named: "soil_moisture_27_81cm") == .soil(.moisture, depth: 27...81))
        #expect(WeatherVariable(named: "pm11") == nil)
        #expect(WeatherVariable(named: "pm10") == .noData)
        #expect(WeatherVariable(named: "geopotential_height_80m") == nil)
        #expect(DailyVariable(named: "temperature_2m_mean") == .aggregate(.surface(.temperature2m), .mean))
        #expect(
            DailyVariable(named: "wind_direction_10m_dominant") == .aggregate(.surface(.windDirection10m), .dominant))
        #expect(DailyVariable(named: "temperature_2m_median") == nil)
    }

    /// Zürich in early July and in January: the layers, pressure, radiation and the air above
    /// hold together hour by hour.
    @Test(
        "the variables agree: cloud layers and cover, pressure and height, radiation and sunshine, the air above",
        arguments: ["start_date=2024-07-02&end_date=2024-07-03", "start_date=2024-01-10&end_date=2024-01-11"])
    func consistent(dates: String) async throws {
        let hourly =
            "temperature_2m,cloud_cover,cloud_cover_low,cloud_cover_mid,cloud_cover_high,pressure_msl,surface_pressure,"
            + "shortwave_radiation,direct_radiation,diffuse_radiation,shortwave_radiation_instant,is_day,sunshine_duration,"
            + "geopotential_height_1000hPa,geopotential_height_850hPa,geopotential_height_500hPa,temperature_850hPa,temperature_500hPa,"
            + "wind_speed_10m,wind_speed_100m,temperature_80m,soil_temperature_0cm,soil_temperature_54cm,soil_temperature_486cm,"
            + "snow_depth,dew_point_2m,wet_bulb_temperature_2m,vapour_pressure_deficit,freezing_level_height"
        let daily = "sunshine_duration,shortwave_radiation_sum,temperature_2m_mean,temperature_2m_max"
        let path = dates.contains("2024-01") ? "archive" : "forecast"
        let json = try await ServerHarness.run { server in
            try await server.get("/v1/\(path)?\(zurich)&\(dates)&hourly=\(hourly)&daily=\(daily)&timeformat=unixtime")
                .json()
        }
        let h = try json.object("hourly")
        func column(_ name: String) throws -> [Double] { try h.numbers(name) }
        let cover = try column("cloud_cover"), low = try column("cloud_cover_low"), mid = try column("cloud_cover_mid")
        let high = try column("cloud_cover_high")
        #expect(cover.indices.allSatisfy { cover[$0] == max(low[$0], mid[$0], high[$0]) })
        let msl = try column("pressure_msl"), surface = try column("surface_pressure")
        // The barometric formula at 408 m: about 4.8 % less.
        #expect(msl.indices.allSatisfy { abs(surface[$0] - msl[$0] * pow(1 - 0.0065 * 408 / 288.15, 5.25588)) <= 0.1 })
        let shortwave = try column("shortwave_radiation"), direct = try column("direct_radiation")
        let diffuse = try column("diffuse_radiation"), instant = try column("shortwave_radiation_instant")
        let isDay = try column("is_day"), sunshine = try column("sunshine_duration")
        #expect(shortwave.indices.allSatisfy { abs(direct[$0] + diffuse[$0] - shortwave[$0]) <= 0.11 })
        #expect(instant.indices.allSatisfy { isDay[$0] == 1 || instant[$0] == 0 })
        #expect(
            sunshine.indices.allSatisfy {
                (0...3600).contains(sunshine[$0]) && (shortwave[$0] > 0 || sunshine[$0] == 0)
            })
        #expect(shortwave.max()! > 100)
        let z1000 = try column("geopotential_height_1000hPa"), z850 = try column("geopotential_height_850hPa")
        let z500 = try column("geopotential_height_500hPa")
        #expect(
            z850.indices.allSatisfy { z1000[$0] < z850[$0] && z850[$0] < z500[$0] && (5000...6000).contains(z500[$0]) })
        let t2 = try column("temperature_2m"), t850 = try column("temperature_850hPa"),
            t500 = try column("temperature_500hPa")
        #expect(t2.indices.allSatisfy { t500[$0] < t850[$0] && t850[$0] < t2[$0] })
        let v10 = try column("wind_speed_10m"), v100 = try column("wind_speed_100m")
        #expect(v10.indices.allSatisfy { v100[$0] >= v10[$0] })
        #expect(
            try column("temperature_80m").indices.allSatisfy {
                abs(try column("temperature_80m")[$0] - (t2[$0] - 0.0065 * 78)) <= 0.051
            })
        // The soil: the deeper, the steadier.
        func range(_ values: [Double]) -> Double { values.max()! - values.min()! }
        let s0 = try column("soil_temperature_0cm"), s54 = try column("soil_temperature_54cm"),
            s486 = try column("soil_temperature_486cm")
        #expect(range(s0) > range(s54) && range(s54) > range(s486))
        #expect(try column("snow_depth").allSatisfy { $0 >= 0 })
        let dew = try column("dew_point_2m"), wet = try column("wet_bulb_temperature_2m")
        #expect(t2.indices.allSatisfy { dew[$0] - 0.5 <= wet[$0] && wet[$0] <= t2[$0] })
        #expect(try column("vapour_pressure_deficit").allSatisfy { $0 >= 0 })

        let d = try json.object("daily")
        let days = 2
        for day in 0..<days {
            let hours = (day * 24)..<(day * 24 + 24)
            #expect(try d.numbers("sunshine_duration")[day] == hours.map { sunshine[$0] }.reduce(0, +))
            let energy = hours.map { shortwave[$0] }.reduce(0, +) * 3600 / 1e6
            #expect(try abs(d.numbers("shortwave_radiation_sum")[day] - energy) <= 0.01)
            let mean = hours.map { t2[$0] }.reduce(0, +) / 24
            #expect(try abs(d.numbers("temperature_2m_mean")[day] - mean) <= 0.05)
        }
    }

    /// WMO: sunshine is a direct beam above 120 W/m². Under a full sky at noon the light is
    /// all but diffuse (no sunshine); under a clear one the whole hour is sunny.
    @Test("sunshine: none under a full sky at noon, the whole hour under a clear one, none at night")
    func sunshine() {
        let noon = 1_718_882_700 + 1800  // the hour ending half an hour after Zürich's solar noon, 2024-06-20
        func seconds(_ cloud: Int, _ time: Int) -> Int {
            SolarRadiation.sunshineSeconds(latitude: 47.3769, longitude: 8.5417, endingAt: time, cloudCover: cloud)
        }
        #expect(seconds(100, noon) == 0)
        #expect(seconds(0, noon) == 3600)
        #expect(seconds(0, noon + 12 * 3600) == 0)
        let overcast = SolarRadiation.hourMean(latitude: 47.3769, longitude: 8.5417, endingAt: noon, cloudCover: 100)
        #expect(overcast.global > 100 && overcast.directNormal < 120)
    }

    @Test(
        "a solar panel: flat it gets the ground's; tilted toward the noon sun under a clear sky more, facing away less")
    func tiltedPanel() async throws {
        let query =
            "hourly=shortwave_radiation,global_tilted_irradiance&start_date=2024-06-20&end_date=2024-06-20&timeformat=unixtime"
        let flat = try await ServerHarness.run { server in try await server.forecast(query + "&tilt=0&azimuth=0").json()
        }
        #expect(
            try flat.object("hourly").numbers("global_tilted_irradiance")
                == flat.object("hourly").numbers("shortwave_radiation"))
        // Zürich's solar noon on 2024-06-20 is about 11:25 UTC.
        let noon = 1_718_882_700.0
        func panel(tilt: Double, azimuth: Double) -> SolarRadiation {
            SolarRadiation(
                latitude: 47.3769, longitude: 8.5417, unixTime: noon, cloudCover: 0, tilt: tilt, azimuth: azimuth)
        }
        let ground = panel(tilt: 0, azimuth: 0)
        #expect(ground.tilted == ground.global)
        #expect(panel(tilt: 30, azimuth: 0).tilted > ground.global)
        #expect(panel(tilt: 60, azimuth: 180).tilted < ground.global)
        // Morning: a panel facing east (-90°) gets more than one facing west.
        let morning = noon - 4 * 3600
        let east = SolarRadiation(
            latitude: 47.3769, longitude: 8.5417, unixTime: morning, cloudCover: 0, tilt: 45, azimuth: -90)
        let west = SolarRadiation(
            latitude: 47.3769, longitude: 8.5417, unixTime: morning, cloudCover: 0, tilt: 45, azimuth: 90)
        #expect(east.tilted > west.tilted)
        #expect(
            SolarRadiation(latitude: 47.3769, longitude: 8.5417, unixTime: noon + 12 * 3600, cloudCover: 0) == .none)
    }
}
