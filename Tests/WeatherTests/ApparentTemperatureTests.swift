// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastWeather

@Suite("Apparent temperature")
struct ApparentTemperatureTests {
    /// Values worked by hand from AT = T + 0.33 e − 0.70 ws − 4.00.
    @Test(arguments: [
        (20.0, 50.0, 0.0, 19.8482),
        (30.0, 80.0, 2.0, 35.7638),
        (0.0, 90.0, 10.0, -9.1868),
        (-10.0, 70.0, 5.0, -16.8395),
        (35.0, 20.0, 1.0, 33.9971),
    ])
    func matchesTheBureauOfMeteorologyFormula(temperature: Double, humidity: Double, wind: Double, expected: Double) {
        let apparent = ApparentTemperature.celsius(
            temperatureCelsius: temperature, relativeHumidity: humidity, windSpeedMps: wind)
        #expect(abs(apparent - expected) < 0.0001)
    }

    @Test func humidityWarmsAndWindCools() {
        let calmDry = ApparentTemperature.celsius(temperatureCelsius: 25, relativeHumidity: 20, windSpeedMps: 0)
        let calmHumid = ApparentTemperature.celsius(temperatureCelsius: 25, relativeHumidity: 90, windSpeedMps: 0)
        let windyDry = ApparentTemperature.celsius(temperatureCelsius: 25, relativeHumidity: 20, windSpeedMps: 8)
        #expect(calmHumid > calmDry)
        #expect(windyDry < calmDry)
    }
}
