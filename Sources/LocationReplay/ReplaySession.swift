import GPXReader

/// The state of one run between its events: the app, the schedule, the clocks and the
/// totals. Owned by ``Replay``; split out so the engine reads as "read, time, deliver".
struct ReplaySession<C: Clock> where C.Duration == Duration {
    let clock: C
    let configuration: ReplayConfiguration
    let start: ReplayStart
    var interrupted = false

    private var app: WeatherAppModel
    /// `--event`s sorted by offset; equal offsets keep their command-line order.
    private let schedule: [ScheduledEvent]
    private var nextScheduled = 0
    /// Simulated time of the first fix: offset 0.
    private var startTime: Timestamp?
    /// The clock's reading when the run started, for real-time pacing.
    private var startInstant: C.Instant?
    /// The latest simulated offset already waited for.
    private var pacedOffset = 0.0
    /// The simulated present: the latest fix or event so far.
    private var currentTime: Timestamp?
    private var currentOffset = 0.0
    /// Seconds added to file times in the current loop, so loops follow each other.
    private var passShiftSeconds = 0.0
    private var firstFileTime: Timestamp?
    private var previousDeviceFix: LocationFix?
    private var deliveredLocations = 0
    private var distanceMeters = 0.0
    private var fixesSinceCancellationCheck = 0
    private var kinds: [TimelineEvent.Kind] = []

    init(clock: C, configuration: ReplayConfiguration, start: ReplayStart) {
        self.clock = clock
        self.configuration = configuration
        self.start = start
        app = WeatherAppModel(
            locationService: LocationService(configuration: configuration.location),
            request: configuration.request)
        schedule = configuration.events.enumerated()
            .sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
            .map(\.element)
        kinds.reserveCapacity(8)
    }

    /// A new loop starts a moment (one interval, or a second) after the last one ended.
    mutating func beginPass() {
        guard let currentTime, let firstFileTime else { return }
        let gap = configuration.intervalSeconds ?? 1
        passShiftSeconds = currentTime.adding(seconds: gap).seconds(since: firstFileTime)
        previousDeviceFix = nil
    }

    /// Whether events wait for their moment on the clock (`speed` > 0).
    var isPaced: Bool { configuration.speed > 0 }

    /// Device fixes in file time, in order; each reaches the app at its moment, waiting
    /// on the clock for it.
    mutating func deliver<R: TimelineRecorder>(_ fixes: [LocationFix], recorder: inout R) async throws {
        for var fix in fixes {
            let offset = try place(&fix, recorder: &recorder)
            try await runSchedule(upTo: offset, recorder: &recorder)
            try await wait(until: offset, recorder: &recorder)
            try move(to: fix, offset: offset, recorder: &recorder)
        }
    }

    /// The same on virtual time: nothing waits, so nothing needs to be async, which
    /// keeps a million-point run free of a suspension frame per fix.
    mutating func deliverVirtually<R: TimelineRecorder>(_ fixes: [LocationFix], recorder: inout R) throws {
        for var fix in fixes {
            let offset = try place(&fix, recorder: &recorder)
            while let event = nextScheduledEvent(upTo: offset) {
                try apply(event, recorder: &recorder)
            }
            try move(to: fix, offset: offset, recorder: &recorder)
            fixesSinceCancellationCheck += 1
            if fixesSinceCancellationCheck >= 1024 {
                fixesSinceCancellationCheck = 0
                if Task.isCancelled { throw ReplayInterruption() }
            }
        }
    }

    /// Moves a fix from file time to run time (launching the app at the first); its offset.
    private mutating func place<R: TimelineRecorder>(_ fix: inout LocationFix, recorder: inout R) throws -> Double {
        if firstFileTime == nil { firstFileTime = fix.time }
        if passShiftSeconds != 0 { fix.time = fix.time.adding(seconds: passShiftSeconds) }
        if startTime == nil { try launch(at: fix.time, recorder: &recorder) }
        return fix.time.seconds(since: startTime!)
    }

    /// The device reaches `fix`; the app gets it if Core Location delivers it.
    private mutating func move<R: TimelineRecorder>(to fix: LocationFix, offset: Double, recorder: inout R) throws {
        if let previous = previousDeviceFix {
            distanceMeters += GreatCircle.distanceMeters(
                latitude1: previous.latitude, longitude1: previous.longitude,
                latitude2: fix.latitude, longitude2: fix.longitude)
        }
        previousDeviceFix = fix
        currentTime = fix.time
        currentOffset = offset
        app.deviceMoved(to: fix, into: &kinds)
        try emit(at: fix.time, offset: offset, recorder: &recorder)
    }

    /// Events scheduled after the route's last fix still happen, at their own times.
    mutating func finishSchedule<R: TimelineRecorder>(recorder: inout R) async throws {
        try await runSchedule(upTo: .infinity, recorder: &recorder)
    }

    /// The app session ends (an Allow Once grant expires), then the `end` event.
    mutating func end<R: TimelineRecorder>(wallSeconds: Double, recorder: inout R) throws -> ReplaySummary {
        let time = currentTime ?? RouteTimer.defaultStartTime
        if startTime == nil { try launch(at: time, recorder: &recorder) }
        app.terminate(into: &kinds)
        try emit(at: time, offset: currentOffset, recorder: &recorder)
        let summary = ReplaySummary(
            locations: deliveredLocations, distanceMeters: distanceMeters,
            simulatedSeconds: currentOffset, wallSeconds: wallSeconds, interrupted: interrupted)
        try recorder.record(TimelineEvent(time: time, offsetSeconds: currentOffset, kind: .end(summary)))
        try recorder.flush()
        return summary
    }

    private mutating func launch<R: TimelineRecorder>(at time: Timestamp, recorder: inout R) throws {
        startTime = time
        currentTime = time
        if configuration.speed > 0 { startInstant = clock.now }
        kinds.append(.start(start))
        app.launch(into: &kinds)
        try emit(at: time, offset: 0, recorder: &recorder)
    }

    private mutating func runSchedule<R: TimelineRecorder>(upTo offset: Double, recorder: inout R) async throws {
        while let event = nextScheduledEvent(upTo: offset) {
            try await wait(until: max(event.offset.seconds, currentOffset), recorder: &recorder)
            try apply(event, recorder: &recorder)
        }
    }

    /// The next `--event` due at or before `offset`, taken off the schedule.
    private mutating func nextScheduledEvent(upTo offset: Double) -> ScheduledEvent? {
        guard nextScheduled < schedule.count, schedule[nextScheduled].offset.seconds <= offset else { return nil }
        nextScheduled += 1
        return schedule[nextScheduled - 1]
    }

    private mutating func apply<R: TimelineRecorder>(_ event: ScheduledEvent, recorder: inout R) throws {
        let eventOffset = max(event.offset.seconds, currentOffset)
        app.apply(event.change, into: &kinds)
        let time = startTime!.adding(seconds: eventOffset)
        try emit(at: time, offset: eventOffset, recorder: &recorder)
        // An event that changed nothing visible still happened: time has moved on.
        currentTime = time
        currentOffset = eventOffset
    }

    /// Real-time pacing: sleeps until the offset's moment, flushing first so that
    /// everything before it is visible while the run waits.
    private mutating func wait<R: TimelineRecorder>(until offset: Double, recorder: inout R) async throws {
        guard configuration.speed > 0, let startInstant, offset > pacedOffset else { return }
        pacedOffset = offset
        try recorder.flush()
        let deadline = startInstant.advanced(by: .seconds(offset / configuration.speed))
        // No tolerance: a late wake-up is lateness a reader sees (the target is p99 <= 5 ms).
        try await clock.sleep(until: deadline, tolerance: .zero)
    }

    private mutating func emit<R: TimelineRecorder>(at time: Timestamp, offset: Double, recorder: inout R) throws {
        guard !kinds.isEmpty else { return }
        for kind in kinds {
            if case .location = kind { deliveredLocations += 1 }
            try recorder.record(TimelineEvent(time: time, offsetSeconds: offset, kind: kind))
        }
        kinds.removeAll(keepingCapacity: true)
        currentTime = time
        currentOffset = offset
    }
}
