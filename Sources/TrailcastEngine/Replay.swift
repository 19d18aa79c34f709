// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
package import TrailcastRoutes
import TrailcastApps
package import TrailcastWeather
import TrailcastCoreLocation
package import TrailcastSettings
package import TrailcastTimeline
package import TrailcastDevice

/// Replays a GPX file as a device's location stream through ``LocationService`` and
/// ``WeatherAppModel``, writing each thing that happens to a ``TimelineRecorder``.
///
/// The file is read once, streaming (a ``RouteFixStream``): `start` says which points
/// are replayed, `end` how many the file has. Each further loop reads it again; so does
/// `auto` for a file without track points (to replay its routes or waypoints), and
/// ``ReplayConfiguration/strict`` (to check the whole file before `start`). `-` reads
/// standard input, kept in an unlinked temporary file for those second reads. Memory
/// stays constant whatever the file's size.
///
/// Time: each event happens at a simulated time taken from the route. With
/// ``ReplayConfiguration/speed`` 0 nothing waits; with a multiplier the run sleeps on
/// the injected clock until `start + offset / speed`, flushing the recorder before
/// every wait, so a reader sees each event when it happens.
///
/// ```swift
/// var timeline = TimelineCollector()
/// let replay = Replay(file: "walk.gpx", configuration: ReplayConfiguration(
///     events: [try ScheduledEvent(parsing: "10m:authorization=denied")]))
/// let summary = try await replay.run(clock: ContinuousClock(), recorder: &timeline)
/// ```
///
/// Cancelling the task ends the run early: the pending Allow Once grant expires, the
/// `end` event is recorded and the summary says `interrupted`.
package struct Replay: Sendable {
    package var file: String
    package var configuration: ReplayConfiguration
    /// Bytes read per parse step; tests vary it, users need not.
    package var chunkSize: Int
    /// Answers weather cache misses when the provider is `open-meteo` or `local` (required then).
    package var weatherFetcher: (any WeatherFetcher)?

    package init(
        file: String, configuration: ReplayConfiguration = ReplayConfiguration(),
        weatherFetcher: (any WeatherFetcher)? = nil, chunkSize: Int = 64 * 1024
    ) {
        self.file = file
        self.configuration = configuration
        self.weatherFetcher = weatherFetcher
        self.chunkSize = chunkSize
    }

    /// Runs the replay to its end (or until the task is cancelled).
    ///
    /// - Parameters:
    ///   - clock: paces real-time runs (`ContinuousClock` in production, a test clock in tests).
    ///   - recorder: receives every timeline event.
    ///   - device: receives the device stream (every receiver epoch, before Core
    ///     Location's rules), for feeds; its end is reported also when the run is cut short.
    ///   - control: pauses, resumes and re-paces a run with a `speed` (ignored on virtual
    ///     time); each change is a `control` event. The run ends it when it ends.
    ///   - warnings: receives each problem found in the file (reported once, not per loop).
    package func run<C: Clock, R: TimelineRecorder>(
        clock: C, recorder: inout R, device: (any DeviceStreamObserver)? = nil,
        control: ReplayControl? = nil, warnings: (RouteWarning) -> Void = { _ in }
    ) async throws(ReplayError) -> ReplaySummary where C.Duration == Duration {
        defer { control?.end() }
        if let problem = configuration.problem { throw .invalidConfiguration(problem) }
        if configuration.weather.usesNetwork && weatherFetcher == nil {
            throw .invalidConfiguration("\(configuration.weather.provider.rawValue) weather needs a weather fetcher")
        }
        let wallStart = ContinuousClock.now
        let input = RouteInput(path: file, format: configuration.routeFormat)
        if configuration.strict { try checkStrictly(input) }
        let firstPass: RouteReadAhead
        do throws(RouteError) {
            firstPass = RouteReadAhead(
                try RouteFixStream(
                    input: input, source: configuration.source, configuration: configuration, options: readerOptions),
                batchSize: Self.batchSize)
        } catch {
            throw .gpx(error)
        }
        defer { firstPass.stop() }
        // The first batch decides `auto`, which `start` must say.
        // Nil when the run is interrupted first: a pipe that has sent nothing yet. (A file's
        // reader always gets on, so it is waited for: the same file, the same timeline.)
        let pipeAndCancelled = { input.isStandardInput && Task.isCancelled }
        let firstBatch = firstPass.next(shouldGiveUp: pipeAndCancelled)
        if let firstBatch {
            firstBatch.warnings.forEach(warnings)
            if let error = firstBatch.error, firstBatch.fixes.isEmpty { throw .gpx(error) }
            guard !firstBatch.fixes.isEmpty else { throw .nothingToReplay(file: file, source: configuration.source) }
        }
        let source = firstBatch?.source ?? configuration.source
        var firstPassPoints = firstBatch?.pointsRead ?? 0
        let app = try Self.makeApp(configuration)
        var session = ReplaySession(
            clock: clock, configuration: configuration,
            start: ReplayStart(file: file, source: source, points: nil, settings: configuration),
            app: app, weatherFetcher: weatherFetcher, device: device, control: control)
        do {
            guard let firstBatch, !Task.isCancelled else { throw ReplayInterruption() }
            try await replayPass(
                firstPass, first: firstBatch, reportsProblems: true, pointsRead: &firstPassPoints,
                shouldGiveUp: pipeAndCancelled,
                session: &session, recorder: &recorder, warnings: warnings)
            var pass = 1
            while configuration.loops == 0 || pass < configuration.loops {
                if Task.isCancelled { throw ReplayInterruption() }
                let route: RouteReadAhead
                do {
                    route = RouteReadAhead(
                        try RouteFixStream(
                            input: input, source: source, configuration: configuration, options: readerOptions),
                        batchSize: Self.batchSize)
                } catch {
                    throw ReplayError.gpx(error)
                }
                defer { route.stop() }
                var ignored = 0
                try await replayPass(
                    route, first: nil, reportsProblems: false, pointsRead: &ignored, shouldGiveUp: pipeAndCancelled,
                    session: &session, recorder: &recorder, warnings: warnings)
                pass += 1
            }
            try await session.finishSchedule(recorder: &recorder)
            try await session.finishWeather(recorder: &recorder)
        } catch let error as ReplayError {
            session.abandonWeather()
            session.pointsRead = firstPassPoints
            throw Self.ended(by: error, session: &session, wallStart: wallStart, recorder: &recorder)
        } catch is ReplayInterruption {
            session.abandonWeather()
            session.interrupted = true
        } catch is CancellationError {
            session.abandonWeather()
            session.interrupted = true
        } catch let failure as any DeviceStreamFailure {
            session.abandonWeather()
            let error = ReplayError.feed(message: failure.description, peerUnavailable: failure.isPeerUnavailable)
            session.pointsRead = firstPassPoints
            throw Self.ended(by: error, session: &session, wallStart: wallStart, recorder: &recorder)
        } catch {
            session.abandonWeather()
            throw ReplayError.outputFailure(error)
        }
        session.pointsRead = firstPassPoints
        do {
            try device?.deviceStreamEnded()
        } catch let failure as any DeviceStreamFailure {
            throw .feed(message: failure.description, peerUnavailable: failure.isPeerUnavailable)
        } catch {
            throw ReplayError.outputFailure(error)
        }
        do {
            return try session.end(wallSeconds: (ContinuousClock.now - wallStart).totalSeconds, recorder: &recorder)
        } catch {
            throw ReplayError.outputFailure(error)
        }
    }

    /// A route that breaks partway, a feed whose peer goes, or an app that crashes: the
    /// timeline still ends, its `end` saying so with the error's line (what `report`,
    /// `check` and any reader of the file see), before the error goes on to the command and
    /// its exit status.
    private static func ended<R: TimelineRecorder>(
        by error: ReplayError, session: inout ReplaySession<some Clock<Duration>>, wallStart: ContinuousClock.Instant,
        recorder: inout R
    ) -> ReplayError {
        switch error {
        case .gpx, .feed, .appCrashed:
            guard session.startTime != nil else { return error }
            session.error = error.description
            _ = try? session.end(wallSeconds: (ContinuousClock.now - wallStart).totalSeconds, recorder: &recorder)
        default: break
        }
        return error
    }

    private var readerOptions: GPXStreamReader.Options {
        GPXStreamReader.Options(
            strict: configuration.strict, chunkSize: chunkSize, checksTimeOrder: false, fields: .motion)
    }

    /// The model app the settings name, its places read for the places app.
    static func makeApp(_ configuration: ReplayConfiguration) throws(ReplayError) -> any ModelApp {
        let service = LocationService(configuration: configuration.location)
        let regions: [CircularRegion]
        do throws(PlacesFileError) {
            regions =
                try configuration.regionsFile.map { file throws(PlacesFileError) in
                    try RegionsFile.load(file).map {
                        CircularRegion(
                            identifier: $0.identifier,
                            center: Coordinate(latitude: $0.latitude, longitude: $0.longitude),
                            radiusMeters: $0.radiusMeters)
                    }
                } ?? []
        } catch {
            throw .places(error)
        }
        let services = ServicesUsed(
            regions: regions, significantChanges: configuration.significantChanges, visits: configuration.visits,
            backgroundUpdates: configuration.backgroundUpdates)
        switch configuration.app {
        case .reminders:
            return RemindersAppModel(locationService: service, regions: regions)
        case .weather:
            return WeatherAppModel(locationService: service, request: configuration.request, services: services)
        case .places(let file, let limit):
            do throws(PlacesFileError) {
                let places = try PlacesFile.load(file)
                return PlacesAppModel(
                    locationService: service, request: configuration.request, places: places, limit: limit,
                    services: services)
            } catch {
                throw .places(error)
            }
        }
    }

    /// `--strict`: every kind of point timed before `start`, so that a point going back
    /// in time fails the run before it begins rather than half way through it.
    private func checkStrictly(_ input: RouteInput) throws(ReplayError) {
        var strictTimers: [ReplaySource: RouteTimer] = [:]
        var census = PointCensus()
        do throws(RouteError) {
            let reader = try input.makeReader(options: readerOptions)
            while let event = try reader.next() {
                guard let (source, point) = event.replayablePoint else { continue }
                let index = census.add(source)
                var timer =
                    strictTimers[source]
                    ?? RouteTimer(travelSpeedMetersPerSecond: configuration.travelSpeedMetersPerSecond)
                timer.add(point, index: index)
                while timer.next() != nil {}
                if let warning = timer.takeWarnings().first {
                    throw warning.error(in: file)
                }
                strictTimers[source] = timer
            }
        } catch {
            throw .gpx(error)
        }
    }

    /// One play of the route, batch by batch as the reader thread has them (the first
    /// batch already taken, on the first pass). Strict runs cannot meet a timing warning
    /// here: the check before `start` has failed on it.
    private func replayPass<C: Clock, R: TimelineRecorder>(
        _ route: RouteReadAhead, first: RouteReadAhead.Batch?, reportsProblems: Bool, pointsRead: inout Int,
        shouldGiveUp: () -> Bool, session: inout ReplaySession<C>, recorder: inout R, warnings: (RouteWarning) -> Void
    ) async throws where C.Duration == Duration {
        session.beginPass()
        var pending = first
        while true {
            // The first batch's warnings were reported when it was taken.
            let reported = pending != nil
            guard var batch = pending ?? route.next(shouldGiveUp: shouldGiveUp) else {
                throw ReplayInterruption()
            }
            pending = nil
            if reportsProblems && !reported { batch.warnings.forEach(warnings) }
            pointsRead = batch.pointsRead
            // A route fix stream's batches are whole until its end: fixes come before the error.
            try await deliver(&batch.fixes, session: &session, recorder: &recorder)
            route.recycle(&batch.fixes)
            if let error = batch.error { throw ReplayError.gpx(error) }
            if batch.ended { return }
        }
    }

    /// Route fixes handed to the session at a time.
    private static let batchSize = 256

    /// Hands the batch to the session, in real or virtual time, and empties it.
    private func deliver<C: Clock, R: TimelineRecorder>(
        _ routeFixes: inout [RouteFix], session: inout ReplaySession<C>, recorder: inout R
    ) async throws where C.Duration == Duration {
        guard !routeFixes.isEmpty else { return }
        if session.isPaced {
            try await session.deliver(routeFixes, recorder: &recorder)
        } else {
            var next = 0
            while let resume = try session.deliverVirtually(routeFixes, from: next, recorder: &recorder) {
                try await session.resolvePendingFetches(recorder: &recorder)
                next = resume
            }
        }
        routeFixes.removeAll(keepingCapacity: true)
    }
}

/// Thrown inside a run to unwind when the task is cancelled between waits.
struct ReplayInterruption: Error {}
