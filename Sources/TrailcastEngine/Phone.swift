// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastApps
package import TrailcastBasics
import TrailcastCoreLocation
package import TrailcastDevice
package import TrailcastSettings
package import TrailcastTimeline

/// The simulated phone, stepped: its device (``DeviceStepper``: fixes placed and measured,
/// the scheduled changes and the receiver's signal merged in order) and the app behind
/// Core Location (``PhoneApp``), with what the app did gathered as timeline event kinds and
/// effects for the driver to stamp, record and carry out.
///
/// The one engine of both drivers: the replay (``Replay``, paced by a clock or on virtual
/// time, with a model app, feeds and weather) and the testing library's `Simulation` (on
/// demand, with the user's code as the app). A driver asks for the next step, waits for
/// its moment if it paces, carries it out here, and takes the ``output``.
package struct Phone<App: PhoneApp> {
    private var device: DeviceStepper
    package private(set) var app: App
    /// What the app did since the driver last cleared it, in order.
    package private(set) var output = AppOutput(reservingCapacity: 8)
    /// Epochs the app missed, gathered into stretches; nil when the driver does not record
    /// them (the library's timeline has never had `missed` events).
    private var missedFixes: MissedFixTracker?
    /// Whether the background location indicator showed after the last step.
    private var indicatorShown = false
    /// When the app's in-use grace ends (seconds since the start), while it lasts.
    private var inUseGraceEnds: Double?

    package init(configuration: ReplayConfiguration, app: App, recordsMissedFixes: Bool) {
        device = DeviceStepper(configuration: configuration)
        self.app = app
        missedFixes = recordsMissedFixes ? MissedFixTracker() : nil
    }

    /// Simulated time of the route's first fix: offset 0; nil before ``launch(at:start:)``.
    package var startTime: Timestamp? { device.startTime }
    /// Distance along the true route so far.
    package var distanceMeters: Double { device.distanceMeters }

    /// The route's first fix is due: the device starts, the `start` event, and the app starts.
    package mutating func launch(at time: Timestamp, start: ReplayStart) {
        device.begin(at: time)
        output.append(.start(start))
        app.launch(into: &output)
    }

    /// A new loop over the route (see ``DeviceStepper/beginPass()``).
    package mutating func beginPass() {
        device.beginPass()
    }

    /// What happens next, at or before `limit` (see ``DeviceStepper/nextStep(upcoming:upTo:current:)``).
    /// The end of the app's in-use grace is merged in: it comes before anything due at
    /// the same moment (a fix then finds the app no longer in use).
    package mutating func nextStep(upcoming: RouteFix?, upTo limit: Double, current: Double) -> DeviceStep? {
        guard let graceEnds = inUseGraceEnds else {
            return device.nextStep(upcoming: upcoming, upTo: limit, current: current)
        }
        if let step = device.nextStep(upcoming: upcoming, upTo: min(limit, graceEnds.nextDown), current: current) {
            return step
        }
        guard graceEnds <= limit else { return nil }
        inUseGraceEnds = nil
        return .happening(DeviceHappening(what: .inUseGraceEnds, offset: max(graceEnds, current)))
    }

    /// A happening the step gave: a scheduled change reaches the app; a signal change
    /// reaches it through the device.
    package mutating func carryOut(_ happening: DeviceHappening) {
        switch happening.what {
        case .change(let change): perform(change, at: happening.offset)
        case .signal(let change?): app.deviceSignalChanged(change, into: &output)
        case .signal(nil): break
        case .inUseGraceEnds: app.inUseGraceEnded(into: &output)
        }
        noteIndicator()
    }

    /// A change made `offset` seconds after the start, scheduled or made now by the driver
    /// (a test's `Simulation.perform`): a loss or return of the signal is the receiver's to
    /// make, the rest the app's. Only after ``launch(at:start:)``, which sets the start.
    package mutating func perform(_ change: ScheduledEvent.Change, at offset: Double) {
        defer { noteIndicator() }
        guard case .signal(let state) = change else {
            app.apply(change, into: &output)
            noteInUseGrace(at: offset)
            return
        }
        if let signal = device.setSignal(state, at: startTime!.adding(seconds: offset)) {
            app.deviceSignalChanged(signal, into: &output)
        }
    }

    /// The device reaches `routeFix` at `moment`: what its receiver reports (nil without a
    /// signal), for the feeds to hear before ``deliver(_:of:at:)`` hands it on.
    package mutating func measure(_ routeFix: RouteFix, at moment: Moment) -> LocationFix? {
        device.measure(routeFix, at: moment)
    }

    /// What the receiver measured reaches the app if Core Location delivers it; an epoch
    /// the app misses joins the open `missed` stretch, which a delivered fix closes (said
    /// just before it).
    package mutating func deliver(_ measured: LocationFix?, of routeFix: RouteFix, at offset: Double) {
        if let fix = measured {
            app.deviceMoved(to: fix, into: &output)
            noteIndicator()
        }
        guard missedFixes != nil else { return }
        // Optional chaining mutates the tracker in place (a copy would copy its path).
        if output.deliversLocation {
            if let closed = missedFixes?.close() { output.items.insert(.event(.missed(closed)), at: 0) }
            return
        }
        let reason = app.locationService.missReason(deviceHasFix: measured != nil)
        // Where the app missed it: the fix measured, or the route's own point without one.
        let position =
            measured.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) }
            ?? Coordinate(latitude: routeFix.fix.latitude, longitude: routeFix.fix.longitude)
        if let closed = missedFixes?.miss(reason, at: offset, position: position) {
            output.items.insert(.event(.missed(closed)), at: 0)
        }
    }

    /// The run ends: the open `missed` stretch closes, and the app's session ends (an Allow
    /// Once grant expires).
    package mutating func end() {
        if let closed = missedFixes?.close() { output.append(.missed(closed)) }
        app.terminate(into: &output)
    }

    /// Outside a step: the driver lets the app act now (the user's code calling its
    /// managers), its events gathered in the output like a step's. The phone is held for
    /// the whole of `body`, which must not reach the driver's phone again.
    package mutating func withApp<Result>(_ body: (inout App, inout AppOutput) throws -> Result) rethrows -> Result {
        defer { noteIndicator() }
        return try body(&app, &output)
    }

    /// A grace that began with this change ends ``LocationService/inUseGraceSeconds``
    /// later; one that ended (the app back in the foreground, or terminated) is forgotten.
    private mutating func noteInUseGrace(at offset: Double) {
        if !app.locationService.isInGracePeriod {
            inUseGraceEnds = nil
        } else if inUseGraceEnds == nil {
            inUseGraceEnds = offset + LocationService.inUseGraceSeconds
        }
    }

    /// The indicator is the system's, heard by no callback: said when it appears or goes
    /// (an `indicator` event after the step's other events).
    private mutating func noteIndicator() {
        let shown = app.locationService.showsBackgroundIndicator
        guard shown != indicatorShown else { return }
        indicatorShown = shown
        output.append(.indicator(shown ? .shown : .hidden))
    }

    /// The driver has taken the output; its room is kept for the next step.
    package mutating func clearOutput() {
        output.removeAll()
    }
}

extension Phone: Sendable where App: Sendable {}
