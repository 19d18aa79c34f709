// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
extension WMOWeatherCode {
    /// The code for rounded conditions, so that the code never contradicts the numbers shown
    /// next to it. Intensities are the hourly amounts in mm (`p`):
    ///
    /// - Nothing falls (`p` = 0): fog (rime fog at or below 0 °C) at 97 % humidity or more with
    ///   wind under 3 m/s, else by cloud cover: clear sky under 20 %, mainly clear under 50 %,
    ///   partly cloudy under 85 %, overcast.
    /// - Phase: rain above 1 °C; freezing drizzle or rain from −2 °C to 0 °C under a warm layer;
    ///   otherwise snow.
    /// - Rain: thunderstorm when showery, at least 14 °C, `p` ≥ 2 and very unstable (slight hail
    ///   from 12 mm, heavy hail from 25 mm); rain showers when showery (slight under 2.5,
    ///   moderate under 7.6, violent); drizzle up to 0.3 at 90 % humidity or more (light 0.1,
    ///   moderate 0.2, dense 0.3); rain (slight under 2.5, moderate under 7.6, heavy).
    /// - Freezing: drizzle up to 0.4 (light up to 0.2), rain (light under 2.5, heavy).
    /// - Snow: snow showers when showery (slight under 1, heavy); snow grains at 0.1 and
    ///   −10 °C or below; snow fall (slight under 1, moderate under 2.5, heavy).
    static func classify(
        temperatureCelsius t: Double, relativeHumidity: Int, cloudCover: Int,
        precipitationMm p: Double, windSpeedMps: Double,
        isConvective: Bool, instability: Double, warmLayer: Double
    ) -> WMOWeatherCode {
        guard p > 0 else {
            if relativeHumidity >= 97 && windSpeedMps < 3 {
                return t <= 0 ? .depositingRimeFog : .fog
            }
            switch cloudCover {
            case ..<20: return .clearSky
            case ..<50: return .mainlyClear
            case ..<85: return .partlyCloudy
            default: return .overcast
            }
        }
        if t > 1 {
            if isConvective {
                if t >= 14 && p >= 2 && instability >= thunderInstability {
                    return p >= 25 ? .thunderstormWithHeavyHail : p >= 12 ? .thunderstormWithSlightHail : .thunderstorm
                }
                return p < 2.5 ? .slightRainShowers : p < 7.6 ? .moderateRainShowers : .violentRainShowers
            }
            if p < 0.35 && relativeHumidity >= 90 {
                return p < 0.15 ? .lightDrizzle : p < 0.25 ? .moderateDrizzle : .denseDrizzle
            }
            return p < 2.5 ? .slightRain : p < 7.6 ? .moderateRain : .heavyRain
        }
        if t > -2 && t <= 0 && warmLayer >= freezingRainWarmLayer {
            if p < 0.45 { return p < 0.25 ? .lightFreezingDrizzle : .denseFreezingDrizzle }
            return p < 2.5 ? .lightFreezingRain : .heavyFreezingRain
        }
        if isConvective { return p < 1 ? .slightSnowShowers : .heavySnowShowers }
        if p < 0.15 && t <= -10 { return .snowGrains }
        return p < 1 ? .slightSnowFall : p < 2.5 ? .moderateSnowFall : .heavySnowFall
    }

    /// Instability (noise units plus the afternoon boost) above which showers become thunderstorms.
    static let thunderInstability = 0.75
    /// Warm-layer strength (noise units) above which near-freezing precipitation falls as freezing rain.
    static let freezingRainWarmLayer = 0.45
}
