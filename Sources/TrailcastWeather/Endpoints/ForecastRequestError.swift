// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// Why a weather request cannot be answered: HTTP 400 with `{"error":true,"reason":...}`,
/// each reason in Open-Meteo's own wording, so a client's error handling sees what the real
/// service would send.
///
/// The words are those of Open-Meteo's server as it runs today (open-meteo/open-meteo at
/// ba13de1, `ForecastApiError` in Sources/App/Helper/ForecastapiQuery.swift), including
/// the messages Vapor 4.122 writes for a value its decoder cannot read
/// (`DecodingError.reason` in Vapor's AbortError.swift: "Data corrupted at path ''. ...").
/// Where this server has a limit of its own (hours per answer, parameters per request,
/// elevations), the words are its own and say so.
enum ForecastRequestError: Error, Equatable {
    /// `latitude` or `longitude` is absent or empty. (Open-Meteo answers 200 with an empty
    /// body there; an empty answer would only confuse a client, so this says why.)
    case coordinatesMissing
    /// An item of a list of numbers (`latitude`, `longitude`, `elevation`) that is not one.
    case notAFloat(given: String)
    /// An item of `location_id` that is not a whole number.
    case notAnIntegerItem(given: String)
    /// A single-valued parameter of the wrong type (`forecast_days=seven`, `current_weather=yes`).
    case typeMismatch(key: String, type: String)
    case latitudeOutOfRange(given: Double)
    case longitudeOutOfRange(given: Double)
    /// An elevation no place on land has: the model's air would not be air (found by
    /// schemathesis: -1.8e308 m gave temperatures of null). This server's own limit.
    case elevationOutOfRange(given: Double)
    /// A variable or model name Open-Meteo does not know, under its decoder's type name.
    case invalidListItem(type: String, given: String)
    /// A value outside a single-valued parameter's fixed list (a unit, `format`, `cell_selection`).
    case invalidChoice(key: String, type: String, given: String)
    /// Lists of places of different lengths, in Open-Meteo's words.
    case coordinateCountsDiffer
    case elevationCountDiffers
    case timezoneCountDiffers
    /// More places than Open-Meteo's `LOCATIONS_LIMIT`.
    case tooManyPlaces
    /// A `timezone` the tz database does not know (nor `auto`).
    case invalidTimezone
    /// A `format` Open-Meteo has and this server does not write (`xlsx`).
    case formatNotServed(String)
    /// `past_days`, `past_hours` or `past_minutely_15` beyond its range.
    case pastStepsOutOfRange(given: Int, maximum: Int)
    /// `forecast_days`, `forecast_hours` or `forecast_minutely_15` beyond its range.
    /// Open-Meteo's message gives the maximum where it means the value given
    /// (`forecastDaysInvalid(given: forecastStepsMax, ...)` in `forecastTimeRange2`), so a
    /// client sees "Given 16." for `forecast_days=17`; this answers the same.
    case forecastStepsOutOfRange(maximum: Int)
    /// `start_date`/`end_date` not `yyyy-MM-dd`.
    case invalidDateFormat
    /// `start_hour`/`end_hour` not `yyyy-MM-ddTHH:mm`.
    case invalidHourFormat
    /// A well-formed date that does not exist, or a year outside 1900-2050 (Open-Meteo's `IsoDate`).
    case invalidDate
    /// An end before its start.
    case endBeforeStart
    /// A start without its end, or the other way round (Open-Meteo counts the lists).
    case startAndEndCountsDiffer
    /// A start/end range given with a non-zero `past_...` or `forecast_...` parameter.
    case mutuallyExclusiveWithDates(key: String)
    /// A date or hour outside what the endpoint keeps: `first` and `last` are the allowed days.
    case dateOutOfRange(key: String, first: Int, last: Int)
    /// A parameter another of Open-Meteo's APIs takes (`run`).
    case parameterMustNotBeSet(String)
    /// A JSON body that is not a JSON object.
    case unreadableBody
    /// A value of a JSON body of another type than Open-Meteo's decoder asks for the key.
    case jsonTypeMismatch(key: String, type: String, found: JSONBodyValue)
    /// Several `start_date`/`end_date` ranges: Open-Meteo answers each; this server does not.
    case severalDateRanges
    /// More than Open-Meteo's free API answers at once (the request's weight over 5,000).
    case tooMuchData
    /// More hours than one answer may hold (this server's limit).
    case tooManyHours(requested: Int)
    /// More query parameters than any real request has (this server's limit).
    case tooManyParameters(given: Int)

    /// The most days of past data `/v1/forecast` gives: Open-Meteo's `historyStartDate` is
    /// today's midnight less 93 days, and its `past_days` maximum the days between (its
    /// OpenAPI file says 92; the server takes 93).
    static let maximumPastDays = 93
    /// The most forecast days, as Open-Meteo.
    static let maximumForecastDays = 16
    /// At most a leap year of hours per answer: enough for any replay, small enough that a
    /// typo cannot make the server compute centuries.
    static let maximumHours = 366 * 24
    /// Elevations the model answers for: the Dead Sea's shore to above Everest, in metres.
    static let elevations = -500.0...9000.0
    /// The most a request may weigh: Open-Meteo's `CALL_LIMIT_HOURLY` default (RateLimiter.swift).
    static let maximumWeight = 5000.0
    /// Places one request may ask for: Open-Meteo's default `LOCATIONS_LIMIT`.
    static let maximumPlaces = 1000
    /// Query parameters one request may have: room for a thousand places sent as repeated
    /// keys (`latitude=..&latitude=..`, as the Python SDK sends lists), bounded so that a
    /// request cannot make every lookup a long scan.
    static let maximumParameters = 4096
    /// The type Open-Meteo's decoder names for an unknown `hourly`, `current` or `minutely_15`
    /// variable (its `ForecastVariable` alias, printed as Swift prints the generic type).
    static let hourlyVariableType =
        "SurfacePressureAndHeightVariable<VariableAndPreviousDay, VariableOrSpread<ForecastPressureVariable>, ForecastHeightVariable>"

    /// The `reason` of the error body.
    var reason: String {
        switch self {
        case .coordinatesMissing:
            "Parameter 'latitude' and 'longitude' must not be empty"
        case .tooManyParameters(let given):
            "Too many parameters: \(given). At most \(Self.maximumParameters) per request."
        case .notAFloat(let given):
            "Data corrupted at path ''. Cannot initialize Float from invalid String value \(given)."
        case .notAnIntegerItem(let given):
            "Data corrupted at path ''. Cannot initialize Int from invalid String value \(given)."
        case .typeMismatch(let key, let type):
            "Value was not of type '\(type)' at path '\(key)'. Data found at '\(key)' was not \(type)."
        case .latitudeOutOfRange(let given):
            "Latitude must be in range of -90 to 90°. Given: \(Float(given))."
        case .longitudeOutOfRange(let given):
            "Longitude must be in range of -180 to 180°. Given: \(Float(given))."
        case .elevationOutOfRange(let given):
            "Elevation must be in range of \(Int(Self.elevations.lowerBound)) to \(Int(Self.elevations.upperBound)) m. Given: \(given)."
        case .invalidListItem(let type, let given):
            "Data corrupted at path ''. Cannot initialize \(type) from invalid String value \(given)."
        case .invalidChoice(let key, let type, let given):
            "Data corrupted at path '\(key)'. Cannot initialize \(type) from invalid String value \(given)."
        case .coordinateCountsDiffer:
            "Parameter 'latitude' and 'longitude' must have the same number of elements"
        case .elevationCountDiffers:
            "Parameter 'elevation' must have the same number of elements as coordinates"
        case .timezoneCountDiffers:
            "Parameter 'timezone' and coordinates must have the same number of elements"
        case .tooManyPlaces:
            "Only up to \(Self.maximumPlaces) locations can be requested at once"
        case .invalidTimezone:
            "Invalid timezone"
        case .formatNotServed(let format):
            "format=\(format) is not served by trailcast serve-weather: ask for json, csv or flatbuffers"
        case .pastStepsOutOfRange(let given, let maximum):
            "Past days is invalid. Allowed range 0 to \(maximum). Given \(given)."
        case .forecastStepsOutOfRange(let maximum):
            "Forecast days is invalid. Allowed range 0 to \(maximum). Given \(maximum)."
        case .invalidDateFormat:
            "Invalid date format. Make sure to use 'YYYY-MM-DD'"
        case .invalidHourFormat:
            "Invalid date format. Make sure to use 'YYYY-MM-DDTHH:MM'"
        case .invalidDate:
            "Invalid date"
        case .endBeforeStart:
            "End-date must be larger or equals than start-date"
        case .startAndEndCountsDiffer:
            "Parameter 'start_date' and 'end_date' must have the same number of elements"
        case .mutuallyExclusiveWithDates(let key):
            "Parameter '\(key)' is mutually exclusive with 'start_date' and 'end_date'"
        case .dateOutOfRange(let key, let first, let last):
            "Parameter '\(key)' is out of allowed range from \(UTCCalendar.isoDate(first)) to \(UTCCalendar.isoDate(last))"
        case .parameterMustNotBeSet(let key):
            "Parameter '\(key)' must not be set"
        case .unreadableBody:
            "The data couldn’t be read because it isn’t in the correct format."
        case .jsonTypeMismatch(let key, let type, let found):
            "Value was not of type '\(type)' at path '\(key)'. Expected to decode \(type) but found \(found.foundDescription) instead."
        case .severalDateRanges:
            "Several start and end dates in one request are not served by trailcast serve-weather: ask for each range alone"
        case .tooMuchData:
            "Your API call requests too much data. Please reduce the number of variables, locations and/or weather models."
        case .tooManyHours(let requested):
            "The requested time range is too long: \(requested) hours. At most \(Self.maximumHours) hours (366 days) per request."
        }
    }
}
