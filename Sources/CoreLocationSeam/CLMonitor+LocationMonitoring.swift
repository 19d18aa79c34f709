// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// `CLMonitor` as a `LocationMonitoring`: each requirement is one of the actor's own members
// with the seam's types converted. iOS and macOS only (CLMonitor's Swift interface: not
// watchOS, tvOS or visionOS); CI type-checks it against the stand-in in .ci/apple-shim/.
#if (canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN) && (os(iOS) || os(macOS) || TRAILCAST_APPLE_TYPECHECK)
import CoreLocation

extension CLMonitor: LocationMonitoring {
    public func addCircularCondition(
        center: CLLocationCoordinate2D, radius: CLLocationDistance, identifier: String,
        assuming state: LocationMonitorState
    ) {
        add(
            CircularGeographicCondition(center: center, radius: radius), identifier: identifier,
            assuming: state.monitoringState)
    }

    public func removeCondition(identifier: String) {
        remove(identifier)
    }

    public var conditionIdentifiers: [String] { identifiers }

    public var conditionEvents: AsyncMapSequence<CLMonitor.Events, LocationMonitorEvent> {
        events.map {
            LocationMonitorEvent(identifier: $0.identifier, state: LocationMonitorState($0.state), date: $0.date)
        }
    }
}

extension LocationMonitorState {
    /// By raw value (CLMonitoringState: unknown 0, satisfied 1, unsatisfied 2, unmonitored
    /// 3): the enum is not frozen, and `unmonitored` is newer than CLMonitor itself.
    init(_ state: CLMonitor.Event.State) {
        switch state.rawValue {
        case 1: self = .satisfied
        case 2: self = .unsatisfied
        case 3: self = .unmonitored
        default: self = .unknown
        }
    }

    var monitoringState: CLMonitor.Event.State {
        switch self {
        case .unknown: CLMonitor.Event.State(rawValue: 0)!
        case .satisfied: CLMonitor.Event.State(rawValue: 1)!
        case .unsatisfied: CLMonitor.Event.State(rawValue: 2)!
        case .unmonitored: CLMonitor.Event.State(rawValue: 3)!
        }
    }
}
#endif
