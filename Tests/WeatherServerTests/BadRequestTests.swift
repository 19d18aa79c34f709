import Testing
import TrailcastWeatherServer

@Suite("Requests the server cannot answer: HTTP 400 with Open-Meteo's error body")
struct BadRequestTests {
    struct BadRequest: Sendable, CustomTestStringConvertible {
        var pathAndQuery: String
        var reason: String
        var testDescription: String { pathAndQuery }
    }

    @Test("400 {\"error\":true,\"reason\":...}", arguments: [
        BadRequest(pathAndQuery: "/v1/forecast", reason: "Parameter 'latitude' and 'longitude' must not be empty"),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=47", reason: "Parameter 'latitude' and 'longitude' must not be empty"),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=&longitude=8", reason: "Parameter 'latitude' and 'longitude' must not be empty"),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=91&longitude=8", reason: "Latitude must be in range of -90 to 90°. Given: 91.0."),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=-90.5&longitude=8", reason: "Latitude must be in range of -90 to 90°. Given: -90.5."),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=0&longitude=180.5", reason: "Longitude must be in range of -180 to 180°. Given: 180.5."),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=north&longitude=8", reason: "Value of type 'Float' required for key 'latitude'. Given: north."),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=47&longitude=nan", reason: "Value of type 'Float' required for key 'longitude'. Given: nan."),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=47&longitude=8&elevation=high", reason: "Value of type 'Float' required for key 'elevation'. Given: high."),
        // Found by schemathesis: the model's temperatures were null at -1.8e308 m.
        BadRequest(pathAndQuery: "/v1/forecast?latitude=47&longitude=8&elevation=-1.7976931348623157e%2B308&hourly=temperature_2m",
                   reason: "Elevation must be in range of -500 to 9000 m. Given: -1.7976931348623157e+308."),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=47&longitude=8&elevation=9001", reason: "Elevation must be in range of -500 to 9000 m. Given: 9001.0."),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=47&longitude=8&hourly=temperature_2m,foo",
                   reason: "Cannot initialize WeatherVariable from invalid String value foo for key hourly"),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=47&longitude=8&current=sunshine",
                   reason: "Cannot initialize WeatherVariable from invalid String value sunshine for key current"),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=47&longitude=8&daily=temperature_2m",
                   reason: "Cannot initialize DailyWeatherVariable from invalid String value temperature_2m for key daily"),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=47&longitude=8&temperature_unit=kelvin",
                   reason: "Cannot initialize TemperatureUnit from invalid String value kelvin for key temperature_unit"),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=47&longitude=8&wind_speed_unit=furlongs",
                   reason: "Cannot initialize WindspeedUnit from invalid String value furlongs for key wind_speed_unit"),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=47&longitude=8&precipitation_unit=cm",
                   reason: "Cannot initialize PrecipitationUnit from invalid String value cm for key precipitation_unit"),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=47&longitude=8&timeformat=rfc1123",
                   reason: "Cannot initialize Timeformat from invalid String value rfc1123 for key timeformat"),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=47&longitude=8&timezone=Europe/Berlinn", reason: "Invalid timezone"),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=47&longitude=8&timezone=../../etc/passwd", reason: "Invalid timezone"),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=47&longitude=8&past_days=93",
                   reason: "Past days is invalid. Allowed range 0 to 92. Given 93."),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=47&longitude=8&past_days=-1",
                   reason: "Past days is invalid. Allowed range 0 to 92. Given -1."),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=47&longitude=8&forecast_days=17",
                   reason: "Forecast days is invalid. Allowed range 0 to 16. Given 17."),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=47&longitude=8&forecast_days=seven",
                   reason: "Value of type 'Int' required for key 'forecast_days'. Given: seven."),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=47&longitude=8&start_date=2024-07-02&end_date=2024-07-01",
                   reason: "End-date must be larger or equals than start-date"),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=47&longitude=8&start_hour=2024-07-01T10:00&end_hour=2024-07-01T09:00",
                   reason: "End-date must be larger or equals than start-date"),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=47&longitude=8&start_date=2024-7-1&end_date=2024-07-02",
                   reason: "Invalid date format. Make sure to use 'YYYY-MM-DD'"),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=47&longitude=8&start_date=2023-02-29&end_date=2023-03-01",
                   reason: "Invalid date"),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=47&longitude=8&start_hour=2024-07-01T10&end_hour=2024-07-01T12:00",
                   reason: "Invalid date format. Make sure to use 'YYYY-MM-DDTHH:MM'"),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=47&longitude=8&start_hour=2024-07-01T24:00&end_hour=2024-07-02T01:00",
                   reason: "Invalid date"),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=47&longitude=8&start_date=2024-07-01",
                   reason: "Both 'start_date' and 'end_date' must be set in the url"),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=47&longitude=8&end_hour=2024-07-01T10:00",
                   reason: "Both 'start_hour' and 'end_hour' must be set in the url"),
        BadRequest(pathAndQuery: "/v1/forecast?latitude=47&longitude=8&start_date=1990-01-01&end_date=1999-12-31",
                   reason: "The requested time range is too long: 87648 hours. At most 8784 hours (366 days) per request."),
        BadRequest(pathAndQuery: "/v1/archive?latitude=47&longitude=8&hourly=temperature_2m",
                   reason: "Both 'start_date' and 'end_date' must be set in the url"),
    ])
    func badRequest(_ request: BadRequest) async throws {
        let answer = try await ServerHarness.run { server in try await server.get(request.pathAndQuery) }
        #expect(answer.status == 400)
        #expect(answer.contentType == "application/json")
        #expect(answer.text == #"{"error":true,"reason":"\#(request.reason)"}"#)
    }

    /// Open-Meteo's ranges include their ends: -90...90 and -180...180.
    @Test("the ends of the ranges are answered", arguments: [
        "latitude=90&longitude=180", "latitude=-90&longitude=-180", "latitude=0&longitude=180", "latitude=0&longitude=-180",
    ])
    func rangeEnds(coordinates: String) async throws {
        let answer = try await ServerHarness.run { server in try await server.get("/v1/forecast?\(coordinates)&hourly=temperature_2m") }
        #expect(answer.status == 200, "\(answer.text)")
    }

    @Test("the accepted spellings of GMT: GMT, UTC, Etc/UTC (answered in GMT)", arguments: ["GMT", "UTC", "utc", "Etc/UTC"])
    func timezones(timezone: String) async throws {
        let answer = try await ServerHarness.run { server in try await server.forecast("timezone=\(timezone)") }
        #expect(answer.status == 200)
        #expect(try answer.json().string("timezone") == "GMT")
        #expect(try answer.json().number("utc_offset_seconds") == 0)
    }
}
