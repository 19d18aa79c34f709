// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastWeather

/// The refetch policy, driven lookup by lookup in simulated time.
@Suite("Weather service: cache, windows, shared fetches, backoff")
struct WeatherServiceTests {
    /// 2024-07-01T12:00:00Z, the start of a 15-minute window.
    static let noon = 1_719_835_200.0
    static let sunny = WeatherConditions(
        temperatureCelsius: 21.5, apparentTemperatureCelsius: 20.9, relativeHumidity: 55, precipitationMm: 0,
        cloudCover: 10, weatherCode: .mainlyClear, windSpeedMps: 3.2, windDirectionDegrees: 250, isDay: true)

    static func query(latitude: Double = 47.3769, longitude: Double = 8.5417, at offset: Double = 0) -> WeatherQuery {
        WeatherQuery(latitude: latitude, longitude: longitude, elevationMeters: 408, unixTime: noon + offset)
    }

    static func success(_ conditions: WeatherConditions = sunny, attempts: Int = 1) -> WeatherFetchOutcome {
        WeatherFetchOutcome(result: .success(conditions), attempts: attempts, elapsedMilliseconds: 12.5)
    }

    static func failure(transient: Bool = true, status: Int? = 500) -> WeatherFetchOutcome {
        WeatherFetchOutcome(
            result: .failure(WeatherFetchFailure(message: "HTTP 500", httpStatus: status, isTransient: transient)),
            attempts: 3, elapsedMilliseconds: 40)
    }

    /// The ticket of a lookup that must go to the network.
    static func ticket(_ lookup: WeatherService.Lookup) throws -> WeatherFetchTicket {
        guard case .fetch(let ticket) = lookup else {
            Issue.record("expected a fetch, got \(lookup)")
            throw LookupMismatch()
        }
        return ticket
    }

    struct LookupMismatch: Error {}

    @Test func theModelAnswersAMissAtOnceAndTheCacheAnswersTheRestOfTheWindow() throws {
        var service = WeatherService(policy: WeatherServicePolicy(), model: WeatherModel())
        let first = service.lookup(Self.query())
        guard case .event(.weather(let weather)) = first else {
            Issue.record("expected model weather, got \(first)")
            return
        }
        #expect(weather.source == .model)
        #expect(weather.attempts == 1)
        #expect(weather.fetchMilliseconds == nil)
        #expect(weather.cell.description == "47.37,8.54")
        #expect(
            weather.conditions
                == WeatherModel().conditions(
                    latitude: 47.3769, longitude: 8.5417, elevationMeters: 408, unixTime: Self.noon))
        // 300 m away, 14 minutes later: same cell, same window.
        #expect(service.lookup(Self.query(latitude: 47.3771, longitude: 8.5449, at: 14 * 60)) == .nothing)
        #expect(service.statistics == WeatherStatistics(lookups: 2, networkFetches: 0, cacheHits: 1, errors: 0))
    }

    @Test func reportingCacheHitsRepeatsTheCachedConditionsWithTheNewPosition() {
        var service = WeatherService(policy: WeatherServicePolicy(reportsCacheHits: true), model: WeatherModel())
        guard case .event(.weather(let fetched)) = service.lookup(Self.query()),
            case .event(.weather(let hit)) = service.lookup(Self.query(latitude: 47.3772, at: 60))
        else {
            Issue.record("expected two weather events")
            return
        }
        #expect(hit.source == .cache)
        #expect(!hit.stale)
        #expect(hit.attempts == 0)
        #expect(hit.latitude == 47.3772)
        #expect(hit.conditions == fetched.conditions)
    }

    @Test(arguments: [
        (offset: 899.0, refetches: false),
        (offset: 900.0, refetches: true),
        (offset: -0.001, refetches: true),
    ])
    func freshnessEndsWithTheWindow(offset: Double, refetches: Bool) {
        var service = WeatherService(policy: WeatherServicePolicy(), model: WeatherModel())
        _ = service.lookup(Self.query())
        let again = service.lookup(Self.query(at: offset))
        #expect((again != .nothing) == refetches)
    }

    @Test func anotherCellIsAnotherMiss() {
        var service = WeatherService(policy: WeatherServicePolicy(), model: WeatherModel())
        _ = service.lookup(Self.query())
        // 0.01° further north: the next row of cells.
        guard case .event(.weather(let weather)) = service.lookup(Self.query(latitude: 47.3869)) else {
            Issue.record("expected a fetch for the neighbouring cell")
            return
        }
        #expect(weather.cell.description == "47.38,8.54")
        #expect(service.statistics.cacheHits == 0)
    }

    @Test func aCellBeingFetchedSharesThatFetch() throws {
        var service = WeatherService(policy: WeatherServicePolicy(reportsCacheHits: true), model: nil)
        let ticket = try Self.ticket(service.lookup(Self.query()))
        #expect(service.hasFetchesInFlight)
        #expect(service.lookup(Self.query(at: 5)) == .nothing)
        #expect(service.lookup(Self.query(at: 10)) == .nothing)
        let events = service.complete(ticket, with: Self.success(attempts: 2))
        #expect(!service.hasFetchesInFlight)
        guard case .weather(let weather)? = events.first, events.count == 1 else {
            Issue.record("expected one weather event, got \(events)")
            return
        }
        #expect(weather.source == .network)
        #expect(weather.attempts == 2)
        #expect(weather.fetchMilliseconds == 12.5)
        #expect(weather.conditions == Self.sunny)
        #expect(service.statistics == WeatherStatistics(lookups: 3, networkFetches: 1, cacheHits: 2, errors: 0))
        if case .event(.weather(let hit)) = service.lookup(Self.query(at: 20)) {
            #expect(hit.source == .cache)
        } else {
            Issue.record("expected a reported cache hit after the fetch")
        }
    }

    @Test func aFailedCellIsLeftAloneForTheBackoffWhichDoubles() throws {
        var service = WeatherService(policy: WeatherServicePolicy(failureBackoffSeconds: 60), model: nil)
        let first = try Self.ticket(service.lookup(Self.query()))
        let events = service.complete(first, with: Self.failure())
        #expect(
            events == [
                .failure(
                    WeatherFailure(
                        cell: first.cell, message: "HTTP 500", attempts: 3, httpStatus: 500, willRetry: true))
            ])
        #expect(service.lookup(Self.query(at: 59)) == .nothing)
        let second = try Self.ticket(service.lookup(Self.query(at: 60)))
        _ = service.complete(second, with: Self.failure())
        #expect(service.lookup(Self.query(at: 60 + 119)) == .nothing)
        let third = try Self.ticket(service.lookup(Self.query(at: 60 + 120)))
        _ = service.complete(third, with: Self.success())
        #expect(service.statistics == WeatherStatistics(lookups: 5, networkFetches: 3, cacheHits: 0, errors: 2))
        // Success resets the backoff: the next window fetches at once even though it failed before.
        _ = try Self.ticket(service.lookup(Self.query(at: 900)))
    }

    @Test func theBackoffIsPerCell() throws {
        var service = WeatherService(policy: WeatherServicePolicy(), model: nil)
        let failing = try Self.ticket(service.lookup(Self.query()))
        _ = service.complete(failing, with: Self.failure())
        _ = try Self.ticket(service.lookup(Self.query(latitude: 47.3869, at: 1)))
    }

    @Test func anUnreachableServerBacksOffEveryCell() throws {
        var service = WeatherService(policy: WeatherServicePolicy(), model: nil)
        let refused = WeatherFetchOutcome(
            result: .failure(
                WeatherFetchFailure(
                    message: "cannot connect to 127.0.0.1:9: connection refused", isTransient: true,
                    serverUnreachable: true)),
            attempts: 3, elapsedMilliseconds: 3)
        _ = service.complete(try Self.ticket(service.lookup(Self.query())), with: refused)
        // Another cell within the minute: the server is down there too, so no fetch.
        #expect(service.lookup(Self.query(latitude: 47.3869, at: 30)) == .nothing)
        // After the minute: one new attempt, which also restores every cell on success.
        let retry = try Self.ticket(service.lookup(Self.query(latitude: 47.3869, at: 60)))
        _ = service.complete(retry, with: Self.success())
        _ = try Self.ticket(service.lookup(Self.query(latitude: 47.3969, at: 61)))
        #expect(service.statistics.networkFetches == 3)
    }

    @Test func theBackoffNeverExceedsTheFreshness() throws {
        var service = WeatherService(
            policy: WeatherServicePolicy(freshnessSeconds: 300, failureBackoffSeconds: 60), model: nil)
        var time = 0.0
        var gaps: [Double] = []
        for _ in 0..<6 {
            var next = time
            var lookup = service.lookup(Self.query(at: next))
            while lookup == .nothing {
                next += 1
                lookup = service.lookup(Self.query(at: next))
            }
            gaps.append(next - time)
            time = next
            _ = service.complete(try Self.ticket(lookup), with: Self.failure())
        }
        #expect(gaps == [0, 60, 120, 240, 300, 300])
    }

    @Test func afterAFailureTheLastGoodWeatherIsKeptAndMarkedStale() throws {
        var service = WeatherService(policy: WeatherServicePolicy(reportsCacheHits: true), model: nil)
        let good = try Self.ticket(service.lookup(Self.query()))
        _ = service.complete(good, with: Self.success())
        let failing = try Self.ticket(service.lookup(Self.query(latitude: 47.3869, at: 30)))
        let events = service.complete(failing, with: Self.failure())
        #expect(events.count == 2)
        guard case .failure = events.first, case .weather(let stale) = events.last else {
            Issue.record("expected a failure then stale weather, got \(events)")
            return
        }
        #expect(stale.source == .cache)
        #expect(stale.stale)
        #expect(stale.conditions == Self.sunny)
        #expect(stale.cell == failing.cell)
        // While the failed cell backs off, reported lookups keep showing the stale weather.
        guard case .event(.weather(let during)) = service.lookup(Self.query(latitude: 47.3869, at: 45)) else {
            Issue.record("expected stale weather during the backoff")
            return
        }
        #expect(during.stale)
    }

    @Test func aRefusedRequestIsNotRetriedBeforeTheNextWindow() throws {
        var service = WeatherService(policy: WeatherServicePolicy(), model: nil)
        let ticket = try Self.ticket(service.lookup(Self.query(at: 100)))
        let events = service.complete(ticket, with: Self.failure(transient: false, status: 400))
        guard case .failure(let failure)? = events.first else {
            Issue.record("expected a failure")
            return
        }
        #expect(!failure.willRetry)
        #expect(failure.httpStatus == 400)
        #expect(service.lookup(Self.query(at: 899)) == .nothing)
        _ = try Self.ticket(service.lookup(Self.query(at: 900)))
    }

    @Test(arguments: [
        (latitude: 37.80852, longitude: -122.41005, size: 0.01, name: "37.80,-122.42"),
        (latitude: -33.8688, longitude: 151.2093, size: 0.01, name: "-33.87,151.20"),
        (latitude: 0.004, longitude: -0.004, size: 0.01, name: "0.00,-0.01"),
        (latitude: 51.5, longitude: 180.2, size: 0.5, name: "51.5,-180.0"),
        (latitude: 51.51, longitude: -0.12, size: 0.025, name: "51.500,-0.125"),
        (latitude: 90, longitude: 0, size: 1, name: "90,0"),
        (latitude: 47.01, longitude: 8.03, size: 0.01, name: "47.01,8.03"),
        (latitude: -47.01, longitude: -8.03, size: 0.01, name: "-47.01,-8.03"),
    ])
    func cellsAreNamedByTheirSouthWestCorner(latitude: Double, longitude: Double, size: Double, name: String) {
        #expect(WeatherCell(latitude: latitude, longitude: longitude, sizeDegrees: size).description == name)
    }

    @Test(arguments: [
        (policy: WeatherServicePolicy(cellDegrees: 0), problem: true),
        (policy: WeatherServicePolicy(cellDegrees: 11), problem: true),
        (policy: WeatherServicePolicy(freshnessSeconds: 0.5), problem: true),
        (policy: WeatherServicePolicy(freshnessSeconds: .infinity), problem: true),
        (policy: WeatherServicePolicy(cellDegrees: 0.05, freshnessSeconds: 3600), problem: false),
        // No backoff after a failure is a policy (every move asks again); a negative one is not.
        (policy: WeatherServicePolicy(failureBackoffSeconds: 0), problem: false),
        (policy: WeatherServicePolicy(failureBackoffSeconds: -1), problem: true),
        (policy: WeatherServicePolicy(failureBackoffSeconds: .nan), problem: true),
    ])
    func policiesThatCannotWorkAreRefused(policy: WeatherServicePolicy, problem: Bool) {
        #expect((policy.problem != nil) == problem)
    }

    /// `--weather-cell` takes 0.0001 to 10 degrees, both ends included, as its message says.
    @Test(
        "a cell of 0.0001 or 10 degrees is taken; just outside either end, or not a number, is refused by name",
        arguments: [
            (0.0001, nil), (10, nil), (0.5, nil),
            (10.5, "--weather-cell must be between 0.0001 and 10 degrees, not 10.5"),
            (0.00005, "--weather-cell must be between 0.0001 and 10 degrees, not 5e-05"),
            (0, "--weather-cell must be between 0.0001 and 10 degrees, not 0"),
            (-10, "--weather-cell must be between 0.0001 and 10 degrees, not -10"),
            (.nan, "--weather-cell must be between 0.0001 and 10 degrees, not nan"),
        ] as [(Double, String?)])
    func cellSizeLimitsAreInclusive(cellDegrees: Double, problem: String?) {
        #expect(WeatherServicePolicy(cellDegrees: cellDegrees).problem == problem)
    }
}
