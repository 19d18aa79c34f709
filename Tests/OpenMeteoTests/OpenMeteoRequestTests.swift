// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastOpenMeteo
import Testing
import TrailcastWeather

/// URL building: which API, which parameters, which hour; no network.
@Suite struct OpenMeteoRequestTests {
    static let variables =
        "temperature_2m,relative_humidity_2m,apparent_temperature,is_day,"
        + "precipitation,weather_code,cloud_cover,wind_speed_10m,wind_direction_10m"
    /// 2024-07-03T09:46:40Z.
    static let now = 1_720_000_000.0

    @Test func recentTimeAsksTheForecastForItsHourAndTheNext() throws {
        let query = WeatherQuery(
            latitude: 47.3769, longitude: 8.5417, elevationMeters: 408, unixTime: 1_719_835_200 + 1500)
        let request = try OpenMeteoRequest(query: query, configuration: .init(), nowUnixTime: Self.now)
        #expect(request.api == .forecast)
        #expect(
            request.url == "https://api.open-meteo.com/v1/forecast?latitude=47.3769&longitude=8.5417"
                + "&elevation=408&hourly=\(Self.variables)&wind_speed_unit=ms&timezone=GMT&timeformat=unixtime"
                + "&start_hour=2024-07-01T12:00&end_hour=2024-07-01T13:00")
        #expect(request.authority == "api.open-meteo.com")
        #expect(request.targetUnixTime == 1_719_835_200)
    }

    @Test func unknownElevationIsLeftOut() throws {
        let query = WeatherQuery(latitude: 47.3769, longitude: 8.5417, unixTime: 1_719_835_200)
        let request = try OpenMeteoRequest(query: query, configuration: .init(), nowUnixTime: Self.now)
        #expect(!request.url.contains("elevation"))
    }

    @Test func halfPastOrLaterReadsTheNextHour() throws {
        let query = WeatherQuery(latitude: 0, longitude: 0, unixTime: 1_719_835_200 + 1800)
        let request = try OpenMeteoRequest(query: query, configuration: .init(), nowUnixTime: Self.now)
        #expect(request.targetUnixTime == 1_719_835_200 + 3600)
        #expect(request.url.hasSuffix("&start_hour=2024-07-01T12:00&end_hour=2024-07-01T13:00"))
    }

    @Test func oldTimeAsksTheArchiveForItsDateAndTheNextWhenTheNearestHourIsThere() throws {
        // 2024-07-01T23:40Z, asked on 2025-01-01: the nearest hour is 2024-07-02T00:00Z.
        let query = WeatherQuery(latitude: -33.8688, longitude: 151.2093, unixTime: 1_719_877_200)
        let configuration = OpenMeteoClient.Configuration(archiveBaseURL: "http://127.0.0.1:8080/")
        let request = try OpenMeteoRequest(query: query, configuration: configuration, nowUnixTime: 1_735_689_600)
        #expect(request.api == .archive)
        #expect(
            request.url == "http://127.0.0.1:8080/v1/archive?latitude=-33.8688&longitude=151.2093"
                + "&hourly=\(Self.variables)&wind_speed_unit=ms&timezone=GMT&timeformat=unixtime"
                + "&start_date=2024-07-01&end_date=2024-07-02")
        #expect(request.authority == "127.0.0.1:8080")
        #expect(request.targetUnixTime == 1_719_878_400)
    }

    /// On 2024-10-01 the forecast API's `past_days=92` reaches back to 2024-07-01.
    @Test(arguments: [
        (1_719_835_200.0, OpenMeteoRequest.API.forecast),  // 2024-07-01T12:00Z
        (1_719_791_940.0, OpenMeteoRequest.API.archive),  // 2024-06-30T23:59Z
    ])
    func forecastReachesBackWholeDays(unixTime: Double, api: OpenMeteoRequest.API) throws {
        let query = WeatherQuery(latitude: 0, longitude: 0, unixTime: unixTime)
        let request = try OpenMeteoRequest(query: query, configuration: .init(), nowUnixTime: 1_727_776_800)
        #expect(request.api == api)
    }

    @Test func futureTimeAsksTheForecast() throws {
        let query = WeatherQuery(latitude: 0, longitude: 0, unixTime: Self.now + 5 * 86_400)
        let request = try OpenMeteoRequest(query: query, configuration: .init(), nowUnixTime: Self.now)
        #expect(request.api == .forecast)
        #expect(request.url.hasSuffix("&start_hour=2024-07-08T09:00&end_hour=2024-07-08T10:00"))
    }

    @Test func timesBefore1970AreSpelledAsDates() throws {
        // 1969-12-31T23:10Z, floored to the 23:00 hour, not rounded toward zero.
        let query = WeatherQuery(latitude: 0, longitude: 0, unixTime: -3000)
        let request = try OpenMeteoRequest(query: query, configuration: .init(), nowUnixTime: Self.now)
        #expect(request.api == .archive)
        #expect(request.url.hasSuffix("&start_date=1969-12-31&end_date=1969-12-31"))
        #expect(request.targetUnixTime == -3600)
    }

    @Test(arguments: [
        (0.000001, "0.000001"),
        (0.00001, "0.00001"),  // Double.description says 1e-05
        (1e-7, "0"),
        (-4e-7, "0"),  // never "-0"
        (-122.3942534, "-122.394253"),
        (0.1 + 0.2, "0.3"),  // never 0.30000000000000004
        (180, "180"),
    ])
    func coordinatesArePlainDecimals(longitude: Double, text: String) throws {
        let query = WeatherQuery(latitude: 10, longitude: longitude, unixTime: Self.now)
        let request = try OpenMeteoRequest(query: query, configuration: .init(), nowUnixTime: Self.now)
        #expect(request.url.contains("?latitude=10&longitude=\(text)&"))
    }

    @Test func elevationHasCentimetres() throws {
        let query = WeatherQuery(latitude: 0, longitude: 0, elevationMeters: -12.5, unixTime: Self.now)
        let request = try OpenMeteoRequest(query: query, configuration: .init(), nowUnixTime: Self.now)
        #expect(request.url.contains("&elevation=-12.5&"))
    }

    @Test(arguments: [
        WeatherQuery(latitude: .nan, longitude: 0, unixTime: 0),
        WeatherQuery(latitude: 0, longitude: .infinity, unixTime: 0),
        WeatherQuery(latitude: 0, longitude: 0, elevationMeters: .nan, unixTime: 0),
        WeatherQuery(latitude: 0, longitude: 0, unixTime: .infinity),
    ])
    func nonFiniteQueriesAreRefusedWithoutARequest(query: WeatherQuery) {
        let failure = #expect(throws: WeatherFetchFailure.self) {
            try OpenMeteoRequest(query: query, configuration: .init(), nowUnixTime: Self.now)
        }
        #expect(failure?.isTransient == false)
        #expect(failure?.message.hasPrefix("invalid query") == true)
    }
}
