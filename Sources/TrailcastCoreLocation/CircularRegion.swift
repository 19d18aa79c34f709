// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
public import TrailcastDevice

/// `CLCircularRegion`: a circle an app asks Core Location to watch for it
/// (`startMonitoring(for:)`), named by its identifier.
public struct CircularRegion: Sendable, Equatable {
    /// The app's name for the region; monitoring a new region under the same name replaces the old one.
    public var identifier: String
    /// The centre of the circle, in degrees of latitude and longitude.
    public var center: Coordinate
    /// The circle's radius in meters; monitoring fails with `radius` when it is not above 0 or exceeds the maximum.
    public var radiusMeters: Double
    /// `notifyOnEntry` / `notifyOnExit`: both true unless the app says otherwise, as in
    /// Core Location.
    public var notifyOnEntry: Bool
    /// Whether the app hears when the device leaves the region (`didExitRegion`).
    public var notifyOnExit: Bool

    /// A region as the app creates it; it is monitored only once passed to `startMonitoring(for:)`.
    public init(
        identifier: String, center: Coordinate, radiusMeters: Double, notifyOnEntry: Bool = true,
        notifyOnExit: Bool = true
    ) {
        self.identifier = identifier
        self.center = center
        self.radiusMeters = radiusMeters
        self.notifyOnEntry = notifyOnEntry
        self.notifyOnExit = notifyOnExit
    }
}

/// `CLRegionState`: where the device is with respect to a region, as Core Location last
/// determined it.
package enum RegionState: String, Sendable, CaseIterable {
    /// Not determined: monitoring has just started, or the app lost authorization or precise location.
    case unknown
    /// The device is inside the region.
    case inside
    /// The device is outside the region.
    case outside
}

/// The `region` event: what region monitoring told the app about one region.
public struct RegionEvent: Sendable, Equatable {
    /// Which region-monitoring callback or `CLMonitor` event the app received, or that the app stopped monitoring.
    public enum Change: String, Sendable, CaseIterable {
        /// `locationManager(_:didStartMonitoringFor:)`.
        case started
        /// `didEnterRegion` (with `didDetermineState` `.inside`).
        case enter
        /// `didExitRegion` (with `didDetermineState` `.outside`).
        case exit
        /// `didDetermineState` alone, the answer to `requestState(for:)`.
        case inside, outside, unknown
        /// The app called `stopMonitoring(for:)` (no callback: the report's band needs it).
        case stopped
        /// A `CLMonitor` condition's event: its state (the first determination included,
        /// when it differs from the state assumed).
        case satisfied, unsatisfied
        /// A `CLMonitor` condition over the limit: never monitored.
        case unmonitored

        /// The answer to `requestState(for:)` in `state`.
        package static func determined(_ state: RegionState) -> Change {
            switch state {
            case .inside: return .inside
            case .outside: return .outside
            case .unknown: return .unknown
            }
        }
    }

    /// The region, as the app registered it.
    public var region: CircularRegion
    /// What happened to the region, written as the event's `change` field.
    public var change: Change
    /// The device's fix that settled the change (an enter, an exit, a determined state);
    /// nil for `started`, `stopped` and `unknown`, and for a crossing told late.
    public var position: Coordinate?

    /// The region's identifier, as the app named it.
    package var identifier: String { region.identifier }

    package init(region: CircularRegion, change: Change, position: Coordinate? = nil) {
        self.region = region
        self.change = change
        self.position = position
    }
}

/// The `regionError` event: `locationManager(_:monitoringDidFailFor:withError:)`.
public struct RegionFailure: Sendable, Equatable {
    /// Why, in the project's words; each maps to the `CLError.Code` Core Location gives.
    public enum Reason: String, Sendable, CaseIterable {
        /// The app already monitors ``RegionMonitor/limit`` regions.
        case limit
        /// The radius is above `maximumRegionMonitoringDistance`.
        case radius
        /// Not authorized: denied, restricted, or location services off.
        case denied
        /// Approximate location: Core Location does not monitor regions for the app.
        case reducedAccuracy
        /// Not a circular region: the simulation monitors circles only.
        case unsupported

        /// The error code the app receives.
        public var code: RegionErrorCode {
            switch self {
            case .limit, .radius, .unsupported: return .regionMonitoringFailure
            case .denied, .reducedAccuracy: return .regionMonitoringDenied
            }
        }
    }

    /// The identifier of the region the app tried to monitor.
    public var identifier: String
    /// Why monitoring failed; its `code` is the `CLError.Code` the app receives.
    public var reason: Reason
    /// The region the app tried to monitor, for the callback (not written to the timeline).
    public var region: CircularRegion?

    package init(identifier: String, reason: Reason, region: CircularRegion? = nil) {
        self.identifier = identifier
        self.reason = reason
        self.region = region
    }

    /// A one-sentence explanation naming Core Location's error constant, written as the event's `message` field.
    public var message: String {
        switch reason {
        case .limit: return "The app already monitors \(RegionMonitor.limit) regions (kCLErrorRegionMonitoringFailure)."
        case .radius:
            return "The radius is larger than maximumRegionMonitoringDistance (kCLErrorRegionMonitoringFailure)."
        case .denied: return "The app is not authorized to monitor regions (kCLErrorRegionMonitoringDenied)."
        case .reducedAccuracy:
            return "Approximate location: the app cannot monitor regions (kCLErrorRegionMonitoringDenied)."
        case .unsupported: return "Only circular regions are simulated (kCLErrorRegionMonitoringFailure)."
        }
    }
}

/// The `CLError.Code` values of region monitoring the simulation produces.
public enum RegionErrorCode: String, Sendable, CaseIterable {
    /// Core Location could not monitor the region: too many regions, a radius too large, or not a circle.
    case regionMonitoringFailure
    /// The app may not use region monitoring: no authorization, or approximate location only.
    case regionMonitoringDenied
}
