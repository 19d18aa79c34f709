
/// A variable a request can ask for in `daily`: one UTC day's ``DailyWeatherSummary``.
enum DailyVariable: String, Sendable, CaseIterable {
    case temperature2mMax = "temperature_2m_max"
    case temperature2mMin = "temperature_2m_min"
    case weatherCode = "weather_code"
    case precipitationSum = "precipitation_sum"

    /// The variable named `name`; `weathercode` is Open-Meteo's older spelling.
    init?(named name: String) {
        guard let variable = DailyVariable(rawValue: name) ?? (name == "weathercode" ? .weatherCode : nil) else {
            return nil
        }
        self = variable
    }

    /// The unit string of `daily_units`.
    func unit(_ units: MeasurementUnits) -> String {
        switch self {
        case .temperature2mMax, .temperature2mMin: units.temperature.symbol
        case .weatherCode: "wmo code"
        case .precipitationSum: units.precipitation.symbol
        }
    }

    /// This variable's value for a day, in `units`.
    func value(_ day: DailyWeatherSummary, _ units: MeasurementUnits) -> NumberValue {
        switch self {
        case .temperature2mMax: units.temperature.value(celsius: day.maximumCelsius)
        case .temperature2mMin: units.temperature.value(celsius: day.minimumCelsius)
        case .weatherCode: .integer(day.weatherCode.rawValue)
        case .precipitationSum: units.precipitation.value(millimeters: day.precipitationSumMm)
        }
    }

    /// How an Open-Meteo FlatBuffers message names it (`temperature_2m_max` is `temperature`
    /// at altitude 2 aggregated by `maximum`).
    var flatBuffersDescription: WeatherApiSchema.Description {
        switch self {
        case .temperature2mMax: .init(variable: .temperature, altitude: 2, aggregation: .maximum)
        case .temperature2mMin: .init(variable: .temperature, altitude: 2, aggregation: .minimum)
        case .weatherCode: .init(variable: .weatherCode)
        case .precipitationSum: .init(variable: .precipitation, aggregation: .sum)
        }
    }

    /// The schema's unit for this variable's values in `units`.
    func flatBuffersUnit(_ units: MeasurementUnits) -> WeatherApiSchema.Unit {
        switch self {
        case .temperature2mMax, .temperature2mMin: units.temperatureUnit
        case .weatherCode: .wmoCode
        case .precipitationSum: units.precipitationUnit
        }
    }
}
