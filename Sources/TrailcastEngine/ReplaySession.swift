// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastWeather
import TrailcastBasics
import TrailcastSettings
import TrailcastTimeline
import TrailcastApps
import TrailcastDevice
import TrailcastCoreLocation

/// The state of one run between its events: the app, the schedule, the clocks and the
/// totals. Owned by ``Replay``; split out so the engine reads as "read, time, deliver".
struct ReplaySession<C: Clock> where C.Duration == Duration {
    let clock: C
    let configuration: ReplayConfiguration
    let start: ReplayStart
    var interrupted = false
    /// The error that ends the run early, in its one line, for the `end` event.
    var error: String?
    /// The app crashed (a fatal `plistError`): its session does not end, it is gone.
    private var appCrashed = false
    /// Points of the source in the file (read on the first pass; so far, if interrupted in it).
    var pointsRead = 0

    /// The device and the model app: fixes placed and measured, the `--event`s and the
    /// receiver's signal changes merged in order, and what the app did.
    var phone: Phone<AnyModelApp>
    /// Simulated time of the first fix: offset 0.
    var startTime: Timestamp? { phone.startTime }
    /// Where simulated time stands against the clock, in a paced run once it started.
    var pace: RealTimePace<C.Instant>?
    /// Pause, resume and speed commands from outside the run (a live server), if any.
    let control: ReplayControl?
    /// The receiver's latest report: repeated to the feeds while the run is paused.
    var lastEpoch: DeviceEpoch?
    /// The latest simulated offset already waited for.
    var pacedOffset = 0.0
    /// The simulated present: the latest fix or event so far.
    var currentTime: Timestamp?
    var currentOffset = 0.0
    /// Seconds added to file times in the current loop, so loops follow each other.
    private var passShiftSeconds = 0.0
    /// The next fix begins another stretch of the recording (see ``DeviceEpoch/startsSegment``).
    private var segmentBreakPending = false
    private var firstFileTime: Timestamp?
    /// Where the device stream goes besides Core Location (feeds), if anywhere.
    let device: (any DeviceStreamObserver)?
    private var deliveredLocations = 0
    private var fixesSinceCancellationCheck = 0

    /// The app's weather service; nil with `--weather none`.
    var weather: WeatherService?
    private let weatherFetcher: (any WeatherFetcher)?
    /// Virtual time: network fetches to await, in order, before the run goes on.
    private var pendingFetches: [WeatherFetchTicket] = []
    /// Real time: where fetches running beside the stream leave their outcomes.
    let inbox = WeatherInbox()

    init(
        clock: C, configuration: ReplayConfiguration, start: ReplayStart, app: any ModelApp,
        weatherFetcher: (any WeatherFetcher)?, device: (any DeviceStreamObserver)? = nil, control: ReplayControl? = nil
    ) {
        self.clock = clock
        self.device = device
        self.control = configuration.speed > 0 ? control : nil
        self.configuration = configuration
        self.start = start
        self.weatherFetcher = weatherFetcher
        switch configuration.weather.provider {
        case .none: weather = nil
        case .builtin: weather = WeatherService(policy: configuration.weather.policy, model: WeatherModel())
        case .openMeteo, .local: weather = WeatherService(policy: configuration.weather.policy, model: nil)
        }
        phone = Phone(configuration: configuration, app: AnyModelApp(app), recordsMissedFixes: true)
    }

    /// A new loop starts a moment (one interval, or a second) after the last one ended.
    mutating func beginPass() {
        guard let currentTime, let firstFileTime else { return }
        let gap = configuration.intervalSeconds ?? 1
        passShiftSeconds = currentTime.adding(seconds: gap).seconds(since: firstFileTime)
        segmentBreakPending = true
        phone.beginPass()
    }

    /// Whether events wait for their moment on the clock (`speed` > 0).
    var isPaced: Bool { configuration.speed > 0 }

    /// Route fixes in file time, in order; each passes the GPS receiver and what it
    /// reports reaches the app at its moment, waiting on the clock for it.
    mutating func deliver<R: TimelineRecorder>(_ routeFixes: [RouteFix], recorder: inout R) async throws {
        for var routeFix in routeFixes {
            try place(&routeFix, recorder: &recorder)
            while let step = phone.nextStep(upcoming: routeFix, upTo: .infinity, current: currentOffset) {
                switch step {
                case .happening(let happening):
                    try await wait(until: happening.offset, recorder: &recorder)
                    try apply(happening, recorder: &recorder)
                case .fix(let moment):
                    try await wait(until: moment.offset, recorder: &recorder)
                    try measure(routeFix, at: moment, recorder: &recorder)
                }
                try await resolvePendingFetches(recorder: &recorder)
                if case .fix = step { break }
            }
        }
    }

    /// The same on virtual time: nothing waits, so nothing needs to be async, which
    /// keeps a million-point run free of a suspension frame per fix.
    ///
    /// Stops early when a location needs a network weather fetch, which must be awaited
    /// (``resolvePendingFetches(recorder:)``) before anything later happens; returns the
    /// index to go on from then, or nil when every fix was delivered.
    mutating func deliverVirtually<R: TimelineRecorder>(
        _ routeFixes: [RouteFix], from first: Int, recorder: inout R
    ) throws -> Int? {
        var index = first
        while index < routeFixes.count {
            // Placing the same fix again after an early return changes nothing.
            var routeFix = routeFixes[index]
            try place(&routeFix, recorder: &recorder)
            stepping: while let step = phone.nextStep(upcoming: routeFix, upTo: .infinity, current: currentOffset) {
                switch step {
                case .happening(let happening):
                    try apply(happening, recorder: &recorder)
                    if !pendingFetches.isEmpty { return index }
                case .fix(let moment):
                    try measure(routeFix, at: moment, recorder: &recorder)
                    break stepping
                }
            }
            index += 1
            fixesSinceCancellationCheck += 1
            if fixesSinceCancellationCheck >= 1024 {
                fixesSinceCancellationCheck = 0
                if Task.isCancelled { throw ReplayInterruption() }
            }
            if !pendingFetches.isEmpty { return index }
        }
        return nil
    }

    /// Virtual time: runs the network fetches the last location asked for, in order, and
    /// records their outcomes at that location's moment.
    mutating func resolvePendingFetches<R: TimelineRecorder>(recorder: inout R) async throws {
        guard let weatherFetcher else {
            pendingFetches.removeAll()
            return
        }
        while !pendingFetches.isEmpty {
            let ticket = pendingFetches.removeFirst()
            let outcome = await weatherFetcher.fetch(ticket.query)
            // A fetch cut short by the interruption is not the server's failure.
            if Task.isCancelled { throw ReplayInterruption() }
            try record(
                weather!.complete(ticket, with: outcome), at: currentTime!, offset: currentOffset, recorder: &recorder)
        }
    }

    /// Real time: waits for the fetches still running beside the stream and records them,
    /// the simulated clock running on meanwhile.
    mutating func finishWeather<R: TimelineRecorder>(recorder: inout R) async throws {
        try await resolvePendingFetches(recorder: &recorder)
        while weather?.hasFetchesInFlight == true {
            await inbox.waitForDelivery()
            if Task.isCancelled { throw ReplayInterruption() }
            try recordDeliveries(upTo: .infinity, recorder: &recorder)
        }
    }

    /// The run was interrupted: fetches still running are dropped.
    func abandonWeather() {
        inbox.cancelAll()
    }

    /// Moves a route fix from file time to run time (launching the app at the first).
    private mutating func place<R: TimelineRecorder>(_ routeFix: inout RouteFix, recorder: inout R) throws {
        if firstFileTime == nil { firstFileTime = routeFix.fix.time }
        if passShiftSeconds != 0 {
            routeFix.fix.time = routeFix.fix.time.adding(seconds: passShiftSeconds)
            routeFix.recordingResumesAt = routeFix.recordingResumesAt?.adding(seconds: passShiftSeconds)
        }
        if startTime == nil { try launch(at: routeFix.fix.time, recorder: &recorder) }
    }

    /// The device reaches the route fix; its receiver reports it (or nothing, without a
    /// signal), and the app gets that if Core Location delivers it.
    private mutating func measure<R: TimelineRecorder>(_ routeFix: RouteFix, at moment: Moment, recorder: inout R)
        throws
    {
        currentTime = moment.time
        currentOffset = moment.offset
        let measured = phone.measure(routeFix, at: moment)
        // A real OS applies its own rules to the receiver's stream: feeds get it all.
        let epoch = DeviceEpoch(time: moment.time, fix: measured, startsSegment: measured != nil && segmentBreakPending)
        // No fix, or the last fix before a pause of the recording: what comes next is apart.
        segmentBreakPending = measured == nil || routeFix.recordingResumesAt != nil
        if control != nil { lastEpoch = epoch }
        try device?.deviceReported(epoch)
        phone.deliver(measured, of: routeFix, at: moment.offset)
        try emit(at: moment.time, offset: moment.offset, recorder: &recorder)
    }

    /// Events scheduled after the route's last fix still happen, at their own times.
    /// (The receiver's own changes stop with the route: nothing is measured after it.)
    mutating func finishSchedule<R: TimelineRecorder>(recorder: inout R) async throws {
        while case .happening(let happening) = phone.nextStep(upcoming: nil, upTo: .infinity, current: currentOffset) {
            try await wait(until: happening.offset, recorder: &recorder)
            try apply(happening, recorder: &recorder)
            try await resolvePendingFetches(recorder: &recorder)
        }
    }

    /// The app session ends (an Allow Once grant expires), then the `end` event.
    mutating func end<R: TimelineRecorder>(wallSeconds: Double, recorder: inout R) throws -> ReplaySummary {
        let time = currentTime ?? RouteTimer.defaultStartTime
        if startTime == nil {
            do {
                try launch(at: time, recorder: &recorder)
            } catch ReplayError.appCrashed(let message) {
                // Launched only now (an interruption before the first fix) and crashed.
                error = ReplayError.appCrashed(message).description
            }
        }
        if !appCrashed { phone.end() }
        try emit(at: time, offset: currentOffset, recorder: &recorder)
        let summary = ReplaySummary(
            points: pointsRead, locations: deliveredLocations, distanceMeters: phone.distanceMeters,
            simulatedSeconds: currentOffset, wallSeconds: wallSeconds, interrupted: interrupted, error: error,
            weather: weather?.statistics ?? WeatherStatistics())
        try recorder.record(TimelineEvent(time: time, offsetSeconds: currentOffset, kind: .end(summary)))
        try recorder.flush()
        return summary
    }

    private mutating func launch<R: TimelineRecorder>(at time: Timestamp, recorder: inout R) throws {
        currentTime = time
        if configuration.speed > 0 { pace = RealTimePace(startingAt: clock.now, speed: configuration.speed) }
        phone.launch(at: time, start: start)
        try emit(at: time, offset: 0, recorder: &recorder)
    }

    /// A scheduled change reaches the app; a signal change reaches it through the device.
    private mutating func apply<R: TimelineRecorder>(_ happening: DeviceHappening, recorder: inout R) throws {
        let time = startTime!.adding(seconds: happening.offset)
        phone.carryOut(happening)
        try emit(at: time, offset: happening.offset, recorder: &recorder)
        // An event that changed nothing visible still happened: time has moved on.
        currentTime = time
        currentOffset = happening.offset
    }

    /// The app asked for the weather at a location it received: the weather service answers
    /// from its cache or the model now, or starts a fetch.
    private mutating func lookUpWeather<R: TimelineRecorder>(
        for fix: LocationFix, at time: Timestamp, offset: Double, recorder: inout R
    ) throws {
        let query = WeatherQuery(
            latitude: fix.latitude, longitude: fix.longitude, elevationMeters: fix.altitudeMeters,
            unixTime: fix.time.timeIntervalSince1970)
        switch weather!.lookup(query) {
        case .nothing:
            break
        case .event(let event):
            try record([event], at: time, offset: offset, recorder: &recorder)
        case .fetch(let ticket):
            if isPaced, let weatherFetcher {
                inbox.startFetch(ticket, with: weatherFetcher)
            } else {
                pendingFetches.append(ticket)
            }
        }
    }

    mutating func record<R: TimelineRecorder>(
        _ events: [WeatherServiceEvent], at time: Timestamp, offset: Double, recorder: inout R
    ) throws {
        for event in events {
            let kind: TimelineEvent.Kind
            switch event {
            case .weather(let observation): kind = .weather(observation)
            case .failure(let failure): kind = .weatherError(failure)
            }
            try recorder.record(TimelineEvent(time: time, offsetSeconds: offset, kind: kind))
        }
        currentTime = time
        currentOffset = offset
    }

    mutating func emit<R: TimelineRecorder>(at time: Timestamp, offset: Double, recorder: inout R) throws {
        guard !phone.output.isEmpty else { return }
        for item in phone.output.items {
            switch item {
            case .event(let kind):
                try recorder.record(TimelineEvent(time: time, offsetSeconds: offset, kind: kind))
                if case .location = kind { deliveredLocations += 1 }
                if case .plistError(let failure) = kind, failure.isFatal {
                    // Core Location terminated the app: nothing after this happens.
                    appCrashed = true
                    phone.clearOutput()
                    currentTime = time
                    currentOffset = offset
                    throw ReplayError.appCrashed(failure.message)
                }
            case .effect(.lookUpWeather(let fix)):
                // With `--weather none` the app's lookups go unanswered.
                if weather != nil { try lookUpWeather(for: fix, at: time, offset: offset, recorder: &recorder) }
            }
        }
        phone.clearOutput()
        currentTime = time
        currentOffset = offset
    }
}
