/// The parts of Open-Meteo's FlatBuffers schema (`weather_api.fbs` in open-meteo/sdk,
/// namespace `openmeteo_sdk`) that serve-weather writes: field slots in schema order and the
/// enums' numbers (their position in the schema's lists, which the SDKs of every language
/// are generated from, so a number here is the SDK's constant of the same name).
enum WeatherApiSchema {
    /// `table WeatherApiResponse`.
    enum Response {
        static let latitude = 0, longitude = 1, elevation = 2, generationTimeMilliseconds = 3
        static let locationID = 4, model = 5, utcOffsetSeconds = 6, timezone = 7, timezoneAbbreviation = 8
        static let current = 9, daily = 10, hourly = 11, minutely15 = 12
    }

    /// `table VariablesWithTime`.
    enum VariablesWithTime {
        static let time = 0, timeEnd = 1, interval = 2, variables = 3
    }

    /// `table VariableWithValues`.
    enum VariableWithValues {
        static let variable = 0, unit = 1, value = 2, values = 3, valuesInt64 = 4, altitude = 5, aggregation = 6
    }

    /// `enum Model`: Open-Meteo answers `best_match` unless `models` names one.
    static let bestMatch: UInt8 = 1

    /// `enum Variable`.
    enum Variable: UInt8 {
        case apparentTemperature = 1
        case cloudCover = 3
        case daylightDuration = 7
        case dewPoint = 8
        case isDay = 19
        case precipitation = 24
        case precipitationHours = 25
        case precipitationProbability = 26
        case rain = 28
        case relativeHumidity = 29
        case showers = 34
        case snowfall = 37
        case sunrise = 40
        case sunset = 41
        case temperature = 47
        case uvIndex = 52
        case uvIndexClearSky = 53
        case visibility = 55
        case weatherCode = 56
        case windDirection = 57
        case windGusts = 58
        case windSpeed = 59
        case sunshineDuration = 103
    }

    /// `enum Unit`.
    enum Unit: UInt8 {
        case celsius = 1
        case centimetre = 2
        case degreeDirection = 5
        case dimensionlessInteger = 6
        case dimensionless = 7
        case fahrenheit = 9
        case feet = 10
        case hours = 17
        case inch = 18
        case iso8601 = 19
        case kilometresPerHour = 24
        case knots = 25
        case metrePerSecond = 28
        case metre = 29
        case milesPerHour = 31
        case millimetre = 32
        case percentage = 35
        case seconds = 36
        case unixTime = 37
        case wmoCode = 40
    }

    /// `enum Aggregation`.
    enum Aggregation: UInt8 {
        case none = 0
        case minimum = 1
        case maximum = 2
        case mean = 3
        case dominant = 9
        case sum = 10
    }

    /// How a variable is described in a message: what, at which height, aggregated how
    /// (Open-Meteo's own mapping: `temperature_2m` is `temperature` at altitude 2,
    /// `temperature_2m_max` the same with `maximum`).
    struct Description: Equatable {
        var variable: Variable
        var altitude: Int16 = 0
        var aggregation: Aggregation = .none
    }
}

extension MeasurementUnits {
    /// The schema's unit for a temperature, a speed, an amount of rain or of snow.
    var temperatureUnit: WeatherApiSchema.Unit { temperature == .celsius ? .celsius : .fahrenheit }

    var windSpeedUnit: WeatherApiSchema.Unit {
        switch windSpeed {
        case .kmh: .kilometresPerHour
        case .ms: .metrePerSecond
        case .mph: .milesPerHour
        case .kn: .knots
        }
    }

    var precipitationUnit: WeatherApiSchema.Unit { precipitation == .mm ? .millimetre : .inch }

    var snowUnit: WeatherApiSchema.Unit { precipitation == .mm ? .centimetre : .inch }

    /// A time of day (`sunrise`): written as Unix seconds in `values_int64` either way.
    var timeUnit: WeatherApiSchema.Unit { time == .iso8601 ? .iso8601 : .unixTime }
}
