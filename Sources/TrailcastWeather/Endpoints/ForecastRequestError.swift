/// Why a weather request cannot be answered: HTTP 400 with `{"error":true,"reason":...}`,
/// each reason in Open-Meteo's own wording where it has one, so a client's error handling
/// sees what the real service would send.
enum ForecastRequestError: Error, Equatable {
    /// `latitude` or `longitude` is absent or empty.
    case coordinatesMissing
    /// A parameter that must be a number is not one.
    case notANumber(key: String, given: String)
    /// A parameter that must be a whole number is not one.
    case notAnInteger(key: String, given: String)
    case latitudeOutOfRange(given: Double)
    case longitudeOutOfRange(given: Double)
    /// An elevation no place on land has: the model's air would not be air (found by
    /// schemathesis: -1.8e308 m gave temperatures of null).
    case elevationOutOfRange(given: Double)
    /// A value outside a parameter's fixed list, such as an unknown variable or unit.
    case invalidValue(type: String, given: String, key: String)
    /// Lists of places of different lengths, in Open-Meteo's words.
    case coordinateCountsDiffer
    case elevationCountDiffers
    case timezoneCountDiffers
    case locationIDCountDiffers
    /// More places than one answer may hold.
    case tooManyPlaces
    /// A `timezone` the tz database does not know (nor `auto`).
    case invalidTimezone
    /// A `format` Open-Meteo has and this server does not write (`xlsx`).
    case formatNotServed(String)
    case pastDaysOutOfRange(given: Int)
    /// `past_hours`, `forecast_hours`, `past_minutely_15` or `forecast_minutely_15` beyond the days allowed.
    case stepsOutOfRange(key: String, given: Int, maximum: Int)
    case forecastDaysOutOfRange(given: Int)
    /// `start_date`/`end_date` not `yyyy-MM-dd`.
    case invalidDateFormat
    /// `start_hour`/`end_hour` not `yyyy-MM-ddTHH:mm`.
    case invalidHourFormat
    /// A well-formed date that does not exist, such as 2023-02-30.
    case invalidDate
    /// An end before its start.
    case endBeforeStart
    /// Only one of a start/end pair, or (for `/v1/archive`) neither pair.
    case startAndEndRequired(start: String, end: String)
    /// More hours than one answer may hold.
    case tooManyHours(requested: Int)
    /// More query parameters than any real request has (Open-Meteo's take a dozen).
    case tooManyParameters(given: Int)

    /// The most days of past data `/v1/forecast` gives, as Open-Meteo.
    static let maximumPastDays = 92
    /// The most forecast days, as Open-Meteo.
    static let maximumForecastDays = 16
    /// At most a leap year of hours per answer: enough for any replay, small enough that a
    /// typo cannot make the server compute centuries.
    static let maximumHours = 366 * 24
    /// Elevations the model answers for: the Dead Sea's shore to above Everest, in metres.
    static let elevations = -500.0...9000.0
    /// Places one request may ask for.
    static let maximumPlaces = 100
    /// Query parameters one request may have.
    static let maximumParameters = 100

    /// The `reason` of the error body.
    var reason: String {
        switch self {
        case .coordinatesMissing:
            "Parameter 'latitude' and 'longitude' must not be empty"
        case .tooManyParameters(let given):
            "Too many parameters: \(given). At most \(Self.maximumParameters) per request."
        case .notANumber(let key, let given):
            "Value of type 'Float' required for key '\(key)'. Given: \(given)."
        case .notAnInteger(let key, let given):
            "Value of type 'Int' required for key '\(key)'. Given: \(given)."
        case .latitudeOutOfRange(let given):
            "Latitude must be in range of -90 to 90°. Given: \(Float(given))."
        case .longitudeOutOfRange(let given):
            "Longitude must be in range of -180 to 180°. Given: \(Float(given))."
        case .elevationOutOfRange(let given):
            "Elevation must be in range of \(Int(Self.elevations.lowerBound)) to \(Int(Self.elevations.upperBound)) m. Given: \(given)."
        case .invalidValue(let type, let given, let key):
            "Cannot initialize \(type) from invalid String value \(given) for key \(key)"
        case .coordinateCountsDiffer:
            "Parameter 'latitude' and 'longitude' must have the same number of elements"
        case .elevationCountDiffers:
            "Parameter 'elevation' must have the same number of elements as coordinates"
        case .timezoneCountDiffers:
            "Parameter 'timezone' and coordinates must have the same number of elements"
        case .locationIDCountDiffers:
            "Parameter 'location_id' and coordinates must have the same number of elements"
        case .tooManyPlaces:
            "Parameter 'latitude' and 'longitude' must not exceed \(Self.maximumPlaces) coordinates."
        case .invalidTimezone:
            "Invalid timezone"
        case .formatNotServed(let format):
            "format=\(format) is not served by trailcast serve-weather: ask for json, csv or flatbuffers"
        case .stepsOutOfRange(let key, let given, let maximum):
            "Parameter '\(key)' is invalid. Allowed range 0 to \(maximum). Given \(given)."
        case .pastDaysOutOfRange(let given):
            "Past days is invalid. Allowed range 0 to \(Self.maximumPastDays). Given \(given)."
        case .forecastDaysOutOfRange(let given):
            "Forecast days is invalid. Allowed range 0 to \(Self.maximumForecastDays). Given \(given)."
        case .invalidDateFormat:
            "Invalid date format. Make sure to use 'YYYY-MM-DD'"
        case .invalidHourFormat:
            "Invalid date format. Make sure to use 'YYYY-MM-DDTHH:MM'"
        case .invalidDate:
            "Invalid date"
        case .endBeforeStart:
            "End-date must be larger or equals than start-date"
        case .startAndEndRequired(let start, let end):
            "Both '\(start)' and '\(end)' must be set in the url"
        case .tooManyHours(let requested):
            "The requested time range is too long: \(requested) hours. At most \(Self.maximumHours) hours (366 days) per request."
        }
    }
}
