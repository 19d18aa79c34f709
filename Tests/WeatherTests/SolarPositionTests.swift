// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastWeather
import TrailcastBasics

@Suite("Sun position and is_day")
struct SolarPositionTests {
    /// 2024-03-20T00:00:00Z (the March equinox is at 03:06Z), 2024-06-21T00:00:00Z, 2024-12-21T00:00:00Z.
    static let march20 = 1_710_892_800.0
    static let june21 = 1_718_928_000.0
    static let december21 = 1_734_739_200.0

    @Test(arguments: [
        // latitude, longitude, unix time, is day
        (0.0, 0.0, march20 + 12 * 3_600, true),  // equator, local noon
        (0.0, 0.0, march20, false),  // equator, local midnight
        (0.0, 90.0, march20 + 6 * 3_600, true),  // 12:00 local at 90° E
        (0.0, 90.0, march20 + 18 * 3_600, false),  // 00:00 local at 90° E
        (0.0, -120.0, march20 + 20 * 3_600, true),  // 12:00 local at 120° W
        (0.0, -120.0, march20 + 8 * 3_600, false),  // 00:00 local at 120° W
        (80.0, 0.0, june21, true),  // polar day at local midnight
        (80.0, 0.0, june21 + 12 * 3_600, true),
        (80.0, 0.0, december21 + 12 * 3_600, false),  // polar night at local noon
        (-80.0, 0.0, december21, true),  // southern polar day
        (-80.0, 0.0, june21 + 12 * 3_600, false),  // southern polar night
        (47.37, 8.54, june21 + 2 * 3_600, false),  // Zurich 04:00 CEST, before sunrise 05:30
        (47.37, 8.54, june21 + 4 * 3_600, true),  // 06:00 CEST
        (47.37, 8.54, june21 + 19 * 3_600 + 15 * 60, true),  // 21:15 CEST, before sunset 21:26
        (47.37, 8.54, june21 + 19 * 3_600 + 40 * 60, false),  // 21:40 CEST
    ])
    func dayAndNight(latitude: Double, longitude: Double, unixTime: Double, isDay: Bool) {
        let sun = SolarPosition(latitude: latitude, longitude: longitude, unixTime: unixTime)
        #expect(sun.isDay == isDay, "elevation \(sun.elevationDegrees)")
        let conditions = WeatherModel().conditions(
            latitude: latitude, longitude: longitude, elevationMeters: nil, unixTime: unixTime)
        #expect(conditions.isDay == isDay)
    }

    @Test(arguments: [(march20 + 3 * 3_600, 0.0), (june21, 23.44), (december21, -23.44)])
    func declinationFollowsTheSeasons(unixTime: Double, expected: Double) {
        let sun = SolarPosition(latitude: 0, longitude: 0, unixTime: unixTime)
        #expect(abs(sun.declinationDegrees - expected) < 0.1)
    }

    /// Extremes of the equation of time: about −14.2 min on 11 February, +16.4 min on 3 November.
    @Test(arguments: [(1_707_652_800.0, -14.2), (1_730_635_200.0, 16.4)])
    func equationOfTime(unixTime: Double, expectedMinutes: Double) {
        let sun = SolarPosition(latitude: 0, longitude: 0, unixTime: unixTime)
        #expect(abs(sun.equationOfTimeMinutes - expectedMinutes) < 0.3)
    }

    @Test func theSunIsOverheadAtTheEquatorAtEquinoxNoon() {
        let sun = SolarPosition(latitude: 0, longitude: 0, unixTime: Self.march20 + 12 * 3_600)
        // 12:00 UTC is 11:52 apparent solar time (equation of time −7.6 min).
        #expect(sun.elevationDegrees > 87.5)
        #expect(abs(sun.localSolarTimeHours - (12 - 7.6 / 60)) < 0.02)
    }

    @Test func sunriseTimes() throws {
        let equator = SolarPosition(latitude: 0, longitude: 0, unixTime: Self.march20)
        let sunrise = try #require(equator.sunriseLocalSolarTimeHours(latitude: 0))
        #expect(abs(sunrise - 6) < 0.1)
        let arctic = SolarPosition(latitude: 80, longitude: 0, unixTime: Self.june21)
        #expect(arctic.sunriseLocalSolarTimeHours(latitude: 80) == nil)
    }

    @Test func localSolarTimeStaysInADay() {
        var random = SeededRandom(seed: 3)
        for _ in 0..<1_000 {
            let sun = SolarPosition(
                latitude: .random(in: -90...90, using: &random),
                longitude: .random(in: -540...540, using: &random),
                unixTime: .random(in: -1e9...4e9, using: &random))
            #expect((0..<24).contains(sun.localSolarTimeHours))
            #expect((-90...90).contains(sun.elevationDegrees))
        }
    }
}
