// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastCoreLocation
package import TrailcastSettings
import TrailcastTimeline
package import TrailcastDevice

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
/// Each method appends what happened, in order, to the app's output: timeline event kinds,
/// which the engine stamps with the simulated time, and after each location it receives,
/// a weather lookup (``AppEffect/lookUpWeather(_:)``) for the engine to carry out.
///
/// Taps (`--event OFFSET:tap=ACTION`): `currentLocation` asks for one fix when allowed and
/// shows the alert when not; `refresh` shows the alert when not allowed (the weather
/// refreshes with the next location anyway); `requestPermission` prompts only while the
/// status is notDetermined, and when the status is denied or restricted (Core Location
/// ignores the request) offers Settings with ``openSettingsAlert``; `openSettings` sends
/// the app to the background.
package struct WeatherAppModel: ModelApp, AsksCoreLocation {
    /// The alert shown when the app loses, or never had, access to location.
    package static let accessOffAlert = "Location access is off. Enable it in Settings to see local weather."
    /// The alert offering Settings when asking again cannot prompt.
    package static let openSettingsAlert = "Location access is off. Open Settings to allow it."

    package let request: AuthorizationRequest
    package var locationService: LocationService
    /// The words of this app's no-access alert.
    package let accessOffMessage: String
    /// The services it uses beyond standard updates (regions, significant changes, visits).
    package let services: ServicesUsed
    /// Whether the alert for the current no-access state has been shown.
    private var alertShown = false

    package init(
        locationService: LocationService, request: AuthorizationRequest = .whenInUse,
        accessOffMessage: String = WeatherAppModel.accessOffAlert, services: ServicesUsed = ServicesUsed()
    ) {
        self.locationService = locationService
        self.request = request
        self.accessOffMessage = accessOffMessage
        self.services = services
    }

    /// The app starts: it sets up its manager (background updates, fatal without their
    /// background mode in the Info.plist: the engine ends the run there), then the initial
    /// authorization, a prompt if undetermined, updates if allowed.
    package mutating func launch(into events: inout AppOutput) {
        if services.backgroundUpdates {
            ask(into: &events) { $0.setAllowsBackgroundLocationUpdates(true, client: 0, into: &$1) }
        }
        ask(into: &events) { $0.launch(into: &$1) }
        requestIfNeeded(into: &events)
        // After the prompt, so that a granted app's registration is not refused.
        let regions = services.regions
        ask(into: &events) { service, outputs in
            for region in regions { service.startMonitoring(region, into: &outputs) }
        }
        if services.visits { startVisitsIfAllowed(into: &events) }
    }

    /// The simulated user or system makes a change.
    package mutating func apply(_ change: ScheduledEvent.Change, into events: inout AppOutput) {
        if case .tap(let action) = change {
            events.append(.tap(action))
            tap(action, into: &events)
            return
        }
        // A signal change is the receiver's business, not the app's: the replay engine
        // hands it to the device, whose change comes back through `deviceSignalChanged`.
        guard let systemChange = change.systemChange else { return }
        if case .app(let state) = change { events.append(.app(state)) }
        ask(into: &events) { $0.apply(systemChange, into: &$1) }
        if case .app(.foreground) = change {
            requestIfNeeded(into: &events)
            // Launched by the person after it was terminated: its services start again.
            startServicesIfAuthorized(into: &events)
            // Updates paused in the background start again now the person uses the app.
            if locationService.isPaused() {
                ask(into: &events) { $0.startUpdatingLocation(into: &$1) }
            }
        }
    }

    /// The user tapped: see the type's documentation.
    private mutating func tap(_ action: TapAction, into events: inout AppOutput) {
        let allowed = locationService.authorizationStatus.isAuthorized
        switch action {
        case .currentLocation:
            guard allowed else {
                events.append(.alert(message: accessOffMessage))
                return
            }
            ask(into: &events) { $0.requestLocation(into: &$1) }
        case .refresh:
            if !allowed { events.append(.alert(message: accessOffMessage)) }
        case .requestPermission:
            let prompts = locationService.wouldPrompt(request)
            // Asked without its purpose string, the request does nothing, and says why.
            if prompts || locationService.lacksUsageDescription(for: request) {
                let request = request
                ask(into: &events) { $0.requestAuthorization(request, into: &$1) }
            }
            if !prompts && !allowed && locationService.authorizationStatus != .notDetermined {
                events.append(.alert(message: Self.openSettingsAlert))
            }
        case .openSettings:
            apply(.app(.background), into: &events)
        }
    }

    /// The device produced a fix; the app receives it if Core Location delivers it.
    package mutating func deviceMoved(to fix: LocationFix, into events: inout AppOutput) {
        ask(into: &events) { $0.receive(fix, into: &$1) }
    }

    /// The device's GPS lost or regained its signal.
    package mutating func deviceSignalChanged(_ change: SignalChange, into events: inout AppOutput) {
        events.append(.signal(change))
        ask(into: &events) { $0.signalChanged(available: change.state == .restored, into: &$1) }
    }

    /// The run ends: an Allow Once grant expires with the session.
    /// The in-use grace is over: Core Location's callbacks for what it ended.
    package mutating func inUseGraceEnded(into events: inout AppOutput) {
        ask(into: &events) { $0.endInUseGrace(into: &$1) }
    }

    package mutating func terminate(into events: inout AppOutput) {
        ask(into: &events) { $0.endRun(into: &$1) }
    }

    /// The visits service, once authorized (started before, it would fail with `denied`).
    private mutating func startVisitsIfAllowed(into events: inout AppOutput) {
        guard !locationService.monitorsVisits, locationService.authorizationStatus.isAuthorized else { return }
        ask(into: &events) { $0.startMonitoringVisits(into: &$1) }
    }

    private mutating func requestIfNeeded(into events: inout AppOutput) {
        guard locationService.appState == .foreground else { return }
        switch locationService.authorizationStatus {
        case .notDetermined: break
        case .authorizedWhenInUse where request == .always: break
        default: return
        }
        let request = request
        ask(into: &events) { $0.requestAuthorization(request, into: &$1) }
    }

    /// The delegate callbacks, in the order Core Location makes them.
    mutating func handle(_ outputs: [LocationService.Output], into events: inout AppOutput) {
        for output in outputs {
            events.append(TimelineEvent.Kind(output))
            switch output {
            case .authorizationChanged:
                authorizationDidChange(into: &events)
            case .location(let fix, _):
                // The weather where the user is: what the app is for.
                events.request(.lookUpWeather(fix))
            default:
                break
            }
        }
    }

    /// `locationManagerDidChangeAuthorization(_:)`.
    private mutating func authorizationDidChange(into events: inout AppOutput) {
        let status = locationService.authorizationStatus
        switch status {
        case .denied, .restricted:
            if !alertShown {
                alertShown = true
                events.append(.alert(message: accessOffMessage))
            }
        case .authorizedWhenInUse, .authorizedAlways:
            alertShown = false
            startServicesIfAuthorized(into: &events)
        case .notDetermined:
            alertShown = false
        }
    }

    /// Updates (or the significant-change service) and visits, when authorized and not running.
    private mutating func startServicesIfAuthorized(into events: inout AppOutput) {
        guard locationService.authorizationStatus.isAuthorized else { return }
        if services.significantChanges {
            if !locationService.monitorsSignificantChanges() {
                ask(into: &events) { $0.startMonitoringSignificantLocationChanges(into: &$1) }
            }
        } else if !locationService.isUpdating() {
            ask(into: &events) { $0.startUpdatingLocation(into: &$1) }
        }
        if services.visits { startVisitsIfAllowed(into: &events) }
    }
}
