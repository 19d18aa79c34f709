/// What a typical weather app does with Core Location, driven by the events of a run.
///
/// - At launch, and on returning to the foreground, it asks for permission if the
///   status is `notDetermined` (when-in-use, or always with ``request``). An app that
///   wants Always and has When In Use asks again, which offers the one-time upgrade
///   (Core Location ignores the request after that, or after Allow Once).
/// - Whenever it is authorized and not updating, it starts updates, so it resumes
///   after a re-grant in Settings or a new Allow Once.
/// - On each transition into "no access" (denied, restricted, or location services
///   off, which the app sees as denied) it shows one alert.
///
/// Each method appends what happened, in order, to a list of timeline event kinds;
/// the replay engine stamps them with the simulated time.
public struct WeatherAppModel: Sendable {
    /// The alert shown when the app loses, or never had, access to location.
    public static let accessOffAlert = "Location access is off. Enable it in Settings to see local weather."

    public let request: AuthorizationRequest
    public private(set) var locationService: LocationService
    /// Whether the alert for the current no-access state has been shown.
    private var alertShown = false

    public init(locationService: LocationService, request: AuthorizationRequest = .whenInUse) {
        self.locationService = locationService
        self.request = request
    }

    /// The app starts: the initial authorization, a prompt if undetermined, updates if allowed.
    public mutating func launch(into events: inout [TimelineEvent.Kind]) {
        var outputs: [LocationService.Output] = []
        locationService.launch(into: &outputs)
        handle(outputs, into: &events)
        requestIfNeeded(into: &events)
    }

    /// The simulated user or system makes a change.
    public mutating func apply(_ change: ScheduledEvent.Change, into events: inout [TimelineEvent.Kind]) {
        var outputs: [LocationService.Output] = []
        switch change {
        case .authorization(let status):
            locationService.changeInSettings(to: status, into: &outputs)
        case .accuracy(let accuracy):
            locationService.changeAccuracyInSettings(to: accuracy, into: &outputs)
        case .services(let enabled):
            locationService.setServicesEnabled(enabled, into: &outputs)
        case .app(let state):
            events.append(.app(state))
            locationService.setAppState(state, into: &outputs)
        case .signal:
            // The receiver's business, not the app's: the replay engine hands it to the
            // device, whose change comes back through `deviceSignalChanged`.
            break
        }
        handle(outputs, into: &events)
        if case .app(.foreground) = change {
            requestIfNeeded(into: &events)
        }
    }

    /// The device produced a fix; the app receives it if Core Location delivers it.
    public mutating func deviceMoved(to fix: LocationFix, into events: inout [TimelineEvent.Kind]) {
        var outputs: [LocationService.Output] = []
        locationService.receive(fix, into: &outputs)
        if !outputs.isEmpty { handle(outputs, into: &events) }
    }

    /// The device's GPS lost or regained its signal.
    public mutating func deviceSignalChanged(_ change: SignalChange, into events: inout [TimelineEvent.Kind]) {
        events.append(.signal(change))
        var outputs: [LocationService.Output] = []
        locationService.signalChanged(available: change.state == .restored, into: &outputs)
        handle(outputs, into: &events)
    }

    /// The run ends: an Allow Once grant expires with the session.
    public mutating func terminate(into events: inout [TimelineEvent.Kind]) {
        var outputs: [LocationService.Output] = []
        locationService.endRun(into: &outputs)
        handle(outputs, into: &events)
    }

    private mutating func requestIfNeeded(into events: inout [TimelineEvent.Kind]) {
        guard locationService.appState == .foreground else { return }
        switch locationService.authorizationStatus {
        case .notDetermined: break
        case .authorizedWhenInUse where request == .always: break
        default: return
        }
        var outputs: [LocationService.Output] = []
        locationService.requestAuthorization(request, into: &outputs)
        handle(outputs, into: &events)
    }

    /// The delegate callbacks, in the order Core Location makes them.
    private mutating func handle(_ outputs: [LocationService.Output], into events: inout [TimelineEvent.Kind]) {
        for output in outputs {
            switch output {
            case .authorizationChanged(let change):
                events.append(.authorization(change))
                authorizationDidChange(into: &events)
            case .prompt(let request, let answer):
                events.append(.prompt(request: request, answer: answer))
            case .location(let fix, _):
                events.append(.location(fix))
            case .error(let code, _):
                events.append(.locationError(code))
            }
        }
    }

    /// `locationManagerDidChangeAuthorization(_:)`.
    private mutating func authorizationDidChange(into events: inout [TimelineEvent.Kind]) {
        let status = locationService.authorizationStatus
        switch status {
        case .denied, .restricted:
            if !alertShown {
                alertShown = true
                events.append(.alert(message: Self.accessOffAlert))
            }
        case .authorizedWhenInUse, .authorizedAlways:
            alertShown = false
            if !locationService.isUpdating() {
                var outputs: [LocationService.Output] = []
                locationService.startUpdatingLocation(into: &outputs)
                handle(outputs, into: &events)
            }
        case .notDetermined:
            alertShown = false
        }
    }
}
