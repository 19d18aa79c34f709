// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastDevice

// What the model says to the app, and what it keeps for each of the app's location managers.
extension LocationService {
    /// What the service tells the app (the delegate callbacks) and the user sees.
    package enum Output: Sendable, Equatable {
        case authorizationChanged(AuthorizationChange)
        case prompt(request: AuthorizationRequest, answer: PromptAnswer)
        /// A fix for one client.
        case location(LocationFix, client: Int)
        /// `didFailWithError` for one client.
        case error(LocationErrorCode, client: Int)
        /// Region monitoring's news, for every client (Apple: "every active location manager
        /// object delivers this message to its associated delegate").
        case region(RegionEvent)
        /// Core Location relaunched the terminated app into the background for an event,
        /// which follows.
        case launched(LaunchReason)
        /// `locationManagerDidPauseLocationUpdates` / `...DidResumeLocationUpdates`.
        case paused(client: Int)
        case resumed(client: Int)
        /// `monitoringDidFailFor` for the client that registered the region.
        case regionError(RegionFailure, client: Int)
        /// `didVisit`, for every client (visits are the app's, not one manager's).
        case visit(Visit)
        /// A `CLMonitor` condition's event (`satisfied`, `unsatisfied`, `unmonitored`), for
        /// the monitor of that name.
        case monitor(name: String, RegionEvent)
        /// The app did what its Info.plist does not allow: a request without its purpose
        /// string (nothing else happens), or background updates without the `location`
        /// background mode (fatal: the app is terminated).
        case infoPlistError(InfoPlistError)
    }

    /// What each client (location manager) asked for.
    struct Client: Sendable {
        var isUpdating = false
        /// `startMonitoringSignificantLocationChanges()` is on.
        var significantChanges = false
        /// The device's fix behind the last significant-change delivery.
        var lastSignificant: LocationFix?
        /// `allowsBackgroundLocationUpdates`.
        var allowsBackgroundUpdates = false
        /// `showsBackgroundLocationIndicator` (Always apps only).
        var showsBackgroundIndicator = false
        /// `pausesLocationUpdatesAutomatically` (true by default, as in Core Location).
        var pausesAutomatically = true
        /// Updates were started (or were running) while the app was in the foreground.
        var startedInForeground = false
        /// Paused automatically: nothing is delivered until the app starts updates again.
        var isPaused = false
        /// Where the device has stood since, for the automatic pause.
        var stationaryAnchor: LocationFix?
        /// A `requestLocation()` waiting for its fix.
        var awaitsOneFix = false
        var distanceFilterMeters: Double?
        /// `desiredAccuracy` is the reduced-accuracy constant: approximate fixes even with
        /// full accuracy authorized.
        var wantsReducedAccuracy = false
        var lastDelivered: LocationFix?

        var wantsFixes: Bool { isUpdating || awaitsOneFix }
    }
}
