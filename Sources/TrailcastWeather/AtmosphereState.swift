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

/// The model's unrounded physical state at one place and instant, before it is rounded
/// into ``WeatherConditions``. See ``WeatherModel`` for the formulas.
struct AtmosphereState: Sendable {
    var temperatureCelsius: Double
    var relativeHumidity: Double
    /// Cloud fraction, 0...1.
    var cloudFraction: Double
    /// Precipitation rate, mm/h.
    var precipitationMmPerHour: Double
    /// Whether showers (rather than steady rain or snow) make most of the precipitation.
    var isConvective: Bool
    /// Instability including the afternoon boost; thunder needs a high value.
    var instability: Double
    /// Strength of a warm layer aloft; freezing rain needs a high value.
    var warmLayer: Double
    var windSpeedMps: Double
    /// Direction the wind blows from, degrees clockwise from north, 0..<360.
    var windDirectionDegrees: Double
    var isDay: Bool

    init(systems: WeatherSystems, latitude: Double, longitude: Double, elevationMeters: Double, unixTime: Double) {
        let sun = SolarPosition(latitude: latitude, longitude: longitude, unixTime: unixTime)
        let air = systems.sample(latitude: latitude, longitude: longitude, unixTime: unixTime)
        let wetness = Climate.wetness(latitude: latitude)

        // Clouds: the climatological wetness plus storm systems and moist air.
        let cloudiness = wetness + 1.3 * air.storminess + 0.2 * air.moisture
        let cloud = clamp(cloudiness, 0, 1)
        // Days under large systems' cloud warm less and nights cool less; passing cells don't count.
        let dayCloud = clamp(wetness + 1.3 * air.largeScaleStorminess + 0.2 * air.moisture, 0, 1)
        let dryness = clamp(0.5 - 0.6 * air.moisture + 1.2 * (0.55 - wetness), 0, 1)

        // Temperature: climate, air mass and altitude, then the day's cycle.
        let dailyMean =
            Climate.annualMeanCelsius(latitude: latitude)
            + Climate.seasonalAmplitudeCelsius(latitude: latitude) * Climate.seasonalPhase(unixTime: unixTime)
            + Climate.airMassAmplitudeCelsius(latitude: latitude) * air.airMass
            - WeatherModel.lapseRateCelsiusPerKilometer * elevationMeters / 1_000
        let cycle = Climate.diurnalCycle(
            solarTimeHours: sun.localSolarTimeHours,
            minimumHour: Climate.minimumHour(sun: sun, latitude: latitude))
        let amplitude = Climate.diurnalAmplitudeCelsius(latitude: latitude, dryness: dryness, cloudFraction: dayCloud)
        let temperature = dailyMean + amplitude * (cycle - Climate.diurnalCycleMean)

        // Humidity: the dew point stays below the daily mean by a depression that is small
        // under cloud and large in dry air, so humidity peaks at dawn and dips in the afternoon.
        let depression = 1 + (1 - cloud) * (3 + 9 * dryness)
        let dewPoint = min(temperature, dailyMean - depression)
        let humidity = 100 * saturationVapourPressure(dewPoint) / saturationVapourPressure(temperature)

        // Wind: the prevailing circulation plus the systems' own, stronger in storms, calmer at night.
        let prevailing = Climate.prevailingWind(latitude: latitude)
        let gustiness = 5 * (1 + 2 * max(0, cloudiness - 0.6))
        let east = prevailing.east + gustiness * air.windEast
        let north = prevailing.north + gustiness * air.windNorth
        let speed = (east * east + north * north).squareRoot() * (0.8 + 0.2 * cycle)
        let direction = positiveRemainder(degrees(atan2(-east, -north)), 360)

        // Precipitation: steady where cloudiness runs past 1, showers where unstable air
        // meets clouds past 0.75; warm air holds more water (about 6.5 % more per °C).
        let water = min(3, exp(0.065 * (temperature - 10)))
        let steady = cloudiness > 1 ? 6 * pow(cloudiness - 1, 1.5) : 0
        let instability = air.instability + 0.3 * cycle
        let showers =
            instability > 0.45 && cloudiness > 0.75
            ? 10 * (instability - 0.45) * min(1, (cloudiness - 0.75) / 0.25) : 0

        temperatureCelsius = temperature
        relativeHumidity = min(100, max(0, humidity))
        cloudFraction = cloud
        precipitationMmPerHour = (steady + showers) * water
        isConvective = showers > steady
        self.instability = instability
        warmLayer = air.warmLayer
        windSpeedMps = speed
        windDirectionDegrees = direction
        isDay = sun.isDay
    }
}

/// Saturation vapour pressure over water, hPa (Magnus formula, Alduchov and Eskridge 1996).
func saturationVapourPressure(_ celsius: Double) -> Double {
    6.1094 * exp(17.625 * celsius / (243.04 + celsius))
}

func clamp(_ value: Double, _ lower: Double, _ upper: Double) -> Double {
    min(upper, max(lower, value))
}
