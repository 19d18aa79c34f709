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

/// The sun's radiation at one instant through the model's cloud, W/m²: what Open-Meteo's
/// radiation variables give (the `_instant` ones at the instant; the others, as there, the
/// mean of the hour before, ``SolarRadiation/hourMean(latitude:longitude:endingAt:conditions:)``).
///
/// At the top of the atmosphere the solar constant (1,361 W/m²) on the horizontal, 3.3 %
/// more in January than in July; under a clear sky Haurwitz's model (1,098 cos z
/// exp(-0.057 / cos z)); under cloud fraction n Kasten and Czeplak's factor 1 - 0.75 n^3.4
/// (the factor the UV index takes); the diffuse share by Erbs's correlation with the
/// clearness index; the direct beam the rest, and normal to the sun divided by cos z. On a
/// panel (`tilt`, `azimuth` as Open-Meteo takes them: 0° south, -90° east) the isotropic
/// sky: the beam on the panel, the sky it sees, and the ground's 20 % reflection.
package struct SolarRadiation: Sendable, Equatable {
    package var topOfAtmosphere: Double
    package var global: Double
    package var clearSkyGlobal: Double
    package var diffuse: Double
    package var direct: Double
    package var directNormal: Double
    package var tilted: Double

    static let none = SolarRadiation(
        topOfAtmosphere: 0, global: 0, clearSkyGlobal: 0, diffuse: 0, direct: 0, directNormal: 0, tilted: 0)

    init(
        topOfAtmosphere: Double, global: Double, clearSkyGlobal: Double, diffuse: Double, direct: Double,
        directNormal: Double, tilted: Double
    ) {
        self.topOfAtmosphere = topOfAtmosphere
        self.global = global
        self.clearSkyGlobal = clearSkyGlobal
        self.diffuse = diffuse
        self.direct = direct
        self.directNormal = directNormal
        self.tilted = tilted
    }

    /// At `unixTime`, with `cloudCover` percent, on a panel of `tilt` and `azimuth` degrees.
    package init(
        latitude: Double, longitude: Double, unixTime: Double, cloudCover: Int, tilt: Double = 0, azimuth: Double = 0
    ) {
        let sun = SolarPosition(latitude: latitude, longitude: longitude, unixTime: unixTime)
        let cosZenith = sin(radians(sun.elevationDegrees))
        guard cosZenith > 0.01 else {
            self = .none
            return
        }
        let dayOfYear = positiveRemainder(unixTime / 86_400, 365.2422)
        let extraterrestrial = 1361 * (1 + 0.033 * cos(2 * .pi * dayOfYear / 365.2422))
        topOfAtmosphere = extraterrestrial * cosZenith
        clearSkyGlobal = 1098 * cosZenith * exp(-0.057 / cosZenith)
        let cloud = Double(cloudCover) / 100
        global = clearSkyGlobal * (1 - 0.75 * pow(cloud, 3.4))
        let clearness = min(global / topOfAtmosphere, 1)
        let diffuseShare =
            clearness <= 0.22
            ? 1 - 0.09 * clearness
            : clearness <= 0.8
                ? 0.9511 - 0.1604 * clearness + 4.388 * pow(clearness, 2) - 16.638 * pow(clearness, 3)
                    + 12.336 * pow(clearness, 4)
                : 0.165
        diffuse = global * diffuseShare
        direct = global - diffuse
        directNormal = direct / cosZenith
        // The sun's azimuth from south, west positive, as the panel's is given.
        let phi = radians(latitude), delta = radians(sun.declinationDegrees)
        let hourAngle = radians(15 * (sun.localSolarTimeHours - 12))
        let sunAzimuth = atan2(sin(hourAngle), cos(hourAngle) * sin(phi) - tan(delta) * cos(phi))
        let beta = radians(tilt)
        let sinZenith = (1 - cosZenith * cosZenith).squareRoot()
        let incidence = cosZenith * cos(beta) + sinZenith * sin(beta) * cos(sunAzimuth - radians(azimuth))
        tilted = directNormal * max(0, incidence) + diffuse * (1 + cos(beta)) / 2 + global * 0.2 * (1 - cos(beta)) / 2
    }

    /// The mean over the hour ending at `unixTime`: the four quarter hours' midpoints.
    package static func hourMean(
        latitude: Double, longitude: Double, endingAt unixTime: Int, cloudCover: Int, tilt: Double = 0,
        azimuth: Double = 0
    ) -> SolarRadiation {
        let samples = (0..<4).map { quarter in
            SolarRadiation(
                latitude: latitude, longitude: longitude, unixTime: Double(unixTime - 3600 + 450 + quarter * 900),
                cloudCover: cloudCover, tilt: tilt, azimuth: azimuth)
        }
        func mean(_ value: KeyPath<SolarRadiation, Double>) -> Double {
            samples.map { $0[keyPath: value] }.reduce(0, +) / 4
        }
        return SolarRadiation(
            topOfAtmosphere: mean(\.topOfAtmosphere), global: mean(\.global), clearSkyGlobal: mean(\.clearSkyGlobal),
            diffuse: mean(\.diffuse), direct: mean(\.direct), directNormal: mean(\.directNormal), tilted: mean(\.tilted)
        )
    }

    /// Sunshine in the hour ending at `unixTime`, seconds: each quarter hour whose midpoint has
    /// a direct beam above 120 W/m² (WMO's threshold of sunshine) counts 900 s.
    package static func sunshineSeconds(latitude: Double, longitude: Double, endingAt unixTime: Int, cloudCover: Int)
        -> Int
    {
        (0..<4).filter { quarter in
            SolarRadiation(
                latitude: latitude, longitude: longitude, unixTime: Double(unixTime - 3600 + 450 + quarter * 900),
                cloudCover: cloudCover
            ).directNormal > 120
        }.count * 900
    }
}
