// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import NIOHTTP1
import Testing
import TrailcastWeatherServer

@Suite("Requests the server cannot answer: HTTP 400 with Open-Meteo's error body")
struct BadRequestTests {
    /// The type Open-Meteo's decoder names for an unknown hourly, current or minutely_15 variable.
    static let forecastVariableType =
        "SurfacePressureAndHeightVariable<VariableAndPreviousDay, VariableOrSpread<ForecastPressureVariable>, ForecastHeightVariable>"

    struct BadRequest: Sendable, CustomTestStringConvertible {
        var pathAndQuery: String
        var reason: String
        var testDescription: String { pathAndQuery }
    }

    @Test(
        "400 {\"error\":true,\"reason\":...}",
        arguments: [
            BadRequest(pathAndQuery: "/v1/forecast", reason: "Parameter 'latitude' and 'longitude' must not be empty"),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47",
                reason: "Parameter 'latitude' and 'longitude' must have the same number of elements"),
            BadRequest(pathAndQuery: "/v1/forecast?latitude=47&longitude=8&timezone=AUTO", reason: "Invalid timezone"),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=90.0000001&longitude=8&hourly=foo|temperature_2m",
                reason:
                    "Data corrupted at path ''. Cannot initialize \(BadRequestTests.forecastVariableType) from invalid String value foo."
            ),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=&longitude=8",
                reason: "Parameter 'latitude' and 'longitude' must have the same number of elements"),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=91&longitude=8",
                reason: "Latitude must be in range of -90 to 90°. Given: 91.0."),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=-90.5&longitude=8",
                reason: "Latitude must be in range of -90 to 90°. Given: -90.5."),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=0&longitude=180.5",
                reason: "Longitude must be in range of -180 to 180°. Given: 180.5."),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=north&longitude=8",
                reason: "Data corrupted at path ''. Cannot initialize Float from invalid String value north."),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=nan",
                reason: "Longitude must be in range of -180 to 180°. Given: nan."),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&elevation=high",
                reason: "Data corrupted at path ''. Cannot initialize Float from invalid String value high."),
            // Found by schemathesis: the model's temperatures were null at -1.8e308 m.
            BadRequest(
                pathAndQuery:
                    "/v1/forecast?latitude=47&longitude=8&elevation=-1.7976931348623157e%2B308&hourly=temperature_2m",
                reason: "Elevation must be in range of -500 to 9000 m. Given: -1.7976931348623157e+308."),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&elevation=9001",
                reason: "Elevation must be in range of -500 to 9000 m. Given: 9001.0."),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&hourly=temperature_2m,foo",
                reason:
                    "Data corrupted at path ''. Cannot initialize SurfacePressureAndHeightVariable<VariableAndPreviousDay, VariableOrSpread<ForecastPressureVariable>, ForecastHeightVariable> from invalid String value foo."
            ),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&current=sunshine",
                reason:
                    "Data corrupted at path ''. Cannot initialize SurfacePressureAndHeightVariable<VariableAndPreviousDay, VariableOrSpread<ForecastPressureVariable>, ForecastHeightVariable> from invalid String value sunshine."
            ),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&daily=temperature_2m",
                reason:
                    "Data corrupted at path ''. Cannot initialize ForecastVariableDaily from invalid String value temperature_2m."
            ),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&temperature_unit=kelvin",
                reason:
                    "Data corrupted at path 'temperature_unit'. Cannot initialize TemperatureUnit from invalid String value kelvin."
            ),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&wind_speed_unit=furlongs",
                reason:
                    "Data corrupted at path 'wind_speed_unit'. Cannot initialize WindspeedUnit from invalid String value furlongs."
            ),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&precipitation_unit=cm",
                reason:
                    "Data corrupted at path 'precipitation_unit'. Cannot initialize PrecipitationUnit from invalid String value cm."
            ),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&length_unit=yards",
                reason:
                    "Data corrupted at path 'length_unit'. Cannot initialize LengthUnit from invalid String value yards."
            ),
            BadRequest(
                pathAndQuery:
                    "/v1/forecast?latitude=47&longitude=8&start_date=2024-07-01,2024-07-03&end_date=2024-07-01,2024-07-03",
                reason:
                    "Several start and end dates in one request are not served by trailcast serve-weather: ask for each range alone"
            ),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&timeformat=rfc1123",
                reason:
                    "Data corrupted at path 'timeformat'. Cannot initialize Timeformat from invalid String value rfc1123."
            ),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&timezone=Europe/Berlinn", reason: "Invalid timezone"
            ),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&timezone=../../etc/passwd",
                reason: "Invalid timezone"),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&past_days=94",
                reason: "Past days is invalid. Allowed range 0 to 93. Given 94."),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&past_days=-1",
                reason: "Past days is invalid. Allowed range 0 to 93. Given -1."),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&forecast_days=17",
                reason: "Forecast days is invalid. Allowed range 0 to 16. Given 16."),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&forecast_days=seven",
                reason:
                    "Value was not of type 'Int' at path 'forecast_days'. Data found at 'forecast_days' was not Int."),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&start_date=2024-07-02&end_date=2024-07-01",
                reason: "End-date must be larger or equals than start-date"),
            BadRequest(
                pathAndQuery:
                    "/v1/forecast?latitude=47&longitude=8&start_hour=2024-07-01T10:00&end_hour=2024-07-01T09:00",
                reason: "End-date must be larger or equals than start-date"),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&start_date=2024-7-1&end_date=2024-07-02",
                reason: "Invalid date format. Make sure to use 'YYYY-MM-DD'"),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&start_date=2023-02-29&end_date=2023-03-01",
                reason: "Invalid date"),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&start_hour=2024-07-01T10&end_hour=2024-07-01T12:00",
                reason: "Invalid date format. Make sure to use 'YYYY-MM-DDTHH:MM'"),
            BadRequest(
                pathAndQuery:
                    "/v1/forecast?latitude=47&longitude=8&start_hour=2024-07-01T24:00&end_hour=2024-07-02T01:00",
                reason: "Invalid date"),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&start_date=2024-07-01",
                reason: "Parameter 'start_date' and 'end_date' must have the same number of elements"),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&end_hour=2024-07-01T10:00",
                reason: "Parameter 'start_date' and 'end_date' must have the same number of elements"),
            // The forecast keeps today's midnight less 93 days to today plus 15 (the harness's
            // now is 2024-07-01T10:20Z); the archive 1940 to today.
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&start_date=1990-01-01&end_date=1999-12-31",
                reason: "Parameter 'start_date' is out of allowed range from 2024-03-30 to 2024-07-16"),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&start_date=2024-03-29&end_date=2024-04-01",
                reason: "Parameter 'start_date' is out of allowed range from 2024-03-30 to 2024-07-16"),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&start_date=2024-07-10&end_date=2024-07-17",
                reason: "Parameter 'end_date' is out of allowed range from 2024-03-30 to 2024-07-16"),
            BadRequest(
                pathAndQuery:
                    "/v1/forecast?latitude=47&longitude=8&start_hour=2024-03-29T23:00&end_hour=2024-03-30T01:00",
                reason: "Parameter 'start_hour' is out of allowed range from 2024-03-30 to 2024-07-16"),
            BadRequest(
                pathAndQuery:
                    "/v1/forecast?latitude=47&longitude=8&start_hour=2024-07-16T22:00&end_hour=2024-07-17T00:00",
                reason: "Parameter 'end_hour' is out of allowed range from 2024-03-30 to 2024-07-16"),
            BadRequest(
                pathAndQuery: "/v1/archive?latitude=47&longitude=8&start_date=2024-06-30&end_date=2024-07-02",
                reason: "Parameter 'end_date' is out of allowed range from 1940-01-01 to 2024-07-01"),
            BadRequest(
                pathAndQuery: "/v1/archive?latitude=47&longitude=8&start_date=1939-12-31&end_date=1940-01-02",
                reason: "Parameter 'start_date' is out of allowed range from 1940-01-01 to 2024-07-01"),
            BadRequest(
                pathAndQuery: "/v1/archive?latitude=47&longitude=8&start_date=1990-01-01&end_date=1999-12-31",
                reason: "The requested time range is too long: 87648 hours. At most 8784 hours (366 days) per request."),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&start_date=2050-12-31&end_date=2051-01-01",
                reason: "Invalid date"),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&start_date=1899-12-31&end_date=1900-01-02",
                reason: "Invalid date"),
            // A start/end range excludes every past_/forecast_ step but zero, checked in Open-Meteo's order.
            BadRequest(
                pathAndQuery:
                    "/v1/forecast?latitude=47&longitude=8&start_date=2024-07-01&end_date=2024-07-02&past_days=1",
                reason: "Parameter 'past_days' is mutually exclusive with 'start_date' and 'end_date'"),
            BadRequest(
                pathAndQuery:
                    "/v1/forecast?latitude=47&longitude=8&start_date=2024-07-01&end_date=2024-07-02&forecast_days=3",
                reason: "Parameter 'forecast_days' is mutually exclusive with 'start_date' and 'end_date'"),
            BadRequest(
                pathAndQuery:
                    "/v1/forecast?latitude=47&longitude=8&start_hour=2024-07-01T00:00&end_hour=2024-07-01T05:00&forecast_hours=2&past_hours=1",
                reason: "Parameter 'past_hours' is mutually exclusive with 'start_date' and 'end_date'"),
            BadRequest(
                pathAndQuery:
                    "/v1/forecast?latitude=47&longitude=8&start_date=2024-07-01&end_date=2024-07-02&forecast_minutely_15=4",
                reason: "Parameter 'forecast_minutely_15' is mutually exclusive with 'start_date' and 'end_date'"),
            // Hours and quarter hours in Open-Meteo's words for days, the maximum as "Given".
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&forecast_hours=385",
                reason: "Forecast days is invalid. Allowed range 0 to 384. Given 384."),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&past_hours=2233",
                reason: "Past days is invalid. Allowed range 0 to 2232. Given 2233."),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&forecast_minutely_15=1537",
                reason: "Forecast days is invalid. Allowed range 0 to 1536. Given 1536."),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&past_minutely_15=-1",
                reason: "Past days is invalid. Allowed range 0 to 8928. Given -1."),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&forecast_days=",
                reason:
                    "Value was not of type 'Int' at path 'forecast_days'. Data found at 'forecast_days' was not Int."),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&current_weather=yes",
                reason:
                    "Value was not of type 'Bool' at path 'current_weather'. Data found at 'current_weather' was not Bool."
            ),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&cell_selection=",
                reason:
                    "Data corrupted at path 'cell_selection'. Cannot initialize GridSelectionMode from invalid String value ."
            ),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&cell_selection=ocean",
                reason:
                    "Data corrupted at path 'cell_selection'. Cannot initialize GridSelectionMode from invalid String value ocean."
            ),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&run=2024-07-01T00:00",
                reason: "Parameter 'run' must not be set"),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&models=icon_eu,ecmwf",
                reason: "Data corrupted at path ''. Cannot initialize MultiDomains from invalid String value ecmwf."),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&minutely_15=temperature_2",
                reason:
                    "Data corrupted at path ''. Cannot initialize \(BadRequestTests.forecastVariableType) from invalid String value temperature_2."
            ),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47,48&longitude=8,9&location_id=1",
                reason: "Parameter 'latitude' and 'longitude' must have the same number of elements"),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&location_id=first",
                reason: "Data corrupted at path ''. Cannot initialize Int from invalid String value first."),
            // The decoder's order: a bad unit is found before a bad variable, a bad variable
            // before coordinates out of range.
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=47&longitude=8&hourly=foo&temperature_unit=kelvin",
                reason:
                    "Data corrupted at path 'temperature_unit'. Cannot initialize TemperatureUnit from invalid String value kelvin."
            ),
            BadRequest(
                pathAndQuery: "/v1/forecast?latitude=95&longitude=8&hourly=foo",
                reason:
                    "Data corrupted at path ''. Cannot initialize \(BadRequestTests.forecastVariableType) from invalid String value foo."
            ),
        ])
    func badRequest(_ request: BadRequest) async throws {
        let answer = try await ServerHarness.run { server in try await server.get(request.pathAndQuery) }
        #expect(answer.status == 400)
        #expect(answer.contentType == "application/json")
        #expect(answer.text == #"{"error":true,"reason":"\#(request.reason)"}"#)
    }

    /// Open-Meteo's free API weighs a request (ten variables over 14 days weigh 1 a place)
    /// and answers none above 5,000: here 1,000 places of 51 variables weigh 5,100 (50
    /// current and one hourly: each section counts), and of the 50 current ones 5,000. The
    /// answered one asks for `current` only: 24 times less to compute than 50 hourly variables
    /// for a day, which took a loaded machine's debug build past the request's 300 s.
    @Test("a request weighing more than 5,000: Open-Meteo's words")
    func tooMuchData() async throws {
        let places = (0..<1000).map { _ in "1" }.joined(separator: ",")
        let current = (1...50).map { "temperature_\($0)hPa" }.joined(separator: ",")
        let (heavy, light) = try await ServerHarness.run { server in
            (
                try await server.get(
                    "/v1/forecast?latitude=\(places)&longitude=\(places)&current=\(current)&hourly=temperature_51hPa&forecast_days=1"
                ),
                try await server.get(
                    "/v1/forecast?latitude=\(places)&longitude=\(places)&current=\(current)&forecast_days=1")
            )
        }
        #expect(heavy.status == 400)
        #expect(
            heavy.text
                == #"{"error":true,"reason":"Your API call requests too much data. Please reduce the number of variables, locations and/or weather models."}"#
        )
        #expect(light.status == 200)
    }

    /// 1,000 places are answered (`tooMuchData`'s light request); one more is refused
    /// before anything is weighed.
    @Test("1,001 places: Open-Meteo's words for too many locations")
    func tooManyPlaces() async throws {
        let places = (0..<1001).map { _ in "1" }.joined(separator: ",")
        let answer = try await ServerHarness.run { server in
            try await server.get("/v1/forecast?latitude=\(places)&longitude=\(places)&hourly=temperature_2m")
        }
        #expect(answer.status == 400)
        #expect(answer.text == #"{"error":true,"reason":"Only up to 1000 locations can be requested at once"}"#)
    }

    /// Open-Meteo's ranges include their ends: -90...90 and -180...180.
    @Test(
        "the ends of the ranges are answered",
        arguments: [
            "latitude=90&longitude=180", "latitude=-90&longitude=-180", "latitude=0&longitude=180",
            "latitude=0&longitude=-180",
            // Read as a Float, as Open-Meteo reads it: 90 there.
            "latitude=90.0000001&longitude=0",
            // The allowed dates' and hours' first and last (the refusals just past them are above).
            "latitude=47&longitude=8&start_date=2024-03-30&end_date=2024-07-16",
            "latitude=47&longitude=8&start_hour=2024-03-30T00:00&end_hour=2024-07-16T23:00",
        ])
    func rangeEnds(coordinates: String) async throws {
        let answer = try await ServerHarness.run { server in
            try await server.get("/v1/forecast?\(coordinates)&hourly=temperature_2m")
        }
        #expect(answer.status == 200, "\(answer.text)")
    }

    @Test(
        "the accepted spellings of GMT: GMT, UTC, Etc/UTC (answered in GMT)",
        arguments: ["GMT", "UTC", "utc", "Etc/UTC"])
    func timezones(timezone: String) async throws {
        let answer = try await ServerHarness.run { server in try await server.forecast("timezone=\(timezone)") }
        #expect(answer.status == 200)
        #expect(try answer.json().string("timezone") == "GMT")
        #expect(try answer.json().number("utc_offset_seconds") == 0)
    }

    /// A JSON body with an object where a list is asked, and one that is not JSON: the
    /// words of Open-Meteo's decoder (Foundation's, through Vapor).
    @Test("a JSON body with an object for a list, and one that is not JSON: 400 in Open-Meteo's words")
    func unreadableBodies() async throws {
        let (object, cut) = try await ServerHarness.run { server in
            (
                try await server.get(
                    "/v1/forecast", method: .POST, headers: ["Content-Type": "application/json"],
                    body: Array(#"{"latitude":{"north":47},"longitude":[8]}"#.utf8)),
                try await server.get(
                    "/v1/forecast", method: .POST, headers: ["Content-Type": "application/json"],
                    body: Array(#"{"latitude":[47],"longitude":[8"#.utf8))
            )
        }
        #expect(object.status == 400)
        #expect(
            object.text
                == #"{"error":true,"reason":"Value was not of type 'Array<String>' at path 'latitude'. Expected to decode Array<String> but found a dictionary instead."}"#
        )
        #expect(cut.status == 400)
        #expect(
            cut.text
                == #"{"error":true,"reason":"The data couldn’t be read because it isn’t in the correct format."}"#)
    }
}
