// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Clocks
import TrailcastEngine
import Testing
import TrailcastWeather
import TrailcastCoreLocation
import TrailcastSettings
import TrailcastTimeline
import TrailcastBasics
import TrailcastDevice

/// Every location the app receives asks the weather service; what it answers goes into
/// the timeline right after the location (virtual time) or when it arrives (real time).
@Suite("Replay: weather on every location change")
struct ReplayWeatherTests {
    static let allowed = LocationService.Configuration(initialStatus: .authorizedWhenInUse)

    /// The (cell, freshness window) pairs the app's locations visit, in order of first visit.
    static func visitedCellWindows(_ run: ReplayTests.Run, policy: WeatherServicePolicy = .init()) -> [String] {
        var seen: [String] = []
        for fix in run.locations {
            let cell = WeatherCell(latitude: fix.latitude, longitude: fix.longitude, sizeDegrees: policy.cellDegrees)
            let window = Int64((fix.time.timeIntervalSince1970 / policy.freshnessSeconds).rounded(.down))
            let key = "\(cell)@\(window)"
            if !seen.contains(key) { seen.append(key) }
        }
        return seen
    }

    static func weather(_ run: ReplayTests.Run) -> [WeatherObservation] {
        run.events.compactMap { if case .weather(let weather) = $0.kind { weather } else { nil } }
    }

    @Test func theBuiltInModelAnswersOncePerCellAndWindowRightAfterTheLocation() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        // 40 points 111 m and a minute apart: 4 cells of 0.01°, 3 windows of 15 minutes.
        let path = try scratch.write(GPX.track(40))
        let run = try await ReplayTests.replay(path, ReplayConfiguration(location: Self.allowed))
        let weather = Self.weather(run)
        #expect(weather.count == Self.visitedCellWindows(run).count)
        #expect(weather.count == 5, "cells 47.00-47.03 over windows 16:00, 16:15, 16:30: 1 + 2 + 1 + 1")
        #expect(weather.allSatisfy { $0.source == .model && !$0.stale && $0.attempts == 1 })
        for (index, event) in run.events.enumerated() where event.kind.typeName == "weather" {
            #expect(run.events[index - 1].kind.fix != nil, "weather follows the location that asked for it")
            #expect(run.events[index - 1].offsetSeconds == event.offsetSeconds)
        }
        let first = try #require(weather.first)
        let fix = try #require(run.locations.first)
        #expect(
            first.conditions
                == WeatherModel().conditions(
                    latitude: fix.latitude, longitude: fix.longitude, elevationMeters: fix.altitudeMeters,
                    unixTime: fix.time.timeIntervalSince1970))
        #expect(
            run.summary.weather
                == WeatherStatistics(
                    lookups: 40, networkFetches: 0, cacheHits: 40 - weather.count, errors: 0))
    }

    @Test func reportingAllLookupsGivesAWeatherEventPerLocation() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(GPX.track(12))
        var configuration = ReplayConfiguration(location: Self.allowed)
        configuration.weather.policy.reportsCacheHits = true
        let run = try await ReplayTests.replay(path, configuration)
        let weather = Self.weather(run)
        #expect(weather.count == 12)
        #expect(weather.filter { $0.source == .cache }.count == run.summary.weather.cacheHits)
    }

    @Test(arguments: [
        LocationService.Configuration(initialStatus: .denied),
        LocationService.Configuration(promptAnswer: .deny),
        LocationService.Configuration(initialStatus: .authorizedWhenInUse, servicesEnabled: false),
    ])
    func noPermissionMeansNoWeather(location: LocationService.Configuration) async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(GPX.track(20))
        let fetcher = ScriptedWeatherFetcher.alwaysDrizzle()
        let run = try await ReplayTests.replay(
            path, ReplayConfiguration(location: location, weather: WeatherSettings(provider: .openMeteo)),
            weatherFetcher: fetcher)
        #expect(Self.weather(run).isEmpty)
        #expect(fetcher.queries.isEmpty)
        #expect(run.summary.weather == WeatherStatistics())
    }

    @Test func noWeatherProviderMeansNoLookups() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(GPX.track(20))
        let run = try await ReplayTests.replay(
            path, ReplayConfiguration(location: Self.allowed, weather: WeatherSettings(provider: .none)))
        #expect(run.events.allSatisfy { !$0.kind.typeName.hasPrefix("weather") })
        #expect(run.summary.weather == WeatherStatistics())
    }

    @Test func onVirtualTimeNetworkFetchesAreAwaitedInOrder() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(GPX.track(40))
        let fetcher = ScriptedWeatherFetcher.alwaysDrizzle()
        let run = try await ReplayTests.replay(
            path, ReplayConfiguration(location: Self.allowed, weather: WeatherSettings(provider: .openMeteo)),
            weatherFetcher: fetcher)
        let weather = Self.weather(run)
        #expect(fetcher.queries.count == Self.visitedCellWindows(run).count)
        #expect(weather.count == fetcher.queries.count)
        #expect(weather.allSatisfy { $0.source == .network && $0.fetchMilliseconds == 7 })
        #expect(run.summary.weather.networkFetches == fetcher.queries.count)
        for (index, event) in run.events.enumerated() where event.kind.typeName == "weather" {
            let location = try #require(run.events[index - 1].kind.fix)
            guard case .weather(let weather) = event.kind else { continue }
            #expect(weather.latitude == location.latitude)
            #expect(weather.longitude == location.longitude)
        }
        #expect(fetcher.queries.first?.elevationMeters == nil, "the test track has no <ele>")
    }

    @Test func aDeadServerGivesBoundedErrorsAndLosesNoLocation() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        // 30 minutes in one cell (longitude changes by 0.00001° a minute): one cell, two windows.
        let points = (0..<31).map {
            GPX.point(0, seconds: Double($0) * 60, longitude: "8.00\($0 < 10 ? "0" : "")\($0)")
        }
        let path = try scratch.write(GPX.segment(points))
        let fetcher = ScriptedWeatherFetcher.alwaysFailing()
        let run = try await ReplayTests.replay(
            path, ReplayConfiguration(location: Self.allowed, weather: WeatherSettings(provider: .openMeteo)),
            weatherFetcher: fetcher)
        #expect(run.locations.count == 31)
        let errors = run.events.filter { $0.kind.typeName == "weatherError" }
        // Backoff 60, 120, 240, 480 s, then the 900 s freshness: attempts at 0, 1, 3, 7, 15
        // and 30 minutes, not 31.
        #expect(errors.count == fetcher.queries.count)
        #expect(errors.map(\.offsetSeconds) == [0, 60, 180, 420, 900, 1800])
        #expect(run.summary.weather.errors == errors.count)
        guard case .weatherError(let failure) = errors.first?.kind else {
            Issue.record("expected a weatherError")
            return
        }
        #expect(failure.httpStatus == 500)
        #expect(failure.attempts == 3)
        #expect(failure.willRetry)
        #expect(failure.message == "HTTP 500: boom")
    }

    @Test func afterAFailureTheLastGoodWeatherIsReportedStale() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(GPX.track(20))
        // The first fetch works, every later one fails.
        let fetcher = ScriptedWeatherFetcher { call, _ in
            call == 0
                ? WeatherFetchOutcome(
                    result: .success(ScriptedWeatherFetcher.drizzle), attempts: 1, elapsedMilliseconds: 5)
                : WeatherFetchOutcome(
                    result: .failure(WeatherFetchFailure(message: "timed out after 5 s", isTransient: true)),
                    attempts: 3, elapsedMilliseconds: 15_000)
        }
        let run = try await ReplayTests.replay(
            path, ReplayConfiguration(location: Self.allowed, weather: WeatherSettings(provider: .openMeteo)),
            weatherFetcher: fetcher)
        let types = run.events.map(\.kind.typeName).filter { $0.hasPrefix("weather") }
        #expect(types.prefix(3) == ["weather", "weatherError", "weather"])
        let stale = Self.weather(run).dropFirst().first
        #expect(stale?.stale == true)
        #expect(stale?.source == .cache)
        #expect(stale?.conditions == ScriptedWeatherFetcher.drizzle)
        #expect(run.locations.count == 20)
    }

    @Test func openMeteoWithoutAFetcherIsAConfigurationError() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(GPX.track(2))
        await #expect(throws: ReplayError.self) {
            _ = try await ReplayTests.replay(path, ReplayConfiguration(weather: WeatherSettings(provider: .openMeteo)))
        }
    }

    // MARK: - Real time

    /// A real-time run, on a test clock, of `body` against a server that answers only when
    /// the test opens its gate.
    static func startAgainstGatedServer(
        _ body: [String], speed: Double, in scratch: GPXScratch
    ) throws -> (TestClock<Duration>, SharedTimeline, GatedWeatherFetcher, Task<ReplaySummary, any Error>) {
        let clock = TestClock()
        let timeline = SharedTimeline()
        let fetcher = GatedWeatherFetcher()
        let replay = Replay(
            file: try scratch.write(body),
            configuration: ReplayConfiguration(
                speed: speed, location: allowed, weather: WeatherSettings(provider: .openMeteo)),
            weatherFetcher: fetcher)
        return (clock, timeline, fetcher, Task { try await timeline.run(replay, clock: clock) })
    }

    /// Fixes at 0, 10, 20 and 30 s in one cell, at 2x.
    @Test func inRealTimeASlowServerNeverDelaysALocationAndLookupsShareTheFetch() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let (clock, timeline, fetcher, run) = try Self.startAgainstGatedServer(
            ReplayPacingTests.fourFixes, speed: 2, in: scratch)

        await fetcher.waitForCalls(1)
        try await clock.waitUntilSleeping()
        #expect(timeline.outline == ["start@0.0", "authorization@0.0", "location@0.0"])

        // The server has not answered; the fixes at 10 s and 20 s arrive on time anyway.
        await clock.advance(by: .seconds(5))
        try await clock.waitUntilNextSleep(afterFlushes: 2, of: timeline)
        await clock.advance(by: .seconds(5))
        try await clock.waitUntilNextSleep(afterFlushes: 3, of: timeline)
        #expect(timeline.outline.suffix(2) == ["location@10.0", "location@20.0"])
        #expect(fetcher.calls == 1, "lookups in the cell being fetched share that fetch")

        // The answer arrives 12 s in (simulated 24 s): recorded then, before the fix at 30 s.
        await clock.advance(by: .seconds(2))
        fetcher.open()
        await yield(until: { timeline.outline.contains(where: { $0.hasPrefix("weather") }) })
        #expect(timeline.outline.last == "weather@24.0")
        await clock.advance(by: .seconds(3))
        let summary = try await run.value
        #expect(timeline.outline.suffix(2) == ["location@30.0", "end@30.0"])
        #expect(summary.weather == WeatherStatistics(lookups: 4, networkFetches: 1, cacheHits: 3, errors: 0))
    }

    @Test func aRunEndingWithAFetchUnderWayWaitsForItsAnswer() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let (clock, timeline, fetcher, run) = try Self.startAgainstGatedServer(
            GPX.segment([GPX.point(0, seconds: 0)]), speed: 1, in: scratch)
        await fetcher.waitForCalls(1)
        await clock.advance(by: .seconds(3))
        fetcher.open()
        let summary = try await run.value
        #expect(timeline.outline.suffix(2) == ["weather@3.0", "end@3.0"])
        #expect(summary.weather.networkFetches == 1)
    }

    @Test func cancellingARunWithAFetchUnderWayEndsItAtOnce() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let (clock, timeline, fetcher, run) = try Self.startAgainstGatedServer(
            ReplayPacingTests.fourFixes, speed: 1, in: scratch)
        await fetcher.waitForCalls(1)
        try await clock.waitUntilSleeping()
        run.cancel()
        let summary = try await run.value
        #expect(summary.interrupted)
        #expect(timeline.outline.last == "end@0.0")
        #expect(!timeline.outline.contains { $0.hasPrefix("weather") })
        fetcher.open()
    }
}
