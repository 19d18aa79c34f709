// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Clocks
import Foundation
import TrailcastEngine
import Testing
import TrailcastCoreLocation
import TrailcastSettings
import TrailcastTimeline
import TrailcastApps
import TrailcastDevice
import TrailcastBasics

/// Scheduled events, loops, accuracy and cancellation through whole runs.
extension ReplayTests {
    static func events(_ arguments: String...) throws -> [ScheduledEvent] {
        try arguments.map { try ScheduledEvent(parsing: $0) }
    }

    static func auth(
        _ from: AuthorizationStatus, _ to: AuthorizationStatus, _ cause: AuthorizationChangeCause,
        accuracy: LocationAccuracy = .full, services: Bool = true
    ) -> TimelineEvent.Kind {
        .authorization(
            AuthorizationChange(from: from, to: to, accuracy: accuracy, servicesEnabled: services, cause: cause))
    }

    @Test func scheduledEventsFireAtTheirOffsetsInOrder() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        // Fixes at 0, 1, 2, 3 and 4 minutes.
        let path = try scratch.write(GPX.track(5))
        let configuration = withoutWeather(
            ReplayConfiguration(
                location: .init(initialStatus: .authorizedWhenInUse),
                // Given out of order; the two at 2m keep this order.
                events: try Self.events(
                    "5m:authorization=denied", "90s:app=background", "2m:accuracy=reduced",
                    "2m:accuracy=full", "150s:app=foreground")))
        let run = try await Self.replay(path, configuration)
        let wiu = AuthorizationStatus.authorizedWhenInUse
        #expect(
            run.outline == [
                "start@0.0", "authorization@0.0", "location@0.0",
                "location@60.0",
                "app@90.0",
                "authorization@120.0", "authorization@120.0",  // before the fix at 2m, which the background app misses
                "app@150.0",
                "missed@180.0",  // the fix at 2 min, which the background app missed, said with the next one
                "location@180.0", "location@240.0",
                "authorization@300.0", "alert@300.0", "locationError@300.0",  // after the last fix
                "end@300.0",
            ])
        let kinds = run.events.map(\.kind)
        #expect(kinds[4] == .app(.background))
        #expect(kinds[5] == Self.auth(wiu, wiu, .settings, accuracy: .reduced))
        #expect(kinds[6] == Self.auth(wiu, wiu, .settings, accuracy: .full))
        #expect(kinds[7] == .app(.foreground))
        #expect(kinds[8].missed?.reason == .background)
        #expect(kinds[8].missed?.fixes == 1)
        #expect(kinds[8].missed?.sinceOffset == 120)
        #expect(kinds[11] == Self.auth(wiu, .denied, .settings))
        #expect(kinds[12] == .alert(message: WeatherAppModel.accessOffAlert))
        #expect(kinds[13] == .locationError(.denied))
        #expect(run.events[11].time == Self.start.adding(seconds: 300))
        #expect(run.locations.map(\.sourceIndex) == [0, 1, 3, 4])
        // Every fix moves the device, delivered or not.
        #expect(abs(run.summary.distanceMeters - 4 * GPX.legMeters(0, 1)) < 1e-6)
        #expect(
            run.summary
                == ReplaySummary(
                    points: 5, locations: 4, distanceMeters: run.summary.distanceMeters, simulatedSeconds: 300,
                    wallSeconds: run.summary.wallSeconds, interrupted: false))
    }

    @Test func eventsAtTheSameOffsetKeepTheirCommandLineOrder() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(GPX.track(3))
        let configuration = withoutWeather(
            ReplayConfiguration(
                location: .init(initialStatus: .authorizedAlways),
                events: try Self.events(
                    "1m:services=off", "30s:app=background", "1m:services=on", "30s:app=foreground",
                    "30s:app=background")))
        let run = try await Self.replay(path, configuration)
        let always = AuthorizationStatus.authorizedAlways
        let changes: [TimelineEvent.Kind] = run.events.map(\.kind).filter {
            $0.fix == nil && $0.typeName != "start" && $0.typeName != "end" && $0.typeName != "missed"
        }
        let expectedChanges: [TimelineEvent.Kind] = [
            Self.auth(always, always, .initial),
            .app(.background), .app(.foreground), .app(.background),
            Self.auth(always, .denied, .services, services: false), .alert(message: WeatherAppModel.accessOffAlert),
            .locationError(.denied),
            Self.auth(.denied, always, .services),
        ]
        #expect(changes == expectedChanges)
        #expect(
            run.outline == [
                "start@0.0", "authorization@0.0", "location@0.0",
                "app@30.0", "app@30.0", "app@30.0",
                // Updates restarted in the background (services back on) deliver nothing there.
                "authorization@60.0", "alert@60.0", "locationError@60.0", "authorization@60.0",
                "missed@120.0", "end@120.0",
            ])
    }

    @Test func eventsAtOffsetZeroComeBeforeTheFirstFix() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(GPX.track(2))
        let run = try await Self.replay(
            path,
            withoutWeather(
                ReplayConfiguration(
                    location: .init(initialStatus: .authorizedWhenInUse),
                    events: try Self.events("0s:authorization=denied"))))
        #expect(
            run.outline == [
                "start@0.0", "authorization@0.0", "authorization@0.0", "alert@0.0",
                "locationError@0.0", "missed@60.0", "end@60.0",
            ])
        #expect(run.events.compactMap(\.kind.missed).map(\.reason) == [.notAuthorized])
        #expect(run.events.compactMap(\.kind.missed).map(\.fixes) == [2])
        #expect(run.summary.locations == 0)
        #expect(run.summary.distanceMeters == GPX.legMeters(0, 1))
    }

    @Test func eventsLongAfterTheRouteStillHappenAtTheirOwnTime() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(GPX.track(2))
        let run = try await Self.replay(
            path,
            withoutWeather(
                ReplayConfiguration(
                    location: .init(initialStatus: .authorizedWhenInUse),
                    events: try Self.events("1h5m:app=foreground", "10m:app=background"))))
        #expect(
            run.outline == [
                "start@0.0", "authorization@0.0", "location@0.0", "location@60.0",
                "app@600.0", "app@3900.0", "end@3900.0",
            ])
        #expect(run.events.last?.time == Self.start.adding(seconds: 3900))
        #expect(run.summary.simulatedSeconds == 3900)
    }

    @Test func anEventThatChangesNothingStillMovesTheEndOn() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(GPX.track(2))
        let run = try await Self.replay(
            path,
            withoutWeather(
                ReplayConfiguration(
                    location: .init(initialStatus: .authorizedWhenInUse),
                    events: try Self.events("10m:authorization=whenInUse"))))
        #expect(run.outline == ["start@0.0", "authorization@0.0", "location@0.0", "location@60.0", "end@600.0"])
        #expect(run.summary.simulatedSeconds == 600)
    }

    @Test func loopsContinueInTimeAndDoNotCountTheJumpBack() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(
            GPX.segment([
                GPX.point(0, seconds: 0), GPX.point(1, seconds: 10), GPX.point(2, seconds: 20),
            ]))
        let route = GPX.legMeters(0, 1) + GPX.legMeters(1, 2)

        let run = try await Self.replay(
            path,
            withoutWeather(
                ReplayConfiguration(
                    loops: 3, location: .init(initialStatus: .authorizedWhenInUse))))
        // The next loop starts one second after the last fix.
        #expect(run.locations.map { $0.time.seconds(since: Self.start) } == [0, 10, 20, 21, 31, 41, 42, 52, 62])
        #expect(run.locations.map(\.sourceIndex) == [0, 1, 2, 0, 1, 2, 0, 1, 2])
        #expect(run.locations.map(\.latitude) == [47, 47.001, 47.002, 47, 47.001, 47.002, 47, 47.001, 47.002])
        #expect(run.summary.locations == 9)
        #expect(run.summary.simulatedSeconds == 62)
        #expect(abs(run.summary.distanceMeters - 3 * route) < 1e-6)
        #expect(run.events.filter { $0.kind.typeName == "authorization" }.count == 1, "one launch for all loops")

        // With an interval, the next loop starts one interval after the last fix.
        let interval = try await Self.replay(
            path,
            withoutWeather(
                ReplayConfiguration(
                    intervalSeconds: 5, loops: 2, location: .init(initialStatus: .authorizedWhenInUse))))
        #expect(
            interval.locations.map { $0.time.seconds(since: Self.start) } == [0, 5, 10, 15, 20, 25, 30, 35, 40, 45])
        #expect(interval.summary.simulatedSeconds == 45)
        #expect(abs(interval.summary.distanceMeters - 2 * route) < 1e-6)
    }

    @Test func scheduledEventsRunOnceAcrossLoops() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(GPX.segment([GPX.point(0, seconds: 0), GPX.point(1, seconds: 10)]))
        let run = try await Self.replay(
            path,
            withoutWeather(
                ReplayConfiguration(
                    loops: 2, location: .init(initialStatus: .authorizedWhenInUse),
                    events: try Self.events("15s:app=background", "25s:app=foreground"))))
        // Fixes at 0 and 10, then 11 and 21 in the second loop; the one at 21 s finds the app in the background.
        #expect(
            run.outline == [
                "start@0.0", "authorization@0.0", "location@0.0", "location@10.0",
                "location@11.0", "app@15.0", "app@25.0", "missed@25.0", "end@25.0",
            ])
        #expect(run.events.compactMap(\.kind.missed).map(\.reason) == [.background], "the fix at 21 s")
        #expect(run.summary.locations == 3)
    }

    @Test func allowOnceExpiresWhenTheRunEnds() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(GPX.track(2))
        let run = try await Self.replay(path, withoutWeather(ReplayConfiguration(location: .init(promptAnswer: .once))))
        #expect(run.events.map(\.kind).suffix(2).first == Self.auth(.authorizedWhenInUse, .notDetermined, .expired))
        #expect(
            run.outline == [
                "start@0.0", "authorization@0.0", "prompt@0.0", "authorization@0.0", "location@0.0",
                "location@60.0", "authorization@60.0", "end@60.0",
            ])
    }

    @Test func twoRunsGiveTheSameTimelineExceptWallTime() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(
            GPX.segment(
                (0..<40).map {
                    GPX.point($0, seconds: $0 % 3 == 0 ? Double($0) * 100 : nil, extra: "<ele>\(400 + $0)</ele>")
                }))
        let configuration = withoutWeather(
            ReplayConfiguration(
                intervalSeconds: 20, loops: 2, location: .init(promptAnswer: .once, distanceFilterMeters: 30),
                events: try Self.events(
                    "5m:app=background", "6m:app=foreground", "40m:services=off",
                    "41m:services=on", "50m:accuracy=reduced")))
        let first = try await Self.replay(path, configuration)
        let second = try await Self.replay(path, configuration)
        // Byte-sized reads split every element across chunks, and still give the same run.
        let tiny = try await Self.replay(path, configuration, chunkSize: 7)
        #expect(first.warnings.isEmpty)
        // 78 locations (two of them the last known one, handed over as updates start again
        // after the second prompt and after services return), 77 missed stretches (mostly the
        // distance filter's; the fix at 5 min falls in the in-use grace, a stretch of its own
        // before the grant expires), 8 authorization changes, 2 prompts, 2 app events, an
        // alert, a locationError, start and end.
        #expect(first.events.count == 171, "a run with every kind of event")
        #expect(first.events.filter { if case .location(let fix) = $0.kind { fix.isCached } else { false } }.count == 2)
        #expect(Self.withoutWallTime(first.events) == Self.withoutWallTime(second.events))
        #expect(Self.withoutWallTime(first.events) == Self.withoutWallTime(tiny.events))
        var summary = second.summary
        summary.wallSeconds = first.summary.wallSeconds
        #expect(summary == first.summary)
    }

    static func withoutWallTime(_ events: [TimelineEvent]) -> [TimelineEvent] {
        events.map { event in
            guard case .end(var summary) = event.kind else { return event }
            summary.wallSeconds = 0
            return TimelineEvent(time: event.time, offsetSeconds: event.offsetSeconds, kind: .end(summary))
        }
    }

    @Test func reducedAccuracySnapsAndThrottlesFixes() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        // 41 fixes a minute apart, 111 m apart, northwards.
        let path = try scratch.write(GPX.track(41))
        let precise = try await Self.replay(
            path, withoutWeather(ReplayConfiguration(location: .init(initialStatus: .authorizedWhenInUse))))
        let reduced = try await Self.replay(
            path,
            withoutWeather(
                ReplayConfiguration(
                    location: .init(initialStatus: .authorizedWhenInUse, initialAccuracy: .reduced))))
        #expect(precise.locations.count == 41)
        #expect(reduced.locations.map(\.sourceIndex) == [0, 15, 30], "at most one per 15 simulated minutes")
        #expect(reduced.locations == [0, 15, 30].map { ApproximateLocation.approximate(precise.locations[$0]) })
        let fixes = reduced.locations
        #expect(
            fixes[0].latitude == fixes[1].latitude && fixes[0].longitude == fixes[1].longitude,
            "47.000 and 47.015 share a cell")
        #expect(fixes[2].latitude != fixes[0].latitude)
        #expect(
            fixes.allSatisfy {
                $0.horizontalAccuracyMeters >= 3000 && $0.speedMetersPerSecond == -1 && $0.courseDegrees == -1
            })
        #expect(abs(fixes[0].latitude - 47.0025) < 1e-9)
        #expect(reduced.summary.locations == 3)
        #expect(reduced.summary.distanceMeters == precise.summary.distanceMeters, "the device still moves")
    }

    @Test func theDistanceFilterDropsFixesCloseToTheLastDelivered() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        // Half-steps: 0.0005 degrees (56 m) apart.
        let path = try scratch.write(
            GPX.segment(
                (0..<7).map {
                    "<trkpt lat=\"\(47 + Double($0) * 0.0005)\" lon=\"8\"><time>\(Self.start.adding(seconds: Double($0) * 10).iso8601())</time></trkpt>"
                }))
        let run = try await Self.replay(
            path,
            withoutWeather(
                ReplayConfiguration(
                    location: .init(initialStatus: .authorizedWhenInUse, distanceFilterMeters: 100))))
        #expect(run.locations.map(\.sourceIndex) == [0, 2, 4, 6])
        #expect(run.summary.locations == 4)
        #expect(abs(run.summary.distanceMeters - 3 * GPX.legMeters(0, 1)) < 1e-6)
    }

    @Test func aWhenInUseAppInTheBackgroundMissesFixesButTheDeviceMoves() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(GPX.track(5))
        let run = try await Self.replay(
            path,
            withoutWeather(
                ReplayConfiguration(
                    location: .init(initialStatus: .authorizedWhenInUse),
                    events: try Self.events("30s:app=background", "3m:app=foreground"))))
        #expect(run.locations.map(\.sourceIndex) == [0, 3, 4])
        #expect(abs(run.summary.distanceMeters - 4 * GPX.legMeters(0, 1)) < 1e-6)
    }

    @Test func cancelledBeforeTheFirstFixStillRecordsTheEnd() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(GPX.track(3))
        let replay = Replay(
            file: path, configuration: withoutWeather(ReplayConfiguration(location: .init(promptAnswer: .once))))
        let task = Task { () async throws -> (ReplaySummary, TimelineCollector) in
            withUnsafeCurrentTask { $0?.cancel() }
            var timeline = TimelineCollector()
            let summary = try await replay.run(clock: UnimplementedClock(), recorder: &timeline)
            return (summary, timeline)
        }
        let (summary, timeline) = try await task.value
        // The first batch (the whole three-point file) was read before the cancellation was seen.
        #expect(
            summary
                == ReplaySummary(
                    points: 3, locations: 0, distanceMeters: 0, simulatedSeconds: 0,
                    wallSeconds: summary.wallSeconds, interrupted: true))
        #expect(
            timeline.events.map(\.kind) == [
                .start(
                    ReplayStart(
                        file: path, source: .track, points: nil,
                        settings: withoutWeather(ReplayConfiguration(location: .init(promptAnswer: .once))))),
                Self.auth(.notDetermined, .notDetermined, .initial),
                .prompt(request: .whenInUse, answer: .once),
                Self.auth(.notDetermined, .authorizedWhenInUse, .prompt),
                Self.auth(.authorizedWhenInUse, .notDetermined, .expired),
                .end(summary),
            ])
        #expect(timeline.flushedEventCounts == [6])
    }

    @Test func cancelledWhileRunningStopsEarlyAndRecordsTheEnd() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let points = 5_000
        let path = try scratch.write(GPX.segment((0..<points).map { GPX.point($0 % 500, seconds: Double($0)) }))
        let replay = Replay(
            file: path,
            configuration: withoutWeather(
                ReplayConfiguration(
                    location: .init(initialStatus: .authorizedWhenInUse))))
        let task = Task { () async throws -> (ReplaySummary, [TimelineEvent]) in
            // The recorder cancels the run's own task when the 10th location arrives.
            var recorder = CancellingRecorder(cancelAtLocation: 10)
            let summary = try await replay.run(clock: UnimplementedClock(), recorder: &recorder)
            return (summary, recorder.timeline.events)
        }
        let (summary, events) = try await task.value
        #expect(summary.interrupted)
        #expect(summary.locations >= 10 && summary.locations < points)
        #expect(events.last?.kind == .end(summary))
        #expect(events.filter { $0.kind.fix != nil }.count == summary.locations)
        let lastFix = try #require(events.dropLast().last)
        #expect(lastFix.kind.fix != nil)
        #expect(summary.simulatedSeconds == lastFix.offsetSeconds)
        #expect(summary.simulatedSeconds == Double(summary.locations - 1))
    }
}
