// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastApps
import TrailcastCoreLocation
import TrailcastDevice
import TrailcastSettings
import TrailcastTimeline

/// The user's code as the engine's phone sees its app (``PhoneApp``): Core Location's state
/// for the app (its location service) and what it says to the app's code, queued as
/// callbacks for its managers' delegates, its live-update streams and the simulation's
/// observers, so that they arrive in order and never inside the call that caused them.
///
/// The ``Simulation`` owns it through the engine's `Phone`; what the service says is also
/// written to the phone's output as timeline events, which the simulation stamps.
struct AppUnderTest: PhoneApp {
    /// Something waiting to reach the app's code.
    enum Callback {
        /// The system's prompt is up; the simulated person answers it after the callbacks
        /// already due (as a person takes a moment), so the app's initial callback still
        /// sees `notDetermined`. `answered` runs after the answer (a completion handler).
        case prompt(AuthorizationRequest, answered: (() -> Void)?)
        /// A request that showed no prompt: only its completion runs.
        case answered(() -> Void)
        case appState(AppState)
        case tap(TapAction)
        case authorization
        case location(LocationFix)
        case error(LocationErrorCode)
        case liveUpdate(SimulatedLocationUpdate)
        /// Region monitoring's news of a region (not `stopped`, which has no callback).
        case region(RegionEvent.Change, CircularRegion)
        /// `monitoringDidFailFor`: the region the app tried to monitor.
        case regionFailed(RegionFailure, CircularRegion?)
        /// A `CLMonitor` condition's event, for the monitor of that name.
        case monitorEvent(String, RegionEvent)
        /// `locationManagerDidPauseLocationUpdates` / `...DidResumeLocationUpdates`.
        case paused, resumed
        /// `didVisit`.
        case visit(Visit)
    }

    struct WeakManager {
        weak var manager: SimulatedLocationManager?
    }

    /// The app's location service, shared by its managers.
    var service: LocationService
    /// The app's managers and live-update streams, by their client number in the service.
    private(set) var managers: [Int: WeakManager] = [:]
    var liveStreams: [Int: LiveUpdateStream] = [:]
    /// The `SimulatedMonitor`s by name.
    var monitorStreams: [String: MonitorStream] = [:]
    private var clientZeroTaken = false
    /// Prompts shown and not yet answered.
    private(set) var promptsShowing = 0
    /// Each `SimulatedServiceSession` held, with what it asks for (`.none` too: it meets
    /// the explicit-session requirement once the app is authorized,
    /// ``lacksRequiredServiceSession``).
    var serviceSessionGoals: [ObjectIdentifier: SimulatedServiceSession.Authorization] = [:]
    /// Callbacks waiting, each for a client (-1: the app as a whole, or a service session).
    /// They hold the user's closures: nothing here may call one or drop one but
    /// ``takeCallback()``, whose caller makes the callback outside the phone (see
    /// `Simulation.appActs`).
    private var callbacks: [(client: Int, callback: Callback)] = []

    init(service: LocationService) {
        self.service = service
    }

    /// The same service, by ``PhoneApp``'s name.
    var locationService: LocationService { service }

    // MARK: - The phone's steps

    /// The app starts: Core Location's initial state, before any delegate is set.
    mutating func launch(into output: inout AppOutput) {
        var outputs: [LocationService.Output] = []
        service.launch(into: &outputs)
        record(outputs, into: &output, notify: false)
    }

    mutating func apply(_ change: ScheduledEvent.Change, into output: inout AppOutput) {
        guard let systemChange = change.systemChange else {
            // Not the system's: the user's tap, which the app's own code handles.
            if case .tap(let action) = change {
                output.append(.tap(action))
                callbacks.append((-1, .tap(action)))
            }
            return
        }
        if case .app(let state) = change { output.append(.app(state)) }
        var outputs: [LocationService.Output] = []
        service.apply(systemChange, into: &outputs)
        if case .app(let state) = change {
            // The app hears of it (scene phase, UIApplication notifications) before the
            // location callbacks the change causes.
            callbacks.append((-1, .appState(state)))
            if state == .background { announceToLiveStreams() }
        }
        record(outputs, into: &output)
        if case .app(.foreground) = change { serviceSessionsAskAgain(into: &output) }
    }

    mutating func deviceMoved(to fix: LocationFix, into output: inout AppOutput) {
        var outputs: [LocationService.Output] = []
        service.receive(fix, into: &outputs)
        record(outputs, into: &output)
    }

    mutating func deviceSignalChanged(_ change: SignalChange, into output: inout AppOutput) {
        output.append(.signal(change))
        var outputs: [LocationService.Output] = []
        service.signalChanged(available: change.state == .restored, into: &outputs)
        record(outputs, into: &output)
        announceToLiveStreams()
    }

    /// The app's session ends (an Allow Once grant expires); its streams end after the
    /// callbacks due (``finishLiveStreams()``).
    mutating func inUseGraceEnded(into output: inout AppOutput) {
        var outputs: [LocationService.Output] = []
        service.endInUseGrace(into: &outputs)
        record(outputs, into: &output)
        announceToLiveStreams()
    }

    mutating func terminate(into output: inout AppOutput) {
        var outputs: [LocationService.Output] = []
        service.endRun(into: &outputs)
        record(outputs, into: &output)
    }

    // MARK: - The app's code calling

    /// A client number in the location service for a new manager or stream.
    mutating func allocateClient() -> Int {
        guard clientZeroTaken else {
            clientZeroTaken = true
            return 0
        }
        return service.addClient()
    }

    mutating func attach(_ manager: SimulatedLocationManager, as client: Int) {
        managers[client] = WeakManager(manager: manager)
    }

    /// A manager was deallocated: its updates stop, as a `CLLocationManager`'s do.
    mutating func detach(client: Int) {
        managers[client] = nil
        service.stopUpdatingLocation(client: client)
        service.stopMonitoringSignificantLocationChanges(client: client)
    }

    mutating func enqueue(_ callback: Callback, for client: Int) {
        callbacks.append((client, callback))
    }

    var hasCallbacks: Bool { !callbacks.isEmpty }

    /// The oldest callback waiting, taken off the queue.
    mutating func takeCallback() -> (client: Int, callback: Callback)? {
        callbacks.isEmpty ? nil : callbacks.removeFirst()
    }

    func recordCall(_ method: ManagerCall.Method, from client: Int, into output: inout AppOutput) {
        output.append(.call(ManagerCall(method: method, manager: client)))
    }

    /// The app asked for permission: recorded now, answered when the callbacks due are made.
    mutating func requestAuthorization(
        _ request: AuthorizationRequest, from client: Int, as method: ManagerCall.Method,
        answered: (() -> Void)?, into output: inout AppOutput
    ) {
        recordCall(method, from: client, into: &output)
        // Core Location ignores a request that would not prompt; its completion still runs.
        guard service.wouldPrompt(request) else {
            if service.lacksUsageDescription(for: request) {
                // Without its purpose string: nothing but the `plistError` saying why.
                var outputs: [LocationService.Output] = []
                service.requestAuthorization(request, client: client, into: &outputs)
                record(outputs, into: &output)
            }
            if let answered { callbacks.append((client, .answered(answered))) }
            return
        }
        promptsShowing += 1
        callbacks.append((client, .prompt(request, answered: answered)))
        announceToLiveStreams()
    }

    /// The simulated person answers a prompt the app's code caused.
    mutating func answerPrompt(_ request: AuthorizationRequest, into output: inout AppOutput) {
        promptsShowing -= 1
        var outputs: [LocationService.Output] = []
        service.requestAuthorization(request, into: &outputs)
        record(outputs, into: &output)
        announceToLiveStreams()
    }

    /// `startMonitoring(for:)`: the region remembered for its callbacks, then the call.
    mutating func startMonitoring(_ region: CircularRegion, from client: Int, into output: inout AppOutput) {
        call(.startMonitoring, from: client, into: &output) { service, outputs in
            service.startMonitoring(region, client: client, into: &outputs)
        }
    }

    /// The app's code called its manager: recorded, then what the service makes of it.
    mutating func call(
        _ method: ManagerCall.Method, from client: Int, into output: inout AppOutput,
        _ body: (inout LocationService, inout [LocationService.Output]) -> Void
    ) {
        recordCall(method, from: client, into: &output)
        var outputs: [LocationService.Output] = []
        body(&service, &outputs)
        record(outputs, into: &output)
    }

    // MARK: - What the service says

    /// The service's outputs as timeline events and, with `notify`, callbacks.
    mutating func record(_ outputs: [LocationService.Output], into output: inout AppOutput, notify: Bool = true) {
        var authorizationChanged = false
        for item in outputs {
            // A live stream suspended while the device stands gets nothing, so its app
            // receives nothing (the timeline shows no `location` either).
            if case .location(let fix, let client) = item, let stream = liveStreams[client],
                isHeldWhileStationary(fix, for: stream)
            {
                continue
            }
            output.append(TimelineEvent.Kind(item))
            switch item {
            case .authorizationChanged:
                authorizationChanged = true
                if notify { for client in managers.keys.sorted() { enqueue(.authorization, for: client) } }
            case .prompt:
                break
            case .visit(let visit):
                // Every manager's delegate hears it (Apple: "Enabling visit events for one
                // location manager enables visit events for all other location manager objects").
                if notify { for client in managers.keys.sorted() { enqueue(.visit(visit), for: client) } }
            case .location(let fix, let client):
                if let stream = liveStreams[client] {
                    stream.lastDiagnostics = nil
                    enqueue(.liveUpdate(update(for: stream, location: fix)), for: client)
                } else if notify {
                    enqueue(.location(fix), for: client)
                }
            case .error(let code, let client):
                // A live stream says it in its next update's diagnostics instead.
                if notify && liveStreams[client] == nil { enqueue(.error(code), for: client) }
            case .region(let event):
                // Every manager's delegate hears it (Apple: "It doesn't matter which location
                // manager actually registered the specified region").
                guard notify, event.change != .stopped else { continue }
                for client in managers.keys.sorted() { enqueue(.region(event.change, event.region), for: client) }
            case .regionError(let failure, let client):
                if notify { enqueue(.regionFailed(failure, failure.region), for: client) }
            case .monitor(let name, let event):
                if notify { enqueue(.monitorEvent(name, event), for: -1) }
            case .launched:
                // Relaunched into the background: the app's code hears it starts there.
                if notify { callbacks.append((-1, .appState(.background))) }
            case .paused(let client):
                if notify { enqueue(.paused, for: client) }
            case .resumed(let client):
                if notify { enqueue(.resumed, for: client) }
            case .infoPlistError:
                // No callback: a phone's console says it (a fatal one ends the simulation).
                break
            }
        }
        if authorizationChanged { resumeLiveStreams(into: &output) }
    }
}
