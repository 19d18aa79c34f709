// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(ucrt)
import ucrt
#endif

/// Where the sun is for a place and instant: declination, equation of time, local solar
/// time and elevation above the horizon.
///
/// Uses the low-precision solar coordinates of the Astronomical Almanac (about 0.01° in
/// declination and a few seconds in the equation of time, 1950–2050). With `n` the days
/// since J2000.0 (2000-01-01T12:00Z):
///
/// - mean longitude `L = 280.460° + 0.9856474° n`, mean anomaly `g = 357.528° + 0.9856003° n`
/// - ecliptic longitude `λ = L + 1.915° sin g + 0.020° sin 2g`, obliquity `ε = 23.439°` (its drift,
///   0.013° a century, is left out so that far-off times stay sensible)
/// - declination `δ = asin(sin ε sin λ)`, right ascension `α = atan2(cos ε sin λ, cos λ)`
/// - equation of time `E = 4 min/° × (L − α)`
/// - local solar time `UTC + longitude / 15 + E`, hour angle `H = 15° × (solar time − 12)`
/// - elevation `asin(sin φ sin δ + cos φ cos δ cos H)`
///
/// It is day while the sun's centre is above −0.833°, the conventional sunrise and sunset
/// altitude (refraction plus the sun's semi-diameter), so polar day and night come out right.
///
/// ```swift
/// let sun = SolarPosition(latitude: 47.37, longitude: 8.54, unixTime: 1_719_835_200)
/// sun.isDay                // true
/// sun.localSolarTimeHours  // ≈ 12.5
/// ```
package struct SolarPosition: Sendable, Equatable {
    /// The sun's declination in degrees, −23.44...23.44 (positive in the northern summer).
    package let declinationDegrees: Double
    /// Apparent minus mean solar time in minutes, about −14.3...16.4.
    package let equationOfTimeMinutes: Double
    /// Local apparent solar time in hours, 0..<24; the sun is highest at 12.
    package let localSolarTimeHours: Double
    /// Elevation of the sun's centre above the horizon in degrees, −90...90, without refraction.
    package let elevationDegrees: Double

    /// The elevation of the sun's centre at sunrise and sunset, degrees.
    package static let horizonDegrees = -0.833

    /// Unix time of J2000.0, 2000-01-01T12:00:00Z.
    static let j2000UnixTime = 946_728_000.0

    /// The sun's position at `unixTime` (seconds since 1970-01-01T00:00Z) seen from
    /// `latitude` (−90...90) and `longitude` (degrees east, any range) in degrees.
    package init(latitude: Double, longitude: Double, unixTime: Double) {
        let days = (unixTime - Self.j2000UnixTime) / 86_400
        let meanLongitude = (280.460 + 0.985_647_4 * days).truncatingRemainder(dividingBy: 360)
        let meanAnomaly = radians((357.528 + 0.985_600_3 * days).truncatingRemainder(dividingBy: 360))
        let eclipticLongitude = radians(meanLongitude + 1.915 * sin(meanAnomaly) + 0.020 * sin(2 * meanAnomaly))
        let obliquity = radians(23.439)

        let declination = asin(sin(obliquity) * sin(eclipticLongitude))
        let rightAscension = degrees(atan2(cos(obliquity) * sin(eclipticLongitude), cos(eclipticLongitude)))
        var equationOfTime = (meanLongitude - rightAscension).truncatingRemainder(dividingBy: 360)
        if equationOfTime > 180 { equationOfTime -= 360 }
        if equationOfTime < -180 { equationOfTime += 360 }

        let utcHours = positiveRemainder(unixTime, 86_400) / 3_600
        let solarTime = positiveRemainder(utcHours + longitude / 15 + equationOfTime * 4 / 60, 24)
        let hourAngle = radians(15 * (solarTime - 12))
        let phi = radians(latitude)
        let sinElevation = sin(phi) * sin(declination) + cos(phi) * cos(declination) * cos(hourAngle)

        declinationDegrees = degrees(declination)
        equationOfTimeMinutes = equationOfTime * 4
        localSolarTimeHours = solarTime
        elevationDegrees = degrees(asin(min(1, max(-1, sinElevation))))
    }

    /// Whether the sun's centre is above ``horizonDegrees``: Open-Meteo's `is_day`.
    package var isDay: Bool { elevationDegrees > Self.horizonDegrees }

    /// Local solar time of sunrise at `latitude`, hours (6 at the equator and equinoxes);
    /// `nil` during polar day or polar night.
    package func sunriseLocalSolarTimeHours(latitude: Double) -> Double? {
        let phi = radians(latitude), delta = radians(declinationDegrees)
        let cosHourAngle = (sin(radians(Self.horizonDegrees)) - sin(phi) * sin(delta)) / (cos(phi) * cos(delta))
        guard cosHourAngle.isFinite, cosHourAngle >= -1, cosHourAngle <= 1 else { return nil }
        return 12 - degrees(acos(cosHourAngle)) / 15
    }
}

func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
func degrees(_ radians: Double) -> Double { radians * 180 / .pi }

/// `value` modulo `modulus`, in 0..<modulus also for negative values.
func positiveRemainder(_ value: Double, _ modulus: Double) -> Double {
    let remainder = value.truncatingRemainder(dividingBy: modulus)
    let positive = remainder < 0 ? remainder + modulus : remainder
    return positive < modulus ? positive : 0
}
