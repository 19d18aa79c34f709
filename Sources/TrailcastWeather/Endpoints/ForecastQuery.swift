// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
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
    /// `current_weather=true`: Open-Meteo's older current block, in place of `current`.
    var currentWeather: Bool
    var hourly: [Requested<WeatherVariable>]
    var minutely15: [Requested<WeatherVariable>]
    var daily: [Requested<DailyVariable>]
    /// `models`: one answer (or column set) per model, in the order asked; `best_match` unless given.
    var models: [ForecastModel]
    var units: MeasurementUnits
    /// `tilt` and `azimuth` of a solar panel, degrees (`global_tilted_irradiance`; 0° south, -90° east).
    var panel: (tilt: Double, azimuth: Double)
    var window: TimeWindow
    /// The zone the times are shown in and the days are counted in.
    var zone: AnswerTimeZone
    var format: AnswerFormat

    /// The places of a request, one query each: `latitude` and `longitude` lists
    /// (comma-separated, repeated, or both, as Open-Meteo takes them) of the same length,
    /// with `elevation` and `location_id` lists of that length if given, and `timezone` of one
    /// zone for all or one each. Everything else applies to every place.
    ///
    /// The checks run in Open-Meteo's order, so that a request with two faults is refused
    /// for the one Open-Meteo names: what its decoder reads (numbers, zones, units, whole
    /// numbers, `format`, `cell_selection`, dates), then `models` and the variables, then the
    /// dates against each other, the lists' lengths and each place's coordinates, the number
    /// of places, and last each place's time range (`ApiQueryParameter.init`,
    /// `ForecastapiController`, `prepareCoordinates`, `getTimerange2`).
    static func places(_ parameters: QueryParameters, endpoint: Endpoint, now: Int) throws(ForecastRequestError)
        -> [ForecastQuery]
    {
        // Before anything reads them: thousands of keys would make every lookup a long scan.
        guard parameters.pairs.count <= ForecastRequestError.maximumParameters else {
            throw .tooManyParameters(given: parameters.pairs.count)
        }
        let request = try ForecastRequest(parameters, endpoint: endpoint)
        guard !(request.latitudes.isEmpty && request.longitudes.isEmpty) else { throw .coordinatesMissing }
        guard request.latitudes.count == request.longitudes.count else { throw .coordinateCountsDiffer }
        // A `location_id` list of another length is answered with the coordinates' words, as
        // Open-Meteo's `getCoordinates` answers it.
        guard request.locationIDs.isEmpty || request.locationIDs.count == request.latitudes.count else {
            throw .coordinateCountsDiffer
        }
        guard request.elevations.isEmpty || request.elevations.count == request.latitudes.count else {
            throw .elevationCountDiffers
        }
        // Checked as Open-Meteo reads them, as Swift Floats: 90.000000001 is 90 there.
        for (latitude, longitude) in zip(request.latitudes, request.longitudes) {
            guard (-90...90).contains(Float(latitude)) else { throw .latitudeOutOfRange(given: latitude) }
            guard (-180...180).contains(Float(longitude)) else { throw .longitudeOutOfRange(given: longitude) }
        }
        for elevation in request.elevations where !ForecastRequestError.elevations.contains(elevation) {
            throw .elevationOutOfRange(given: elevation)
        }
        guard request.zones.count <= 1 || request.zones.count == request.latitudes.count else {
            throw .timezoneCountDiffers
        }
        guard request.latitudes.count <= ForecastRequestError.maximumPlaces else { throw .tooManyPlaces }
        var queries: [ForecastQuery] = []
        queries.reserveCapacity(request.latitudes.count)
        for index in request.latitudes.indices {
            queries.append(try ForecastQuery(request, place: index, now: now))
        }
        guard queries.reduce(0, { $0 + $1.weight }) <= ForecastRequestError.maximumWeight else { throw .tooMuchData }
        return queries
    }

    /// The query of the request's place at `index`; `now` (seconds since 1970) places the default window.
    init(_ request: ForecastRequest, place index: Int, now: Int) throws(ForecastRequestError) {
        latitude = request.latitudes[index]
        longitude = request.longitudes[index]
        elevationMeters = request.elevations.isEmpty ? 0 : request.elevations[index]
        locationID = request.locationIDs.isEmpty ? index : request.locationIDs[index]
        current = request.current
        currentWeather = request.currentWeather
        hourly = request.hourly
        minutely15 = request.minutely15
        daily = request.daily
        models = request.models
        units = request.units
        panel = request.panel
        format = request.format
        switch request.zones.isEmpty ? nil : request.zones[request.zones.count == 1 ? 0 : index] {
        case nil: zone = .gmt
        case .auto: zone = .auto(latitude: latitude, longitude: longitude, now: now)
        case .named(let named): zone = AnswerTimeZone(named, now: now)
        }
        window = try TimeWindow.local(in: zone, now: now) { localNow throws(ForecastRequestError) in
            try Self.window(request, now: localNow, today: UTCCalendar.startOfDay(now))
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

    /// What the request costs Open-Meteo's free API for this place (`calculateQueryWeight`
    /// in its ForecastApiResult.swift): ten variables (of every model) over 14 days weigh 1,
    /// more of either weighs more, and a place weighs at least 1.
    var weight: Double {
        let variables = Double((current.count + hourly.count + minutely15.count + daily.count) * models.count) / 10
        let days = Double(max(window.hourCount, window.dayCount * 24, window.quarterCount / 4)) / 24 / 14
        return max(1, variables, days * variables)
    }

    /// The window of a place, in its zone's local time (`now` is local): the dates or hours
    /// asked for, each inside what the endpoint keeps, else the `past_...`/`forecast_...`
    /// steps from now, each in its range, as Open-Meteo's `getTimerange2` checks them.
    /// `today` is the UTC midnight the allowed range counts from.
    private static func window(_ request: ForecastRequest, now: Int, today: Int) throws(ForecastRequestError)
        -> TimeWindow
    {
        let limits = request.endpoint.limits(today: today)
        guard request.dates == nil && request.hours == nil else {
            try limits.check(request.dates, hours: request.hours)
            // Quarter hours follow the hours asked for (Open-Meteo's `hourly.with(dtSeconds: 900)`).
            var window = TimeWindow.explicit(dates: request.dates, hours: request.hours, now: now)
            window.firstQuarter = window.firstHour
            window.quarterCount = window.hourCount * 4
            return window
        }
        let days =
            try limits.steps(
                past: request.pastDays, forecast: request.forecastDays, seconds: 86_400,
                defaultForecast: limits.defaultForecastDays)
            ?? (0, limits.defaultForecastDays)
        var window = TimeWindow.around(now: now, pastDays: days.past, forecastDays: days.forecast)
        // `past_hours`/`forecast_hours` count hours from the current one, as Open-Meteo's
        // `forecastTimeRange2` does (all the forecast days ahead when only `past_hours` is given).
        if let steps = try limits.steps(past: request.pastHours, forecast: request.forecastHours, seconds: 3600) {
            window.firstHour = now.floorDivided(by: 3600) * 3600 - steps.past * 3600
            window.hourCount = steps.past + steps.forecast
        }
        // Quarter hours: `past_minutely_15`/`forecast_minutely_15` from the current quarter, else
        // whole local days, 3 ahead unless `forecast_days` says otherwise.
        if let steps = try limits.steps(
            past: request.pastQuarters, forecast: request.forecastQuarters, seconds: 900, defaultForecast: 3 * 24 * 4)
        {
            window.firstQuarter = now.floorDivided(by: 900) * 900 - steps.past * 900
            window.quarterCount = steps.past + steps.forecast
        } else {
            let pastDays = request.pastDays ?? 0
            window.firstQuarter = UTCCalendar.startOfDay(now) - pastDays * UTCCalendar.secondsPerDay
            window.quarterCount = (pastDays + (request.forecastDays ?? 3)) * 24 * 4
        }
        return window
    }
}

extension ForecastQuery.Endpoint {
    /// What an endpoint keeps, counted from `today` (a UTC midnight), as Open-Meteo's
    /// `ForecastapiController` sets it for its forecast and archive hosts.
    func limits(today: Int) -> ForecastLimits {
        switch self {
        case .forecast:
            ForecastLimits(
                firstDay: today - ForecastRequestError.maximumPastDays * UTCCalendar.secondsPerDay,
                forecastDays: ForecastRequestError.maximumForecastDays, defaultForecastDays: 7, today: today)
        case .archive:
            // From 1940 (ERA5's start) to today, one day by default.
            ForecastLimits(
                firstDay: ForecastLimits.archiveFirstDay, forecastDays: 1, defaultForecastDays: 1, today: today)
        }
    }
}

/// The days an endpoint answers for and the `past_...`/`forecast_...` steps it takes.
struct ForecastLimits {
    /// 1940-01-01, the first day of `/v1/archive`.
    static let archiveFirstDay = -946_771_200

    /// The first day kept (a UTC midnight).
    var firstDay: Int
    /// Days from today's midnight: the allowed range ends before `today + forecastDays`.
    var forecastDays: Int
    var defaultForecastDays: Int
    var today: Int

    /// The first midnight after the allowed range.
    var endOfRange: Int { today + forecastDays * UTCCalendar.secondsPerDay }
    var pastDaysMaximum: Int { (today - firstDay) / UTCCalendar.secondsPerDay }

    /// Dates and hours asked for, each end inside the range, checked in Open-Meteo's order.
    func check(_ dates: ClosedRange<Int>?, hours: ClosedRange<Int>?) throws(ForecastRequestError) {
        let allowed = firstDay..<endOfRange
        let lastDay = endOfRange - UTCCalendar.secondsPerDay
        let checks: [(String, Int?)] = [
            ("start_date", dates?.lowerBound), ("end_date", dates?.upperBound),
            ("start_hour", hours?.lowerBound), ("end_hour", hours.map { $0.upperBound.floorDivided(by: 3600) * 3600 }),
        ]
        for (key, instant) in checks {
            if let instant, !allowed.contains(instant) {
                throw .dateOutOfRange(key: key, first: firstDay, last: lastDay)
            }
        }
    }

    /// The `past` and `forecast` steps of `seconds` each, if either is given: the forecast
    /// checked first, then the past, each from 0 to the endpoint's days in steps.
    func steps(past: Int?, forecast: Int?, seconds: Int, defaultForecast: Int? = nil) throws(ForecastRequestError) -> (
        past: Int, forecast: Int
    )? {
        guard past != nil || forecast != nil else { return nil }
        let stepsPerDay = UTCCalendar.secondsPerDay / seconds
        let maximumForecast = forecastDays * stepsPerDay
        let maximumPast = pastDaysMaximum * stepsPerDay
        let forecastCount = forecast ?? defaultForecast ?? maximumForecast
        let pastCount = past ?? 0
        guard (0...maximumForecast).contains(forecastCount) else {
            throw .forecastStepsOutOfRange(maximum: maximumForecast)
        }
        guard (0...maximumPast).contains(pastCount) else {
            throw .pastStepsOutOfRange(given: pastCount, maximum: maximumPast)
        }
        return (pastCount, forecastCount)
    }
}
