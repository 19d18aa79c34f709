// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation

/// What a weather request asks, read once for all its places, in the order Open-Meteo's
/// decoder reads it (`ApiQueryParameter.init` in open-meteo/open-meteo's
/// Sources/App/Helper/ForecastapiQuery.swift), then its models and variables (as its
/// `ForecastapiController` loads them) and its dates against each other
/// (`getStartEndDates`): so the first fault found is the one Open-Meteo reports.
///
/// Unknown parameters are ignored, as Open-Meteo does; a single-valued parameter given
/// twice takes its last value, and lists join over their repeats.
struct ForecastRequest {
    /// A `timezone` item: `auto`, or a zone of the tz database.
    enum Zone {
        case auto
        case named(TimeZone)
    }

    var endpoint: ForecastQuery.Endpoint
    var latitudes: [Double]
    var longitudes: [Double]
    var elevations: [Double]
    var locationIDs: [Int]
    var zones: [Zone]
    var units = MeasurementUnits()
    var currentWeather: Bool
    var pastDays: Int?
    var pastHours: Int?
    var pastQuarters: Int?
    var forecastDays: Int?
    var forecastHours: Int?
    var forecastQuarters: Int?
    var format: ForecastQuery.AnswerFormat
    var panel: (tilt: Double, azimuth: Double) = (0, 0)
    /// `start_date`/`end_date` (midnights) and `start_hour`/`end_hour` (instants), inclusive.
    var dates: ClosedRange<Int>?
    var hours: ClosedRange<Int>?
    var models: [ForecastModel]
    var minutely15: [ForecastQuery.Requested<WeatherVariable>]
    var current: [ForecastQuery.Requested<WeatherVariable>]
    var hourly: [ForecastQuery.Requested<WeatherVariable>]
    var daily: [ForecastQuery.Requested<DailyVariable>]

    init(_ parameters: QueryParameters, endpoint: ForecastQuery.Endpoint) throws(ForecastRequestError) {
        self.endpoint = endpoint
        latitudes = try Self.floats(parameters.list("latitude"))
        longitudes = try Self.floats(parameters.list("longitude"))
        currentWeather = try Self.flag(parameters, key: "current_weather")
        elevations = try Self.floats(parameters.list("elevation"))
        locationIDs = try parameters.list("location_id").map { item throws(ForecastRequestError) in
            guard let number = Int(item) else { throw .notAnIntegerItem(given: item) }
            return number
        }
        zones = try parameters.list("timezone").map(Self.zone)

        if let unit: TemperatureUnit = try Self.choice(parameters, key: "temperature_unit", type: "TemperatureUnit") {
            units.temperature = unit
        }
        // `windspeed_unit` is the older spelling, and it wins if both are given: Open-Meteo
        // takes `windspeed_unit ?? wind_speed_unit` (Sources/App/Helper/SiUnit.swift). Both
        // are checked.
        let olderWindUnit: WindSpeedUnit? = try Self.choice(parameters, key: "windspeed_unit", type: "WindspeedUnit")
        let windUnit: WindSpeedUnit? = try Self.choice(parameters, key: "wind_speed_unit", type: "WindspeedUnit")
        if let unit = olderWindUnit ?? windUnit { units.windSpeed = unit }
        let precipitation: PrecipitationUnit? = try Self.choice(
            parameters, key: "precipitation_unit", type: "PrecipitationUnit")
        // `length_unit=imperial` means inches (and feet) unless `precipitation_unit` says otherwise.
        let length: LengthUnit? = try Self.choice(parameters, key: "length_unit", type: "LengthUnit")
        if length == .imperial { units.precipitation = .inch }
        if let precipitation { units.precipitation = precipitation }
        if let format: TimeFormat = try Self.choice(parameters, key: "timeformat", type: "Timeformat") {
            units.time = format
        }

        pastDays = try Self.integer(parameters, key: "past_days")
        pastHours = try Self.integer(parameters, key: "past_hours")
        pastQuarters = try Self.integer(parameters, key: "past_minutely_15")
        forecastDays = try Self.integer(parameters, key: "forecast_days")
        forecastHours = try Self.integer(parameters, key: "forecast_hours")
        forecastQuarters = try Self.integer(parameters, key: "forecast_minutely_15")

        // Open-Meteo's fourth format, a spreadsheet, is not one a client reads back.
        if parameters.value("format") == "xlsx" { throw .formatNotServed("xlsx") }
        format = try Self.choice(parameters, key: "format", type: "ForecastResultFormat") ?? .json
        let _: CellSelection? = try Self.choice(parameters, key: "cell_selection", type: "GridSelectionMode")
        panel = (try Self.float(parameters, key: "tilt") ?? 0, try Self.float(parameters, key: "azimuth") ?? 0)

        let dateRanges = try Self.ranges(
            parameters, start: "start_date", end: "end_date", parse: UTCCalendar.parseDate,
            format: .invalidDateFormat)
        let hourRanges = try Self.ranges(
            parameters, start: "start_hour", end: "end_hour", parse: UTCCalendar.parseMinute,
            format: .invalidHourFormat)

        // A single model run is the single-runs API's; the forecast and archive refuse it.
        if parameters.value("run") != nil { throw .parameterMustNotBeSet("run") }
        models = try parameters.list("models").map { name throws(ForecastRequestError) in
            guard let model = ForecastModel(named: name) else {
                throw .invalidListItem(type: "MultiDomains", given: name)
            }
            return model
        }
        if models.isEmpty { models = [.bestMatch] }
        let hourlyType = ForecastRequestError.hourlyVariableType
        minutely15 = try Self.variables(parameters, key: "minutely_15", type: hourlyType, WeatherVariable.init(named:))
        // `current_weather=true` replaces `current`, which is then not even read.
        current =
            currentWeather
            ? Self.currentWeatherVariables
            : try Self.variables(parameters, key: "current", type: hourlyType, WeatherVariable.init(named:))
        hourly = try Self.variables(parameters, key: "hourly", type: hourlyType, WeatherVariable.init(named:))
        daily = try Self.variables(parameters, key: "daily", type: "ForecastVariableDaily", DailyVariable.init(named:))

        dates = try Self.single(dateRanges)
        hours = try Self.single(hourRanges)
        if dates != nil || hours != nil {
            let steps = [
                ("past_days", pastDays), ("forecast_days", forecastDays), ("past_hours", pastHours),
                ("forecast_hours", forecastHours), ("past_minutely_15", pastQuarters),
                ("forecast_minutely_15", forecastQuarters),
            ]
            // Zero is allowed beside dates: it asks for nothing.
            for (key, value) in steps where (value ?? 0) != 0 { throw .mutuallyExclusiveWithDates(key: key) }
        }
    }

    /// What `current_weather=true` answers, under its older names and in its order
    /// (`defaultCurrentWeather` in Open-Meteo's ForecastapiController.swift).
    static let currentWeatherVariables: [ForecastQuery.Requested<WeatherVariable>] = [
        .init(name: "temperature", variable: .surface(.temperature2m)),
        .init(name: "windspeed", variable: .surface(.windSpeed10m)),
        .init(name: "winddirection", variable: .surface(.windDirection10m)),
        .init(name: "is_day", variable: .surface(.isDay)),
        .init(name: "weathercode", variable: .surface(.weatherCode)),
    ]

    /// `cell_selection`: read to be refused as Open-Meteo refuses it; one model has one cell.
    private enum CellSelection: String {
        case land, sea, nearest
    }

    private static func floats(_ items: [String]) throws(ForecastRequestError) -> [Double] {
        try items.map { item throws(ForecastRequestError) in
            guard let value = Double(item) else { throw .notAFloat(given: item) }
            return value
        }
    }

    private static func zone(_ name: String) throws(ForecastRequestError) -> Zone {
        // Open-Meteo compares `auto` exactly (`AUTO` is an invalid zone there).
        if name == "auto" { return .auto }
        guard let zone = AnswerTimeZone.timeZone(named: name) else { throw .invalidTimezone }
        return .named(zone)
    }

    /// A whole number, when given: `key=` or `key=seven` is a type mismatch, as in Vapor.
    private static func integer(_ parameters: QueryParameters, key: String) throws(ForecastRequestError) -> Int? {
        guard let text = parameters.value(key) else { return nil }
        guard let value = Int(text) else { throw .typeMismatch(key: key, type: "Int") }
        return value
    }

    /// A single float, read as Vapor reads one (a type mismatch in its words).
    private static func float(_ parameters: QueryParameters, key: String) throws(ForecastRequestError) -> Double? {
        guard let text = parameters.value(key) else { return nil }
        guard let value = Double(text) else { throw .typeMismatch(key: key, type: "Float") }
        return value
    }

    /// A yes or no as Vapor reads one (`1`, `true`, `on`, `0`, `false`, any case); the key
    /// alone (`&current_weather`) is yes.
    private static func flag(_ parameters: QueryParameters, key: String) throws(ForecastRequestError) -> Bool {
        guard let text = parameters.value(key) else { return false }
        switch text.lowercased() {
        case "", "1", "true", "on": return true
        case "0", "false": return false
        default: throw .typeMismatch(key: key, type: "Bool")
        }
    }

    private static func choice<Choice: RawRepresentable<String>>(
        _ parameters: QueryParameters, key: String, type: String
    ) throws(ForecastRequestError) -> Choice? {
        guard let text = parameters.value(key) else { return nil }
        guard let choice = Choice(rawValue: text) else { throw .invalidChoice(key: key, type: type, given: text) }
        return choice
    }

    /// The variables listed under `key`, in the order asked, each once.
    private static func variables<Variable: Sendable>(
        _ parameters: QueryParameters, key: String, type: String, _ variable: (String) -> Variable?
    ) throws(ForecastRequestError) -> [ForecastQuery.Requested<Variable>] {
        var requested: [ForecastQuery.Requested<Variable>] = []
        for name in parameters.list(key) where !requested.contains(where: { $0.name == name }) {
            guard let found = variable(name) else { throw .invalidListItem(type: type, given: name) }
            requested.append(ForecastQuery.Requested(name: name, variable: found))
        }
        return requested
    }

    /// The inclusive ranges of a start/end pair of lists; each item parsed (as Open-Meteo's
    /// decoder does, before anything else is checked), then the lists' lengths and each
    /// range's order.
    private static func ranges(
        _ parameters: QueryParameters, start: String, end: String,
        parse: (Substring) -> UTCCalendar.ParsedTime, format: ForecastRequestError
    ) throws(ForecastRequestError) -> [ClosedRange<Int>] {
        func instants(_ key: String) throws(ForecastRequestError) -> [Int] {
            try parameters.list(key).map { text throws(ForecastRequestError) in
                guard case .time(let time) = parse(text[...]) else {
                    throw parse(text[...]) == .invalidFormat ? format : .invalidDate
                }
                // Open-Meteo's `IsoDate` takes the years 1900 to 2050.
                guard (Self.firstYear..<Self.endOfYears).contains(time) else { throw .invalidDate }
                return time
            }
        }
        let starts = try instants(start)
        let ends = try instants(end)
        guard starts.count == ends.count else { throw .startAndEndCountsDiffer }
        return try zip(starts, ends).map { first, last throws(ForecastRequestError) in
            guard last >= first else { throw .endBeforeStart }
            return first...last
        }
    }

    /// 1900-01-01 and 2051-01-01, the ends of the years Open-Meteo reads in a date.
    private static let firstYear = -2_208_988_800
    private static let endOfYears = 2_556_144_000

    /// One range, or none: several date ranges in one request (Open-Meteo answers one
    /// result per range) are not served here, and said so.
    private static func single(_ ranges: [ClosedRange<Int>]) throws(ForecastRequestError) -> ClosedRange<Int>? {
        guard ranges.count <= 1 else { throw .severalDateRanges }
        return ranges.first
    }
}
