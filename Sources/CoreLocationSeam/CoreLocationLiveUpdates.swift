// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// Core Location's live updates behind `LiveLocationUpdating`. Every Apple platform with
// `CLLocationUpdate` (iOS 17, macOS 14, watchOS 10, tvOS 17, visionOS 1); its diagnostics
// are read only where they exist (iOS 18, macOS 15, watchOS 11, tvOS 18, visionOS 2: the
// pages of cllocationupdate). CI type-checks it against the stand-in in .ci/apple-shim/.
#if (canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN)
import CoreLocation

/// `CLLocationUpdate` as a `LiveLocationUpdate`: each member is the update's own; on the
/// systems before the diagnostics (iOS 17, macOS 14, watchOS 10, tvOS 17, visionOS 1) they
/// are false.
@available(iOS 17.0, macOS 14.0, watchOS 10.0, tvOS 17.0, visionOS 1.0, *)
public struct CoreLocationUpdate: LiveLocationUpdate {
    /// Core Location's update.
    public let update: CLLocationUpdate

    public init(_ update: CLLocationUpdate) {
        self.update = update
    }

    public var location: CLLocation? { update.location }
    public var isStationary: Bool { update.isStationary }

    public var authorizationDenied: Bool {
        guard #available(iOS 18.0, macOS 15.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return false }
        return update.authorizationDenied
    }

    public var authorizationDeniedGlobally: Bool {
        guard #available(iOS 18.0, macOS 15.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return false }
        return update.authorizationDeniedGlobally
    }

    public var authorizationRestricted: Bool {
        guard #available(iOS 18.0, macOS 15.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return false }
        return update.authorizationRestricted
    }

    public var authorizationRequestInProgress: Bool {
        guard #available(iOS 18.0, macOS 15.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return false }
        return update.authorizationRequestInProgress
    }

    public var insufficientlyInUse: Bool {
        guard #available(iOS 18.0, macOS 15.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return false }
        return update.insufficientlyInUse
    }

    public var locationUnavailable: Bool {
        guard #available(iOS 18.0, macOS 15.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return false }
        return update.locationUnavailable
    }

    public var accuracyLimited: Bool {
        guard #available(iOS 18.0, macOS 15.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return false }
        return update.accuracyLimited
    }

    public var serviceSessionRequired: Bool {
        guard #available(iOS 18.0, macOS 15.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return false }
        return update.serviceSessionRequired
    }
}

/// The device's live updates: give it to the code that iterates them
/// (`CoreLocationLiveUpdates()`); its tests give the `Simulation`.
@available(iOS 17.0, macOS 14.0, watchOS 10.0, tvOS 17.0, visionOS 1.0, *)
public struct CoreLocationLiveUpdates: LiveLocationUpdating {
    public init() {}

    public func liveUpdates(
        _ configuration: LiveUpdateConfiguration
    ) -> AsyncMapSequence<CLLocationUpdate.Updates, CoreLocationUpdate> {
        CLLocationUpdate.liveUpdates(configuration.coreLocation).map { CoreLocationUpdate($0) }
    }
}

@available(iOS 17.0, macOS 14.0, watchOS 10.0, tvOS 17.0, visionOS 1.0, *)
extension LiveUpdateConfiguration {
    var coreLocation: CLLocationUpdate.LiveConfiguration {
        switch self {
        case .default: .default
        case .automotiveNavigation: .automotiveNavigation
        case .otherNavigation: .otherNavigation
        case .fitness: .fitness
        case .airborne: .airborne
        }
    }
}
#endif
