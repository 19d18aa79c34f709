import TrailcastBasics

/// A `/v1/forecast` or `/v1/archive` request, read and checked: where, which variables,
/// which units, which hours and days.
///
/// Unknown parameters are ignored, as Open-Meteo does; a parameter it knows with a value it
/// cannot use is a ``ForecastRequestError``.
package struct ForecastQuery: Sendable {
    /// `format`: how the answer is written.
    package enum AnswerFormat: String, Sendable {
        case json, csv, flatbuffers
    }

    /// Which endpoint was asked: the archive has no default window.
    package enum Endpoint: Sendable {
        case forecast, archive
    }

    /// A variable and the name the request used for it (an older spelling is echoed back).
    struct Requested<Variable: Sendable>: Sendable {
        var name: String
        var variable: Variable
    }

    var latitude: Double
    var longitude: Double
    /// The elevation the model is asked about: the request's, else sea level.
    var elevationMeters: Double
    /// `location_id`: the place's position in the request unless given.
    var locationID: Int
    var current: [Requested<WeatherVariable>]
    var hourly: [Requested<WeatherVariable>]
    var minutely15: [Requested<WeatherVariable>]
    var daily: [Requested<DailyVariable>]
    var units: MeasurementUnits
    var window: TimeWindow
    /// The zone the times are shown in and the days are counted in.
    var zone: AnswerTimeZone
    var format: AnswerFormat

    /// One place of a request: its coordinates, elevation, `timezone` and `location_id`.
    struct Place {
        var latitude: Double
        var longitude: Double
        var elevationMeters: Double
        var timezone: String?
        var locationID: Int
    }

    /// The places of a request, one query each: `latitude` and `longitude` lists
    /// (comma-separated, repeated, or both, as Open-Meteo takes them) of the same length,
    /// with `elevation` and `location_id` lists of that length if given, and `timezone` of one
    /// zone for all or one each. Everything else applies to every place.
    static func places(_ parameters: QueryParameters, endpoint: Endpoint, now: Int) throws(ForecastRequestError) -> [ForecastQuery] {
        // Before anything reads them: thousands of keys would make every lookup a long scan.
        guard parameters.pairs.count <= ForecastRequestError.maximumParameters else {
            throw .tooManyParameters(given: parameters.pairs.count)
        }
        let latitudes = parameters.list("latitude")
        let longitudes = parameters.list("longitude")
        guard !latitudes.isEmpty, !longitudes.isEmpty else { throw .coordinatesMissing }
        guard latitudes.count == longitudes.count else { throw .coordinateCountsDiffer }
        guard latitudes.count <= ForecastRequestError.maximumPlaces else { throw .tooManyPlaces }
        let elevations = parameters.list("elevation")
        guard elevations.isEmpty || elevations.count == latitudes.count else { throw .elevationCountDiffers }
        let zones = parameters.list("timezone")
        guard zones.count <= 1 || zones.count == latitudes.count else { throw .timezoneCountDiffers }
        let identifiers = parameters.list("location_id")
        guard identifiers.isEmpty || identifiers.count == latitudes.count else { throw .locationIDCountDiffers }
        var queries: [ForecastQuery] = []
        for index in latitudes.indices {
            var locationID = index
            if !identifiers.isEmpty {
                guard let given = Int(identifiers[index]) else {
                    throw .notAnInteger(key: "location_id", given: identifiers[index])
                }
                locationID = given
            }
            let place = Place(
                latitude: try number(latitudes[index], key: "latitude"), longitude: try number(longitudes[index], key: "longitude"),
                elevationMeters: elevations.isEmpty ? 0 : try number(elevations[index], key: "elevation"),
                timezone: zones.isEmpty ? nil : zones[zones.count == 1 ? 0 : index], locationID: locationID)
            queries.append(try ForecastQuery(parameters, place: place, endpoint: endpoint, now: now))
        }
        return queries
    }

    /// Reads `parameters` for `place`; `now` (seconds since 1970) places the default window.
    init(_ parameters: QueryParameters, place: Place, endpoint: Endpoint, now: Int) throws(ForecastRequestError) {
        latitude = place.latitude
        longitude = place.longitude
        guard (-90...90).contains(latitude) else { throw .latitudeOutOfRange(given: latitude) }
        guard (-180...180).contains(longitude) else { throw .longitudeOutOfRange(given: longitude) }
        elevationMeters = place.elevationMeters
        guard ForecastRequestError.elevations.contains(elevationMeters) else { throw .elevationOutOfRange(given: elevationMeters) }
        locationID = place.locationID

        current = try Self.variables(parameters, key: "current", type: "WeatherVariable", WeatherVariable.init(named:))
        minutely15 = try Self.variables(parameters, key: "minutely_15", type: "WeatherVariable", WeatherVariable.init(named:))
        hourly = try Self.variables(parameters, key: "hourly", type: "WeatherVariable", WeatherVariable.init(named:))
        daily = try Self.variables(parameters, key: "daily", type: "DailyWeatherVariable", DailyVariable.init(named:))

        units = MeasurementUnits()
        if let unit: TemperatureUnit = try Self.choice(parameters, key: "temperature_unit", type: "TemperatureUnit") {
            units.temperature = unit
        }
        // `windspeed_unit` is the older spelling, and it wins if both are given: Open-Meteo
        // takes `windspeed_unit ?? wind_speed_unit` (Sources/App/Helper/SiUnit.swift). Both
        // are checked.
        for key in ["wind_speed_unit", "windspeed_unit"] {
            if let unit: WindSpeedUnit = try Self.choice(parameters, key: key, type: "WindspeedUnit") {
                units.windSpeed = unit
            }
        }
        // `length_unit=imperial` means inches (and feet) unless `precipitation_unit` says otherwise.
        if let length: LengthUnit = try Self.choice(parameters, key: "length_unit", type: "LengthUnit"), length == .imperial {
            units.precipitation = .inch
        }
        if let unit: PrecipitationUnit = try Self.choice(parameters, key: "precipitation_unit", type: "PrecipitationUnit") {
            units.precipitation = unit
        }
        if let format: TimeFormat = try Self.choice(parameters, key: "timeformat", type: "Timeformat") {
            units.time = format
        }

        if let timezone = place.timezone {
            if timezone.lowercased() == "auto" {
                zone = .auto(latitude: latitude, longitude: longitude, now: now)
            } else {
                guard let named = AnswerTimeZone(named: timezone, now: now) else { throw .invalidTimezone }
                zone = named
            }
        } else {
            zone = .gmt
        }

        // Open-Meteo's fourth format, a spreadsheet, is not one a client reads back.
        if parameters.value("format") == "xlsx" { throw .formatNotServed("xlsx") }
        format = try Self.choice(parameters, key: "format", type: "ForecastResultFormat") ?? .json

        window = try TimeWindow.local(in: zone, now: now) { localNow throws(ForecastRequestError) in
            try Self.window(parameters, endpoint: endpoint, now: localNow)
        }
        guard window.hourCount <= ForecastRequestError.maximumHours else {
            throw .tooManyHours(requested: window.hourCount)
        }
        guard window.dayCount * 24 <= ForecastRequestError.maximumHours else {
            throw .tooManyHours(requested: window.dayCount * 24)
        }
        guard window.quarterCount <= ForecastRequestError.maximumHours * 4 else {
            throw .tooManyHours(requested: window.quarterCount / 4)
        }
    }

    private static func window(
        _ parameters: QueryParameters, endpoint: Endpoint, now: Int
    ) throws(ForecastRequestError) -> TimeWindow {
        let pastDays = try integer(parameters, key: "past_days") ?? 0
        guard (0...ForecastRequestError.maximumPastDays).contains(pastDays) else {
            throw .pastDaysOutOfRange(given: pastDays)
        }
        let forecastDays = try integer(parameters, key: "forecast_days") ?? 7
        guard (0...ForecastRequestError.maximumForecastDays).contains(forecastDays) else {
            throw .forecastDaysOutOfRange(given: forecastDays)
        }
        let dates = try range(parameters, start: "start_date", end: "end_date", format: .invalidDateFormat,
                              parse: UTCCalendar.parseDate)
        let hours = try range(parameters, start: "start_hour", end: "end_hour", format: .invalidHourFormat,
                              parse: UTCCalendar.parseMinute)
        guard dates == nil && hours == nil else {
            // Quarter hours follow the hours asked for (Open-Meteo's `hourly.with(dtSeconds: 900)`).
            var window = TimeWindow.explicit(dates: dates, hours: hours, now: now)
            window.firstQuarter = window.firstHour
            window.quarterCount = window.hourCount * 4
            return window
        }
        guard endpoint == .forecast else { throw .startAndEndRequired(start: "start_date", end: "end_date") }
        var window = TimeWindow.around(now: now, pastDays: pastDays, forecastDays: forecastDays)
        // `past_hours`/`forecast_hours` count hours from the current one, as Open-Meteo's
        // `forecastTimeRange2` does (16 days ahead when only `past_hours` is given).
        if let steps = try steps(parameters, past: "past_hours", forecast: "forecast_hours", seconds: 3600, defaultForecast: 16 * 24) {
            window.firstHour = now.floorDivided(by: 3600) * 3600 - steps.past * 3600
            window.hourCount = steps.past + steps.forecast
        }
        // Quarter hours: `past_minutely_15`/`forecast_minutely_15` from the current quarter, else
        // whole local days, 3 ahead unless `forecast_days` says otherwise.
        if let steps = try steps(
            parameters, past: "past_minutely_15", forecast: "forecast_minutely_15", seconds: 900, defaultForecast: 3 * 24 * 4) {
            window.firstQuarter = now.floorDivided(by: 900) * 900 - steps.past * 900
            window.quarterCount = steps.past + steps.forecast
        } else {
            let days = try integer(parameters, key: "forecast_days") ?? 3
            window.firstQuarter = UTCCalendar.startOfDay(now) - pastDays * UTCCalendar.secondsPerDay
            window.quarterCount = (pastDays + days) * 24 * 4
        }
        return window
    }

    /// The `past_...` and `forecast_...` steps of a series, if either is given.
    private static func steps(
        _ parameters: QueryParameters, past: String, forecast: String, seconds: Int, defaultForecast: Int
    ) throws(ForecastRequestError) -> (past: Int, forecast: Int)? {
        let pastSteps = try integer(parameters, key: past)
        let forecastSteps = try integer(parameters, key: forecast)
        guard pastSteps != nil || forecastSteps != nil else { return nil }
        let maximumPast = ForecastRequestError.maximumPastDays * 86_400 / seconds
        let maximumForecast = ForecastRequestError.maximumForecastDays * 86_400 / seconds
        let pastCount = pastSteps ?? 0, forecastCount = forecastSteps ?? defaultForecast
        guard (0...maximumForecast).contains(forecastCount) else {
            throw .stepsOutOfRange(key: forecast, given: forecastCount, maximum: maximumForecast)
        }
        guard (0...maximumPast).contains(pastCount) else {
            throw .stepsOutOfRange(key: past, given: pastCount, maximum: maximumPast)
        }
        return (pastCount, forecastCount)
    }

    /// An inclusive range from a start/end pair, or nil if neither is given.
    private static func range(
        _ parameters: QueryParameters, start: String, end: String, format: ForecastRequestError,
        parse: (Substring) -> UTCCalendar.ParsedTime
    ) throws(ForecastRequestError) -> ClosedRange<Int>? {
        let startText = parameters.value(start)
        let endText = parameters.value(end)
        if startText == nil && endText == nil { return nil }
        guard let startText, let endText else { throw .startAndEndRequired(start: start, end: end) }
        func instant(_ text: String) throws(ForecastRequestError) -> Int {
            switch parse(text[...]) {
            case .time(let time): return time
            case .invalidFormat: throw format
            case .invalidDate: throw .invalidDate
            }
        }
        let first = try instant(startText)
        let last = try instant(endText)
        guard last >= first else { throw .endBeforeStart }
        return first...last
    }

    private static func number(_ text: String, key: String) throws(ForecastRequestError) -> Double {
        // `Double("nan")` and `Double("inf")` parse, but no coordinate or height is either.
        guard let value = Double(text), value.isFinite else { throw .notANumber(key: key, given: text) }
        return value
    }

    private static func integer(_ parameters: QueryParameters, key: String) throws(ForecastRequestError) -> Int? {
        guard let text = parameters.value(key) else { return nil }
        guard let value = Int(text) else { throw .notAnInteger(key: key, given: text) }
        return value
    }

    private static func choice<Choice: RawRepresentable<String>>(
        _ parameters: QueryParameters, key: String, type: String
    ) throws(ForecastRequestError) -> Choice? {
        guard let text = parameters.value(key) else { return nil }
        guard let choice = Choice(rawValue: text) else { throw .invalidValue(type: type, given: text, key: key) }
        return choice
    }

    /// The variables listed under `key`, in the order asked, each once.
    private static func variables<Variable: Sendable>(
        _ parameters: QueryParameters, key: String, type: String, _ variable: (String) -> Variable?
    ) throws(ForecastRequestError) -> [Requested<Variable>] {
        var requested: [Requested<Variable>] = []
        for name in parameters.list(key) where !requested.contains(where: { $0.name == name }) {
            guard let found = variable(name) else { throw .invalidValue(type: type, given: name, key: key) }
            requested.append(Requested(name: name, variable: found))
        }
        return requested
    }
}
