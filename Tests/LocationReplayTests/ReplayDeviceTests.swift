// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import TrailcastEngine
import Testing
import TrailcastWeather
import TrailcastBasics
import TrailcastCoreLocation
import TrailcastSettings
import TrailcastTimeline
import TrailcastDevice

/// The device layer inside a replay: signal loss and what Core Location reports, gaps,
/// noise through the location service's rules, seeds.
@Suite("Replay with the simulated GPS")
struct ReplayDeviceTests {
    static let authorized = LocationService.Configuration(initialStatus: .authorizedWhenInUse)

    static func track(_ scratch: GPXScratch, count: Int, everySeconds: Double) throws -> String {
        try scratch.write(GPX.segment((0..<count).map { GPX.point($0, seconds: Double($0) * everySeconds) }))
    }

    @Test func aTunnelIsOneLocationUnknownNoLocationsWhileLostAndLocationsAfter() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try Self.track(scratch, count: 30, everySeconds: 10)
        let run = try await ReplayTests.replay(
            path,
            withoutWeather(
                ReplayConfiguration(
                    location: Self.authorized,
                    events: [
                        try ScheduledEvent(parsing: "55s:signal=lost"),
                        try ScheduledEvent(parsing: "2m5s:signal=restored"),
                    ])))
        #expect(
            run.outline.filter { !$0.hasPrefix("location@") } == [
                "start@0.0", "authorization@0.0", "signal@55.0", "locationError@55.0", "signal@125.0", "missed@130.0",
                "end@290.0",
            ])
        // The epochs at 60 s to 120 s had no fix: one stretch, said with the first fix after it.
        let missed = try #require(run.events.compactMap(\.kind.missed).first)
        #expect(missed.reason == .noSignal)
        #expect(missed.fixes == 7)
        #expect(missed.sinceOffset == 60 && missed.untilOffset == 120)
        #expect(missed.path.count == 7, "a short stretch keeps every position")
        #expect(run.events.compactMap(\.kind.locationError) == [.locationUnknown])
        #expect(run.events.compactMap(\.kind.signal?.cause) == [.event, .event])
        #expect(!run.locationOffsets.contains { $0 > 55 && $0 < 125 })
        #expect(run.locationOffsets.filter { $0 >= 125 }.count == 17)
        #expect(
            run.summary.distanceMeters == (0..<29).map { GPX.legMeters($0, $0 + 1) }.reduce(0, +),
            "the device moved through the tunnel")
    }

    @Test func anAppThatReceivesNoUpdatesGetsNoErrorFromATunnel() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try Self.track(scratch, count: 10, everySeconds: 10)
        let run = try await ReplayTests.replay(
            path,
            withoutWeather(
                ReplayConfiguration(
                    location: .init(initialStatus: .denied),
                    events: [try ScheduledEvent(parsing: "20s:signal=lost")])))
        #expect(run.events.contains { $0.kind.typeName == "signal" })
        #expect(run.events.allSatisfy { $0.kind != .locationError(.locationUnknown) })
    }

    @Test func grantedInsideATunnelTheAppLearnsAtOnceThatNoFixCanBeHad() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try Self.track(scratch, count: 10, everySeconds: 10)
        let run = try await ReplayTests.replay(
            path,
            withoutWeather(
                ReplayConfiguration(
                    location: .init(initialStatus: .denied),
                    events: [
                        try ScheduledEvent(parsing: "20s:signal=lost"),
                        try ScheduledEvent(parsing: "30s:authorization=whenInUse"),
                        try ScheduledEvent(parsing: "50s:signal=restored"),
                    ])))
        #expect(run.outline.contains("locationError@30.0"))
        #expect(run.locationOffsets == [50, 60, 70, 80, 90])
    }

    @Test func aGapBetweenSegmentsIsNoSignalNotAWalk() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write([
            "<trk><trkseg>", GPX.point(0, seconds: 0), GPX.point(1, seconds: 10), "</trkseg>",
            "<trkseg>", GPX.point(2, seconds: 600), GPX.point(3, seconds: 610), "</trkseg></trk>",
        ])
        let run = try await ReplayTests.replay(
            path,
            withoutWeather(
                ReplayConfiguration(
                    intervalSeconds: 5, location: Self.authorized)))
        #expect(run.locationOffsets == [0, 5, 10, 600, 605, 610])
        #expect(
            run.outline.filter { $0.hasPrefix("signal") || $0.hasPrefix("locationError") }
                == ["signal@15.0", "locationError@15.0", "signal@600.0"])
        let causes = run.events.compactMap(\.kind.signal?.cause)
        #expect(causes == [.gap, .gap])
    }

    @Test func aLegLongerThanMaxGapIsAPauseUnlessMaxGapIsZero() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(GPX.segment([GPX.point(0, seconds: 0), GPX.point(1, seconds: 3600)]))
        let paused = try await ReplayTests.replay(
            path,
            withoutWeather(
                ReplayConfiguration(
                    intervalSeconds: 60, location: Self.authorized)))
        #expect(paused.locationOffsets == [0, 3600])
        #expect(
            paused.events.contains {
                $0.kind
                    == .signal(
                        SignalChange(
                            state: .lost, cause: .gap, time: ReplayTests.start.adding(seconds: 60)))
            })
        let walked = try await ReplayTests.replay(
            path,
            withoutWeather(
                ReplayConfiguration(
                    intervalSeconds: 60, location: Self.authorized, maxGapSeconds: 0)))
        #expect(walked.locationOffsets.count == 61)
        #expect(!walked.events.contains { $0.kind.typeName == "signal" })
    }

    @Test func aSixHourLegAtOneSecondFinishesOnVirtualTime() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(GPX.segment([GPX.point(0, seconds: 0), GPX.point(1, seconds: 21_600)]))
        var counter = LocationCounter()
        let summary = try await Replay(
            file: path,
            configuration: withoutWeather(
                ReplayConfiguration(
                    intervalSeconds: 1, location: Self.authorized, maxGapSeconds: 0))
        )
        .run(clock: ContinuousClock(), recorder: &counter)
        #expect(summary.locations == 21_601)
        #expect(counter.locations == 21_601)
        #expect(summary.simulatedSeconds == 21_600)
    }

    @Test func theSameSeedGivesTheSameTimelineAndAnotherSeedOtherLocations() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try Self.track(scratch, count: 60, everySeconds: 1)
        func run(seed: UInt64) async throws -> [TimelineEvent] {
            var timeline = TimelineCollector()
            _ = try await Replay(
                file: path,
                configuration: ReplayConfiguration(
                    location: Self.authorized, gps: .urbanCanyon, seed: seed, jitterMilliseconds: 300)
            )
            .run(clock: ContinuousClock(), recorder: &timeline)
            return timeline.events.filter { $0.kind.typeName != "end" }
        }
        let first = try await run(seed: 5)
        #expect(first == (try await run(seed: 5)))
        let other = try await run(seed: 6)
        let firstFixes = first.compactMap(\.kind.fix)
        let otherFixes = other.compactMap(\.kind.fix)
        // No dropout in this minute with either seed: a fix for every point.
        #expect(firstFixes.count == 60 && otherFixes.count == 60)
        #expect(zip(firstFixes, otherFixes).allSatisfy { $0.latitude != $1.latitude })
        #expect(firstFixes.allSatisfy { $0.truth != nil })
    }

    @Test func theDistanceFilterMeasuresFromTheLastDeliveredNoisyFix() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        // Standing still for ten minutes: a perfect GPS passes one fix through a 10 m
        // filter; a noisy one wanders past it now and then, as on a real device.
        let path = try scratch.write(GPX.segment((0..<600).map { GPX.point(0, seconds: Double($0)) }))
        var configuration = withoutWeather(
            ReplayConfiguration(
                location: .init(initialStatus: .authorizedWhenInUse, distanceFilterMeters: 10)))
        let perfect = try await ReplayTests.replay(path, configuration)
        #expect(perfect.summary.locations == 1)
        configuration.gps = .urbanCanyon
        let noisy = try await ReplayTests.replay(path, configuration)
        #expect(noisy.summary.locations == 118, "the wander past 10 m, with seed 1")
        for (a, b) in zip(noisy.locations, noisy.locations.dropFirst()) {
            #expect(
                GreatCircle.distanceMeters(
                    latitude1: a.latitude, longitude1: a.longitude,
                    latitude2: b.latitude, longitude2: b.longitude) >= 10)
        }
    }

    @Test func reducedAccuracySnapsTheNoisyFixToItsCell() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try Self.track(scratch, count: 40, everySeconds: 60)
        let run = try await ReplayTests.replay(
            path,
            withoutWeather(
                ReplayConfiguration(
                    location: .init(initialStatus: .authorizedWhenInUse, initialAccuracy: .reduced), gps: .indoor)))
        // At 0, 16 and 31 minutes: one fix in 15 minutes, none while the indoor signal is lost.
        #expect(run.locationOffsets == [0, 960, 1860])
        for fix in run.locations {
            #expect(fix.horizontalAccuracyMeters >= ApproximateLocation.horizontalAccuracyMeters)
            #expect(fix.truth != nil)
            var grid = fix
            grid.latitude += 1e-9
            #expect(ApproximateLocation.approximate(grid).latitude == fix.latitude, "a cell centre")
        }
    }

    @Test func aStandingDeviceWithNoiseCausesNoWeatherFetchStorm() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        // An hour standing at one place, a fix a second, through the urban canyon's tens of
        // metres of wander: the 0.01° cache cells keep the lookups to a handful.
        let path = try scratch.write(GPX.segment((0..<3600).map { GPX.point(0, seconds: Double($0)) }))
        let run = try await ReplayTests.replay(path, ReplayConfiguration(location: Self.authorized, gps: .urbanCanyon))
        // One lookup per fix: 3600 epochs less the urban canyon's dropouts with seed 1.
        #expect(run.summary.weather.lookups == 3383)
        let answered = run.events.filter { $0.kind.typeName == "weather" }.count
        #expect(answered == 16, "at most a few cells in each of the hour's four 15-minute windows: \(answered)")
        #expect(run.summary.weather.cacheHits == run.summary.weather.lookups - 16)
    }
}

/// Counts locations without keeping events: a long run stays small.
struct LocationCounter: TimelineRecorder {
    var locations = 0

    mutating func record(_ event: TimelineEvent) {
        if case .location = event.kind { locations += 1 }
    }

    mutating func flush() {}
}

extension TimelineEvent.Kind {
    var signal: SignalChange? {
        if case .signal(let change) = self { return change }
        return nil
    }

    var locationError: LocationErrorCode? {
        if case .locationError(let code) = self { return code }
        return nil
    }

    var missed: MissedFixes? {
        if case .missed(let missed) = self { return missed }
        return nil
    }
}
