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

/// The rest of the atmosphere Open-Meteo's variables describe, derived from the model's
/// surface weather (``WeatherConditions``) so that none contradicts it: pressure that falls
/// under cloud and rain, cloud layers whose thickest is the total cover, the air above
/// following the standard atmosphere from the air at 2 m, the sun's radiation through the
/// model's cloud, sunshine where that radiation is strong enough.
///
/// Physics where there is a standard (the barometric formula, the hypsometric equation, the
/// log wind profile, Haurwitz's clear sky, Erbs's diffuse fraction, WMO's 120 W/m² for
/// sunshine, Stull's wet bulb, FAO-56's reference evapotranspiration); elsewhere the
/// project's reading, simple and monotonic, said at each rule. Each rule is a line of
/// docs/weather.md.
package enum DerivedAtmosphere {
    /// The International Standard Atmosphere's lapse rate, K per metre, up to 11 km.
    static let lapseRate = 0.0065
    /// g / (R L): the exponent of the barometric formula, and its inverse.
    static let barometricExponent = 5.255_88
    static let gasConstant = 287.053, gravity = 9.806_65
    static let tropopauseMeters = 11_000.0

    // MARK: Pressure

    /// Mean sea-level pressure, hPa to 0.1: 1,025 hPa under a clear sky, less with cloud
    /// (15 hPa under a full sky), with rain (1.5 hPa a millimetre an hour, up to 15) and in a
    /// thunderstorm (5 more): the project's reading, a low where the weather is bad.
    package static func seaLevelPressure(_ conditions: WeatherConditions) -> Double {
        let rain = min(conditions.precipitationMm, 10) * 1.5
        let storm = conditions.weatherCode.isThunderstorm ? 5.0 : 0
        return roundedToTenth(1025 - 0.15 * Double(conditions.cloudCover) - rain - storm)
    }

    /// Surface pressure at `elevation` metres, hPa to 0.1: the barometric formula of the
    /// standard atmosphere from the sea-level pressure.
    package static func surfacePressure(_ conditions: WeatherConditions, elevationMeters: Double) -> Double {
        roundedToTenth(
            seaLevelPressure(conditions) * pow(max(0, 1 - lapseRate * elevationMeters / 288.15), barometricExponent))
    }

    // MARK: Cloud layers

    /// Low (below about 2 km), mid (2-6 km) and high cloud cover, percent, whose thickest is
    /// the total cover (maximum overlap, so `cloud_cover` is never less than a layer): where
    /// it rains, snows or fogs the low layer is the total and mid and high thin out above it;
    /// in showers and thunderstorms the towers reach every layer; in dry weather the cloud is
    /// high (cirrus) first. The project's reading.
    package static func cloudLayers(_ conditions: WeatherConditions) -> (low: Int, mid: Int, high: Int) {
        let total = Double(conditions.cloudCover)
        let code = conditions.weatherCode
        let convective = (80...86).contains(code.rawValue) || code.isThunderstorm
        let shares: (Double, Double, Double) =
            convective ? (0.8, 0.9, 1) : conditions.precipitationMm >= 0.1 || code.isFog ? (1, 0.7, 0.4) : (0.4, 0.6, 1)
        return (Int((total * shares.0).rounded()), Int((total * shares.1).rounded()), Int((total * shares.2).rounded()))
    }

    // MARK: The air above

    /// Temperature at `height` metres above the ground, °C to 0.1: the air at 2 m less the
    /// standard lapse rate.
    package static func temperature(_ conditions: WeatherConditions, heightMeters: Double) -> Double {
        roundedToTenth(conditions.temperatureCelsius - lapseRate * (heightMeters - 2))
    }

    /// Wind speed at `height` metres, m/s: the log profile from 10 m over a roughness of
    /// 0.1 m (open country) up to 1 km, then 2 m/s more per kilometre.
    package static func windSpeed(_ conditions: WeatherConditions, heightMeters: Double) -> Double {
        guard heightMeters.isFinite else { return conditions.windSpeedMps }
        let roughness = 0.1
        let boundary = min(max(heightMeters, 1), 1000)
        let profile = log(boundary / roughness) / log(10 / roughness)
        return max(0, conditions.windSpeedMps * profile + 0.002 * max(0, heightMeters - 1000))
    }

    /// Wind direction at `height` metres: turning clockwise with height through the
    /// boundary layer (the Ekman spiral), 20° more at 1 km than at 10 m, then steady.
    package static func windDirection(_ conditions: WeatherConditions, heightMeters: Double) -> Int {
        guard heightMeters.isFinite else { return conditions.windDirectionDegrees }
        let turn = 20 * min(max(heightMeters - 10, 0), 990) / 990
        return Int((Double(conditions.windDirectionDegrees) + turn).rounded()) % 360
    }

    /// The air at pressure level `hectopascals` above a place at `elevation` m: its height
    /// above sea level (the hypsometric equation through the standard atmosphere whose
    /// sea-level temperature and pressure are the model's), its temperature (the lapse rate
    /// to the tropopause at 11 km, then steady), and its humidity (the surface's, drier with
    /// height, near saturation inside a cloud layer that covers the sky).
    package struct Level: Sendable {
        package var geopotentialHeightMeters: Double
        package var temperatureCelsius: Double
        package var relativeHumidity: Int
        package var cloudCover: Int
    }

    package static func level(_ conditions: WeatherConditions, hectopascals: Double, elevationMeters: Double) -> Level {
        let seaLevelTemperature = conditions.temperatureCelsius + 273.15 + lapseRate * (elevationMeters + 2)
        let seaLevel = seaLevelPressure(conditions)
        var height = seaLevelTemperature / lapseRate * (1 - pow(hectopascals / seaLevel, 1 / barometricExponent))
        var kelvin = seaLevelTemperature - lapseRate * height
        if height > tropopauseMeters {
            let tropopause = seaLevelTemperature - lapseRate * tropopauseMeters
            let tropopausePressure = seaLevel * pow(tropopause / seaLevelTemperature, barometricExponent)
            height = tropopauseMeters + gasConstant * tropopause / gravity * log(tropopausePressure / hectopascals)
            kelvin = tropopause
        }
        let layers = cloudLayers(conditions)
        let layer = hectopascals >= 800 ? layers.low : hectopascals >= 450 ? layers.mid : layers.high
        let surface = surfacePressure(conditions, elevationMeters: elevationMeters)
        let drying = pow(min(hectopascals / surface, 1), 3)
        let inCloud = layer == 0 ? 0 : 60 + 0.4 * Double(layer)
        let humidity = max(Double(conditions.relativeHumidity) * drying, inCloud, 5)
        return Level(
            geopotentialHeightMeters: height.rounded(), temperatureCelsius: roundedToTenth(kelvin - 273.15),
            relativeHumidity: Int(min(humidity, 100).rounded()), cloudCover: layer)
    }

    /// The height of 0 °C above sea level, metres: the air at 2 m cooled at the lapse rate
    /// (the ground's height where it is freezing there already).
    package static func freezingLevel(_ conditions: WeatherConditions, elevationMeters: Double) -> Double {
        (elevationMeters + max(0, conditions.temperatureCelsius) / lapseRate).rounded()
    }

    /// Where snow turns to rain as it falls, metres above sea level: 300 m below the freezing
    /// level (falling snow needs that far to melt), not below the ground.
    package static func snowfallHeight(_ conditions: WeatherConditions, elevationMeters: Double) -> Double {
        max(elevationMeters, freezingLevel(conditions, elevationMeters: elevationMeters) - 300).rounded()
    }

    // MARK: Moisture

    /// Saturation vapour pressure over water, kPa (Tetens, as FAO-56 writes it).
    static func saturationVapourPressure(celsius: Double) -> Double {
        0.6108 * exp(17.27 * celsius / (celsius + 237.3))
    }

    /// Vapour pressure deficit, kPa to 0.01: saturation less actual vapour pressure.
    package static func vapourPressureDeficit(_ conditions: WeatherConditions) -> Double {
        let saturation = saturationVapourPressure(celsius: conditions.temperatureCelsius)
        return (saturation * (1 - Double(conditions.relativeHumidity) / 100) * 100).rounded() / 100
    }

    /// Wet-bulb temperature at 2 m, °C to 0.1: Stull's formula (2011), for 5-99 % humidity;
    /// never above the air.
    package static func wetBulb(_ conditions: WeatherConditions) -> Double {
        let t = conditions.temperatureCelsius, rh = min(max(Double(conditions.relativeHumidity), 5), 99)
        let wet =
            t * atan(0.151_977 * (rh + 8.313_659).squareRoot()) + atan(t + rh) - atan(rh - 1.676_331)
            + 0.003_918_38 * pow(rh, 1.5) * atan(0.023_101 * rh) - 4.686_035
        return min(roundedToTenth(wet), t)
    }

    /// Convective available potential energy, J/kg: none in stable air; in showers 300 J/kg
    /// and 200 more per millimetre an hour, in a thunderstorm at least 1,000, up to 3,000.
    /// The project's reading.
    package static func cape(_ conditions: WeatherConditions) -> Double {
        let code = conditions.weatherCode
        guard (80...86).contains(code.rawValue) || code.isThunderstorm else { return 0 }
        let energy = 300 + 200 * conditions.precipitationMm
        return min(code.isThunderstorm ? max(energy, 1000) : energy, 3000).rounded()
    }
}
