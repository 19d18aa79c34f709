// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastDevice
import TrailcastRoutes
import TrailcastBasics
import TrailcastCoreLocation
import TrailcastSettings
import TrailcastTimeline
import TrailcastEngine
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A simulated device, user and system for testing an app's own location code: the
/// route as the device's GPS reports it, Core Location's rules between the device and
/// the app (the same `LocationService` the `trailcast` command runs), and a virtual
/// clock that moves only when the test says so.
///
/// ```swift
/// let simulation = try Simulation(route: .file("walk.gpx"), user: .init(promptAnswer: .deny))
/// let manager = SimulatedLocationManager(simulation: simulation)
/// let model = WeatherViewModel(locationManager: manager)   // the app's code; it sets the delegate
/// try simulation.advance(by: 60)
/// #expect(model.showsLocationAlert)
/// ```
///
/// Nothing sleeps: ``advance(by:)-(Double)`` and ``run(until:)`` work through everything due up
/// to the new time (fixes, scheduled changes, signal losses) in order, delivering each
/// callback before the next thing happens. ``timeline`` records it all as the
/// command's timeline would, plus what the app's code called (`call` events).
public final class Simulation {
    /// What the simulated person answers when the system asks.
    ///
    /// By default (`User()`) the person says yes to everything: every permission prompt
    /// `allow` (While Using the App), the offer to upgrade to Always `allow`, and a request
    /// for precise location for the session `allow`. So a test of approximate location
    /// that starts with `System(accuracy: .reduced)` gets precise fixes as soon as the app
    /// asks for them, unless it also says `temporaryFullAccuracyAnswer: .deny`.
    public struct User: Sendable, Equatable {
        /// The answers to the permission prompt, in turn: the first time it shows, the next
        /// time (once an Allow Once grant has expired, or Settings set it back to Ask Next
        /// Time), and so on; the last answers every later prompt. An empty list is refused
        /// when the simulation starts (``SimulationError/invalid(_:)``).
        public var promptAnswers: [PromptAnswer]
        /// The answer to the one-time offer to upgrade When In Use to Always, and to
        /// provisional Always's second prompt (`requestAlwaysAuthorization()` allowed at
        /// the first prompt: asked just before the first event that needs Always).
        public var alwaysUpgradeAnswer: PromptAnswer
        /// The answer when an app with approximate location asks for precise location
        /// for the session (`allow` or `deny`).
        public var temporaryFullAccuracyAnswer: PromptAnswer

        /// Every permission prompt answered `promptAnswer`.
        public init(
            promptAnswer: PromptAnswer = .allow, alwaysUpgradeAnswer: PromptAnswer = .allow,
            temporaryFullAccuracyAnswer: PromptAnswer = .allow
        ) {
            self.init(
                promptAnswers: [promptAnswer], alwaysUpgradeAnswer: alwaysUpgradeAnswer,
                temporaryFullAccuracyAnswer: temporaryFullAccuracyAnswer)
        }

        /// The permission prompt answered in turn: `[.once, .deny]` is "Allow Once", then
        /// "Don't Allow" when asked again. An empty list answers `allow`.
        public init(
            promptAnswers: [PromptAnswer], alwaysUpgradeAnswer: PromptAnswer = .allow,
            temporaryFullAccuracyAnswer: PromptAnswer = .allow
        ) {
            self.promptAnswers = promptAnswers.isEmpty ? [.allow] : promptAnswers
            self.alwaysUpgradeAnswer = alwaysUpgradeAnswer
            self.temporaryFullAccuracyAnswer = temporaryFullAccuracyAnswer
        }

        /// The answer to the first prompt; setting it answers every prompt so.
        public var promptAnswer: PromptAnswer {
            get { promptAnswers.first ?? .allow }
            set { promptAnswers = [newValue] }
        }
    }

    /// The device's settings when the app starts. By default (`System()`): the app has
    /// never asked (`notDetermined`), Precise Location on (`full`), Location Services on.
    public struct System: Sendable, Equatable {
        /// The app's authorization at launch: `notDetermined` (never asked) by default.
        public var authorization: AuthorizationStatus
        /// Precise Location at launch: `full` (on) by default, `reduced` for approximate location.
        public var accuracy: LocationAccuracy
        /// Whether Location Services are on for the whole device (on by default); off, the app's status
        /// reads `denied` whatever it was granted.
        public var servicesEnabled: Bool

        /// The settings at launch; the defaults are a fresh install's: never asked, Precise Location on,
        /// Location Services on.
        public init(
            authorization: AuthorizationStatus = .notDetermined, accuracy: LocationAccuracy = .full,
            servicesEnabled: Bool = true
        ) {
            self.authorization = authorization
            self.accuracy = accuracy
            self.servicesEnabled = servicesEnabled
        }
    }

    /// Where the device goes.
    public enum Route: Sendable {
        /// A route file's points of one kind (`auto`: tracks, else routes, else waypoints):
        /// any format `trailcast` reads (docs/route-formats.md), by its extension, else its content
        /// (or the configuration's `routeFormat`).
        case file(String, source: ReplaySource = .auto)
        /// Points given in code, in order.
        case points([RoutePoint])
    }

    /// Everything that happened, in order: the system's events and the app's calls.
    public internal(set) var timeline: [TimelineEvent] = []
    /// Problems found in the route (bad points, times going back), each once.
    public private(set) var warnings: [RouteWarning] = []
    /// Simulated seconds since the first fix of the route.
    public private(set) var elapsedSeconds = 0.0 {
        didSet { reading.set(startTime.adding(seconds: elapsedSeconds)) }
    }
    /// The simulated present, readable from any task (a weather server's "now").
    public let reading = SimulatedTimeReading()
    /// Whether ``finish()`` has ended the app's session, or the app crashed
    /// (``SimulationError/appCrashed(_:)``).
    public internal(set) var isFinished = false
    /// The fatal `plistError` that terminated the app, once one has.
    var crash: InfoPlistError?

    /// The fixes Core Location delivered to the app so far, in order: the timeline's
    /// `location` events (to the app's managers and live-update streams alike).
    public var deliveredLocations: [LocationFix] {
        timeline.compactMap { event in
            if case .location(let fix) = event.kind { fix } else { nil }
        }
    }

    /// Whether the system shows the background location indicator for the app now: in the
    /// background, with a When In Use app's background updates running, an Always app's
    /// with `showsBackgroundLocationIndicator`, or a ``SimulatedBackgroundActivitySession``
    /// held. While it shows, the app is in use (docs/background.md).
    public var showsBackgroundLocationIndicator: Bool { phone.app.service.showsBackgroundIndicator }

    var appStateObservers: [(AppState) -> Void] = []
    var tapObservers: [(TapAction) -> Void] = []

    private var route: RouteFixStream
    /// The engine's phone, stepped as the replay steps it (fixes placed and measured, the
    /// scheduled changes and the receiver's signal changes merged in order), with the
    /// app's code behind Core Location as its app.
    var phone: Phone<AppUnderTest>
    /// The next route fix; nil at the end of the route.
    private var upcoming: RouteFix?
    /// Simulated time of the first fix: offset 0. The route's own time of its first point,
    /// or the `start` the simulation was given.
    public let startTime: Timestamp
    /// What is added to the route's times: from its first point's time to `start`.
    private let timeShift: Duration

    /// - Parameters:
    ///   - route: where the device goes: a GPX file's points or points given in code.
    ///   - user: what the simulated person answers.
    ///   - system: the device's settings at launch.
    ///   - app: the app's Info.plist as Core Location reads it (complete by default).
    ///   - gps: how the receiver errs and loses its signal (`.perfect` reports the route).
    ///   - seed: seeds the GPS noise and dropouts: the same seed, the same run.
    ///   - events: changes at moments of the run, in the `--event` vocabulary (Settings,
    ///     Precise Location, Location Services, background and foreground, signal).
    ///   - intervalSeconds: a fix every this many simulated seconds, interpolated; nil:
    ///     one per route point.
    ///   - start: when the first fix is taken: every fix's time moves by the same amount
    ///     (`start: Date()` for fixes stamped today). Nil: the route's own times, the same
    ///     on every run (the default, as the `trailcast` command's timeline).
    /// - Throws: ``SimulationError`` for a file that cannot be read or has no points.
    public init(
        route: Route, user: User = User(), system: System = System(), app: App = App(), gps: GPSProfile = .perfect,
        seed: UInt64 = 1,
        intervalSeconds: Double? = nil, events: [ScheduledEvent] = [], start: Date? = nil
    ) throws(SimulationError) {
        var location = LocationService.Configuration(
            initialStatus: system.authorization, initialAccuracy: system.accuracy,
            servicesEnabled: system.servicesEnabled, alwaysUpgradeAnswer: user.alwaysUpgradeAnswer)
        location.promptAnswers = user.promptAnswers
        location.temporaryFullAccuracyAnswer = user.temporaryFullAccuracyAnswer
        location.infoPlist = app.infoPlist
        let configuration = ReplayConfiguration(
            intervalSeconds: intervalSeconds, location: location, events: events, gps: gps, seed: seed)
        if let problem = configuration.problem { throw .invalid(problem) }
        self.route = try Self.open(route, configuration: configuration)
        // The library's timeline has never had `missed` events: an app's code sees its
        // own gaps, and tests written against it count what it received.
        phone = Phone(
            configuration: configuration,
            app: AppUnderTest(service: LocationService(configuration: configuration.location)),
            recordsMissedFixes: false)
        var collected: [RouteWarning] = []
        let first: RouteFix?
        do throws(RouteError) {
            first = try self.route.next { collected.append($0) }
        } catch {
            throw .gpx(error)
        }
        let replayStart: ReplayStart
        switch route {
        case .file(let file, _):
            guard first != nil else { throw .noPoints(file) }
            replayStart = ReplayStart(file: file, source: self.route.source, points: nil, settings: configuration)
        case .points(let points):
            guard first != nil else { throw .noPoints("the points given") }
            replayStart = ReplayStart(file: "", source: .track, points: points.count, settings: configuration)
        }
        guard let first else { throw .noPoints(replayStart.file) }
        warnings = collected
        timeShift =
            start.map { Timestamp(timeIntervalSince1970: $0.timeIntervalSince1970).duration(since: first.fix.time) }
            ?? .zero
        startTime = first.fix.time.advanced(by: timeShift)
        reading.begin(at: startTime)
        upcoming = first.shifted(by: timeShift)
        phone.launch(at: startTime, start: replayStart)
        recordOutput(at: 0)
        becomeCurrent()
    }

    /// The route's fixes: a file read once as the clock moves (`auto` decided by its first
    /// fix), or the points given.
    private static func open(
        _ route: Route, configuration: ReplayConfiguration
    ) throws(SimulationError) -> RouteFixStream {
        switch route {
        case .file(let file, let requested):
            do throws(RouteError) {
                return try RouteFixStream(
                    file: file, source: requested, configuration: configuration,
                    options: GPXStreamReader.Options(checksTimeOrder: false, fields: .motion))
            } catch {
                throw .gpx(error)
            }
        case .points(let points):
            return RouteFixStream(points: points, configuration: configuration)
        }
    }

    /// The simulated present.
    public var now: Timestamp { startTime.adding(seconds: elapsedSeconds) }

    /// The simulated present as a `Date`: what an app's freshness check must compare a
    /// fix's `timestamp` with (give the app `{ simulation.date }` where it calls `Date()`).
    public var date: Date { Date(timeIntervalSince1970: now.timeIntervalSince1970) }

    /// The simulated present as a `Clock`, for an app given its clock: its sleeps end as
    /// the test moves the simulation on.
    public var clock: SimulationClock { SimulationClock(reading: reading, start: startTime) }

    /// Moves the clock on by `seconds`, and everything due until then happens, in order.
    public func advance(by seconds: Double) throws(SimulationError) {
        // Rounded to the nanosecond: ten steps of 0.1 s reach the fix at 1 s.
        try run(until: ((elapsedSeconds + max(seconds, 0)) * 1e9).rounded() / 1e9)
    }

    /// The same with a `Duration`.
    public func advance(by duration: Duration) throws(SimulationError) {
        try advance(by: duration.totalSeconds)
    }

    /// Delivers what is pending and everything due now, without moving the clock.
    public func settle() throws(SimulationError) {
        try run(until: elapsedSeconds)
    }

    /// Runs to `offset` seconds after the first fix (nothing happens for an offset passed).
    public func run(until offset: Double) throws(SimulationError) {
        try throwIfEnded()
        try deliverCallbacks()
        appActs { app, _ in app.stopEndedLiveStreams() }
        while try step(upTo: offset) {
            try deliverCallbacks()
            appActs { app, _ in app.stopEndedLiveStreams() }
        }
        // Running to the end (an infinite offset) leaves the clock at the last event.
        if offset.isFinite { elapsedSeconds = max(elapsedSeconds, offset) }
    }

    /// Runs until the route and the scheduled changes are over.
    public func runToEnd() throws(SimulationError) {
        try run(until: .infinity)
    }

    deinit {
        reading.end()
    }

    /// The app's session ends (an Allow Once grant expires), and the `end` event with the
    /// run's totals is recorded; the simulation takes no more steps.
    @discardableResult
    public func finish() throws(SimulationError) -> ReplaySummary {
        try settle()
        phone.end()
        recordOutput(at: elapsedSeconds)
        try deliverCallbacks()
        isFinished = true
        let summary = ReplaySummary(
            points: routePointsRead, locations: deliveredLocations.count, distanceMeters: phone.distanceMeters,
            simulatedSeconds: elapsedSeconds)
        timeline.append(TimelineEvent(time: now, offsetSeconds: elapsedSeconds, kind: .end(summary)))
        // A `for await` over a stream ends with the session, and a sleep on its clock.
        appActs { app, _ in app.finishLiveStreams() }
        reading.end()
        return summary
    }

    /// The app showed an alert (its own UI, which the simulation cannot see): recorded as
    /// an `alert` event now, so expectations about alerts apply to the app's code too.
    public func noteAlert(_ message: String) {
        timeline.append(TimelineEvent(time: now, offsetSeconds: elapsedSeconds, kind: .alert(message: message)))
    }

    /// The simulated person or system changes something now (as a scheduled event would).
    public func perform(_ change: ScheduledEvent.Change) throws(SimulationError) {
        try throwIfEnded()
        phone.perform(change, at: elapsedSeconds)
        recordOutput(at: elapsedSeconds)
        try deliverCallbacks()
    }

    /// Calls `observer` when the app moves to the background or the foreground (what an
    /// app hears from its scene phase or `UIApplication` notifications), before the
    /// location callbacks the move causes.
    public func onAppStateChange(_ observer: @escaping (AppState) -> Void) {
        appStateObservers.append(observer)
    }

    /// Calls `observer` when the simulated user taps (`tap=` in `perform(_:)` or a scenario's
    /// events): the app's own code decides what a tap does, as its buttons would.
    ///
    /// The simulation keeps its observers as long as it lives: an observer that uses the
    /// simulation captures it `weak` or `unowned`, or the two keep each other alive.
    public func onTap(_ observer: @escaping (TapAction) -> Void) {
        tapObservers.append(observer)
    }

    // MARK: - The steps

    /// One thing due at or before `offset`, the earliest first (a scheduled change before a
    /// signal change or a fix at the same moment), as the replay engine steps the device;
    /// false when nothing is due.
    private func step(upTo offset: Double) throws(SimulationError) -> Bool {
        guard let step = phone.nextStep(upcoming: upcoming, upTo: offset, current: elapsedSeconds) else { return false }
        switch step {
        case .happening(let happening):
            elapsedSeconds = happening.offset
            phone.carryOut(happening)
            recordOutput(at: happening.offset)
        case .fix(let moment):
            guard let routeFix = upcoming else { return false }
            try advanceRoute()
            measure(routeFix, at: Moment(time: moment.time, offset: max(moment.offset, elapsedSeconds)))
        }
        return true
    }

    /// Points of the route read so far.
    var routePointsRead: Int { route.pointsRead }

    private func advanceRoute() throws(SimulationError) {
        var collected: [RouteWarning] = []
        let next: RouteFix?
        do throws(RouteError) {
            next = try route.next { collected.append($0) }
        } catch {
            upcoming = nil
            throw .gpx(error)
        }
        warnings += collected
        upcoming = next?.shifted(by: timeShift)
    }

    private func measure(_ routeFix: RouteFix, at moment: Moment) {
        elapsedSeconds = moment.offset
        let measured = phone.measure(routeFix, at: moment)
        phone.deliver(measured, of: routeFix, at: moment.offset)
        recordOutput(at: moment.offset)
    }
}

/// Why a simulation cannot start or go on.
public enum SimulationError: Error, Equatable, CustomStringConvertible {
    /// The route file could not be opened or read, or is not a route: the reader's error.
    case gpx(RouteError)
    /// The route has no points to replay; the text names it (the file, or "the points given").
    case noPoints(String)
    /// A setting the simulation was given cannot run; the text says which and why, as the `trailcast`
    /// command would.
    case invalid(String)
    /// A step was asked of a simulation that `finish()` has ended.
    case finished
    /// The app's delegate kept causing callbacks, 100,000 in one step: a loop that would never settle.
    case callbackLoop
    /// The app hit a fatal error Core Location raises, and was terminated: setting
    /// `allowsBackgroundLocationUpdates` to true without `.location` in the app's
    /// ``Simulation/App/backgroundModes``. The message is the timeline's `plistError`'s.
    case appCrashed(String)

    public var description: String {
        switch self {
        case .gpx(let error): return error.description
        case .noPoints(let what): return "\(what): no points to replay"
        case .invalid(let problem): return problem
        case .finished: return "the simulation has finished"
        case .callbackLoop: return "the app's delegate kept causing callbacks (100,000 in one step): a loop"
        case .appCrashed(let message): return "the app crashed: \(message)"
        }
    }
}

extension RouteFix {
    /// The same fix, `shift` later (the simulation's `start`).
    fileprivate func shifted(by shift: Duration) -> RouteFix {
        guard shift != .zero else { return self }
        var moved = self
        moved.fix.time = fix.time.advanced(by: shift)
        moved.recordingResumesAt = recordingResumesAt?.advanced(by: shift)
        return moved
    }
}
