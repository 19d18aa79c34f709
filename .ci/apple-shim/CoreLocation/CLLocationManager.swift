// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// A stand-in for Core Location's CLLocationManager and its delegate, for CI to type-check
// the Apple-only code against (see typecheck-apple.sh). Each declaration is copied from
// the Apple documentation page named beside it (https://developer.apple.com/documentation/
// corelocation/…); the bodies never run. The value types come from
// Sources/CoreLocationSeam/CoreLocationStandIns.swift, compiled into this same module.
@_exported import Foundation

/// cllocationmanager: `class CLLocationManager : NSObject`, neither Sendable nor MainActor.
open class CLLocationManager: NSObject {
    /// cllocationmanager/delegate
    open weak var delegate: (any CLLocationManagerDelegate)?
    /// cllocationmanager/locationservicesenabled()
    open class func locationServicesEnabled() -> Bool { fatalError("stand-in") }
    /// CLLocationManager.h: the instance property of iOS 2-4, still declared (deprecated),
    /// kept here so that the seam's own instance member (`servicesEnabled`) is proven not
    /// to collide with it.
    @available(*, deprecated, message: "Use +locationServicesEnabled")
    open var locationServicesEnabled: Bool { fatalError("stand-in") }
    /// cllocationmanager/authorizationstatus-swift.property
    open var authorizationStatus: CLAuthorizationStatus { fatalError("stand-in") }
    /// cllocationmanager/accuracyauthorization
    open var accuracyAuthorization: CLAccuracyAuthorization { fatalError("stand-in") }
    /// cllocationmanager/location (`@NSCopying` there: an Objective-C attribute)
    open var location: CLLocation? { fatalError("stand-in") }
    /// cllocationmanager/distancefilter
    open var distanceFilter: CLLocationDistance = kCLDistanceFilterNone
    /// cllocationmanager/desiredaccuracy
    open var desiredAccuracy: CLLocationAccuracy = kCLLocationAccuracyBest
    #if os(iOS) || os(macOS) || os(watchOS) || TRAILCAST_APPLE_TYPECHECK
    /// cllocationmanager/allowsbackgroundlocationupdates: `var allowsBackgroundLocationUpdates: Bool { get set }`
    open var allowsBackgroundLocationUpdates: Bool = false
    #endif
    #if !os(tvOS) || TRAILCAST_APPLE_TYPECHECK
    /// cllocationmanager/activitytype: `var activityType: CLActivityType { get set }`
    open var activityType: CLActivityType = .other
    #endif
    #if os(iOS) || os(macOS) || os(visionOS) || TRAILCAST_APPLE_TYPECHECK
    /// cllocationmanager/pauseslocationupdatesautomatically: `var pausesLocationUpdatesAutomatically: Bool { get set }`
    open var pausesLocationUpdatesAutomatically: Bool = true
    #endif
    #if os(iOS) || os(visionOS) || TRAILCAST_APPLE_TYPECHECK
    /// cllocationmanager/showsbackgroundlocationindicator: `var showsBackgroundLocationIndicator: Bool { get set }`
    open var showsBackgroundLocationIndicator: Bool = false
    #endif

    public override init() {}

    /// cllocationmanager/requestwheninuseauthorization()
    open func requestWhenInUseAuthorization() {}
    #if os(iOS) || os(macOS) || os(watchOS) || TRAILCAST_APPLE_TYPECHECK
    /// cllocationmanager/requestalwaysauthorization() (iOS, macOS, watchOS; visionOS not listed)
    open func requestAlwaysAuthorization() {}
    #endif
    /// cllocationmanager/requesttemporaryfullaccuracyauthorization(withpurposekey:completion:)
    open func requestTemporaryFullAccuracyAuthorization(
        withPurposeKey purposeKey: String, completion: (@Sendable ((any Error)?) -> Void)? = nil
    ) {}
    /// cllocationmanager/requesttemporaryfullaccuracyauthorization(withpurposekey:)
    open func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String) {}
    /// The same, as Core Location's Swift interface declares it for `async` code (iOS 14,
    /// macOS 11, watchOS 7, tvOS 14, visionOS 1): in an async context an un-awaited call
    /// picks this form and does not compile.
    open func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String) async throws {}
    /// cllocationmanager/startupdatinglocation()
    open func startUpdatingLocation() {}
    /// cllocationmanager/stopupdatinglocation()
    open func stopUpdatingLocation() {}
    /// cllocationmanager/requestlocation()
    open func requestLocation() {}
    #if os(iOS) || os(macOS) || TRAILCAST_APPLE_TYPECHECK
    /// cllocationmanager/startmonitoring(for:)
    open func startMonitoring(for region: CLRegion) {}
    /// cllocationmanager/stopmonitoring(for:)
    open func stopMonitoring(for region: CLRegion) {}
    /// cllocationmanager/requeststate(for:)
    open func requestState(for region: CLRegion) {}
    /// cllocationmanager/monitoredregions: `var monitoredRegions: Set<CLRegion> { get }`
    open var monitoredRegions: Set<CLRegion> { fatalError("stand-in") }
    /// cllocationmanager/maximumregionmonitoringdistance: `var maximumRegionMonitoringDistance: CLLocationDistance { get }`
    open var maximumRegionMonitoringDistance: CLLocationDistance { fatalError("stand-in") }
    #endif
    // The questions are on visionOS too, where the services are not (Apple's pages).
    #if os(iOS) || os(macOS) || os(visionOS) || TRAILCAST_APPLE_TYPECHECK
    /// cllocationmanager/ismonitoringavailable(for:): `class func isMonitoringAvailable(for regionClass: AnyClass) -> Bool`
    open class func isMonitoringAvailable(for regionClass: AnyClass) -> Bool { fatalError("stand-in") }
    /// cllocationmanager/significantlocationchangemonitoringavailable(): `class func significantLocationChangeMonitoringAvailable() -> Bool`
    open class func significantLocationChangeMonitoringAvailable() -> Bool { fatalError("stand-in") }
    #endif
    #if os(iOS) || os(macOS) || TRAILCAST_APPLE_TYPECHECK
    /// cllocationmanager/startmonitoringsignificantlocationchanges()
    open func startMonitoringSignificantLocationChanges() {}
    /// cllocationmanager/stopmonitoringsignificantlocationchanges()
    open func stopMonitoringSignificantLocationChanges() {}
    /// cllocationmanager/startmonitoringvisits()
    open func startMonitoringVisits() {}
    /// cllocationmanager/stopmonitoringvisits()
    open func stopMonitoringVisits() {}
    #endif
}

#if os(iOS) || os(macOS) || TRAILCAST_APPLE_TYPECHECK
/// clvisit: `class CLVisit` (`NSObject`, `NSSecureCoding`, `NSCopying`), read-only properties.
open class CLVisit: NSObject {
    /// clvisit/arrivaldate: `var arrivalDate: Date { get }`
    open var arrivalDate: Date { fatalError("stand-in") }
    /// clvisit/departuredate: `var departureDate: Date { get }`
    open var departureDate: Date { fatalError("stand-in") }
    /// clvisit/coordinate: `var coordinate: CLLocationCoordinate2D { get }`
    open var coordinate: CLLocationCoordinate2D { fatalError("stand-in") }
    /// clvisit/horizontalaccuracy: `var horizontalAccuracy: CLLocationAccuracy { get }`
    open var horizontalAccuracy: CLLocationAccuracy { fatalError("stand-in") }
}
#endif

/// cllocationmanagerdelegate: `protocol CLLocationManagerDelegate : NSObjectProtocol`, its
/// methods `optional` (Objective-C); here requirements with empty defaults, the nearest
/// Swift has without Objective-C.
public protocol CLLocationManagerDelegate: NSObjectProtocol {
    /// cllocationmanagerdelegate/locationmanagerdidchangeauthorization(_:)
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
    /// cllocationmanagerdelegate/locationmanager(_:didupdatelocations:)
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
    /// cllocationmanagerdelegate/locationmanager(_:didfailwitherror:)
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error)
    #if os(iOS) || os(macOS) || TRAILCAST_APPLE_TYPECHECK
    // Regions and visits: iOS and macOS (CLLocationManagerDelegate.h: unavailable on
    // watchOS, tvOS and, in the visionOS SDK's branch, visionOS).
    /// cllocationmanagerdelegate/locationmanager(_:didstartmonitoringfor:)
    func locationManager(_ manager: CLLocationManager, didStartMonitoringFor region: CLRegion)
    /// cllocationmanagerdelegate/locationmanager(_:didenterregion:)
    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion)
    /// cllocationmanagerdelegate/locationmanager(_:didexitregion:)
    func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion)
    /// cllocationmanagerdelegate/locationmanager(_:diddeterminestate:for:)
    func locationManager(_ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion)
    /// cllocationmanagerdelegate/locationmanager(_:monitoringdidfailfor:witherror:)
    func locationManager(
        _ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: any Error)
    /// cllocationmanagerdelegate/locationmanager(_:didvisit:)
    func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit)
    #endif
    #if os(iOS) || os(macOS) || os(visionOS) || TRAILCAST_APPLE_TYPECHECK
    /// cllocationmanagerdelegate/locationmanagerdidpauselocationupdates(_:): iOS 6, macOS
    /// 10.15, visionOS 1; not watchOS or tvOS.
    func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager)
    /// cllocationmanagerdelegate/locationmanagerdidresumelocationupdates(_:)
    func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager)
    #endif
}

extension CLLocationManagerDelegate {
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}
    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {}
    public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {}
    #if os(iOS) || os(macOS) || TRAILCAST_APPLE_TYPECHECK
    public func locationManager(_ manager: CLLocationManager, didStartMonitoringFor region: CLRegion) {}
    public func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {}
    public func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {}
    public func locationManager(
        _ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion
    ) {}
    public func locationManager(
        _ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: any Error
    ) {}
    public func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit) {}
    #endif
    #if os(iOS) || os(macOS) || os(visionOS) || TRAILCAST_APPLE_TYPECHECK
    public func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager) {}
    public func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager) {}
    #endif
}
