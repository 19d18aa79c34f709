
/// A variable a request can ask for in `hourly` or `current`, by Open-Meteo's name.
///
/// The model's own values, and the ones derived from them (``DerivedWeather``): the dew
/// point, the chance of precipitation, visibility, gusts and the UV index.
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
    case dewPoint2m = "dew_point_2m"
    case precipitationProbability = "precipitation_probability"
    case visibility
    case windGusts10m = "wind_gusts_10m"
    case uvIndex = "uv_index"

    /// Open-Meteo's older names, still accepted there (and echoed back as asked).
    static let legacyNames: [String: WeatherVariable] = [
        "relativehumidity_2m": .relativeHumidity2m,
        "weathercode": .weatherCode,
        "cloudcover": .cloudCover,
        "windspeed_10m": .windSpeed10m,
        "winddirection_10m": .windDirection10m,
        "dewpoint_2m": .dewPoint2m,
        "windgusts_10m": .windGusts10m,
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
        case .dewPoint2m: units.temperature.symbol
        case .precipitationProbability: "%"
        case .visibility: units.precipitation == .mm ? "m" : "ft"
        case .windGusts10m: units.windSpeed.symbol
        case .uvIndex: ""
        }
    }

    /// This variable's value for the hour (or quarter hour) `hour`, in `units`.
    func value(_ hour: ModelHour, _ units: MeasurementUnits) -> NumberValue {
        let conditions = hour.conditions
        let code = conditions.weatherCode
        switch self {
        case .temperature2m: return units.temperature.value(celsius: conditions.temperatureCelsius)
        case .apparentTemperature: return units.temperature.value(celsius: conditions.apparentTemperatureCelsius)
        case .relativeHumidity2m: return .integer(conditions.relativeHumidity)
        case .isDay: return .integer(conditions.isDay ? 1 : 0)
        case .precipitation: return units.precipitation.value(millimeters: conditions.precipitationMm)
        case .rain, .showers:
            return units.precipitation.value(millimeters: falls(in: conditions) ? conditions.precipitationMm : 0)
        case .snowfall:
            return units.precipitation.value(snowCentimeters: falls(in: conditions) ? conditions.precipitationMm * 0.7 : 0)
        case .weatherCode: return .integer(code.rawValue)
        case .cloudCover: return .integer(conditions.cloudCover)
        case .windSpeed10m:
            return units.windSpeed.value(
                metersPerSecond: conditions.windSpeedMps, kilometersPerHour: conditions.windSpeedKilometersPerHour)
        case .windDirection10m: return .integer(conditions.windDirectionDegrees)
        case .dewPoint2m: return units.temperature.value(celsius: DerivedWeather.dewPointCelsius(conditions))
        case .precipitationProbability: return .integer(DerivedWeather.precipitationProbability(conditions))
        case .visibility:
            // Feet where precipitation is in inches, as Open-Meteo converts lengths.
            let meters = DerivedWeather.visibilityMeters(conditions)
            return .decimal(units.precipitation == .mm ? meters : meters * 3.280839895, fractionDigits: 0)
        case .windGusts10m:
            let gusts = DerivedWeather.windGustsMps(conditions)
            return units.windSpeed.value(metersPerSecond: gusts, kilometersPerHour: roundedToTenth(gusts * 3.6))
        case .uvIndex:
            let sun = SolarPosition(latitude: hour.latitude, longitude: hour.longitude, unixTime: Double(hour.unixTime))
            return .decimal(DerivedWeather.uvIndex(conditions, sunElevationDegrees: sun.elevationDegrees), fractionDigits: 2)
        }
    }

    /// Whether what falls in `conditions` is this kind (`rain`, `showers` or `snowfall`):
    /// snow codes make snowfall, shower and thunderstorm codes showers, anything else rain.
    func falls(in conditions: WeatherConditions) -> Bool {
        let code = conditions.weatherCode
        let isShower = (80...82).contains(code.rawValue) || code.isThunderstorm
        switch self {
        case .snowfall: return code.isSnow
        case .showers: return isShower
        case .rain: return !code.isSnow && !isShower
        default: return false
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
        case .dewPoint2m: .init(variable: .dewPoint, altitude: 2)
        case .precipitationProbability: .init(variable: .precipitationProbability)
        case .visibility: .init(variable: .visibility)
        case .windGusts10m: .init(variable: .windGusts, altitude: 10)
        case .uvIndex: .init(variable: .uvIndex)
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
        case .dewPoint2m: units.temperatureUnit
        case .precipitationProbability: .percentage
        case .visibility: units.precipitation == .mm ? .metre : .feet
        case .windGusts10m: units.windSpeedUnit
        case .uvIndex: .dimensionless
        }
    }
}

/// One time the model is asked about, where: what a variable's value is drawn from.
struct ModelHour {
    var conditions: WeatherConditions
    var unixTime: Int
    var latitude: Double
    var longitude: Double
}
