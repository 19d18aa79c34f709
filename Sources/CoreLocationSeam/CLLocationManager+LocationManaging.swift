// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// `CLLocationManager` as a `LocationManaging`: every requirement but the delegate is the
// class's own member. Apple platforms only, and not tvOS, whose CLLocationManager cannot
// start updates; CI type-checks this file against the stand-in module in .ci/apple-shim/,
// as no Apple toolchain runs there.
#if (canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN) && !os(tvOS)
import CoreLocation
import ObjectiveC

extension CLLocationManager: LocationManaging {
    /// Sets `delegate` to a forwarder that this manager keeps, which passes each callback
    /// on to `locationDelegate` (held weakly, as `delegate` is). Setting `delegate`
    /// yourself afterwards replaces the forwarder.
    public var locationDelegate: (any LocationManagingDelegate)? {
        get { (delegate as? LocationDelegateForwarder)?.target }
        set {
            guard let newValue else {
                if delegate is LocationDelegateForwarder { delegate = nil }
                keptForwarder = nil
                return
            }
            let forwarder = LocationDelegateForwarder(target: newValue)
            keptForwarder = forwarder
            delegate = forwarder
        }
    }

    /// The class's answer: a `CLLocationManager` is the device's own.
    public var servicesEnabled: Bool { Self.locationServicesEnabled() }

    #if os(iOS) || os(macOS) || TRAILCAST_APPLE_TYPECHECK
    public func monitoringAvailable(for regionClass: AnyClass) -> Bool { Self.isMonitoringAvailable(for: regionClass) }

    public var significantChangesAvailable: Bool { Self.significantLocationChangeMonitoringAvailable() }
    #endif

    /// `delegate` is weak: the forwarder lives as long as the manager, as an associated object.
    private var keptForwarder: LocationDelegateForwarder? {
        get { objc_getAssociatedObject(self, &forwarderKey) as? LocationDelegateForwarder }
        set { objc_setAssociatedObject(self, &forwarderKey, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC) }
    }
}

#if os(iOS) || os(macOS) || TRAILCAST_APPLE_TYPECHECK
/// Every requirement is `CLVisit`'s own property.
extension CLVisit: LocationVisit {}
#endif

/// The associated object's key: only its address matters.
nonisolated(unsafe) private var forwarderKey: UInt8 = 0

/// Core Location's delegate callbacks, passed on with the manager as `LocationManaging`.
final class LocationDelegateForwarder: NSObject, CLLocationManagerDelegate {
    weak var target: (any LocationManagingDelegate)?

    init(target: any LocationManagingDelegate) {
        self.target = target
    }

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        target?.locationManagerDidChangeAuthorization(manager)
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        target?.locationManager(manager, didUpdateLocations: locations)
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        target?.locationManager(manager, didFailWithError: error)
    }

    #if os(iOS) || os(macOS) || TRAILCAST_APPLE_TYPECHECK
    func locationManager(_ manager: CLLocationManager, didStartMonitoringFor region: CLRegion) {
        target?.locationManager(manager, didStartMonitoringFor: region)
    }

    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
        target?.locationManager(manager, didEnterRegion: region)
    }

    func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {
        target?.locationManager(manager, didExitRegion: region)
    }

    func locationManager(_ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion) {
        target?.locationManager(manager, didDetermineState: state, for: region)
    }

    func locationManager(
        _ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: any Error
    ) {
        target?.locationManager(manager, monitoringDidFailFor: region, withError: error)
    }

    func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit) {
        target?.locationManager(manager, didVisit: visit)
    }
    #endif

    #if os(iOS) || TRAILCAST_APPLE_TYPECHECK
    func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager) {
        target?.locationManagerDidPauseLocationUpdates(manager)
    }

    func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager) {
        target?.locationManagerDidResumeLocationUpdates(manager)
    }
    #endif
}
#endif
