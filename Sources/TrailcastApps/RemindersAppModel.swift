// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastCoreLocation
package import TrailcastDevice
package import TrailcastSettings
import TrailcastTimeline

/// The reminders app: "remind me when I arrive at / leave a place". It monitors the
/// `--regions` and shows a reminder (an `alert`) on each arrival and departure Core Location
/// tells it of. It runs no standard updates and looks up no weather.
///
/// Authorization in Apple's two steps ("Requesting authorization to use location
/// services"): When In Use at launch, then, once the regions are registered, Always (the
/// one-time upgrade prompt, answered by `--prompt-always`). With When In Use only, it warns
/// once that reminders come only while the app is open; without access, once that they need
/// location. A region that cannot be monitored is said in an alert too.
package struct RemindersAppModel: ModelApp, AsksCoreLocation {
    package static let needsAccessAlert =
        "Reminders need location access. Allow it in Settings to be reminded at your places."
    package static let onlyWhileOpenAlert =
        "Reminders come only while the app is open. Choose Always in Settings to be reminded in the background."

    package var locationService: LocationService
    package let regions: [CircularRegion]
    private var registered = false
    private var warnedWhileOpen = false
    private var warnedNoAccess = false

    package init(locationService: LocationService, regions: [CircularRegion]) {
        self.locationService = locationService
        self.regions = regions
    }

    package static func reminder(_ event: RegionEvent) -> String? {
        switch event.change {
        case .enter: return "Reminder: you arrived at \(event.identifier)."
        case .exit: return "Reminder: you left \(event.identifier)."
        default: return nil
        }
    }

    package mutating func launch(into events: inout AppOutput) {
        ask(into: &events) { service, outputs in
            service.launch(into: &outputs)
            if service.authorizationStatus == .notDetermined {
                service.requestAuthorization(.whenInUse, into: &outputs)
            }
        }
        settle(into: &events)
    }

    package mutating func apply(_ change: ScheduledEvent.Change, into events: inout AppOutput) {
        if case .tap(let action) = change {
            events.append(.tap(action))
            return
        }
        guard let systemChange = change.systemChange else { return }
        if case .app(let state) = change { events.append(.app(state)) }
        ask(into: &events) { $0.apply(systemChange, into: &$1) }
        if case .app(.foreground) = change {
            if locationService.authorizationStatus == .notDetermined {
                ask(into: &events) { $0.requestAuthorization(.whenInUse, into: &$1) }
            }
            settle(into: &events)
        }
    }

    package mutating func deviceMoved(to fix: LocationFix, into events: inout AppOutput) {
        ask(into: &events) { $0.receive(fix, into: &$1) }
    }

    package mutating func deviceSignalChanged(_ change: SignalChange, into events: inout AppOutput) {
        events.append(.signal(change))
        ask(into: &events) { $0.signalChanged(available: change.state == .restored, into: &$1) }
    }

    /// The in-use grace is over: Core Location's callbacks for what it ended.
    package mutating func inUseGraceEnded(into events: inout AppOutput) {
        ask(into: &events) { $0.endInUseGrace(into: &$1) }
    }

    package mutating func terminate(into events: inout AppOutput) {
        ask(into: &events) { $0.endRun(into: &$1) }
    }

    /// With authorization: the regions registered once, then the second step, Always.
    private mutating func settle(into events: inout AppOutput) {
        guard locationService.appState == .foreground else { return }
        let status = locationService.authorizationStatus
        guard status.isAuthorized else { return }
        let unregistered = registered ? [] : regions
        registered = true
        ask(into: &events) { service, outputs in
            for region in unregistered { service.startMonitoring(region, into: &outputs) }
            // Without Always's purpose string the request does nothing, and says why.
            if status == .authorizedWhenInUse
                && (service.wouldPrompt(.always) || service.lacksUsageDescription(for: .always))
            {
                service.requestAuthorization(.always, into: &outputs)
            }
        }
        if locationService.authorizationStatus == .authorizedWhenInUse && !warnedWhileOpen {
            warnedWhileOpen = true
            events.append(.alert(message: Self.onlyWhileOpenAlert))
        }
    }

    mutating func handle(_ outputs: [LocationService.Output], into events: inout AppOutput) {
        for output in outputs {
            events.append(TimelineEvent.Kind(output))
            switch output {
            case .authorizationChanged(let change):
                if change.to.isAuthorized {
                    warnedNoAccess = false
                } else if change.to != .notDetermined && !warnedNoAccess {
                    warnedNoAccess = true
                    events.append(.alert(message: Self.needsAccessAlert))
                }
            case .region(let event):
                if let reminder = Self.reminder(event) { events.append(.alert(message: reminder)) }
            case .regionError(let failure, _):
                events.append(.alert(message: "No reminders at \(failure.identifier): \(failure.message)"))
            default:
                break
            }
        }
    }
}
