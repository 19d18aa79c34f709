// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// The built-in weather model: a deterministic, physically plausible synthetic climate from
/// latitude, longitude, elevation and time, with no network and no data files.
///
/// The same inputs give the same ``WeatherConditions`` on every machine: the randomness is
/// integer hashing (SplitMix64) of lattice coordinates, and outputs are rounded to display
/// precision so that maths-library differences in the last bit do not show.
///
/// **Temperature** (°C) is a sum of:
/// - the annual mean at sea level, `27.5 − 28 sin²φ − 14 sin⁴φ` (27.5 at the equator,
///   8.5 at 47°, −14.5 at the poles);
/// - the season, `13 sin φ × cos(2π (d − 200.5) / 365.2422)` with `d` days since
///   2000-01-01T12:00Z: warmest about 20 July in the north and, the sign of `sin φ` inverting
///   it, about 18 January in the south;
/// - air masses, `±(0.8 + 3.2 sin²φ)` °C from a field 1200 km wide that lives about 4 days;
/// - the lapse rate, −6.5 °C per km of elevation (sea level when unknown);
/// - the daily cycle on local apparent solar time, with half range
///   `cos φ × (5.5 + 3 dryness) × (1 − 0.65 cloud)` °C (cloud of the large systems only): from
///   the minimum at sunrise (kept within 04:00–08:00) up a quarter sine to the maximum at
///   15:00, then down a quarter cosine, still cooling at the next sunrise; its daily mean is
///   subtracted so it leaves the daily mean unchanged. `dryness` is
///   `0.5 − 0.6 moisture + 1.2 (0.55 − wetness)` clamped to 0...1: dry subtropical air
///   swings most.
///
/// **Weather systems** are smooth random fields (value noise on hashed integer lattices) on a
/// 6371 km sphere, with cells 35–1200 km wide living 3–96 hours, drifting at about 26 km/h.
/// Cloudiness is the latitude's climatological wetness (wet tropics and storm tracks, dry
/// subtropics near 25°) plus 1.3 × storm systems (400 km and 60 km cells) and 0.2 × moist
/// air; cloud cover is cloudiness clamped to 0...1. Points 1 km apart differ by a few
/// hundredths of a degree before rounding.
///
/// **Humidity** comes from a dew point `1 + (1 − cloud)(3 + 9 dryness)` °C below the daily mean
/// temperature (Magnus formula), so it is highest at dawn and lowest in the afternoon.
/// **Precipitation** (mm in the hour at the current rate) is steady, `6 (cloudiness − 1)^1.5`
/// mm/h where cloudiness passes 1, plus showers where unstable air meets cloudiness over 0.75,
/// both scaled by `exp(0.065 (T − 10))` (at most 3) for the air's water content. **Wind** at
/// 10 m is the three-cell circulation (trades, westerlies, polar easterlies) plus the systems'
/// own wind of about 5 m/s, stronger in storms and 20 % calmer at night.
/// ``WeatherConditions/isDay`` is the sun's centre above −0.833° (``SolarPosition``), the
/// feels-like temperature is ``ApparentTemperature``, and the WMO code follows from the rounded
/// values: rain above 1 °C, snow at or below 1 °C, freezing rain only from −2 °C to 0 °C, fog
/// at 97 % humidity in wind under 3 m/s, thunderstorms in under 1 % of hours.
///
/// ```swift
/// let model = WeatherModel()
/// let now = model.conditions(latitude: 47.3769, longitude: 8.5417, elevationMeters: 408,
///                            unixTime: 1_719_835_200)
/// print(now.temperatureCelsius, now.condition)  // 16.8 thunderstorm
/// ```
package struct WeatherModel: Sendable {
    /// The seed of the default world.
    package static let defaultSeed: UInt64 = 0x5452_4149_4C43_4153

    /// Temperature drop with height, °C per km (the ICAO standard atmosphere).
    package static let lapseRateCelsiusPerKilometer = 6.5

    /// The seed this world's weather systems are hashed from.
    package let seed: UInt64

    private let systems: WeatherSystems

    /// A world whose weather systems are drawn from `seed`; the climate (latitude, season,
    /// time of day, altitude) is the same in every world.
    package init(seed: UInt64 = WeatherModel.defaultSeed) {
        self.seed = seed
        systems = WeatherSystems(seed: seed)
    }

    /// The weather at a place and instant.
    ///
    /// - Parameters:
    ///   - latitude: Degrees north, −90...90 (values beyond are clamped).
    ///   - longitude: Degrees east, any range.
    ///   - elevationMeters: Height above sea level; `nil` means sea level.
    ///   - unixTime: Seconds since 1970-01-01T00:00:00Z.
    /// - Precondition: All arguments are finite.
    package func conditions(
        latitude: Double, longitude: Double, elevationMeters: Double?, unixTime: Double,
        variation: ModelVariation = .none
    ) -> WeatherConditions {
        precondition(
            latitude.isFinite && longitude.isFinite && unixTime.isFinite
                && (elevationMeters?.isFinite ?? true), "weather inputs must be finite")
        var state = AtmosphereState(
            systems: systems, latitude: min(90, max(-90, latitude)), longitude: longitude,
            elevationMeters: elevationMeters ?? 0, unixTime: unixTime)
        variation.apply(to: &state)

        let temperature = roundedToTenth(state.temperatureCelsius)
        let humidity = Int(state.relativeHumidity.rounded())
        let cloudCover = Int((state.cloudFraction * 100).rounded())
        let precipitation = roundedToTenth(state.precipitationMmPerHour)
        let windSpeed = roundedToTenth(state.windSpeedMps)
        let direction = Int(state.windDirectionDegrees.rounded()) % 360
        let code = WMOWeatherCode.classify(
            temperatureCelsius: temperature, relativeHumidity: humidity, cloudCover: cloudCover,
            precipitationMm: precipitation, windSpeedMps: windSpeed,
            isConvective: state.isConvective, instability: state.instability, warmLayer: state.warmLayer)
        let apparent = ApparentTemperature.celsius(
            temperatureCelsius: temperature, relativeHumidity: Double(humidity), windSpeedMps: windSpeed)

        return WeatherConditions(
            temperatureCelsius: temperature,
            apparentTemperatureCelsius: roundedToTenth(apparent),
            relativeHumidity: humidity,
            precipitationMm: precipitation,
            cloudCover: cloudCover,
            weatherCode: code,
            windSpeedMps: windSpeed,
            windDirectionDegrees: direction,
            isDay: state.isDay)
    }

    /// The day's extremes and most severe weather from the 24 hourly ``conditions`` at
    /// `dayStartUnixTime`, `dayStartUnixTime + 3600`, ... `+ 23 × 3600` (Open-Meteo's
    /// daily `temperature_2m_max`, `temperature_2m_min`, `weather_code`, `precipitation_sum`).
    ///
    /// Pass midnight UTC (a multiple of 86 400) for a UTC day, or a local midnight for a local day.
    package func dailySummary(
        latitude: Double, longitude: Double, elevationMeters: Double?, dayStartUnixTime: Double
    ) -> DailyWeatherSummary {
        let hours = (0..<24).map { hour in
            conditions(
                latitude: latitude, longitude: longitude, elevationMeters: elevationMeters,
                unixTime: dayStartUnixTime + Double(hour) * 3_600)
        }
        return DailyWeatherSummary(hours: hours)
    }
}
