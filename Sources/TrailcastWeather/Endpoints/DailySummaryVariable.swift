// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// A `daily` variable with a rule of its own: one local day, from its 24 hours.
///
/// Sums, maxima and minima are over the day's hourly values (so a daily maximum is the
/// highest hourly value the same answer gives); `sunrise` and `sunset` are ``SunTimes``,
/// `daylight_duration` the seconds between them.
enum DailySummaryVariable: String, Sendable, CaseIterable {
    case temperature2mMax = "temperature_2m_max"
    case temperature2mMin = "temperature_2m_min"
    case apparentTemperatureMax = "apparent_temperature_max"
    case apparentTemperatureMin = "apparent_temperature_min"
    case weatherCode = "weather_code"
    case precipitationSum = "precipitation_sum"
    case rainSum = "rain_sum"
    case showersSum = "showers_sum"
    case snowfallSum = "snowfall_sum"
    case precipitationHours = "precipitation_hours"
    case precipitationProbabilityMax = "precipitation_probability_max"
    case windSpeed10mMax = "wind_speed_10m_max"
    case windGusts10mMax = "wind_gusts_10m_max"
    case uvIndexMax = "uv_index_max"
    case sunrise
    case sunset
    case daylightDuration = "daylight_duration"

    /// Open-Meteo's older names, still accepted there (and echoed back as asked).
    static let legacyNames: [String: DailySummaryVariable] = [
        "weathercode": .weatherCode, "windspeed_10m_max": .windSpeed10mMax, "windgusts_10m_max": .windGusts10mMax,
    ]

    /// The variable named `name`, by its current or its older spelling.
    init?(named name: String) {
        guard let variable = DailySummaryVariable(rawValue: name) ?? Self.legacyNames[name] else { return nil }
        self = variable
    }

    /// The unit string of `daily_units`.
    func unit(_ units: MeasurementUnits) -> String {
        switch self {
        case .temperature2mMax, .temperature2mMin, .apparentTemperatureMax, .apparentTemperatureMin:
            units.temperature.symbol
        case .weatherCode: "wmo code"
        case .precipitationSum, .rainSum, .showersSum: units.precipitation.symbol
        case .snowfallSum: units.precipitation.snowSymbol
        case .precipitationHours: "h"
        case .precipitationProbabilityMax: "%"
        case .windSpeed10mMax, .windGusts10mMax: units.windSpeed.symbol
        case .uvIndexMax: ""
        case .sunrise, .sunset: units.time.rawValue
        case .daylightDuration: "s"
        }
    }

    /// This variable's value for a day, in `units`.
    func value(_ day: ForecastDay, _ units: MeasurementUnits) -> NumberValue {
        let conditions = day.hours.map(\.conditions)
        switch self {
        case .temperature2mMax: return units.temperature.value(celsius: day.summary.maximumCelsius)
        case .temperature2mMin: return units.temperature.value(celsius: day.summary.minimumCelsius)
        case .apparentTemperatureMax:
            return units.temperature.value(celsius: conditions.map(\.apparentTemperatureCelsius).max()!)
        case .apparentTemperatureMin:
            return units.temperature.value(celsius: conditions.map(\.apparentTemperatureCelsius).min()!)
        case .weatherCode: return .integer(day.summary.weatherCode.rawValue)
        case .precipitationSum: return units.precipitation.value(millimeters: day.summary.precipitationSumMm)
        case .rainSum, .showersSum, .snowfallSum:
            let hourly: SurfaceVariable = self == .rainSum ? .rain : self == .showersSum ? .showers : .snowfall
            let millimeters = roundedToTenth(
                day.hours.reduce(0) { total, hour in
                    total + (hourly.falls(in: hour.conditions) ? hour.conditions.precipitationMm : 0)
                })
            return self == .snowfallSum
                ? units.precipitation.value(snowCentimeters: millimeters * 0.7)
                : units.precipitation.value(millimeters: millimeters)
        case .precipitationHours:
            return .decimal(Double(conditions.filter { $0.precipitationMm >= 0.1 }.count), fractionDigits: 1)
        case .precipitationProbabilityMax:
            return .integer(conditions.map(DerivedWeather.precipitationProbability).max()!)
        case .windSpeed10mMax:
            let fastest = conditions.map(\.windSpeedMps).max()!
            return units.windSpeed.value(metersPerSecond: fastest, kilometersPerHour: roundedToTenth(fastest * 3.6))
        case .windGusts10mMax:
            let strongest = conditions.map(DerivedWeather.windGustsMps).max()!
            return units.windSpeed.value(metersPerSecond: strongest, kilometersPerHour: roundedToTenth(strongest * 3.6))
        case .uvIndexMax:
            let highest = day.hours.map { hour in
                DerivedWeather.uvIndex(
                    hour.conditions,
                    sunElevationDegrees: SolarPosition(
                        latitude: hour.latitude, longitude: hour.longitude, unixTime: Double(hour.unixTime)
                    )
                    .elevationDegrees)
            }.max()!
            return .decimal(highest, fractionDigits: 2)
        case .sunrise: return .instant(day.sun.sunrise)
        case .sunset: return .instant(day.sun.sunset)
        case .daylightDuration: return .decimal(Double(day.sun.daylightSeconds), fractionDigits: 2)
        }
    }

    /// How an Open-Meteo FlatBuffers message names it (`temperature_2m_max` is `temperature`
    /// at altitude 2 aggregated by `maximum`).
    var flatBuffersDescription: WeatherApiSchema.Description {
        switch self {
        case .temperature2mMax: .init(variable: .temperature, altitude: 2, aggregation: .maximum)
        case .temperature2mMin: .init(variable: .temperature, altitude: 2, aggregation: .minimum)
        case .apparentTemperatureMax: .init(variable: .apparentTemperature, altitude: 2, aggregation: .maximum)
        case .apparentTemperatureMin: .init(variable: .apparentTemperature, altitude: 2, aggregation: .minimum)
        case .weatherCode: .init(variable: .weatherCode)
        case .precipitationSum: .init(variable: .precipitation, aggregation: .sum)
        case .rainSum: .init(variable: .rain, aggregation: .sum)
        case .showersSum: .init(variable: .showers, aggregation: .sum)
        case .snowfallSum: .init(variable: .snowfall, aggregation: .sum)
        case .precipitationHours: .init(variable: .precipitationHours)
        case .precipitationProbabilityMax: .init(variable: .precipitationProbability, aggregation: .maximum)
        case .windSpeed10mMax: .init(variable: .windSpeed, altitude: 10, aggregation: .maximum)
        case .windGusts10mMax: .init(variable: .windGusts, altitude: 10, aggregation: .maximum)
        case .uvIndexMax: .init(variable: .uvIndex, aggregation: .maximum)
        case .sunrise: .init(variable: .sunrise)
        case .sunset: .init(variable: .sunset)
        case .daylightDuration: .init(variable: .daylightDuration)
        }
    }

    /// The schema's unit for this variable's values in `units`.
    func flatBuffersUnit(_ units: MeasurementUnits) -> WeatherApiSchema.Unit {
        switch self {
        case .temperature2mMax, .temperature2mMin, .apparentTemperatureMax, .apparentTemperatureMin:
            units.temperatureUnit
        case .weatherCode: .wmoCode
        case .precipitationSum, .rainSum, .showersSum: units.precipitationUnit
        case .snowfallSum: units.snowUnit
        case .precipitationHours: .hours
        case .precipitationProbabilityMax: .percentage
        case .windSpeed10mMax, .windGusts10mMax: units.windSpeedUnit
        case .uvIndexMax: .dimensionless
        case .sunrise, .sunset: units.timeUnit
        case .daylightDuration: .seconds
        }
    }
}

/// One local day of an answer: its summary, its 24 hours, and its sun.
struct ForecastDay {
    var summary: DailyWeatherSummary
    var hours: [ModelHour]
    var sun: SunTimes
}
