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

/// The moving part of the weather: smooth random fields that drift across the globe and
/// evolve as they go, like pressure systems and shower cells.
///
/// Each field is ``ValueNoise`` sampled at the point's position on a 6371 km sphere (so there
/// is no seam at the date line and no pinch at the poles), shifted by a uniform drift of
/// about 7 m/s (26 km/h), with time as the fourth lattice axis so systems also grow and
/// decay. A field with cells `L` km wide and a lifetime of `τ` hours is written `L/τ` below.
struct WeatherSystems: Sendable {
    /// The fields at one place and instant; each is roughly −1...1 and centred on 0.
    struct Sample: Sendable {
        /// Low-pressure activity (cloud, rain, wind) rising with the value:
        /// large systems 400 km/36 h plus half as much of 60 km/8 h cells.
        var storminess: Double
        /// The large systems alone, for effects that lag behind passing cells.
        var largeScaleStorminess: Double
        /// Warm or cold air masses, 1200 km/96 h.
        var airMass: Double
        /// Moist (positive) or dry air, 350 km/48 h.
        var moisture: Double
        /// Wind of the weather systems, eastward and northward, 500 km/24 h each.
        var windEast: Double
        var windNorth: Double
        /// Instability for showers and thunderstorms, 35 km/3 h.
        var instability: Double
        /// A warm layer aloft that melts snow into freezing rain, 200 km/12 h.
        var warmLayer: Double
    }

    static let earthRadiusKilometers = 6_371.0
    /// The drift of every field, km/s, in the Earth-centred frame.
    static let driftKilometersPerSecond = (x: -0.006, y: 0.0035, z: 0.002)

    private let storms, showers, airMass, moisture, windEast, windNorth, instability, warmLayer: ValueNoise

    init(seed: UInt64) {
        storms = ValueNoise(seed: seed, channel: 1)
        showers = ValueNoise(seed: seed, channel: 2)
        airMass = ValueNoise(seed: seed, channel: 3)
        moisture = ValueNoise(seed: seed, channel: 4)
        windEast = ValueNoise(seed: seed, channel: 5)
        windNorth = ValueNoise(seed: seed, channel: 6)
        instability = ValueNoise(seed: seed, channel: 7)
        warmLayer = ValueNoise(seed: seed, channel: 8)
    }

    func sample(latitude: Double, longitude: Double, unixTime: Double) -> Sample {
        let phi = radians(latitude), lambda = radians(longitude)
        let r = Self.earthRadiusKilometers, drift = Self.driftKilometersPerSecond
        let x = r * cos(phi) * cos(lambda) - drift.x * unixTime
        let y = r * cos(phi) * sin(lambda) - drift.y * unixTime
        let z = r * sin(phi) - drift.z * unixTime

        func field(_ noise: ValueNoise, kilometers: Double, hours: Double) -> Double {
            noise.value(x / kilometers, y / kilometers, z / kilometers, unixTime / (hours * 3_600))
        }
        let largeScale = field(storms, kilometers: 400, hours: 36)
        return Sample(
            storminess: (largeScale + 0.5 * field(showers, kilometers: 60, hours: 8)) / 1.5,
            largeScaleStorminess: largeScale / 1.5,
            airMass: field(airMass, kilometers: 1_200, hours: 96),
            moisture: field(moisture, kilometers: 350, hours: 48),
            windEast: field(windEast, kilometers: 500, hours: 24),
            windNorth: field(windNorth, kilometers: 500, hours: 24),
            instability: field(instability, kilometers: 35, hours: 3),
            warmLayer: field(warmLayer, kilometers: 200, hours: 12)
        )
    }
}
