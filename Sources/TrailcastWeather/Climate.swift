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

/// The smooth climatology the weather systems are laid over: everything that depends only
/// on latitude, season and time of day. All functions take degrees and return SI units.
enum Climate {
    /// Length of the tropical year in days.
    static let yearDays = 365.2422

    /// Days after J2000.0 (1 January, noon) of the warmest day in the northern hemisphere,
    /// about 20 July: a month's lag after the solstice.
    static let warmestDayOffset = 200.5

    /// Annual mean sea-level temperature, °C: `27.5 − 28 sin²φ − 14 sin⁴φ`
    /// (27.5 at the equator, 17.4 at 34°, 8.5 at 47°, −12.9 at 80°, −14.5 at the poles).
    static func annualMeanCelsius(latitude: Double) -> Double {
        let s2 = sin(radians(latitude)) * sin(radians(latitude))
        return 27.5 - 28 * s2 - 14 * s2 * s2
    }

    /// Half the difference between the warmest and coldest month, signed so that it is
    /// negative in the southern hemisphere (whose seasons are inverted): `13 sin φ`.
    static func seasonalAmplitudeCelsius(latitude: Double) -> Double {
        13 * sin(radians(latitude))
    }

    /// The seasonal cycle, −1...1: 1 on the northern hemisphere's warmest day.
    static func seasonalPhase(unixTime: Double) -> Double {
        let days = (unixTime - SolarPosition.j2000UnixTime) / 86_400
        return cos(2 * .pi * (days - warmestDayOffset) / yearDays)
    }

    /// How far air masses move the temperature, °C: `0.8 + 3.2 sin²φ`, so day-to-day
    /// changes are small in the tropics (±0.8) and large at high latitudes (±4).
    static func airMassAmplitudeCelsius(latitude: Double) -> Double {
        0.8 + 3.2 * sin(radians(latitude)) * sin(radians(latitude))
    }

    /// The climatological tendency to cloud, about 0.35...0.75: wet along the equator and in
    /// the mid-latitude storm tracks, dry in the subtropical deserts near 25°.
    static func wetness(latitude: Double) -> Double {
        let a = abs(latitude)
        return 0.6
            + 0.15 * gaussian(latitude, centre: 0, width: 8)
            - 0.25 * gaussian(a, centre: 25, width: 9)
            + 0.10 * gaussian(a, centre: 58, width: 12)
    }

    /// The prevailing surface wind (eastward, northward) in m/s of the three-cell circulation:
    /// north-east / south-east trades to about 25°, westerlies to about 75°, polar easterlies beyond.
    static func prevailingWind(latitude: Double) -> (east: Double, north: Double) {
        (east: -5.5 * cos(radians(3.6 * latitude)), north: -2 * sin(radians(7.2 * latitude)))
    }

    /// The daily temperature cycle on local solar time in hours, −1...1: −1 at `minimumHour`
    /// (sunrise), rising steeply at first along a quarter sine to 1 at 15:00, then falling
    /// slowly at first along a quarter cosine, still cooling when the sun rises again:
    ///
    ///     rising  −1 + 2 sin(π/2 x),  x = (h − sunrise) / (15 − sunrise)
    ///     falling −1 + 2 cos(π/2 y),  y = (h − 15) / (sunrise + 24 − 15)
    ///
    /// Continuous, with the minimum a sharp turn at sunrise as in real records, and the
    /// maximum a broad one. Both halves average ``diurnalCycleMean``.
    static func diurnalCycle(solarTimeHours h: Double, minimumHour: Double) -> Double {
        if h >= minimumHour && h < maximumHour {
            return -1 + 2 * sin(.pi / 2 * (h - minimumHour) / (maximumHour - minimumHour))
        }
        let sinceMaximum = (h >= maximumHour ? h : h + 24) - maximumHour
        return -1 + 2 * cos(.pi / 2 * sinceMaximum / (minimumHour + 24 - maximumHour))
    }

    /// The daily mean of ``diurnalCycle(solarTimeHours:minimumHour:)``, 4/π − 1 ≈ 0.273;
    /// subtracted so that the cycle leaves the daily mean temperature unchanged.
    static let diurnalCycleMean = 4 / Double.pi - 1

    /// Local solar time of the daily temperature maximum, hours.
    static let maximumHour = 15.0

    /// Local solar time of the daily temperature minimum: sunrise, kept within 04:00–08:00
    /// (so polar day and night still have a cycle, damped by ``diurnalAmplitudeCelsius``).
    static func minimumHour(sun: SolarPosition, latitude: Double) -> Double {
        let sunrise: Double
        if let hour = sun.sunriseLocalSolarTimeHours(latitude: latitude) {
            sunrise = hour
        } else {
            // Polar day (sun always up) or polar night.
            sunrise = latitude * sun.declinationDegrees > 0 ? 0 : 12
        }
        return min(8, max(4, sunrise))
    }

    /// Half the daily temperature range, °C: `cos φ × (5.5 + 3 dryness) × (1 − 0.65 cloud)`.
    /// Clear dry tropics swing ±8.5 °C, overcast polar air hardly at all.
    static func diurnalAmplitudeCelsius(latitude: Double, dryness: Double, cloudFraction: Double) -> Double {
        cos(radians(latitude)) * (5.5 + 3 * dryness) * (1 - 0.65 * cloudFraction)
    }

    private static func gaussian(_ x: Double, centre: Double, width: Double) -> Double {
        let z = (x - centre) / width
        return exp(-z * z)
    }
}
