/// One day's weather in brief, from its hourly ``WeatherConditions``.
public struct DailyWeatherSummary: Sendable, Equatable {
    /// The highest hourly temperature, °C (`temperature_2m_max`).
    public var maximumCelsius: Double
    /// The lowest hourly temperature, °C (`temperature_2m_min`).
    public var minimumCelsius: Double
    /// The most severe hourly weather code, i.e. the largest (`weather_code`).
    public var weatherCode: WMOWeatherCode
    /// The sum of the hourly precipitation, mm, to 0.1 (`precipitation_sum`).
    public var precipitationSumMm: Double

    /// Creates a summary from already rounded values.
    public init(maximumCelsius: Double, minimumCelsius: Double, weatherCode: WMOWeatherCode, precipitationSumMm: Double) {
        self.maximumCelsius = maximumCelsius
        self.minimumCelsius = minimumCelsius
        self.weatherCode = weatherCode
        self.precipitationSumMm = precipitationSumMm
    }

    /// Summarises `hours`, which must not be empty.
    public init(hours: [WeatherConditions]) {
        precondition(!hours.isEmpty, "a daily summary needs at least one hour")
        maximumCelsius = hours.map(\.temperatureCelsius).max()!
        minimumCelsius = hours.map(\.temperatureCelsius).min()!
        weatherCode = hours.map(\.weatherCode).max { $0.rawValue < $1.rawValue }!
        precipitationSumMm = roundedToTenth(hours.reduce(0) { $0 + $1.precipitationMm })
    }
}
