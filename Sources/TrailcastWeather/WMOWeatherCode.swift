// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// A WMO weather interpretation code (WMO 4677 "present weather", the subset Open-Meteo
/// reports as `weather_code`), with Open-Meteo's wording.
///
/// ```swift
/// WMOWeatherCode.partlyCloudy.rawValue     // 2
/// WMOWeatherCode.partlyCloudy.description  // "Partly cloudy"
/// WMOWeatherCode.partlyCloudy.condition    // "partly cloudy"
/// ```
///
/// Codes grow roughly with severity, so the most severe weather of several hours is the
/// largest code (Open-Meteo's daily `weather_code`).
public enum WMOWeatherCode: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// Clear sky (WMO code 0).
    case clearSky = 0
    /// Mainly clear (WMO code 1).
    case mainlyClear = 1
    /// Partly cloudy (WMO code 2).
    case partlyCloudy = 2
    /// Overcast (WMO code 3).
    case overcast = 3
    /// Fog (WMO code 45).
    case fog = 45
    /// Depositing rime fog: fog whose droplets freeze onto surfaces (WMO code 48).
    case depositingRimeFog = 48
    /// Drizzle: light intensity (WMO code 51).
    case lightDrizzle = 51
    /// Drizzle: moderate intensity (WMO code 53).
    case moderateDrizzle = 53
    /// Drizzle: dense intensity (WMO code 55).
    case denseDrizzle = 55
    /// Freezing drizzle: light intensity (WMO code 56).
    case lightFreezingDrizzle = 56
    /// Freezing drizzle: dense intensity (WMO code 57).
    case denseFreezingDrizzle = 57
    /// Rain: slight intensity (WMO code 61).
    case slightRain = 61
    /// Rain: moderate intensity (WMO code 63).
    case moderateRain = 63
    /// Rain: heavy intensity (WMO code 65).
    case heavyRain = 65
    /// Freezing rain: light intensity (WMO code 66).
    case lightFreezingRain = 66
    /// Freezing rain: heavy intensity (WMO code 67).
    case heavyFreezingRain = 67
    /// Snow fall: slight intensity (WMO code 71).
    case slightSnowFall = 71
    /// Snow fall: moderate intensity (WMO code 73).
    case moderateSnowFall = 73
    /// Snow fall: heavy intensity (WMO code 75).
    case heavySnowFall = 75
    /// Snow grains (WMO code 77).
    case snowGrains = 77
    /// Rain showers: slight (WMO code 80).
    case slightRainShowers = 80
    /// Rain showers: moderate (WMO code 81).
    case moderateRainShowers = 81
    /// Rain showers: violent (WMO code 82).
    case violentRainShowers = 82
    /// Snow showers: slight (WMO code 85).
    case slightSnowShowers = 85
    /// Snow showers: heavy (WMO code 86).
    case heavySnowShowers = 86
    /// Thunderstorm: slight or moderate (WMO code 95).
    case thunderstorm = 95
    /// Thunderstorm with slight hail (WMO code 96); Open-Meteo forecasts hail for Central Europe only.
    case thunderstormWithSlightHail = 96
    /// Thunderstorm with heavy hail (WMO code 99); Open-Meteo forecasts hail for Central Europe only.
    case thunderstormWithHeavyHail = 99

    /// The condition as a title, e.g. "Thunderstorm with slight hail".
    public var description: String {
        switch self {
        case .clearSky: "Clear sky"
        case .mainlyClear: "Mainly clear"
        case .partlyCloudy: "Partly cloudy"
        case .overcast: "Overcast"
        case .fog: "Fog"
        case .depositingRimeFog: "Depositing rime fog"
        case .lightDrizzle: "Light drizzle"
        case .moderateDrizzle: "Moderate drizzle"
        case .denseDrizzle: "Dense drizzle"
        case .lightFreezingDrizzle: "Light freezing drizzle"
        case .denseFreezingDrizzle: "Dense freezing drizzle"
        case .slightRain: "Slight rain"
        case .moderateRain: "Moderate rain"
        case .heavyRain: "Heavy rain"
        case .lightFreezingRain: "Light freezing rain"
        case .heavyFreezingRain: "Heavy freezing rain"
        case .slightSnowFall: "Slight snow fall"
        case .moderateSnowFall: "Moderate snow fall"
        case .heavySnowFall: "Heavy snow fall"
        case .snowGrains: "Snow grains"
        case .slightRainShowers: "Slight rain showers"
        case .moderateRainShowers: "Moderate rain showers"
        case .violentRainShowers: "Violent rain showers"
        case .slightSnowShowers: "Slight snow showers"
        case .heavySnowShowers: "Heavy snow showers"
        case .thunderstorm: "Thunderstorm"
        case .thunderstormWithSlightHail: "Thunderstorm with slight hail"
        case .thunderstormWithHeavyHail: "Thunderstorm with heavy hail"
        }
    }

    /// The condition for running text, all lower case, e.g. "partly cloudy".
    public var condition: String { description.lowercased() }

    /// Whether anything falls: drizzle, rain, snow, showers or thunderstorms.
    package var isPrecipitation: Bool { rawValue >= 51 }

    /// Whether the precipitation is frozen: snow fall, snow grains or snow showers.
    package var isSnow: Bool {
        switch self {
        case .slightSnowFall, .moderateSnowFall, .heavySnowFall, .snowGrains,
            .slightSnowShowers, .heavySnowShowers:
            true
        default: false
        }
    }

    /// Whether liquid water falls and freezes on contact: freezing drizzle or freezing rain.
    package var isFreezing: Bool {
        switch self {
        case .lightFreezingDrizzle, .denseFreezingDrizzle, .lightFreezingRain, .heavyFreezingRain: true
        default: false
        }
    }

    /// Whether liquid water falls above freezing: drizzle, rain, rain showers or thunderstorms.
    package var isRain: Bool { isPrecipitation && !isSnow && !isFreezing }

    /// Whether it is fog or depositing rime fog.
    package var isFog: Bool { self == .fog || self == .depositingRimeFog }

    /// Whether it is a thunderstorm, with or without hail.
    package var isThunderstorm: Bool { rawValue >= 95 }
}
