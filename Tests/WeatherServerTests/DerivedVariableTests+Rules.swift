// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
@testable import TrailcastWeather

/// Each derived variable's own rule at the values that tell a right one from a near miss:
/// a sign, a hemisphere, a cap, day against night, a direction across north.
extension DerivedVariableTests {
    /// Open-Meteo's components point where the wind blows to (u east, v north): a wind from
    /// the north (0°) has v < 0, one from the west (270°) u > 0.
    @Test("wind components: u = -speed·sin(direction), v = -speed·cos(direction), aloft and at a height")
    func windComponents() async throws {
        let levels = ["850hPa", "500hPa", "80m"]
        let names = levels.flatMap {
            ["wind_speed_\($0)", "wind_direction_\($0)", "wind_u_component_\($0)", "wind_v_component_\($0)"]
        }
        let json = try await ServerHarness.run { server in
            try await server.archive(
                "hourly=\(names.joined(separator: ","))&wind_speed_unit=ms&start_date=2024-01-01&end_date=2024-01-07"
            ).json()
        }
        let hourly = try json.object("hourly")
        var fromTheNorth = 0
        for level in levels {
            let speed = try hourly.numbers("wind_speed_\(level)"),
                direction = try hourly.numbers("wind_direction_\(level)")
            let u = try hourly.numbers("wind_u_component_\(level)"), v = try hourly.numbers("wind_v_component_\(level)")
            #expect(speed.count == 168 && u.count == 168 && v.count == 168)
            for index in speed.indices {
                let radians = direction[index] * .pi / 180
                // Each shown to 0.1 m/s, worked out from the unrounded speed and the whole degree.
                #expect(abs(u[index] + speed[index] * sin(radians)) <= 0.11, "\(level) u at hour \(index)")
                #expect(abs(v[index] + speed[index] * cos(radians)) <= 0.11, "\(level) v at hour \(index)")
                if (direction[index] >= 315 || direction[index] <= 45) && speed[index] >= 1 {
                    fromTheNorth += 1
                    #expect(v[index] < 0, "\(level): from \(direction[index])° blows south")
                }
            }
        }
        #expect(fromTheNorth > 0, "the week has a wind from the north to check")
    }

    /// The mean wind vector of the day's 24 hours, each weighted by its speed, as where it
    /// comes from in 0...359: a westerly day is 270, never -90.
    @Test("wind_direction_10m_dominant: the day's mean wind vector, 0...359, westerly days included")
    func dominantDirection() async throws {
        let query =
            "hourly=wind_speed_10m,wind_direction_10m&daily=wind_direction_10m_dominant&wind_speed_unit=ms"
            + "&timezone=GMT&start_date=2024-01-01&end_date=2024-01-31"
        let answers = try await ServerHarness.run { server in
            [
                try await server.archive(query).json(),
                try await server.get("/v1/archive?latitude=64.15&longitude=-21.94&\(query)").json(),
            ]
        }
        var westerlyDays = 0
        for json in answers {
            let hourly = try json.object("hourly")
            let speed = try hourly.numbers("wind_speed_10m"), direction = try hourly.numbers("wind_direction_10m")
            let dominant = try json.object("daily").numbers("wind_direction_10m_dominant")
            #expect(dominant.count == 31)
            for (day, shown) in dominant.enumerated() {
                let hours = (day * 24)..<(day * 24 + 24)
                let east = hours.map { speed[$0] * sin(direction[$0] * .pi / 180) }.reduce(0, +)
                let north = hours.map { speed[$0] * cos(direction[$0] * .pi / 180) }.reduce(0, +)
                let expected = (atan2(east, north) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
                let apart = abs(shown - expected)
                #expect(
                    (0...359).contains(shown) && min(apart, 360 - apart) <= 1,
                    "day \(day): \(shown), mean vector \(expected)")
                if (181...359).contains(shown) { westerlyDays += 1 }
            }
        }
        #expect(westerlyDays > 0, "January in Zürich and Reykjavik has days with a wind from the west")
    }

    /// FAO-56 Example 19 (Allen et al., 1998, chapter 4), N'Diaye, Senegal, 8 m, 1 October:
    /// 14-15 h, 38 °C, 52 %, 3.3 m/s at 2 m, 2.450 MJ/m² of sunlight; 02-03 h, 28 °C, 90 %,
    /// 1.9 m/s, dark. FAO gives 0.63 and 0.0 mm with its own net radiation; with this
    /// project's (77 % of the sunlight less 0.05 MJ/m²) the same equation gives 0.650 and
    /// 0.011. The soil takes a tenth of the net radiation by day, half by night.
    @Test("et0_fao_evapotranspiration: FAO-56's hourly equation, soil heat a tenth by day and half by night")
    func referenceEvapotranspiration() {
        func conditions(_ celsius: Double, _ humidity: Int, windAt2m: Double) -> WeatherConditions {
            WeatherConditions(
                temperatureCelsius: celsius, apparentTemperatureCelsius: celsius, relativeHumidity: humidity,
                precipitationMm: 0,
                cloudCover: 0, weatherCode: .clearSky, windSpeedMps: windAt2m / 0.748, windDirectionDegrees: 0,
                isDay: true)
        }
        let day = SurfaceVariable.referenceEvapotranspiration(
            conditions(38, 52, windAt2m: 3.3), globalRadiation: 2.450 / 0.0036, elevationMeters: 8)
        let night = SurfaceVariable.referenceEvapotranspiration(
            conditions(28, 90, windAt2m: 1.9), globalRadiation: 0, elevationMeters: 8)
        #expect(abs(day - 0.6498) < 0.0005, "\(day)")
        #expect(abs(night - 0.0112) < 0.0005, "\(night)")
    }

    /// Over the hour before: the larger and the smaller of the two whole hours that bound it.
    @Test("hourly temperature_2m_max and _min: the hour's two ends, the larger and the smaller")
    func hourExtremes() async throws {
        let json = try await ServerHarness.run { server in
            try await server.archive(
                "hourly=temperature_2m,temperature_2m_max,temperature_2m_min&start_date=2024-01-10&end_date=2024-01-12"
            ).json()
        }
        let hourly = try json.object("hourly")
        let temperature = try hourly.numbers("temperature_2m")
        let maximum = try hourly.numbers("temperature_2m_max"), minimum = try hourly.numbers("temperature_2m_min")
        #expect(maximum.count == 72 && minimum.count == 72)
        for index in 1..<temperature.count {
            #expect(maximum[index] == max(temperature[index - 1], temperature[index]), "hour \(index)")
            #expect(minimum[index] == min(temperature[index - 1], temperature[index]), "hour \(index)")
        }
        #expect((1..<temperature.count).contains { temperature[$0] != temperature[$0 - 1] })
    }

    /// Ekman: the surface current turns 45° to the right of the wind north of the equator,
    /// to the left south of it (the project's reading of the wind-driven drift).
    @Test("ocean_current_direction: 45° right of where the wind blows in the north, left in the south")
    func oceanCurrentTurn() async throws {
        let json = try await ServerHarness.run { server in
            try await server.get(
                "/v1/forecast?latitude=50,-40&longitude=-20,10&hourly=wind_direction_10m,ocean_current_direction&forecast_days=2"
            ).text
        }
        let places = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(places.count == 2)
        for (place, turn) in zip(places, [45.0, -45.0]) {
            let hourly = try #require(place["hourly"] as? [String: Any])
            let wind = try #require(hourly["wind_direction_10m"] as? [Double])
            let current = try #require(hourly["ocean_current_direction"] as? [Double])
            #expect(
                wind.count == 48 && current == wind.map { ($0 + 180 + turn + 360).truncatingRemainder(dividingBy: 360) }
            )
        }
    }

    /// The project's reading of a low: 1,025 hPa under a clear sky, 0.15 hPa less for each
    /// percent of cloud, 1.5 hPa a millimetre an hour of rain up to 10 mm, 5 more in thunder.
    @Test("pressure_msl: rain lowers it 1.5 hPa a millimetre, up to 15 hPa; thunder 5 more")
    func seaLevelPressure() {
        func pressure(_ code: WMOWeatherCode, _ millimeters: Double, cloud: Int = 100) -> Double {
            var conditions = Self.conditions(code: code, millimeters: millimeters)
            conditions.cloudCover = cloud
            return DerivedAtmosphere.seaLevelPressure(conditions)
        }
        #expect(pressure(.clearSky, 0, cloud: 0) == 1025)
        #expect(pressure(.moderateRain, 4) == 1004)
        #expect(pressure(.heavyRain, 10) == 995)
        #expect(pressure(.heavyRain, 25) == 995)
        #expect(pressure(.thunderstorm, 25) == 990)
    }

    /// Every model's turn of the wind keeps the direction a compass bearing, 0...359, also
    /// where a turn against the clock takes a wind just east of north past it.
    @Test("every model's wind_direction_10m: 0...359, also turned back across north")
    func modelWindTurn() {
        let model = WeatherModel()
        let times = stride(from: 1_704_067_200.0, to: 1_704_067_200 + 14 * 86_400, by: 3 * 3600)
        let places = [(47.37, 8.54), (64.15, -21.94), (-33.87, 151.21), (40.71, -74.01)]
        var nearNorth = 0
        for (latitude, longitude) in places {
            for time in times {
                let base = model.conditions(
                    latitude: latitude, longitude: longitude, elevationMeters: 0, unixTime: time)
                if base.windDirectionDegrees < 10 { nearNorth += 1 }
                for name in ForecastModel.numbers.keys.sorted() {
                    let turned = model.conditions(
                        latitude: latitude, longitude: longitude, elevationMeters: 0, unixTime: time,
                        variation: ModelVariation(modelNamed: name))
                    #expect(
                        (0...359).contains(turned.windDirectionDegrees), "\(name) at \(latitude),\(longitude) \(time)")
                }
            }
        }
        #expect(nearNorth > 0, "some winds a few degrees east of north, for a turn back across it")
    }
}
