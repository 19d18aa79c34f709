import TrailcastCoreLocation
import TrailcastSettings
import TrailcastTimeline
import TrailcastDevice

/// How what the location service says reaches the app: delegate callbacks of its managers,
/// updates of its live-update streams, the person answering prompts, all in one queue so
/// that they arrive in order and never inside the call that caused them.
extension Simulation {
    /// Something waiting to reach the app.
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
    }

    struct WeakManager {
        weak var manager: SimulatedLocationManager?
    }

    /// A client number in the location service for a new manager or stream.
    func allocateClient() -> Int {
        guard clientZeroTaken else {
            clientZeroTaken = true
            return 0
        }
        return service.addClient()
    }

    func attach(_ manager: SimulatedLocationManager, as client: Int) {
        managers[client] = WeakManager(manager: manager)
    }

    /// A manager was deallocated: its updates stop, as a `CLLocationManager`'s do.
    func detach(client: Int) {
        managers[client] = nil
        service.stopUpdatingLocation(client: client)
    }

    /// Streams whose consumer has gone stop updating.
    func stopEndedLiveStreams() {
        for (client, stream) in liveStreams where stream.isEnded {
            service.stopUpdatingLocation(client: client)
            liveStreams[client] = nil
        }
    }

    func enqueue(_ callback: Callback, for client: Int) {
        callbacks.append((client, callback))
    }

    /// The app asked for permission: recorded now, answered when the callbacks due are made.
    func requestAuthorization(
        _ request: AuthorizationRequest, from client: Int, as method: ManagerCall.Method, answered: (() -> Void)? = nil
    ) {
        recordCall(method, from: client)
        // Core Location ignores a request that would not prompt; its completion still runs.
        guard service.wouldPrompt(request) else {
            if let answered { callbacks.append((client, .answered(answered))) }
            return
        }
        promptsShowing += 1
        callbacks.append((client, .prompt(request, answered: answered)))
        announceToLiveStreams()
    }

    func recordCall(_ method: ManagerCall.Method, from client: Int) {
        timeline.append(TimelineEvent(time: now, offsetSeconds: elapsedSeconds, kind: .call(ManagerCall(method: method, manager: client))))
    }

    /// The app's code called its manager: recorded, then what the service makes of it.
    func call(
        _ method: ManagerCall.Method, from client: Int, _ body: (inout LocationService, inout [LocationService.Output]) -> Void
    ) {
        recordCall(method, from: client)
        var output: [LocationService.Output] = []
        body(&service, &output)
        record(output, at: elapsedSeconds)
    }

    /// The service's outputs as timeline events and, with `notify`, callbacks.
    func record(_ output: [LocationService.Output], at offset: Double, notify: Bool = true) {
        let time = startTime.adding(seconds: offset)
        var authorizationChanged = false
        for item in output {
            let kind: TimelineEvent.Kind
            switch item {
            case .authorizationChanged(let change):
                kind = .authorization(change)
                authorizationChanged = true
                if notify { for client in managers.keys.sorted() { enqueue(.authorization, for: client) } }
            case .prompt(let request, let answer):
                kind = .prompt(request: request, answer: answer)
            case .location(let fix, let client):
                kind = .location(fix)
                deliveredLocations += 1
                if let stream = liveStreams[client] {
                    stream.lastDiagnostics = nil
                    enqueue(.liveUpdate(update(for: stream, location: fix)), for: client)
                } else if notify {
                    enqueue(.location(fix), for: client)
                }
            case .error(let code, let client):
                kind = .locationError(code)
                // A live stream says it in its next update's diagnostics instead.
                if notify && liveStreams[client] == nil { enqueue(.error(code), for: client) }
            }
            timeline.append(TimelineEvent(time: time, offsetSeconds: offset, kind: kind))
        }
        if authorizationChanged { resumeLiveStreams() }
    }

    /// Makes the waiting callbacks in order, including those they cause.
    func deliverCallbacks() throws(SimulationError) {
        var made = 0
        while !callbacks.isEmpty {
            made += 1
            // An app that answers every callback with a call that causes another never settles.
            guard made <= 100_000 else { throw .callbackLoop }
            let (client, callback) = callbacks.removeFirst()
            switch callback {
            case .appState(let state):
                appStateObservers.forEach { $0(state) }
            case .tap(let action):
                tapObservers.forEach { $0(action) }
            case .prompt(let request, let answered):
                promptsShowing -= 1
                var output: [LocationService.Output] = []
                service.requestAuthorization(request, into: &output)
                record(output, at: elapsedSeconds)
                announceToLiveStreams()
                answered?()
            case .answered(let completion):
                completion()
            case .liveUpdate(let update):
                liveStreams[client]?.yield(update)
            case .authorization, .location, .error:
                guard let manager = managers[client]?.manager else { continue }
                // `location` is the last fix, delegate or not.
                if case .location(let fix) = callback { manager.location = fix }
                guard let delegate = manager.delegate else { continue }
                switch callback {
                case .authorization:
                    delegate.locationManagerDidChangeAuthorization(manager)
                case .location(let fix):
                    delegate.locationManager(manager, didUpdateLocations: [fix])
                case .error(let code):
                    delegate.locationManager(manager, didFailWithError: SimulatedLocationError(code))
                default:
                    break
                }
            }
        }
    }
}
