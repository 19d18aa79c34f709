public import TrailcastDevice

/// `CLCircularRegion`: a circle an app asks Core Location to watch for it
/// (`startMonitoring(for:)`), named by its identifier.
public struct CircularRegion: Sendable, Equatable {
    public var identifier: String
    public var center: Coordinate
    public var radiusMeters: Double
    /// `notifyOnEntry` / `notifyOnExit`: both true unless the app says otherwise, as in
    /// Core Location.
    public var notifyOnEntry: Bool
    public var notifyOnExit: Bool

    public init(identifier: String, center: Coordinate, radiusMeters: Double, notifyOnEntry: Bool = true, notifyOnExit: Bool = true) {
        self.identifier = identifier
        self.center = center
        self.radiusMeters = radiusMeters
        self.notifyOnEntry = notifyOnEntry
        self.notifyOnExit = notifyOnExit
    }
}

/// `CLRegionState`: where the device is with respect to a region, as Core Location last
/// determined it.
public enum RegionState: String, Sendable, CaseIterable {
    case unknown, inside, outside
}

/// The `region` event: what region monitoring told the app about one region.
public struct RegionEvent: Sendable, Equatable {
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

        /// The answer to `requestState(for:)` in `state`.
        public static func determined(_ state: RegionState) -> Change {
            switch state {
            case .inside: return .inside
            case .outside: return .outside
            case .unknown: return .unknown
            }
        }
    }

    public var identifier: String
    public var change: Change
    /// The device's fix that settled the change (an enter, an exit, a determined state);
    /// nil for `started`, `stopped` and `unknown`.
    public var position: Coordinate?

    public init(identifier: String, change: Change, position: Coordinate? = nil) {
        self.identifier = identifier
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

    public var identifier: String
    public var reason: Reason

    public init(identifier: String, reason: Reason) {
        self.identifier = identifier
        self.reason = reason
    }

    public var message: String {
        switch reason {
        case .limit: return "The app already monitors \(RegionMonitor.limit) regions (kCLErrorRegionMonitoringFailure)."
        case .radius: return "The radius is larger than maximumRegionMonitoringDistance (kCLErrorRegionMonitoringFailure)."
        case .denied: return "The app is not authorized to monitor regions (kCLErrorRegionMonitoringDenied)."
        case .reducedAccuracy: return "Approximate location: the app cannot monitor regions (kCLErrorRegionMonitoringDenied)."
        case .unsupported: return "Only circular regions are simulated (kCLErrorRegionMonitoringFailure)."
        }
    }
}

/// The `CLError.Code` values of region monitoring the simulation produces.
public enum RegionErrorCode: String, Sendable {
    case regionMonitoringFailure, regionMonitoringDenied
}
