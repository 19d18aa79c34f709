// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// What `CLMonitor` (iOS 17, macOS 14: the condition monitor that replaces region monitoring)
// and the simulation's `SimulatedMonitor` share, so that an app's geofencing code is written
// once: circular conditions by identifier, and their events. CLMonitor is an actor whose
// types (`CLMonitor.Event.State`, `any CLCondition`) a simulation cannot make, so the seam
// speaks in its own small types, and each monitor converts (CLMonitor+LocationMonitoring.swift
// on Apple platforms, the simulation's in LocationSimulation). Not on watchOS, tvOS or
// visionOS, where CLMonitor is unavailable (its Swift interface).
#if os(iOS) || os(macOS) || !(canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN) || TRAILCAST_APPLE_TYPECHECK
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A condition's state: `CLMonitor.Event.State`'s four values (`CLMonitoringState`).
public enum LocationMonitorState: Sendable, Equatable, CaseIterable {
    /// Not known: the condition's state has not been determined (the state assumed by default when it
    /// is added).
    case unknown
    /// The condition holds: for a circular condition, the device is inside the circle.
    case satisfied
    /// The condition does not hold: the device is outside the circle.
    case unsatisfied
    /// The condition is not monitored (iOS 17.2, macOS 14.2); in the simulation, a condition over the
    /// app's limit of 20.
    case unmonitored
}

/// One event of a monitor's conditions: `CLMonitor.Event`'s identifier, state and date.
public struct LocationMonitorEvent: Sendable, Equatable {
    /// The identifier the condition was added with.
    public var identifier: String
    /// The condition's state as of this event.
    public var state: LocationMonitorState
    /// When the event happened: Core Location's event date, or the simulated moment in a simulation.
    public var date: Date

    /// An event of the condition `identifier`, in `state` at `date`.
    public init(identifier: String, state: LocationMonitorState, date: Date) {
        self.identifier = identifier
        self.state = state
        self.date = date
    }
}

/// The members of `CLMonitor` an app's geofencing uses, in the seam's own types. Write the
/// feature generic over it (`GeofenceModel<Monitor: LocationMonitoring>`) and give it
/// `await CLMonitor("geofences")` in the app and a `SimulatedMonitor` in its tests:
///
/// ```swift
/// await monitor.addCircularCondition(center: shop, radius: 150, identifier: "shop", assuming: .unsatisfied)
/// for try await event in await monitor.conditionEvents where event.state == .satisfied { remind(event.identifier) }
/// ```
///
/// The names are the seam's, not CLMonitor's (`add`, `remove`, `identifiers`, `events`),
/// whose own members keep their own types beside these.
public protocol LocationMonitoring: AnyObject {
    /// The sequence `conditionEvents` returns: every event of the monitor's conditions, in order.
    associatedtype ConditionEvents: AsyncSequence where ConditionEvents.Element == LocationMonitorEvent

    /// `add(CLMonitor.CircularGeographicCondition(center:radius:), identifier:assuming:)`:
    /// starts monitoring the circle, or replaces the condition of that identifier.
    nonisolated(nonsending) func addCircularCondition(
        center: CLLocationCoordinate2D, radius: CLLocationDistance, identifier: String,
        assuming state: LocationMonitorState
    ) async
    /// `remove(_:)`.
    nonisolated(nonsending) func removeCondition(identifier: String) async
    /// `identifiers`: the conditions added and not removed.
    nonisolated(nonsending) var conditionIdentifiers: [String] { get async }
    /// `events`, as the seam's events: every state change of the monitor's conditions
    /// (`async`: CLMonitor's `events` is the actor's).
    nonisolated(nonsending) var conditionEvents: ConditionEvents { get async }
}
#endif
