// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// What `CLLocationUpdate.liveUpdates(_:)` (iOS 17, macOS 14, watchOS 10, visionOS 1) and the
// simulation's live updates share, so that code that iterates them is written once: the app
// is given a source of live updates (`CoreLocationLiveUpdates()` on a device, the
// `Simulation` in tests) and reads each update through `LiveLocationUpdate`, whose members
// are `CLLocationUpdate`'s own names (cllocationupdate). `CLLocationUpdate` is a struct no
// one else can make, so the seam is two protocols, and Core Location's update is wrapped
// (`CoreLocationUpdate`, CoreLocationLiveUpdates.swift) rather than conformed: its
// diagnostics are a year newer (iOS 18) than the type.

/// One live update: `CLLocationUpdate`'s members, a fix or none, and the diagnostics Core
/// Location adds (iOS 18) saying why there is none. On iOS 17 (macOS 14, watchOS 10,
/// visionOS 1) Core Location's diagnostics are all false: `CoreLocationUpdate` reads them
/// only where they exist.
public protocol LiveLocationUpdate: Sendable {
    /// The fix, or nil when the update only says why none comes. cllocationupdate/location
    var location: CLLocation? { get }
    /// Core Location stopped delivering because the device is not moving; it can suspend
    /// updates until the person moves again (iOS 17). cllocationupdate/isstationary
    var isStationary: Bool { get }
    /// The app's authorization is denied. cllocationupdate/authorizationdenied
    var authorizationDenied: Bool { get }
    /// Location Services are off for the whole device.
    /// cllocationupdate/authorizationdeniedglobally
    var authorizationDeniedGlobally: Bool { get }
    /// The app may not use location (parental controls, a profile).
    /// cllocationupdate/authorizationrestricted
    var authorizationRestricted: Bool { get }
    /// A permission prompt is showing. cllocationupdate/authorizationrequestinprogress
    var authorizationRequestInProgress: Bool { get }
    /// The app is not in use enough for its authorization (When In Use in the background).
    /// cllocationupdate/insufficientlyinuse
    var insufficientlyInUse: Bool { get }
    /// No fix can be had right now. cllocationupdate/locationunavailable
    var locationUnavailable: Bool { get }
    /// Approximate location only (Precise Location off). cllocationupdate/accuracylimited
    var accuracyLimited: Bool { get }
    /// The app adopted `NSLocationRequireExplicitServiceSession` and holds no service session
    /// that asks for authorization. cllocationupdate/servicesessionrequired
    var serviceSessionRequired: Bool { get }
}

/// The kind of positioning live updates are tuned for: `CLLocationUpdate.LiveConfiguration`
/// (`default`, `automotiveNavigation`, `otherNavigation`, `fitness`, `airborne`).
public enum LiveUpdateConfiguration: Sendable, Equatable, CaseIterable {
    /// Activities none of the others covers. cllocationupdate/liveconfiguration/default
    case `default`
    /// An automobile following a road network.
    /// cllocationupdate/liveconfiguration/automotivenavigation
    case automotiveNavigation
    /// Transport that does not, or may not, keep to roads: cycling, scooters, trains, boats,
    /// off-road vehicles.
    /// cllocationupdate/liveconfiguration/othernavigation
    case otherNavigation
    /// Dedicated fitness sessions. cllocationupdate/liveconfiguration/fitness
    case fitness
    /// Activities in the air. cllocationupdate/liveconfiguration/airborne
    case airborne
}

/// Starts live updates: `CLLocationUpdate.liveUpdates(_:)`. Write the code generic over it
/// and give it `CoreLocationLiveUpdates()` in the app and the `Simulation` in its tests:
///
/// ```swift
/// func track(with source: some LiveLocationUpdating) async throws {
///     for try await update in source.liveUpdates(.fitness) {
///         if update.insufficientlyInUse { showReturnToApp() }
///         if let location = update.location, !update.isStationary { record(location) }
///     }
/// }
/// ```
///
/// Iterating the sequence starts the updates; ending the iteration (a `break`, the task's
/// cancellation) stops them.
public protocol LiveLocationUpdating {
    /// Each update's type: `CoreLocationUpdate` on a device, `SimulatedLocationUpdate` in tests.
    associatedtype Update: LiveLocationUpdate
    /// The sequence `liveUpdates(_:)` returns: iterating it starts the updates, ending the iteration
    /// stops them.
    associatedtype Updates: AsyncSequence where Updates.Element == Update

    /// `CLLocationUpdate.liveUpdates(_:)`: the updates for `configuration`.
    func liveUpdates(_ configuration: LiveUpdateConfiguration) -> Updates
}

extension LiveLocationUpdating {
    /// `CLLocationUpdate.liveUpdates()`: the `default` configuration.
    public func liveUpdates() -> Updates {
        liveUpdates(.default)
    }
}
