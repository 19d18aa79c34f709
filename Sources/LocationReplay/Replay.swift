import GPXReader
import Places
import Weather

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
public struct Replay: Sendable {
    public var file: String
    public var configuration: ReplayConfiguration
    /// Bytes read per parse step; tests vary it, users need not.
    public var chunkSize: Int
    /// Answers weather cache misses when the provider is `open-meteo` or `local` (required then).
    public var weatherFetcher: (any WeatherFetcher)?

    public init(
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
    public func run<C: Clock, R: TimelineRecorder>(
        clock: C, recorder: inout R, device: (any DeviceStreamObserver)? = nil,
        control: ReplayControl? = nil, warnings: (GPXWarning) -> Void = { _ in }
    ) async throws(ReplayError) -> ReplaySummary where C.Duration == Duration {
        defer { control?.end() }
        if let problem = configuration.problem { throw .invalidConfiguration(problem) }
        if configuration.weather.usesNetwork && weatherFetcher == nil {
            throw .invalidConfiguration("\(configuration.weather.provider.rawValue) weather needs a weather fetcher")
        }
        let wallStart = ContinuousClock.now
        let input = GPXInput(path: file)
        if configuration.strict { try checkStrictly(input) }
        var firstPass: RouteFixStream
        let firstFix: RouteFix?
        do throws(GPXError) {
            firstPass = try RouteFixStream(
                input: input, source: configuration.source, configuration: configuration, options: readerOptions)
            // The first fix decides `auto`, which `start` must say.
            firstFix = try firstPass.next(warnings: warnings)
        } catch {
            throw .gpx(error)
        }
        guard let firstFix else { throw .nothingToReplay(file: file, source: configuration.source) }
        let source = firstPass.source
        let app = try Self.makeApp(configuration)
        var session = ReplaySession(
            clock: clock, configuration: configuration,
            start: ReplayStart(file: file, source: source, points: nil, settings: configuration),
            app: app, weatherFetcher: weatherFetcher, device: device, control: control)
        do {
            if Task.isCancelled { throw ReplayInterruption() }
            try await replayPass(
                &firstPass, first: firstFix, reportsProblems: true, session: &session, recorder: &recorder, warnings: warnings)
            var pass = 1
            while configuration.loops == 0 || pass < configuration.loops {
                if Task.isCancelled { throw ReplayInterruption() }
                var route: RouteFixStream
                do {
                    route = try RouteFixStream(input: input, source: source, configuration: configuration, options: readerOptions)
                } catch {
                    throw ReplayError.gpx(error)
                }
                try await replayPass(&route, first: nil, reportsProblems: false, session: &session, recorder: &recorder, warnings: warnings)
                pass += 1
            }
            try await session.finishSchedule(recorder: &recorder)
            try await session.finishWeather(recorder: &recorder)
        } catch let error as ReplayError {
            session.abandonWeather()
            throw error
        } catch is ReplayInterruption {
            session.abandonWeather()
            session.interrupted = true
        } catch is CancellationError {
            session.abandonWeather()
            session.interrupted = true
        } catch let failure as any DeviceStreamFailure {
            session.abandonWeather()
            throw .feed(message: failure.description, peerUnavailable: failure.isPeerUnavailable)
        } catch {
            session.abandonWeather()
            throw .output(String(describing: error))
        }
        session.pointsRead = firstPass.pointsRead
        do {
            try device?.deviceStreamEnded()
        } catch let failure as any DeviceStreamFailure {
            throw .feed(message: failure.description, peerUnavailable: failure.isPeerUnavailable)
        } catch {
            throw .output(String(describing: error))
        }
        do {
            return try session.end(wallSeconds: (ContinuousClock.now - wallStart).seconds, recorder: &recorder)
        } catch {
            throw .output(String(describing: error))
        }
    }

    private var readerOptions: GPXStreamReader.Options {
        GPXStreamReader.Options(
            strict: configuration.strict, chunkSize: chunkSize, checksTimeOrder: false, fields: .motion)
    }

    /// The model app the settings name, its places read for the places app.
    static func makeApp(_ configuration: ReplayConfiguration) throws(ReplayError) -> any ModelApp {
        let service = LocationService(configuration: configuration.location)
        switch configuration.app {
        case .weather:
            return WeatherAppModel(locationService: service, request: configuration.request)
        case .places(let file, let limit):
            do throws(PlacesFileError) {
                let places = try PlacesFile.load(file)
                return PlacesAppModel(locationService: service, request: configuration.request, places: places, limit: limit)
            } catch {
                throw .places(error)
            }
        }
    }

    /// `--strict`: every kind of point timed before `start`, so that a point going back
    /// in time fails the run before it begins rather than half way through it.
    private func checkStrictly(_ input: GPXInput) throws(ReplayError) {
        var strictTimers: [ReplaySource: RouteTimer] = [:]
        var census = PointCensus()
        do throws(GPXError) {
            let reader = try input.makeReader(options: readerOptions)
            while let event = try reader.next() {
                guard let (source, point) = event.replayablePoint else { continue }
                let index = census.add(source)
                var timer = strictTimers[source]
                    ?? RouteTimer(travelSpeedMetersPerSecond: configuration.travelSpeedMetersPerSecond)
                timer.add(point, index: index)
                while timer.next() != nil {}
                if let warning = timer.takeWarnings().first {
                    throw GPXError.invalidContent(
                        file: file, line: warning.line, column: warning.column, message: warning.message)
                }
                strictTimers[source] = timer
            }
        } catch {
            throw .gpx(error)
        }
    }

    /// One play of the route (its first fix already taken, on the first pass). Strict runs
    /// cannot meet a timing warning here: the check before `start` has failed on it.
    private func replayPass<C: Clock, R: TimelineRecorder>(
        _ route: inout RouteFixStream, first: RouteFix?, reportsProblems: Bool,
        session: inout ReplaySession<C>, recorder: inout R, warnings: (GPXWarning) -> Void
    ) async throws where C.Duration == Duration {
        // Route fixes are handed on in small batches: a leg of a year at one fix a second
        // is generated a batch at a time, never held whole.
        var routeFixes: [RouteFix] = []
        routeFixes.reserveCapacity(Self.batchSize)
        if let first { routeFixes.append(first) }
        session.beginPass()
        while true {
            let routeFix: RouteFix?
            do {
                routeFix = try route.next { if reportsProblems { warnings($0) } }
            } catch {
                throw ReplayError.gpx(error)
            }
            guard let routeFix else { break }
            routeFixes.append(routeFix)
            if routeFixes.count == Self.batchSize {
                try await deliver(&routeFixes, session: &session, recorder: &recorder)
            }
        }
        try await deliver(&routeFixes, session: &session, recorder: &recorder)
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

extension Duration {
    /// The duration in (fractional) seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
