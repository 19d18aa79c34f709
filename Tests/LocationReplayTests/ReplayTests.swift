// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Clocks
import Foundation
import TrailcastRoutes
import TrailcastEngine
import Testing
import TrailcastBasics
import TrailcastCoreLocation
import TrailcastSettings
import TrailcastTimeline
import TrailcastDevice

/// Whole runs of `Replay` on small GPX files, on virtual time (speed 0), recorded with
/// `TimelineCollector`. The clock is `UnimplementedClock`, so a virtual run that read
/// or slept on it would fail the test.
@Suite("Replay engine")
struct ReplayTests {
    static let start = Timestamp(iso8601: "2026-06-13T16:00:00Z")!

    // MARK: - Sources

    struct SourceRow: Sendable, CustomTestStringConvertible {
        let name: String
        let body: [String]
        let source: ReplaySource
        let resolved: ReplaySource
        let points: Int
        /// Each kind of point sits on its own meridian: waypoints 6, routes 7, tracks 8.
        let longitude: Double
        var testDescription: String { name }
    }

    static let allKinds = GPX.waypoints(2) + GPX.route(3) + GPX.track(4)

    static let sourceRows: [SourceRow] = [
        SourceRow(
            name: "auto takes the track when there are track points", body: allKinds,
            source: .auto, resolved: .track, points: 4, longitude: 8),
        SourceRow(
            name: "auto takes the route without track points", body: GPX.waypoints(2) + GPX.route(3),
            source: .auto, resolved: .route, points: 3, longitude: 7),
        SourceRow(
            name: "auto takes the waypoints without tracks or routes", body: GPX.waypoints(2),
            source: .auto, resolved: .waypoints, points: 2, longitude: 6),
        SourceRow(
            name: "auto ignores an empty track", body: ["<trk><trkseg></trkseg></trk>"] + GPX.route(3),
            source: .auto, resolved: .route, points: 3, longitude: 7),
        SourceRow(name: "track chosen", body: allKinds, source: .track, resolved: .track, points: 4, longitude: 8),
        SourceRow(
            name: "route chosen over a track", body: allKinds, source: .route, resolved: .route, points: 3,
            longitude: 7),
        SourceRow(
            name: "waypoints chosen over a track", body: allKinds, source: .waypoints, resolved: .waypoints,
            points: 2, longitude: 6),
        SourceRow(
            name: "every track and segment, in file order",
            body: GPX.track(2) + GPX.track(3, from: 2, startSeconds: 120),
            source: .auto, resolved: .track, points: 5, longitude: 8),
    ]

    @Test(arguments: sourceRows)
    func choosesTheSourceAndCountsItsPoints(_ row: SourceRow) async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(row.body)
        let configuration = withoutWeather(
            ReplayConfiguration(source: row.source, location: .init(initialStatus: .authorizedWhenInUse)))
        let run = try await Self.replay(path, configuration)

        let startEvent = try #require(run.events.first)
        #expect(
            startEvent.kind
                == .start(
                    ReplayStart(
                        file: path, source: row.resolved, points: nil, settings: configuration)))
        #expect(run.summary.points == row.points, "a file's count is said at its end")
        let fixes = run.locations
        #expect(fixes.count == row.points)
        #expect(fixes.map(\.sourceIndex) == Array(0..<row.points))
        #expect(fixes.allSatisfy { $0.longitude == row.longitude })
        #expect(fixes.map(\.latitude) == (0..<row.points).map { GPX.latitude($0) })
        #expect(run.summary.locations == row.points)
    }

    /// `resolved(for:)` and `count(of: .auto)`, the library's answer for a file's counts
    /// (the engine resolves `auto` as it reads, above; these must say the same).
    @Test("auto for a file's counts: its tracks, else its routes, else its waypoints; a chosen source as it is")
    func autoResolvedForACensus() {
        #expect(ReplaySource.auto.resolved(for: PointCensus(trackPoints: 4, routePoints: 3, waypoints: 2)) == .track)
        #expect(ReplaySource.auto.resolved(for: PointCensus(routePoints: 3, waypoints: 2)) == .route)
        #expect(ReplaySource.auto.resolved(for: PointCensus(waypoints: 2)) == .waypoints)
        #expect(ReplaySource.route.resolved(for: PointCensus(trackPoints: 4, routePoints: 3)) == .route)
        #expect(PointCensus(trackPoints: 4, routePoints: 3, waypoints: 2).count(of: .auto) == 4)
    }

    // MARK: - Fixes and the whole timeline

    @Test func aTimedTrackGivesTheWholeTimelineInOrder() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(
            GPX.segment([
                GPX.point(0, seconds: 0, extra: "<ele>400</ele><hdop>2</hdop>"),
                GPX.point(1, seconds: 100),
                GPX.point(2, seconds: 150, extra: "<ele>410</ele><vdop>3</vdop>"),
            ]))
        let configuration = withoutWeather(ReplayConfiguration())
        let run = try await Self.replay(path, configuration)

        let leg1 = GPX.legMeters(0, 1)
        let leg2 = GPX.legMeters(1, 2)
        let fixes = [
            LocationFix(
                time: Self.start, latitude: 47, longitude: 8, altitudeMeters: 400,
                horizontalAccuracyMeters: 10, verticalAccuracyMeters: 10,
                speedMetersPerSecond: leg1 / 100, courseDegrees: 0, sourceIndex: 0),
            LocationFix(
                time: Self.start.adding(seconds: 100), latitude: 47.001, longitude: 8,
                horizontalAccuracyMeters: 5, speedMetersPerSecond: leg2 / 50, courseDegrees: 0,
                sourceIndex: 1),
            LocationFix(
                time: Self.start.adding(seconds: 150), latitude: 47.002, longitude: 8, altitudeMeters: 410,
                horizontalAccuracyMeters: 5, verticalAccuracyMeters: 15,
                speedMetersPerSecond: leg2 / 50, courseDegrees: 0, sourceIndex: 2),
        ]
        let summary = ReplaySummary(
            points: 3, locations: 3, distanceMeters: leg1 + leg2, simulatedSeconds: 150,
            wallSeconds: run.summary.wallSeconds, interrupted: false)
        let expected: [TimelineEvent] = [
            TimelineEvent(
                time: Self.start, offsetSeconds: 0,
                kind: .start(
                    ReplayStart(
                        file: path, source: .track, points: nil, settings: configuration))),
            TimelineEvent(
                time: Self.start, offsetSeconds: 0,
                kind: .authorization(
                    AuthorizationChange(
                        from: .notDetermined, to: .notDetermined, accuracy: .full, servicesEnabled: true,
                        cause: .initial))),
            TimelineEvent(time: Self.start, offsetSeconds: 0, kind: .prompt(request: .whenInUse, answer: .allow)),
            TimelineEvent(
                time: Self.start, offsetSeconds: 0,
                kind: .authorization(
                    AuthorizationChange(
                        from: .notDetermined, to: .authorizedWhenInUse, accuracy: .full, servicesEnabled: true,
                        cause: .prompt))),
            TimelineEvent(time: Self.start, offsetSeconds: 0, kind: .location(fixes[0])),
            TimelineEvent(time: fixes[1].time, offsetSeconds: 100, kind: .location(fixes[1])),
            TimelineEvent(time: fixes[2].time, offsetSeconds: 150, kind: .location(fixes[2])),
            TimelineEvent(time: fixes[2].time, offsetSeconds: 150, kind: .end(summary)),
        ]
        #expect(run.events == expected)
        #expect(run.summary == summary)
        // Virtual time: 150 simulated seconds are not waited for. The run's clock is
        // UnimplementedClock, which records an issue on any sleep (a bound on wallSeconds
        // here measured the machine instead).
        #expect(run.warnings.isEmpty)
        #expect(run.flushes == [expected.count], "virtual time flushes once, at the end")
    }

    @Test func pointsWithoutTimeAreReachedAtTravelSpeed() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let untimed = try scratch.write(GPX.segment((0..<3).map { GPX.point($0, seconds: nil) }))
        let run = try await Self.replay(
            untimed,
            withoutWeather(
                ReplayConfiguration(
                    travelSpeedMetersPerSecond: 2, location: .init(initialStatus: .authorizedWhenInUse))))
        let leg = GPX.legMeters(0, 1)
        let origin = RouteTimer.defaultStartTime
        #expect(
            run.locations.map(\.time) == [
                origin, origin.adding(seconds: leg / 2),
                origin.adding(seconds: leg / 2).adding(seconds: GPX.legMeters(1, 2) / 2),
            ])
        #expect(run.locations.allSatisfy { abs($0.speedMetersPerSecond - 2) < 1e-6 })
        #expect(run.events.first?.time == origin)
        #expect(abs(run.summary.simulatedSeconds - 2 * leg / 2) < 1e-6)

        // Untimed points between timed ones share the time between them by distance.
        let mixed = try scratch.write(
            GPX.segment([
                GPX.point(0, seconds: 0), GPX.point(1, seconds: nil), GPX.point(2, seconds: 500),
            ]), named: "mixed.gpx")
        let mixedRun = try await Self.replay(
            mixed, withoutWeather(ReplayConfiguration(location: .init(initialStatus: .authorizedWhenInUse))))
        let share = 500 * leg / (leg + GPX.legMeters(1, 2))
        #expect(
            mixedRun.locations.map(\.time) == [
                Self.start, Self.start.adding(seconds: share),
                Self.start.adding(seconds: 500),
            ])
        #expect(abs(mixedRun.locations[0].speedMetersPerSecond - leg / share) < 1e-6)
        #expect(mixedRun.summary.simulatedSeconds == 500)
    }

    @Test func intervalInterpolatesBetweenPoints() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(
            GPX.segment([
                GPX.point(0, seconds: 0, extra: "<ele>100</ele>"),
                GPX.point(1, seconds: 10, extra: "<ele>200</ele>"),
                GPX.point(2, seconds: 20, extra: "<ele>100</ele>"),
            ]))
        let run = try await Self.replay(
            path,
            withoutWeather(
                ReplayConfiguration(
                    intervalSeconds: 2.5, location: .init(initialStatus: .authorizedWhenInUse))))
        let fixes = run.locations
        #expect(run.locationOffsets == [0, 2.5, 5, 7.5, 10, 12.5, 15, 17.5, 20])
        #expect(fixes.map(\.sourceIndex) == [0, 0, 0, 0, 1, 1, 1, 1, 2])
        #expect(fixes.map(\.altitudeMeters) == [100, 125, 150, 175, 200, 175, 150, 125, 100])
        #expect(fixes.map { (($0.latitude - 47) * 1e6).rounded() } == [0, 250, 500, 750, 1000, 1250, 1500, 1750, 2000])
        #expect(
            fixes.allSatisfy { $0.courseDegrees == 0 && abs($0.speedMetersPerSecond - GPX.legMeters(0, 1) / 10) < 1e-9 }
        )
        #expect(run.summary.locations == 9)
        #expect(run.summary.simulatedSeconds == 20)
        #expect(abs(run.summary.distanceMeters - (GPX.legMeters(0, 1) + GPX.legMeters(1, 2))) < 1e-6)
    }

    @Test func anIntervalThatDoesNotDivideTheRouteStillEndsOnTheLastPoint() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(GPX.segment([GPX.point(0, seconds: 0), GPX.point(1, seconds: 10)]))
        let run = try await Self.replay(
            path,
            withoutWeather(
                ReplayConfiguration(
                    intervalSeconds: 3, location: .init(initialStatus: .authorizedWhenInUse))))
        #expect(run.locationOffsets == [0, 3, 6, 9, 10])
        #expect(run.locations.map(\.sourceIndex) == [0, 0, 0, 0, 1])
        #expect(run.locations.last?.latitude == GPX.latitude(1))
        #expect(abs(run.summary.distanceMeters - GPX.legMeters(0, 1)) < 1e-6)
    }

    // MARK: - Problems in the file

    /// Point 2 (line 6) goes back from 50 s to 40 s.
    static let backwards = GPX.segment([
        GPX.point(0, seconds: 0), GPX.point(1, seconds: 50), GPX.point(2, seconds: 40), GPX.point(3, seconds: 60),
    ])
    static let backwardsMessage =
        "time 2026-06-13T16:00:40.000Z is earlier than the previous fix's 2026-06-13T16:00:50.000Z; position kept, time dropped"

    @Test func aPointGoingBackInTimeLosesItsTimeWithAWarningOncePerRun() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(Self.backwards)
        let run = try await Self.replay(
            path,
            withoutWeather(
                ReplayConfiguration(
                    loops: 2, location: .init(initialStatus: .authorizedWhenInUse))))
        #expect(run.warnings.map(\.line) == [6])
        #expect(run.warnings.map(\.message) == [Self.backwardsMessage])
        #expect(run.locations.map(\.sourceIndex) == [0, 1, 2, 3, 0, 1, 2, 3])
        #expect(
            run.events.first?.kind
                == .start(
                    ReplayStart(
                        file: path, source: .track, points: nil,
                        settings: withoutWeather(
                            ReplayConfiguration(loops: 2, location: .init(initialStatus: .authorizedWhenInUse))))))
    }

    @Test func strictTurnsABackwardsPointIntoAnError() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(Self.backwards)
        var timeline = TimelineCollector()
        var warnings: [RouteWarning] = []
        do {
            _ = try await Replay(file: path, configuration: withoutWeather(ReplayConfiguration(strict: true)))
                .run(clock: UnimplementedClock(), recorder: &timeline) { warnings.append($0) }
            Issue.record("expected an error")
        } catch {
            guard case .gpx(.invalidContent(let file, let line, _, let message)) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(file == path)
            #expect(line == 6)
            #expect(message == Self.backwardsMessage)
            #expect(error.description.hasPrefix("\(path):6:"))
            #expect(error.description.hasSuffix(": error: \(Self.backwardsMessage)"))
        }
        #expect(warnings.isEmpty)
        // Found in the counting pass: nothing was written, so no timeline lacks its `end`.
        #expect(timeline.events.isEmpty)
    }

    @Test func untimedPointsBetweenTimedOnesNeverMakeTheNextLookBackwards() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        // Point 1 has no time. At 1.4 m/s it would be reached at ~79 s, after point 2's
        // 30 s; shared by distance it comes at 15 s, and nothing goes back in time.
        let path = try scratch.write(
            GPX.segment([
                GPX.point(0, seconds: 0), GPX.point(1, seconds: nil), GPX.point(2, seconds: 30),
            ]))
        let strict = try await Self.replay(
            path,
            withoutWeather(
                ReplayConfiguration(
                    location: .init(initialStatus: .authorizedWhenInUse), strict: true)))
        #expect(strict.locations.map(\.sourceIndex) == [0, 1, 2])
        #expect(strict.warnings.isEmpty)
        let share = 30 * GPX.legMeters(0, 1) / (GPX.legMeters(0, 1) + GPX.legMeters(1, 2))
        #expect(strict.locations[1].time == Self.start.adding(seconds: share))
    }

    @Test func readerWarningsArePassedOnAndStrictStopsBeforeAnyEvent() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(
            GPX.segment([
                GPX.point(0, seconds: 0), "<trkpt lat=\"91.5\" lon=\"8\"><time>2026-06-13T16:00:05Z</time></trkpt>",
                GPX.point(1, seconds: 10),
            ]))
        let run = try await Self.replay(
            path, withoutWeather(ReplayConfiguration(location: .init(initialStatus: .authorizedWhenInUse))))
        #expect(run.warnings.map(\.line) == [5])
        #expect(run.warnings.first?.message.contains("91.5") == true)
        #expect(run.locations.map(\.sourceIndex) == [0, 1])
        #expect(
            run.events.first?.kind
                == .start(
                    ReplayStart(
                        file: path, source: .track, points: nil,
                        settings: withoutWeather(
                            ReplayConfiguration(location: .init(initialStatus: .authorizedWhenInUse))))))
        #expect(run.summary.points == 2)

        var timeline = TimelineCollector()
        do {
            _ = try await Replay(file: path, configuration: withoutWeather(ReplayConfiguration(strict: true)))
                .run(clock: UnimplementedClock(), recorder: &timeline)
            Issue.record("expected an error")
        } catch {
            guard case .gpx(.invalidContent(let file, let line, _, _)) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(file == path && line == 5)
        }
        #expect(timeline.events.isEmpty)
        #expect(timeline.flushedEventCounts.isEmpty)
    }

    struct NothingRow: Sendable, CustomTestStringConvertible {
        let body: [String]
        let source: ReplaySource
        let what: String
        var testDescription: String { "\(source) in \(body.count) lines" }
    }

    static let nothingRows: [NothingRow] = [
        NothingRow(body: [], source: .auto, what: "track points, route points or waypoints"),
        NothingRow(
            body: ["<trk><trkseg></trkseg></trk>", "<rte></rte>"], source: .auto,
            what: "track points, route points or waypoints"),
        NothingRow(
            body: GPX.waypoints(2) + GPX.route(3), source: .track,
            what: "track points (<trkpt>); try --source route or waypoints"),
        NothingRow(
            body: GPX.waypoints(2) + GPX.track(3), source: .route,
            what: "route points (<rtept>); try --source track or waypoints"),
        NothingRow(
            body: GPX.route(3) + GPX.track(3), source: .waypoints,
            what: "waypoints (<wpt>); try --source track or route"),
    ]

    @Test(arguments: nothingRows)
    func aFileWithoutTheChosenPointsHasNothingToReplay(_ row: NothingRow) async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = try scratch.write(row.body)
        var timeline = TimelineCollector()
        do {
            _ = try await Replay(file: path, configuration: withoutWeather(ReplayConfiguration(source: row.source)))
                .run(clock: UnimplementedClock(), recorder: &timeline)
            Issue.record("expected an error")
        } catch {
            #expect(error == .nothingToReplay(file: path, source: row.source))
            #expect(error.description == "\(path): error: nothing to replay: the file has no \(row.what)")
        }
        #expect(timeline.events.isEmpty)
    }

    @Test func aMissingFileCannotBeOpened() async throws {
        let scratch = try GPXScratch()
        defer { scratch.remove() }
        let path = scratch.directory.appendingPathComponent("missing.gpx").path
        var timeline = TimelineCollector()
        do {
            _ = try await Replay(file: path).run(clock: UnimplementedClock(), recorder: &timeline)
            Issue.record("expected an error")
        } catch {
            guard case .gpx(.cannotOpen(let file, _)) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(file == path)
        }
        #expect(timeline.events.isEmpty)
    }

    struct ConfigurationRow: Sendable, CustomTestStringConvertible {
        let name: String
        let configuration: ReplayConfiguration
        let message: String
        var testDescription: String { name }
    }

    static let configurationRows: [ConfigurationRow] = [
        ConfigurationRow(
            name: "travel speed 0", configuration: .init(travelSpeedMetersPerSecond: 0),
            message: "--travel-speed must be a positive number of metres per second, not 0"),
        ConfigurationRow(
            name: "travel speed negative", configuration: .init(travelSpeedMetersPerSecond: -1.4),
            message: "--travel-speed must be a positive number of metres per second, not -1.4"),
        ConfigurationRow(
            name: "travel speed NaN", configuration: .init(travelSpeedMetersPerSecond: .nan),
            message: "--travel-speed must be a positive number of metres per second, not nan"),
        ConfigurationRow(
            name: "travel speed infinite", configuration: .init(travelSpeedMetersPerSecond: .infinity),
            message: "--travel-speed must be a positive number of metres per second, not inf"),
        ConfigurationRow(
            name: "interval 0", configuration: .init(intervalSeconds: 0),
            message: "--interval must be at least 0.001 seconds, not 0"),
        ConfigurationRow(
            name: "interval too small", configuration: .init(intervalSeconds: 0.0009),
            message: "--interval must be at least 0.001 seconds, not 0.0009"),
        ConfigurationRow(
            name: "interval NaN", configuration: .init(intervalSeconds: .nan),
            message: "--interval must be at least 0.001 seconds, not nan"),
        ConfigurationRow(
            name: "interval infinite", configuration: .init(intervalSeconds: .infinity),
            message: "--interval must be at least 0.001 seconds, not inf"),
        ConfigurationRow(
            name: "speed negative", configuration: .init(speed: -1),
            message: "--speed must be 0 (virtual time) or a positive multiplier, not -1"),
        ConfigurationRow(
            name: "speed NaN", configuration: .init(speed: .nan),
            message: "--speed must be 0 (virtual time) or a positive multiplier, not nan"),
        ConfigurationRow(
            name: "speed infinite", configuration: .init(speed: .infinity),
            message: "--speed must be 0 (virtual time) or a positive multiplier, not inf"),
        ConfigurationRow(
            name: "loops negative", configuration: .init(loops: -1),
            message: "--loop must be 0 (forever) or a positive count, not -1"),
        ConfigurationRow(
            name: "loop forever on virtual time", configuration: .init(speed: 0, loops: 0),
            message: "--loop 0 (forever) needs real time: add --speed N"),
        ConfigurationRow(
            name: "distance filter negative",
            configuration: .init(location: .init(distanceFilterMeters: -1)),
            message: "--distance-filter must be a non-negative number of metres, not -1"),
        ConfigurationRow(
            name: "distance filter NaN",
            configuration: .init(location: .init(distanceFilterMeters: .nan)),
            message: "--distance-filter must be a non-negative number of metres, not nan"),
    ]

    @Test(arguments: configurationRows)
    func invalidSettingsAreRefusedBeforeReading(_ row: ConfigurationRow) async throws {
        #expect(row.configuration.problem == row.message)
        var timeline = TimelineCollector()
        do {
            // The file does not exist: the settings are checked first.
            _ = try await Replay(file: "/nonexistent/trailcast.gpx", configuration: row.configuration)
                .run(clock: UnimplementedClock(), recorder: &timeline)
            Issue.record("expected an error")
        } catch {
            #expect(error == .invalidConfiguration(row.message))
            #expect(error.description == "error: \(row.message)")
        }
        #expect(timeline.events.isEmpty)
    }

    @Test func validEdgeSettingsHaveNoProblem() {
        #expect(withoutWeather(ReplayConfiguration()).problem == nil)
        #expect(
            withoutWeather(
                ReplayConfiguration(
                    intervalSeconds: 0.001, speed: 0.5, loops: 0,
                    location: .init(distanceFilterMeters: 0))
            ).problem == nil)
    }
}
