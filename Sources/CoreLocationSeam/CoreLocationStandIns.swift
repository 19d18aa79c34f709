// Core Location's value types, for platforms without Core Location (Linux, where the
// simulation's tests run too): the same names, members and raw values as Apple's, each
// from the page named beside it under https://developer.apple.com/documentation/corelocation/,
// so that code written against `LocationManaging` compiles unchanged on both. Only what
// the seam and an app's location code use is here; on Apple platforms this file is empty
// and Core Location itself is re-exported.
//
// CI also compiles this file into the stand-in `CoreLocation` module it type-checks the
// Apple-only code against (.ci/typecheck-apple.sh, which defines TRAILCAST_APPLE_SHIM: a
// module named CoreLocation can import itself), so that code meets these declarations.
#if canImport(CoreLocation) && !TRAILCAST_APPLE_SHIM
@_exported import CoreLocation
#else
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// Degrees. cllocationdegrees
public typealias CLLocationDegrees = Double
/// Metres. cllocationdistance
public typealias CLLocationDistance = Double
/// Metres of uncertainty; negative when invalid. cllocationaccuracy
public typealias CLLocationAccuracy = Double
/// Metres per second; negative when invalid. cllocationspeed
public typealias CLLocationSpeed = Double
/// Degrees clockwise from true north; negative when invalid. cllocationdirection
public typealias CLLocationDirection = Double

/// A latitude and longitude, WGS 84. cllocationcoordinate2d
public struct CLLocationCoordinate2D: Sendable {
    public var latitude: CLLocationDegrees
    public var longitude: CLLocationDegrees

    public init() {
        self.init(latitude: 0, longitude: 0)
    }

    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// A fix, as Core Location reports one. cllocation
///
/// A class, as Apple's is (immutable, and so `Sendable`). An unknown altitude has a negative
/// `verticalAccuracy`; an unknown speed or course is negative.
public final class CLLocation: Sendable, CustomStringConvertible {
    public let coordinate: CLLocationCoordinate2D
    public let altitude: CLLocationDistance
    public let horizontalAccuracy: CLLocationAccuracy
    public let verticalAccuracy: CLLocationAccuracy
    public let course: CLLocationDirection
    public let speed: CLLocationSpeed
    public let timestamp: Date

    /// cllocation/init(latitude:longitude:): accuracy 0, altitude unknown, now.
    public convenience init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.init(
            coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 0,
            horizontalAccuracy: 0, verticalAccuracy: -1, course: -1, speed: -1, timestamp: Date())
    }

    /// cllocation/init(coordinate:altitude:horizontalaccuracy:verticalaccuracy:course:speed:timestamp:)
    public init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy: CLLocationAccuracy,
        verticalAccuracy: CLLocationAccuracy, course: CLLocationDirection, speed: CLLocationSpeed, timestamp: Date
    ) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.course = course
        self.speed = speed
        self.timestamp = timestamp
    }

    /// Metres to `location` along the surface (cllocation/distance(from:)); a sphere of
    /// the mean Earth radius here, which is within 0.5% of Apple's figure.
    public func distance(from location: CLLocation) -> CLLocationDistance {
        let radians = Double.pi / 180
        let phi1 = coordinate.latitude * radians, phi2 = location.coordinate.latitude * radians
        let deltaPhi = phi2 - phi1, deltaLambda = (location.coordinate.longitude - coordinate.longitude) * radians
        let h = sin(deltaPhi / 2) * sin(deltaPhi / 2) + cos(phi1) * cos(phi2) * sin(deltaLambda / 2) * sin(deltaLambda / 2)
        return 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
    }

    public var description: String {
        "<\(coordinate.latitude),\(coordinate.longitude)> +/- \(horizontalAccuracy)m (speed \(speed) mps / course \(course)) @ \(timestamp)"
    }
}

/// The app's authorization to use location. clauthorizationstatus. Core Location's is an
/// `NS_ENUM`, not frozen: a switch over it needs `@unknown default` (or a `default`). The
/// Apple type-check compiles these stand-ins with library evolution, so a switch without
/// one fails there as it would with the SDK.
public enum CLAuthorizationStatus: Int32, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorizedAlways = 3
    case authorizedWhenInUse = 4
}

/// Precise or approximate location. claccuracyauthorization
public enum CLAccuracyAuthorization: Int, Sendable {
    case fullAccuracy = 0
    case reducedAccuracy = 1
}

/// What the user is doing, which Core Location weighs in deciding when to pause updates.
/// clactivitytype (raw values from CLLocationManager.h: `CLActivityTypeOther = 1`, …;
/// `airborne` iOS 12, macOS 10.14, tvOS 12, watchOS 5; `maritime` all platforms 27.0)
public enum CLActivityType: Int, Sendable {
    case other = 1
    case automotiveNavigation = 2
    case fitness = 3
    case otherNavigation = 4
    case airborne = 5
    case maritime = 6
}

/// A Core Location error. clerror. The simulation reports four of its codes (locationUnknown,
/// denied, regionMonitoringDenied, regionMonitoringFailure); every code of CLError.h is here
/// so that an app's switch over them compiles off Apple platforms too.
public struct CLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// clerror/code: CLError.h's `NS_ENUM(NSInteger, CLError)`, not frozen.
    public enum Code: Int, Sendable {
        /// No fix right now; updates go on. clerror/code/locationunknown
        case locationUnknown = 0
        /// The app may not use location; stop updating. clerror/code/denied
        case denied = 1
        case network = 2
        case headingFailure = 3
        /// The user denied the region monitoring service. clerror/code/regionmonitoringdenied
        case regionMonitoringDenied = 4
        /// A region could not be monitored: too many, or too large.
        /// clerror/code/regionmonitoringfailure
        case regionMonitoringFailure = 5
        case regionMonitoringSetupDelayed = 6
        case regionMonitoringResponseDelayed = 7
        case geocodeFoundNoResult = 8
        case geocodeFoundPartialResult = 9
        case geocodeCanceled = 10
        case deferredFailed = 11
        case deferredNotUpdatingLocation = 12
        case deferredAccuracyTooLow = 13
        case deferredDistanceFiltered = 14
        case deferredCanceled = 15
        case rangingUnavailable = 16
        case rangingFailure = 17
        case promptDeclined = 18
        case historicalLocationError = 19
    }

    public let code: Code

    public init(_ code: Code) {
        self.code = code
    }

    public static var locationUnknown: Code { .locationUnknown }
    public static var denied: Code { .denied }
    public static var regionMonitoringDenied: Code { .regionMonitoringDenied }
    public static var regionMonitoringFailure: Code { .regionMonitoringFailure }

    public var description: String { "kCLErrorDomain error \(code.rawValue)" }
}

/// Where the device is with respect to a region. clregionstate. Frozen in Core Location
/// (`NS_CLOSED_ENUM`): a switch over its three cases is complete.
@frozen
public enum CLRegionState: Int, Sendable {
    case unknown = 0
    case inside = 1
    case outside = 2
}

// Regions are not in the visionOS SDK (CLRegion.h, CLCircularRegion.h: unavailable there);
// the Apple type-check's visionOS pass leaves them out, as the SDK does.
#if !os(visionOS) || !TRAILCAST_APPLE_SHIM
/// An area Core Location can monitor, named by its identifier. clregion (an abstract base:
/// monitor a ``CLCircularRegion``). Two regions are equal when their identifiers are, as
/// `monitoredRegions` holds copies.
open class CLRegion: Hashable, CustomStringConvertible {
    /// clregion/identifier
    public let identifier: String
    /// clregion/notifyonentry: true unless the app says otherwise.
    open var notifyOnEntry = true
    /// clregion/notifyonexit
    open var notifyOnExit = true

    init(identifier: String) {
        self.identifier = identifier
    }

    public static func == (left: CLRegion, right: CLRegion) -> Bool {
        left.identifier == right.identifier
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
    }

    open var description: String { "CLRegion (identifier:'\(identifier)')" }
}

/// A circle on the Earth's surface. clcircularregion
open class CLCircularRegion: CLRegion {
    /// clcircularregion/center
    public let center: CLLocationCoordinate2D
    /// Metres. clcircularregion/radius
    public let radius: CLLocationDistance

    /// clcircularregion/init(center:radius:identifier:)
    public init(center: CLLocationCoordinate2D, radius: CLLocationDistance, identifier: String) {
        self.center = center
        self.radius = radius
        super.init(identifier: identifier)
    }

    /// clcircularregion/contains(_:)
    public func contains(_ coordinate: CLLocationCoordinate2D) -> Bool {
        CLLocation(latitude: center.latitude, longitude: center.longitude)
            .distance(from: CLLocation(latitude: coordinate.latitude, longitude: coordinate.longitude)) <= radius
    }

    open override var description: String {
        "CLCircularRegion (identifier:'\(identifier)', center:<\(center.latitude),\(center.longitude)>, radius:\(radius)m)"
    }
}
#endif

/// The best accuracy the device can give. kcllocationaccuracybest
public let kCLLocationAccuracyBest: CLLocationAccuracy = -1
/// Approximate fixes even with Precise Location on (iOS 14). kcllocationaccuracyreduced
public let kCLLocationAccuracyReduced: CLLocationAccuracy = 3000
/// Every fix, however little the device moved. kcldistancefilternone
public let kCLDistanceFilterNone: CLLocationDistance = -1

#endif
