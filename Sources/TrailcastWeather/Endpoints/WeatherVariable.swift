
/// A variable a request can ask for in `hourly` or `current`, by Open-Meteo's name.
///
/// `rain`, `showers` and `snowfall` split the model's precipitation by its weather code:
/// snow codes make snowfall (7 mm of water make 1 cm of snow, Open-Meteo's ratio), shower and
/// thunderstorm codes make showers, anything else that falls is rain.
enum WeatherVariable: String, Sendable, CaseIterable {
    case temperature2m = "temperature_2m"
    case relativeHumidity2m = "relative_humidity_2m"
    case apparentTemperature = "apparent_temperature"
    case isDay = "is_day"
    case precipitation
    case rain
    case showers
    case snowfall
    case weatherCode = "weather_code"
    case cloudCover = "cloud_cover"
    case windSpeed10m = "wind_speed_10m"
    case windDirection10m = "wind_direction_10m"

    /// Open-Meteo's older names, still accepted there (and echoed back as asked).
    static let legacyNames: [String: WeatherVariable] = [
        "relativehumidity_2m": .relativeHumidity2m,
        "weathercode": .weatherCode,
        "cloudcover": .cloudCover,
        "windspeed_10m": .windSpeed10m,
        "winddirection_10m": .windDirection10m,
    ]

    /// The variable named `name`, by its current or its older spelling.
    init?(named name: String) {
        guard let variable = WeatherVariable(rawValue: name) ?? Self.legacyNames[name] else { return nil }
        self = variable
    }

    /// The unit string of `*_units`.
    func unit(_ units: MeasurementUnits) -> String {
        switch self {
        case .temperature2m, .apparentTemperature: units.temperature.symbol
        case .relativeHumidity2m, .cloudCover: "%"
        case .isDay: ""
        case .precipitation, .rain, .showers: units.precipitation.symbol
        case .snowfall: units.precipitation.snowSymbol
        case .weatherCode: "wmo code"
        case .windSpeed10m: units.windSpeed.symbol
        case .windDirection10m: "°"
        }
    }

    /// This variable's value in `conditions`, in `units`.
    func value(_ conditions: WeatherConditions, _ units: MeasurementUnits) -> NumberValue {
        let code = conditions.weatherCode
        let isShower = (80...82).contains(code.rawValue) || code.isThunderstorm
        switch self {
        case .temperature2m: return units.temperature.value(celsius: conditions.temperatureCelsius)
        case .apparentTemperature: return units.temperature.value(celsius: conditions.apparentTemperatureCelsius)
        case .relativeHumidity2m: return .integer(conditions.relativeHumidity)
        case .isDay: return .integer(conditions.isDay ? 1 : 0)
        case .precipitation: return units.precipitation.value(millimeters: conditions.precipitationMm)
        case .rain:
            let rain = code.isSnow || isShower ? 0 : conditions.precipitationMm
            return units.precipitation.value(millimeters: rain)
        case .showers:
            return units.precipitation.value(millimeters: isShower ? conditions.precipitationMm : 0)
        case .snowfall:
            return units.precipitation.value(snowCentimeters: code.isSnow ? conditions.precipitationMm * 0.7 : 0)
        case .weatherCode: return .integer(code.rawValue)
        case .cloudCover: return .integer(conditions.cloudCover)
        case .windSpeed10m:
            return units.windSpeed.value(
                metersPerSecond: conditions.windSpeedMps, kilometersPerHour: conditions.windSpeedKilometersPerHour)
        case .windDirection10m: return .integer(conditions.windDirectionDegrees)
        }
    }

    /// How an Open-Meteo FlatBuffers message names it: Open-Meteo's own mapping
    /// (`temperature_2m` is `temperature` at altitude 2, `wind_speed_10m` `wind_speed` at 10).
    var flatBuffersDescription: WeatherApiSchema.Description {
        switch self {
        case .temperature2m: .init(variable: .temperature, altitude: 2)
        case .relativeHumidity2m: .init(variable: .relativeHumidity, altitude: 2)
        case .apparentTemperature: .init(variable: .apparentTemperature, altitude: 2)
        case .isDay: .init(variable: .isDay)
        case .precipitation: .init(variable: .precipitation)
        case .rain: .init(variable: .rain)
        case .showers: .init(variable: .showers)
        case .snowfall: .init(variable: .snowfall)
        case .weatherCode: .init(variable: .weatherCode)
        case .cloudCover: .init(variable: .cloudCover)
        case .windSpeed10m: .init(variable: .windSpeed, altitude: 10)
        case .windDirection10m: .init(variable: .windDirection, altitude: 10)
        }
    }

    /// The schema's unit for this variable's values in `units`.
    func flatBuffersUnit(_ units: MeasurementUnits) -> WeatherApiSchema.Unit {
        switch self {
        case .temperature2m, .apparentTemperature: units.temperatureUnit
        case .relativeHumidity2m, .cloudCover: .percentage
        case .isDay: .dimensionlessInteger
        case .precipitation, .rain, .showers: units.precipitationUnit
        case .snowfall: units.snowUnit
        case .weatherCode: .wmoCode
        case .windSpeed10m: units.windSpeedUnit
        case .windDirection10m: .degreeDirection
        }
    }
}
