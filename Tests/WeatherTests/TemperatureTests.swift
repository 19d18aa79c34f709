// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Testing
import TrailcastWeather
import TrailcastBasics

@Suite("Temperature")
struct TemperatureTests {
    let model = WeatherModel()
    /// 2024-01-15T00:00:00Z and 2024-07-15T00:00:00Z.
    static let midJanuary = 1_705_276_800.0
    static let midJuly = 1_721_001_600.0

    @Test(arguments: [
        (47.37, 8.54), (34.0, -118.2), (-33.9, 151.2), (0.0, 36.8), (64.1, -21.9), (27.99, 86.93),
    ])
    func dropsBySixAndAHalfDegreesPerKilometre(latitude: Double, longitude: Double) {
        for hour in stride(from: 0.0, to: 48, by: 5) {
            let time = Self.midJuly + hour * 3_600
            let low = model.conditions(latitude: latitude, longitude: longitude, elevationMeters: 200, unixTime: time)
            let high = model.conditions(
                latitude: latitude, longitude: longitude, elevationMeters: 1_200, unixTime: time)
            #expect(abs(low.temperatureCelsius - high.temperatureCelsius - 6.5) <= 0.1 + 1e-9)
            #expect(low.cloudCover == high.cloudCover)
            let unknown = model.conditions(
                latitude: latitude, longitude: longitude, elevationMeters: nil, unixTime: time)
            let seaLevel = model.conditions(
                latitude: latitude, longitude: longitude, elevationMeters: 0, unixTime: time)
            #expect(unknown == seaLevel)
        }
    }

    /// The mean of 4 times of day on 24 days across 2024, at 12 longitudes.
    func annualMean(latitude: Double) -> Double {
        var sum = 0.0, count = 0.0
        for day in stride(from: 0.0, to: 366, by: 15.25) {
            for hour in [0.0, 6, 12, 18] {
                for longitude in stride(from: -180.0, to: 180, by: 30) {
                    let time = SampleGrid.january2024 + day * 86_400 + hour * 3_600
                    sum +=
                        model.conditions(
                            latitude: latitude, longitude: longitude, elevationMeters: nil,
                            unixTime: time
                        ).temperatureCelsius
                    count += 1
                }
            }
        }
        return sum / count
    }

    @Test(arguments: [1.0, -1.0])
    func annualMeansGetColderTowardsThePoles(hemisphere: Double) {
        let means = [0.0, 20, 40, 60, 80].map { annualMean(latitude: hemisphere * $0) }
        for (warmer, colder) in zip(means, means.dropFirst()) {
            #expect(warmer > colder + 2, "\(means)")
        }
        #expect((22...30).contains(means[0]), "\(means)")
    }

    /// The mean over a week at 4 times of day.
    func weekMean(latitude: Double, longitude: Double, from start: Double) -> Double {
        var sum = 0.0
        for step in 0..<28 {
            sum +=
                model.conditions(
                    latitude: latitude, longitude: longitude, elevationMeters: nil,
                    unixTime: start + Double(step) * 6 * 3_600
                ).temperatureCelsius
        }
        return sum / 28
    }

    @Test(arguments: [
        (47.0, 8.0, 1.0), (47.0, -100.0, 1.0), (60.0, 30.0, 1.0),
        (-34.0, 151.0, -1.0), (-34.0, 18.5, -1.0), (-45.0, -70.0, -1.0),
    ])
    func summerIsWarmerThanWinterInEachHemisphere(latitude: Double, longitude: Double, julyMinusJanuarySign: Double) {
        let january = weekMean(latitude: latitude, longitude: longitude, from: Self.midJanuary)
        let july = weekMean(latitude: latitude, longitude: longitude, from: Self.midJuly)
        #expect((july - january) * julyMinusJanuarySign > 8, "January \(january), July \(july)")
    }

    @Test func pointsOneKilometreApartDifferByHalfADegreeAtMost() {
        var random = SeededRandom(seed: 1)
        for _ in 0..<5_000 {
            let latitude = Double.random(in: -89.9...89.9, using: &random)
            let longitude = Double.random(in: -180..<180, using: &random)
            let elevation = Double.random(in: 0...3_000, using: &random)
            let time = Double.random(in: 1.5e9...1.9e9, using: &random)
            let bearing = Double.random(in: 0..<(2 * .pi), using: &random)
            // 1 km on a sphere of radius 6371 km.
            let radians = 1 / 6_371.0
            let lat1 = latitude * .pi / 180, lon1 = longitude * .pi / 180
            let lat2 = asin(sin(lat1) * cos(radians) + cos(lat1) * sin(radians) * cos(bearing))
            let lon2 = lon1 + atan2(sin(bearing) * sin(radians) * cos(lat1), cos(radians) - sin(lat1) * sin(lat2))
            let here = model.conditions(
                latitude: latitude, longitude: longitude, elevationMeters: elevation, unixTime: time)
            let there = model.conditions(
                latitude: lat2 * 180 / .pi, longitude: lon2 * 180 / .pi,
                elevationMeters: elevation, unixTime: time)
            #expect(
                abs(here.temperatureCelsius - there.temperatureCelsius) <= 0.5 + 1e-9,
                "\(latitude), \(longitude) at \(time), bearing \(bearing)")
        }
    }

    @Test(arguments: [
        // latitude, longitude, UTC midnight of the day
        (0.0, 0.0, 1_710_892_800.0),  // 2024-03-20, equinox
        (0.0, 100.0, 1_710_892_800.0),
        (0.0, -75.0, 1_710_892_800.0),
        (47.37, 8.54, 1_710_892_800.0),
        (-33.9, 151.2, 1_727_049_600.0),  // 2024-09-23
        (40.7, -74.0, 1_719_792_000.0),  // 2024-07-01
        (-23.5, -46.6, 1_719_792_000.0),
        (35.7, 139.7, 1_704_067_200.0),  // 2024-01-01
    ])
    func warmestInTheAfternoonAndColdestNearSunrise(latitude: Double, longitude: Double, utcMidnight: Double) throws {
        // Local mean solar midnight, then every 10 minutes of that solar day.
        let localMidnight = utcMidnight - longitude / 15 * 3_600
        let samples = stride(from: 0.0, to: 24, by: 1.0 / 6).map { hour in
            (
                hour,
                model.conditions(
                    latitude: latitude, longitude: longitude, elevationMeters: nil,
                    unixTime: localMidnight + hour * 3_600
                ).temperatureCelsius
            )
        }
        let warmest = try #require(samples.max { $0.1 < $1.1 })
        let coldest = try #require(samples.min { $0.1 < $1.1 })
        let sunrise = try #require(
            SolarPosition(latitude: latitude, longitude: longitude, unixTime: localMidnight + 12 * 3_600)
                .sunriseLocalSolarTimeHours(latitude: latitude))
        #expect(warmest.0 > 12.5 && warmest.0 < 17.5, "warmest at \(warmest.0) h")
        #expect(abs(coldest.0 - sunrise) < 1.5, "coldest at \(coldest.0) h, sunrise \(sunrise) h")
        #expect(warmest.1 - coldest.1 > 1, "daily range \(warmest.1 - coldest.1)")
    }
}
