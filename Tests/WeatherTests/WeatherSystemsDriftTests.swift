// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastWeather

@Suite("Weather systems drift smoothly")
struct WeatherSystemsDriftTests {
    let model = WeatherModel()

    @Test(arguments: [(47.37, 8.54), (51.5, -0.13), (-33.9, 151.2), (1.35, 103.8), (61.2, -149.9), (-54.8, -68.3)])
    func tenMinuteStepsAreSmallButHoursBringChange(latitude: Double, longitude: Double) {
        let start = 1_714_521_600.0  // 2024-05-01T00:00:00Z
        let series = (0..<(6 * 24 * 4)).map { step in
            model.conditions(
                latitude: latitude, longitude: longitude, elevationMeters: nil,
                unixTime: start + Double(step) * 600)
        }
        for (before, after) in zip(series, series.dropFirst()) {
            #expect(abs(after.temperatureCelsius - before.temperatureCelsius) <= 1.0, "\(before) -> \(after)")
            #expect(abs(after.relativeHumidity - before.relativeHumidity) <= 10, "\(before) -> \(after)")
            #expect(abs(after.cloudCover - before.cloudCover) <= 15, "\(before) -> \(after)")
            #expect(abs(after.windSpeedMps - before.windSpeedMps) <= 1.5, "\(before) -> \(after)")
        }
        // Over four days the systems passing by change the sky and the wind.
        let clouds = series.map(\.cloudCover)
        #expect(clouds.max()! - clouds.min()! >= 20, "cloud cover \(clouds.min()!)...\(clouds.max()!)")
        let winds = series.map(\.windSpeedMps)
        #expect(winds.max()! - winds.min()! >= 1, "wind \(winds.min()!)...\(winds.max()!)")
        // And the temperature at the same time of day differs from day to day.
        let noons = stride(from: 72, to: series.count, by: 144).map { series[$0].temperatureCelsius }
        #expect(Set(noons).count > 1, "\(noons)")
    }

    @Test func systemsMoveAcrossTheMap() {
        // A snapshot of cloud cover along a 300 km line shifts over six hours.
        let start = 1_714_521_600.0
        func line(at time: Double) -> [Int] {
            stride(from: 0.0, to: 3, by: 0.05).map { offset in
                model.conditions(latitude: 45, longitude: offset * 1.27, elevationMeters: nil, unixTime: time)
                    .cloudCover
            }
        }
        #expect(line(at: start) != line(at: start + 6 * 3_600))
    }
}
