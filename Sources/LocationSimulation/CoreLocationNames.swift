// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
public import CoreLocationSeam
import TrailcastBasics
import TrailcastCoreLocation
import TrailcastDevice
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The simulation's values in Core Location's types, as `LocationManaging` hands them to an
// app: `CLLocation`, `CLAuthorizationStatus`, `CLAccuracyAuthorization` and `CLError`
// (Core Location's own on Apple platforms, CoreLocationSeam's stand-ins elsewhere; the
// conversions are the same code on both). And Core Location's names on the simulation's own
// fix, so that code typed from habit (`fix.coordinate`, `fix.horizontalAccuracy`) compiles.

extension LocationFix {
    /// The fix as Core Location reports one: `altitude` 0 and `verticalAccuracy` -1 when
    /// unknown, as Core Location marks an invalid altitude; `courseAccuracy` and
    /// `speedAccuracy` -1 (unknown: the simulation does not model them); and the
    /// ``sourceInformation`` of a simulated fix (`isSimulatedBySoftware`), as Core Location
    /// gives a fix from Xcode's simulated locations.
    public var clLocation: CLLocation {
        CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude),
            altitude: altitude, horizontalAccuracy: horizontalAccuracy, verticalAccuracy: verticalAccuracy,
            course: course, courseAccuracy: courseAccuracy, speed: speed, speedAccuracy: speedAccuracy,
            timestamp: Date(timeIntervalSince1970: time.timeIntervalSince1970), sourceInfo: Self.simulatedSource)
    }

    /// A fix from a Core Location one (its `sourceIndex` is the route point it stands for).
    public init(_ location: CLLocation, sourceIndex: Int = 0) {
        let hasAltitude = location.verticalAccuracy >= 0
        self.init(
            time: Timestamp(timeIntervalSince1970: location.timestamp.timeIntervalSince1970),
            latitude: location.coordinate.latitude, longitude: location.coordinate.longitude,
            altitudeMeters: hasAltitude ? location.altitude : nil,
            horizontalAccuracyMeters: location.horizontalAccuracy,
            verticalAccuracyMeters: hasAltitude ? location.verticalAccuracy : nil,
            speedMetersPerSecond: location.speed, courseDegrees: location.course, sourceIndex: sourceIndex)
    }

    /// `CLLocation.coordinate`: latitude and longitude in degrees.
    public var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }
    /// `CLLocation.altitude`: metres above sea level; 0 when unknown (see `verticalAccuracy`).
    public var altitude: Double { altitudeMeters ?? 0 }
    /// `CLLocation.horizontalAccuracy`: the radius of uncertainty, in metres.
    public var horizontalAccuracy: Double { horizontalAccuracyMeters }
    /// `CLLocation.verticalAccuracy`: in metres; -1 when the altitude is unknown.
    public var verticalAccuracy: Double { altitudeMeters == nil ? -1 : (verticalAccuracyMeters ?? -1) }
    /// `CLLocation.speed`: metres per second; -1 when unknown.
    public var speed: Double { speedMetersPerSecond }
    /// `CLLocation.course`: degrees clockwise from true north; -1 when unknown.
    public var course: Double { courseDegrees }
    /// `CLLocation.speedAccuracy`: always -1, unknown. The simulation does not model the
    /// accuracy of its speed (its GPS error is in the position only).
    public var speedAccuracy: Double { -1 }
    /// `CLLocation.courseAccuracy`: always -1, unknown. The simulation does not model the
    /// accuracy of its course.
    public var courseAccuracy: Double { -1 }
    /// `CLLocation.ellipsoidalAltitude` (iOS 15): the same as ``altitude``, the project's
    /// reading, as the simulation has no geoid to tell height above the ellipsoid from
    /// height above sea level.
    public var ellipsoidalAltitude: Double { altitude }
    /// `CLLocation.floor`: always nil; the simulation knows no buildings.
    public var floor: CLFloor? { nil }
    /// `CLLocation.sourceInformation` (iOS 15): simulated by software, not from an
    /// accessory, as Core Location marks the fixes of a simulated route on a phone. Never
    /// nil; optional as Core Location's is, so that `if let source = fix.sourceInformation`
    /// compiles.
    public var sourceInformation: CLLocationSourceInformation? { Self.simulatedSource }

    private static var simulatedSource: CLLocationSourceInformation {
        CLLocationSourceInformation(softwareSimulationState: true, andExternalAccessoryState: false)
    }
    /// `CLLocation.timestamp`, as the simulation's own `Timestamp` (``clLocation`` has a `Date`).
    public var timestamp: Timestamp { time }
}

extension AuthorizationStatus {
    // By Core Location's raw values (CLLocationManager.h: notDetermined 0, restricted 1,
    // denied 2, authorizedAlways 3, authorizedWhenInUse 4), not its case names: visionOS
    // has no `authorizedAlways` to name.
    private static let clRawValues: [(AuthorizationStatus, Int32)] = [
        (.notDetermined, 0), (.restricted, 1), (.denied, 2), (.authorizedAlways, 3), (.authorizedWhenInUse, 4),
    ]

    /// The same status as Core Location's type.
    public var clAuthorizationStatus: CLAuthorizationStatus {
        let raw = Self.clRawValues.first { $0.0 == self }?.1 ?? 0
        return CLAuthorizationStatus(rawValue: raw) ?? .notDetermined
    }

    /// Core Location's status as the simulation's (a future value reads as not determined).
    public init(_ status: CLAuthorizationStatus) {
        self = Self.clRawValues.first { $0.1 == status.rawValue }?.0 ?? .notDetermined
    }
}

extension LocationAccuracy {
    /// `CLAccuracyAuthorization.fullAccuracy`.
    public static var fullAccuracy: LocationAccuracy { .full }
    /// `CLAccuracyAuthorization.reducedAccuracy`.
    public static var reducedAccuracy: LocationAccuracy { .reduced }

    /// Core Location's accuracy as the simulation's.
    public init(_ accuracy: CLAccuracyAuthorization) {
        self = accuracy == .fullAccuracy ? .full : .reduced
    }

    /// The same accuracy as Core Location's type.
    public var clAccuracyAuthorization: CLAccuracyAuthorization {
        self == .full ? .fullAccuracy : .reducedAccuracy
    }
}

extension LocationErrorCode {
    /// The error Core Location reports with this code.
    public var clError: CLError {
        CLError(self == .denied ? .denied : .locationUnknown)
    }
}

#if os(iOS) || os(macOS) || !(canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN) || TRAILCAST_APPLE_TYPECHECK
extension CLCircularRegion {
    /// Core Location's region for the simulation's, its notify flags kept.
    convenience init(_ region: CircularRegion) {
        self.init(
            center: CLLocationCoordinate2D(latitude: region.center.latitude, longitude: region.center.longitude),
            radius: region.radiusMeters, identifier: region.identifier)
        notifyOnEntry = region.notifyOnEntry
        notifyOnExit = region.notifyOnExit
    }
}

extension CircularRegion {
    /// The simulation's region for Core Location's.
    init(_ region: CLCircularRegion) {
        self.init(
            identifier: region.identifier,
            center: Coordinate(latitude: region.center.latitude, longitude: region.center.longitude),
            radiusMeters: region.radius, notifyOnEntry: region.notifyOnEntry, notifyOnExit: region.notifyOnExit)
    }
}
#endif

extension RegionErrorCode {
    /// The error Core Location reports with this code.
    public var clError: CLError {
        CLError(self == .regionMonitoringDenied ? .regionMonitoringDenied : .regionMonitoringFailure)
    }
}
