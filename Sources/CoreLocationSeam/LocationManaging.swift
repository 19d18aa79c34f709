// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// The one seam between an app's location code and Core Location: the members of
// `CLLocationManager` an app uses, as a protocol that `CLLocationManager` conforms to
// (CLLocationManager+LocationManaging.swift, Apple platforms) and the simulation's
// `SimulatedLocationManager` conforms to (the LocationSimulation library). Code written
// against it runs on a device and in a test without an adapter.
//
// Each requirement is Core Location's own declaration, copied from the page named beside
// it (https://developer.apple.com/documentation/corelocation/...), so that
// `CLLocationManager`'s members satisfy it as they are. The one exception is the delegate,
// below.

// Public only where a public declaration uses it (`LocationVisit`'s dates): on watchOS and
// visionOS, which have no visits, a public import would be unused (a warning).
#if os(iOS) || os(macOS) || !(canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN) || TRAILCAST_APPLE_TYPECHECK
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
#elseif canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The members of `CLLocationManager` an app's location code uses.
///
/// Write a view model against `any LocationManaging` and give it a `CLLocationManager()`
/// in the app and a `SimulatedLocationManager` in its tests:
///
/// ```swift
/// @MainActor final class RunTracker: @MainActor LocationManagingDelegate {
///     let manager: any LocationManaging
///     init(manager: any LocationManaging) {
///         self.manager = manager
///         manager.locationDelegate = self
///     }
///     func locationManager(_ manager: any LocationManaging, didUpdateLocations locations: [CLLocation]) { … }
/// }
/// ```
public protocol LocationManaging: AnyObject {
    /// Receives the callbacks. `CLLocationManager`'s own `delegate` takes a
    /// `CLLocationManagerDelegate`, whose callbacks name the concrete class; this one takes a
    /// ``LocationManagingDelegate``, whose callbacks name the protocol. On a
    /// `CLLocationManager`, setting it sets `delegate` to a forwarder the manager keeps;
    /// held weakly, as `delegate` is.
    var locationDelegate: (any LocationManagingDelegate)? { get set }

    /// Whether location services are on for the device (Settings > Privacy & Security >
    /// Location Services). Apple advises against calling it on the main thread: wait for
    /// ``LocationManagingDelegate/locationManagerDidChangeAuthorization(_:)`` and read
    /// ``authorizationStatus`` first.
    /// cllocationmanager/locationservicesenabled()-7d4wh
    ///
    /// In code shared with tests, ask ``servicesEnabled`` instead: a class method answers
    /// for a class, not for the device behind the manager the code holds
    /// (`CLLocationManager.locationServicesEnabled()` in a test on a Mac answers for the Mac).
    static func locationServicesEnabled() -> Bool
    /// Whether location services are on for the device behind this manager: on a
    /// `CLLocationManager`, the class method's answer; on a simulated manager, its
    /// simulation's. Not Core Location's name: its own instance property
    /// `locationServicesEnabled` (deprecated since iOS 4) would collide with one.
    var servicesEnabled: Bool { get }

    /// The app's authorization. cllocationmanager/authorizationstatus
    var authorizationStatus: CLAuthorizationStatus { get }
    /// Precise or approximate. cllocationmanager/accuracyauthorization
    var accuracyAuthorization: CLAccuracyAuthorization { get }
    /// The most recently received fix; nil before the first. cllocationmanager/location
    var location: CLLocation? { get }
    /// Metres the device must move before the next update, or `kCLDistanceFilterNone`.
    /// cllocationmanager/distancefilter
    var distanceFilter: CLLocationDistance { get set }
    /// The accuracy wanted, one of the `kCLLocationAccuracy…` constants.
    /// cllocationmanager/desiredaccuracy
    var desiredAccuracy: CLLocationAccuracy { get set }
    #if !os(visionOS)
    /// Whether updates started in the foreground go on in the background (the app needs the
    /// `location` background mode). cllocationmanager/allowsbackgroundlocationupdates: iOS 9,
    /// macOS 10.15, watchOS 4; not listed for visionOS, and so not required there.
    var allowsBackgroundLocationUpdates: Bool { get set }
    #endif
    #if os(iOS) || os(macOS) || os(watchOS) || os(visionOS) || !(canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN) || TRAILCAST_APPLE_TYPECHECK
    /// What the user is doing (`.fitness` for a walk or run tracker); Core Location weighs it in
    /// deciding when to pause updates. cllocationmanager/activitytype: iOS 6, macOS 10.15,
    /// watchOS 4 (CLLocationManager.h); visionOS 1 (Apple's page: no visionOS mark in the
    /// header, so visionOS takes iOS's availability).
    var activityType: CLActivityType { get set }
    #endif
    #if os(iOS) || os(macOS) || os(visionOS) || !(canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN) || TRAILCAST_APPLE_TYPECHECK
    /// Whether Core Location may pause updates while the device stands still (on by
    /// default); a tracker that must not miss the start of a move turns it off.
    /// cllocationmanager/pauseslocationupdatesautomatically: iOS 6, macOS 10.15; not watchOS
    /// or tvOS (CLLocationManager.h); visionOS 1 (Apple's page; iOS's availability).
    var pausesLocationUpdatesAutomatically: Bool { get set }
    #endif
    #if os(iOS) || os(visionOS) || !(canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN) || TRAILCAST_APPLE_TYPECHECK
    /// Whether an Always app's background updates show the indicator (a When In Use app's
    /// always do). cllocationmanager/showsbackgroundlocationindicator: iOS 11; not macOS,
    /// watchOS or tvOS (CLLocationManager.h); visionOS 1 (Apple's page; iOS's availability).
    var showsBackgroundLocationIndicator: Bool { get set }
    #endif

    /// cllocationmanager/requestwheninuseauthorization()
    func requestWhenInUseAuthorization()
    #if !os(visionOS)
    /// cllocationmanager/requestalwaysauthorization(): iOS, macOS and watchOS; unavailable
    /// in visionOS (https://developer.apple.com/forums/thread/748605), and so not required there.
    func requestAlwaysAuthorization()
    #endif
    /// cllocationmanager/requesttemporaryfullaccuracyauthorization(withpurposekey:completion:)
    func requestTemporaryFullAccuracyAuthorization(
        withPurposeKey purposeKey: String, completion: (@Sendable ((any Error)?) -> Void)?)
    /// cllocationmanager/startupdatinglocation()
    func startUpdatingLocation()
    /// cllocationmanager/stopupdatinglocation()
    func stopUpdatingLocation()
    /// One fix, then updates stop. cllocationmanager/requestlocation()
    func requestLocation()

    #if os(iOS) || os(macOS) || !(canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN) || TRAILCAST_APPLE_TYPECHECK
    // Region monitoring and the significant-change service: iOS and macOS (not watchOS or
    // visionOS, where Apple's pages do not list them, and so not required there).

    /// Watch a region (a `CLCircularRegion`), shared by all the app's managers.
    /// cllocationmanager/startmonitoring(for:)
    func startMonitoring(for region: CLRegion)
    /// cllocationmanager/stopmonitoring(for:)
    func stopMonitoring(for region: CLRegion)
    /// The region's state, told to `didDetermineState`. cllocationmanager/requeststate(for:)
    func requestState(for region: CLRegion)
    /// The regions the app monitors, as copies. cllocationmanager/monitoredregions
    var monitoredRegions: Set<CLRegion> { get }
    /// The largest radius a region may have. cllocationmanager/maximumregionmonitoringdistance
    var maximumRegionMonitoringDistance: CLLocationDistance { get }
    /// Whether the device can monitor regions of this class.
    /// cllocationmanager/ismonitoringavailable(for:). In shared code ask
    /// ``monitoringAvailable(for:)``, the manager's own answer.
    static func isMonitoringAvailable(for regionClass: AnyClass) -> Bool
    /// ``isMonitoringAvailable(for:)`` answered for the device behind this manager.
    func monitoringAvailable(for regionClass: AnyClass) -> Bool
    /// Whether the device has the significant-change service (cellular).
    /// cllocationmanager/significantlocationchangemonitoringavailable(). In shared code ask
    /// ``significantChangesAvailable``.
    static func significantLocationChangeMonitoringAvailable() -> Bool
    /// ``significantLocationChangeMonitoringAvailable()`` answered for the device behind
    /// this manager.
    var significantChangesAvailable: Bool { get }
    /// cllocationmanager/startmonitoringsignificantlocationchanges()
    func startMonitoringSignificantLocationChanges()
    /// cllocationmanager/stopmonitoringsignificantlocationchanges()
    func stopMonitoringSignificantLocationChanges()
    /// Visits, for all the app's managers, told to `didVisit`.
    /// cllocationmanager/startmonitoringvisits()
    func startMonitoringVisits()
    /// cllocationmanager/stopmonitoringvisits()
    func stopMonitoringVisits()
    #endif
}

extension LocationManaging {
    /// The request without a completion, as `CLLocationManager`'s default argument allows.
    public func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String) {
        requestTemporaryFullAccuracyAuthorization(withPurposeKey: purposeKey, completion: nil)
    }

    /// The request for `async` code, as Core Location's Swift interface has it: returns once
    /// answered, throwing what the completion would be given (`CLError.denied` without
    /// authorization). In an async context an un-awaited call picks this form, on a
    /// `CLLocationManager` as here. It runs on the caller's actor (`nonisolated(nonsending)`):
    /// a view model on the main actor awaits it without sending its manager elsewhere.
    nonisolated(nonsending)
        public func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String) async throws
    {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            requestTemporaryFullAccuracyAuthorization(withPurposeKey: purposeKey) { error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }
}

/// The `CLLocationManagerDelegate` callbacks an app uses, with Core Location's names, each
/// naming the manager as ``LocationManaging``. Each has an empty default, as Core
/// Location's optional methods do.
///
/// The callbacks come on the thread the manager's work runs on: on a device, the run loop
/// of the thread that created the `CLLocationManager` (the main thread for a view model);
/// in a simulation, the thread that moves the simulation on. To receive them on the main
/// actor, a `@MainActor` class conforms either
/// - `@MainActor LocationManagingDelegate`: an isolated conformance (SE-0470), Swift 6.2 and
///   later; calls from elsewhere do not compile; or
/// - `@preconcurrency LocationManagingDelegate`: Swift 6.1 (this package's oldest tools
///   version; the form itself is SE-0423's, Swift 6.0); a callback that arrives off the main
///   actor stops the app at run time.
public protocol LocationManagingDelegate: AnyObject {
    /// The app's authorization or accuracy changed; also once soon after the delegate is set.
    /// cllocationmanagerdelegate/locationmanagerdidchangeauthorization(_:)
    func locationManagerDidChangeAuthorization(_ manager: any LocationManaging)
    /// New fixes, oldest first. cllocationmanagerdelegate/locationmanager(_:didupdatelocations:)
    func locationManager(_ manager: any LocationManaging, didUpdateLocations locations: [CLLocation])
    /// A `CLError`: `.denied` (stop updating) or `.locationUnknown` (keep waiting).
    /// cllocationmanagerdelegate/locationmanager(_:didfailwitherror:)
    func locationManager(_ manager: any LocationManaging, didFailWithError error: any Error)

    #if os(iOS) || os(macOS) || !(canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN) || TRAILCAST_APPLE_TYPECHECK
    /// cllocationmanagerdelegate/locationmanager(_:didstartmonitoringfor:)
    func locationManager(_ manager: any LocationManaging, didStartMonitoringFor region: CLRegion)
    /// cllocationmanagerdelegate/locationmanager(_:didenterregion:)
    func locationManager(_ manager: any LocationManaging, didEnterRegion region: CLRegion)
    /// cllocationmanagerdelegate/locationmanager(_:didexitregion:)
    func locationManager(_ manager: any LocationManaging, didExitRegion region: CLRegion)
    /// On every crossing (beside enter or exit) and after `requestState(for:)`.
    /// cllocationmanagerdelegate/locationmanager(_:diddeterminestate:for:)
    func locationManager(_ manager: any LocationManaging, didDetermineState state: CLRegionState, for region: CLRegion)
    /// `CLError` `.regionMonitoringFailure` or `.regionMonitoringDenied`.
    /// cllocationmanagerdelegate/locationmanager(_:monitoringdidfailfor:witherror:)
    func locationManager(
        _ manager: any LocationManaging, monitoringDidFailFor region: CLRegion?, withError error: any Error)
    /// A visit began (`departureDate` is `distantFuture`) or ended.
    /// cllocationmanagerdelegate/locationmanager(_:didvisit:), whose `CLVisit` is a
    /// ``LocationVisit``.
    func locationManager(_ manager: any LocationManaging, didVisit visit: any LocationVisit)
    #endif

    #if os(iOS) || !(canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN) || TRAILCAST_APPLE_TYPECHECK
    /// Core Location paused updates (the device stood still). iOS.
    /// cllocationmanagerdelegate/locationmanagerdidpauselocationupdates(_:)
    func locationManagerDidPauseLocationUpdates(_ manager: any LocationManaging)
    /// The app started paused updates again.
    /// cllocationmanagerdelegate/locationmanagerdidresumelocationupdates(_:)
    func locationManagerDidResumeLocationUpdates(_ manager: any LocationManaging)
    #endif
}

extension LocationManagingDelegate {
    public func locationManagerDidChangeAuthorization(_ manager: any LocationManaging) {}
    public func locationManager(_ manager: any LocationManaging, didUpdateLocations locations: [CLLocation]) {}
    public func locationManager(_ manager: any LocationManaging, didFailWithError error: any Error) {}
    #if os(iOS) || os(macOS) || !(canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN) || TRAILCAST_APPLE_TYPECHECK
    public func locationManager(_ manager: any LocationManaging, didVisit visit: any LocationVisit) {}
    public func locationManager(_ manager: any LocationManaging, didStartMonitoringFor region: CLRegion) {}
    public func locationManager(_ manager: any LocationManaging, didEnterRegion region: CLRegion) {}
    public func locationManager(_ manager: any LocationManaging, didExitRegion region: CLRegion) {}
    public func locationManager(
        _ manager: any LocationManaging, didDetermineState state: CLRegionState, for region: CLRegion
    ) {}
    public func locationManager(
        _ manager: any LocationManaging, monitoringDidFailFor region: CLRegion?, withError error: any Error
    ) {}
    #endif
    #if os(iOS) || !(canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN) || TRAILCAST_APPLE_TYPECHECK
    public func locationManagerDidPauseLocationUpdates(_ manager: any LocationManaging) {}
    public func locationManagerDidResumeLocationUpdates(_ manager: any LocationManaging) {}
    #endif
}

#if os(iOS) || os(macOS) || !(canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN) || TRAILCAST_APPLE_TYPECHECK
/// A visit as `didVisit` describes it: `CLVisit`'s members (clvisit), which `CLVisit`
/// conforms to with its own. A protocol rather than the class because Apple says of
/// `CLVisit`: "You do not create visit objects directly, nor should you subclass" it, so a
/// simulation cannot hand the app one; it hands it a `SimulatedVisit` instead.
public protocol LocationVisit {
    /// When the device arrived, or `Date.distantPast` if that is unknown. clvisit/arrivaldate
    var arrivalDate: Date { get }
    /// When it left, or `Date.distantFuture` while it is still there. clvisit/departuredate
    var departureDate: Date { get }
    /// The centre of the place. clvisit/coordinate
    var coordinate: CLLocationCoordinate2D { get }
    /// The radius around the centre, in metres. clvisit/horizontalaccuracy
    var horizontalAccuracy: CLLocationAccuracy { get }
}
#endif
