// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TrailcastApps
import TrailcastCoreLocation
import TrailcastEngine
import TrailcastTimeline

/// How the app's code reaches the phone (its managers calling, now) and how what Core
/// Location says reaches the app's code (the callbacks ``AppUnderTest`` queued, made in
/// order once the call or step that caused them is over).
extension Simulation {
    /// The app's location service, as its managers read it.
    var service: LocationService { phone.app.service }

    /// The app's code acts now, through `body`: what it causes, and anything else waiting in
    /// the phone's output, is recorded at the present.
    ///
    /// `body` holds the phone for its whole run: it must never call the user's code (a
    /// delegate, an observer, a completion) or drop the last reference to one, whose
    /// manager's `deinit` would come back here while the phone is held (a crash for
    /// overlapping accesses). Callbacks are queued instead and made by ``deliverCallbacks()``.
    @discardableResult
    func appActs<Result>(_ body: (inout AppUnderTest, inout AppOutput) -> Result) -> Result {
        let result = phone.withApp(body)
        recordOutput(at: elapsedSeconds)
        return result
    }

    /// The phone's output as timeline events at `offset`.
    func recordOutput(at offset: Double) {
        let time = startTime.adding(seconds: offset)
        var fatal: InfoPlistError?
        for item in phone.output.items {
            // The app's code looks up its own weather: the user's app asks for no effects.
            guard case .event(let kind) = item else { continue }
            // A crashed app does nothing more: what its code did after is not recorded.
            guard crash == nil, fatal == nil else { break }
            timeline.append(TimelineEvent(time: time, offsetSeconds: offset, kind: kind))
            if case .plistError(let failure) = kind, failure.isFatal { fatal = failure }
        }
        phone.clearOutput()
        if let fatal { endAfterCrash(fatal) }
    }

    /// A client number in the location service for a new manager or stream.
    func allocateClient() -> Int {
        appActs { app, _ in app.allocateClient() }
    }

    func attach(_ manager: SimulatedLocationManager, as client: Int) {
        appActs { app, _ in app.attach(manager, as: client) }
    }

    /// A manager was deallocated: its updates stop, as a `CLLocationManager`'s do.
    func detach(client: Int) {
        appActs { app, _ in app.detach(client: client) }
    }

    func enqueue(_ callback: AppUnderTest.Callback, for client: Int) {
        appActs { app, _ in app.enqueue(callback, for: client) }
    }

    /// The app asked for permission: recorded now, answered when the callbacks due are made.
    func requestAuthorization(
        _ request: AuthorizationRequest, from client: Int, as method: ManagerCall.Method, answered: (() -> Void)? = nil
    ) {
        appActs { app, output in
            app.requestAuthorization(request, from: client, as: method, answered: answered, into: &output)
        }
    }

    func recordCall(_ method: ManagerCall.Method, from client: Int) {
        appActs { app, output in app.recordCall(method, from: client, into: &output) }
    }

    /// `startMonitoring(for:)` with a circle.
    func startMonitoring(_ region: CircularRegion, from client: Int) {
        appActs { app, output in app.startMonitoring(region, from: client, into: &output) }
    }

    /// The app's code called its manager: recorded, then what the service makes of it.
    func call(
        _ method: ManagerCall.Method, from client: Int,
        _ body: (inout LocationService, inout [LocationService.Output]) -> Void
    ) {
        appActs { app, output in app.call(method, from: client, into: &output, body) }
    }

    /// A manager's setting changes the service's state for it: nothing to record but what
    /// the system shows (the background location indicator).
    func configureService(_ body: (inout LocationService) -> Void) {
        appActs { app, _ in body(&app.service) }
    }

    /// Makes the waiting callbacks in order, including those they cause.
    func deliverCallbacks() throws(SimulationError) {
        becomeCurrent()
        var made = 0
        while phone.app.hasCallbacks {
            // The app crashed in the last callback, or before: none of the rest is made.
            if let crash { throw .appCrashed(crash.message) }
            made += 1
            // An app that answers every callback with a call that causes another never settles.
            // (Counted before taking one: what is still queued stays queued.)
            guard made <= 100_000 else { throw .callbackLoop }
            guard let (client, callback) = phone.withApp({ app, _ in app.takeCallback() }) else { break }
            switch callback {
            case .appState(let state):
                for observer in appStateObservers { observer(state) }
            case .tap(let action):
                for observer in tapObservers { observer(action) }
            case .prompt(let request, let answered):
                appActs { app, output in app.answerPrompt(request, into: &output) }
                answered?()
            case .answered(let completion):
                completion()
            case .liveUpdate(let update):
                phone.app.liveStreams[client]?.yield(update)
            case .paused, .resumed:
                #if os(iOS) || !(canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN) || TRAILCAST_APPLE_TYPECHECK
                guard let manager = phone.app.managers[client]?.manager, let delegate = manager.locationDelegate else {
                    continue
                }
                if case .paused = callback {
                    delegate.locationManagerDidPauseLocationUpdates(manager)
                } else {
                    delegate.locationManagerDidResumeLocationUpdates(manager)
                }
                #endif
            case .monitorEvent(let name, let event):
                let date = Date(timeIntervalSince1970: startTime.adding(seconds: elapsedSeconds).timeIntervalSince1970)
                phone.app.monitorStreams[name]?.deliver(event, at: date)
            case .visit(let visit):
                #if os(iOS) || os(macOS) || !(canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN) || TRAILCAST_APPLE_TYPECHECK
                guard let manager = phone.app.managers[client]?.manager, let delegate = manager.locationDelegate else {
                    continue
                }
                delegate.locationManager(manager, didVisit: SimulatedVisit(visit))
                #endif
            case .region(let change, let region):
                guard let manager = phone.app.managers[client]?.manager, let delegate = manager.locationDelegate else {
                    continue
                }
                Self.tell(delegate, of: change, for: region, by: manager)
            case .regionFailed(let failure, let region):
                guard let manager = phone.app.managers[client]?.manager, let delegate = manager.locationDelegate else {
                    continue
                }
                #if os(iOS) || os(macOS) || !(canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN) || TRAILCAST_APPLE_TYPECHECK
                delegate.locationManager(
                    manager, monitoringDidFailFor: region.map(CLCircularRegion.init),
                    withError: failure.reason.code.clError)
                #endif
            case .authorization, .location, .error:
                guard let manager = phone.app.managers[client]?.manager else { continue }
                // `location` is the last fix, delegate or not.
                if case .location(let fix) = callback { manager.lastFix = fix }
                guard let delegate = manager.locationDelegate else { continue }
                switch callback {
                case .authorization:
                    delegate.locationManagerDidChangeAuthorization(manager)
                case .location(let fix):
                    delegate.locationManager(manager, didUpdateLocations: [fix.clLocation])
                case .error(let code):
                    delegate.locationManager(manager, didFailWithError: code.clError)
                default:
                    break
                }
            }
        }
    }

    /// A region callback: a crossing is `didEnterRegion` or `didExitRegion`, then
    /// `didDetermineState` (Apple calls it "in addition"; the order is the project's).
    static func tell(
        _ delegate: any LocationManagingDelegate, of change: RegionEvent.Change, for region: CircularRegion,
        by manager: SimulatedLocationManager
    ) {
        #if os(iOS) || os(macOS) || !(canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN) || TRAILCAST_APPLE_TYPECHECK
        let clRegion = CLCircularRegion(region)
        switch change {
        case .started:
            delegate.locationManager(manager, didStartMonitoringFor: clRegion)
        case .enter:
            delegate.locationManager(manager, didEnterRegion: clRegion)
            delegate.locationManager(manager, didDetermineState: .inside, for: clRegion)
        case .exit:
            delegate.locationManager(manager, didExitRegion: clRegion)
            delegate.locationManager(manager, didDetermineState: .outside, for: clRegion)
        case .inside:
            delegate.locationManager(manager, didDetermineState: .inside, for: clRegion)
        case .outside:
            delegate.locationManager(manager, didDetermineState: .outside, for: clRegion)
        case .unknown:
            delegate.locationManager(manager, didDetermineState: .unknown, for: clRegion)
        case .stopped, .satisfied, .unsatisfied, .unmonitored:
            break
        }
        #endif
    }
}
