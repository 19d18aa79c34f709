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
    case clearSky = 0
    case mainlyClear = 1
    case partlyCloudy = 2
    case overcast = 3
    case fog = 45
    case depositingRimeFog = 48
    case lightDrizzle = 51
    case moderateDrizzle = 53
    case denseDrizzle = 55
    case lightFreezingDrizzle = 56
    case denseFreezingDrizzle = 57
    case slightRain = 61
    case moderateRain = 63
    case heavyRain = 65
    case lightFreezingRain = 66
    case heavyFreezingRain = 67
    case slightSnowFall = 71
    case moderateSnowFall = 73
    case heavySnowFall = 75
    case snowGrains = 77
    case slightRainShowers = 80
    case moderateRainShowers = 81
    case violentRainShowers = 82
    case slightSnowShowers = 85
    case heavySnowShowers = 86
    case thunderstorm = 95
    case thunderstormWithSlightHail = 96
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
    public var isPrecipitation: Bool { rawValue >= 51 }

    /// Whether the precipitation is frozen: snow fall, snow grains or snow showers.
    public var isSnow: Bool {
        switch self {
        case .slightSnowFall, .moderateSnowFall, .heavySnowFall, .snowGrains,
             .slightSnowShowers, .heavySnowShowers: true
        default: false
        }
    }

    /// Whether liquid water falls and freezes on contact: freezing drizzle or freezing rain.
    public var isFreezing: Bool {
        switch self {
        case .lightFreezingDrizzle, .denseFreezingDrizzle, .lightFreezingRain, .heavyFreezingRain: true
        default: false
        }
    }

    /// Whether liquid water falls above freezing: drizzle, rain, rain showers or thunderstorms.
    public var isRain: Bool { isPrecipitation && !isSnow && !isFreezing }

    /// Whether it is fog or depositing rime fog.
    public var isFog: Bool { self == .fog || self == .depositingRimeFog }

    /// Whether it is a thunderstorm, with or without hail.
    public var isThunderstorm: Bool { rawValue >= 95 }
}
