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

/// Weather values the built-in model does not keep but apps ask Open-Meteo for, derived
/// from the ones it does (``WeatherConditions``) so that they never contradict them: a dew
/// point from the temperature and humidity, gusts above the wind, rain likely where it
/// rains, fog that hides the view, no UV at night.
///
/// The dew point is physics (the Magnus formula); the rest are this project's reading, simple
/// and monotonic, meant to be plausible for an app under test rather than a forecast.
package enum DerivedWeather {
    /// Dew point at 2 m, °C to 0.1: the Magnus formula with Sonntag's constants (b 17.62,
    /// c 243.12 °C; WMO-No. 8 gives this form), from the rounded temperature and humidity
    /// (humidity below 1 % taken as 1 %). Never above the temperature.
    package static func dewPointCelsius(_ conditions: WeatherConditions) -> Double {
        let b = 17.62, c = 243.12
        let temperature = conditions.temperatureCelsius
        let gamma = log(Double(max(conditions.relativeHumidity, 1)) / 100) + b * temperature / (c + temperature)
        return min(roundedToTenth(c * gamma / (b - gamma)), temperature)
    }

    /// Chance of at least 0.1 mm in the hour, percent: 70 % and up where the model has it
    /// rain (more for more rain, 90 % and up in a thunderstorm), else rising with the cloud
    /// beyond 40 % cover to 30 % under a full sky, so a dry hour is never likelier than a wet one.
    package static func precipitationProbability(_ conditions: WeatherConditions) -> Int {
        if conditions.precipitationMm >= 0.1 {
            let chance = 70 + min(30, Int((conditions.precipitationMm * 10).rounded()))
            return conditions.weatherCode.isThunderstorm ? max(chance, 90) : chance
        }
        return max(0, conditions.cloudCover - 40) / 2
    }

    /// Wind gusts at 10 m, m/s to 0.1: the wind times a gust factor of 1.35 in clear air to 1.5
    /// under full cloud, 3 m/s more in showers and thunderstorms; never below the wind.
    package static func windGustsMps(_ conditions: WeatherConditions) -> Double {
        let code = conditions.weatherCode.rawValue
        let convective = (80...86).contains(code) || conditions.weatherCode.isThunderstorm
        let factor = 1.35 + 0.15 * Double(conditions.cloudCover) / 100
        return max(roundedToTenth(conditions.windSpeedMps * factor + (convective ? 3 : 0)), conditions.windSpeedMps)
    }

    /// Horizontal visibility, metres to 10: 24,140 m (15 miles, the most Open-Meteo's models
    /// give) in dry air, 150 m in fog, less in rain (halved at 0.7 mm an hour) and far less in
    /// snow, and less in humid air above 90 %.
    package static func visibilityMeters(_ conditions: WeatherConditions) -> Double {
        if conditions.weatherCode.isFog { return 150 }
        let rate = conditions.precipitationMm
        var meters = 24_140 / (1 + (conditions.weatherCode.isSnow ? 5 : 1.5) * rate)
        if conditions.relativeHumidity > 90 { meters *= 1 - Double(conditions.relativeHumidity - 90) / 20 }
        return (max(meters, 150) / 10).rounded() * 10
    }

    /// UV index to 0.05: the clear-sky index of the sun's elevation, 12.5 × sin(elevation)^2.42
    /// (a usual fit to the erythemal irradiance, ozone left out), times Kasten and Czeplak's
    /// cloud factor 1 − 0.75 n^3.4 for cloud fraction n; 0 with the sun below the horizon.
    package static func uvIndex(_ conditions: WeatherConditions, sunElevationDegrees: Double) -> Double {
        guard sunElevationDegrees > 0 else { return 0 }
        let clearSky = 12.5 * pow(sin(sunElevationDegrees * .pi / 180), 2.42)
        let cloud = Double(conditions.cloudCover) / 100
        return (clearSky * (1 - 0.75 * pow(cloud, 3.4)) * 20).rounded() / 20
    }
}

/// Sunrise and sunset in one local day, as Open-Meteo gives them: the first moment the
/// sun's centre rises above −0.833° (``SolarPosition/horizonDegrees``, the altitude
/// ``SolarPosition/isDay`` uses, so the two agree) and the last it sets, to the second. With
/// no rise (polar night) both are the day's start; with the sun up at the start or the end,
/// the day's start or end stands for the rise or set (polar day: start and end), as
/// Open-Meteo's `calculateSunRiseSet` answers them.
package struct SunTimes: Sendable, Equatable {
    package var sunrise: Int
    package var sunset: Int

    /// Seconds of daylight: from sunrise to sunset (`daylight_duration`).
    package var daylightSeconds: Int { sunset - sunrise }

    package init(sunrise: Int, sunset: Int) {
        self.sunrise = sunrise
        self.sunset = sunset
    }

    /// For the 24 hours from `dayStart` (Unix seconds) at a place.
    package init(dayStart: Int, latitude: Double, longitude: Double) {
        func elevation(_ time: Int) -> Double {
            SolarPosition(latitude: latitude, longitude: longitude, unixTime: Double(time)).elevationDegrees
                - SolarPosition.horizonDegrees
        }
        /// The second in (low, high] where the elevation's sign changes, by bisection.
        func crossing(_ low: Int, _ high: Int) -> Int {
            var (low, high) = (low, high)
            let rising = elevation(low) <= 0
            while high - low > 1 {
                let middle = (low + high) / 2
                if (elevation(middle) <= 0) == rising { low = middle } else { high = middle }
            }
            return high
        }
        let step = 600
        let end = dayStart + 86_400
        var rise: Int?
        var set: Int?
        var previous = dayStart
        var wasUp = elevation(dayStart) > 0
        var everUp = wasUp
        while previous < end {
            let next = min(previous + step, end)
            let isUp = elevation(next) > 0
            if isUp && !wasUp, rise == nil { rise = crossing(previous, next) }
            if !isUp && wasUp { set = crossing(previous, next) }
            everUp = everUp || isUp
            wasUp = isUp
            previous = next
        }
        guard everUp else {
            sunrise = dayStart
            sunset = dayStart
            return
        }
        sunrise = elevation(dayStart) > 0 ? dayStart : rise ?? dayStart
        sunset = wasUp ? end : set ?? end
    }
}
