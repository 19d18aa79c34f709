// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
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
#if (canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN) && !TRAILCAST_APPLE_SHIM
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
/// The accuracy of a speed, metres per second; negative when the speed is invalid.
/// cllocationspeedaccuracy
public typealias CLLocationSpeedAccuracy = Double
/// The accuracy of a course, degrees; negative when the course is invalid.
/// cllocationdirectionaccuracy
public typealias CLLocationDirectionAccuracy = Double

/// A latitude and longitude, WGS 84. cllocationcoordinate2d
public struct CLLocationCoordinate2D: Sendable {
    /// Degrees north of the equator, -90 to 90; south is negative. cllocationcoordinate2d/latitude
    public var latitude: CLLocationDegrees
    /// Degrees east of the prime meridian, -180 to 180; west is negative.
    /// cllocationcoordinate2d/longitude
    public var longitude: CLLocationDegrees

    /// Latitude 0 and longitude 0, as the imported C struct's `init()` gives: a valid coordinate, not
    /// `kCLLocationCoordinate2DInvalid`.
    public init() {
        self.init(latitude: 0, longitude: 0)
    }

    /// The degrees as given, not checked: `CLLocationCoordinate2DIsValid(_:)` tells whether they are
    /// valid. cllocationcoordinate2d/init(latitude:longitude:)
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// The coordinate Core Location uses for none: latitude -180, longitude -180 (outside
/// both ranges, so ``CLLocationCoordinate2DIsValid(_:)`` is false for it).
/// kcllocationcoordinate2dinvalid
public let kCLLocationCoordinate2DInvalid = CLLocationCoordinate2D(latitude: -180, longitude: -180)

/// Whether `coord` is a coordinate: invalid when its latitude is greater than 90 degrees or
/// less than -90, or its longitude greater than 180 or less than -180 (Apple's wording);
/// the bounds themselves are valid, and NaN, in no range, is not.
/// cllocationcoordinate2disvalid(_:)
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CLLocationCoordinate2DIsValid(_ coord: CLLocationCoordinate2D) -> Bool {
    (-90.0...90.0).contains(coord.latitude) && (-180.0...180.0).contains(coord.longitude)
}

/// A coordinate from a latitude and a longitude, as they are. cllocationcoordinate2dmake(_:_:)
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CLLocationCoordinate2DMake(_ latitude: CLLocationDegrees, _ longitude: CLLocationDegrees)
    -> CLLocationCoordinate2D
{
    CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
}

/// The floor of a building the device is on. clfloor. Core Location makes them (Apple: "You
/// do not create instances of this class directly"); the stand-ins never do, so
/// ``CLLocation/floor`` is always nil here.
public final class CLFloor: Sendable {
    /// The logical floor: 0 the ground floor, 1 the one above, -1 the one below.
    /// clfloor/level
    public let level: Int

    init(level: Int) {
        self.level = level
    }
}

/// Where a location came from. cllocationsourceinformation (iOS 15, macOS 12, watchOS 8)
public final class CLLocationSourceInformation: Sendable {
    /// Whether software on the device simulated the location (Xcode's GPX files, say).
    /// cllocationsourceinformation/issimulatedbysoftware
    public let isSimulatedBySoftware: Bool
    /// Whether an external accessory (a GPS dongle, CarPlay) produced it.
    /// cllocationsourceinformation/isproducedbyaccessory
    public let isProducedByAccessory: Bool

    /// cllocationsourceinformation/init(softwaresimulationstate:andexternalaccessorystate:)
    public init(softwareSimulationState isSoftware: Bool, andExternalAccessoryState isAccessory: Bool) {
        isSimulatedBySoftware = isSoftware
        isProducedByAccessory = isAccessory
    }

    /// Neither simulated nor from an accessory: both properties' documented default, false
    /// (`NSObject`'s `init()` on Apple platforms).
    public convenience init() {
        self.init(softwareSimulationState: false, andExternalAccessoryState: false)
    }
}

/// A fix, as Core Location reports one. cllocation
///
/// A class, as Apple's is (immutable, and so `Sendable`). An unknown altitude has a negative
/// `verticalAccuracy`; an unknown speed or course is negative, and so is the accuracy of an
/// unknown speed or course.
public final class CLLocation: Sendable, CustomStringConvertible {
    /// cllocation/coordinate
    public let coordinate: CLLocationCoordinate2D
    /// Metres above mean sea level. cllocation/altitude
    public let altitude: CLLocationDistance
    /// cllocation/horizontalaccuracy
    public let horizontalAccuracy: CLLocationAccuracy
    /// cllocation/verticalaccuracy
    public let verticalAccuracy: CLLocationAccuracy
    /// cllocation/course
    public let course: CLLocationDirection
    /// Degrees; -1 when unknown (the initializers without it give -1). cllocation/courseaccuracy
    public let courseAccuracy: CLLocationDirectionAccuracy
    /// cllocation/speed
    public let speed: CLLocationSpeed
    /// Metres per second; -1 when unknown (the initializers without it give -1).
    /// cllocation/speedaccuracy
    public let speedAccuracy: CLLocationSpeedAccuracy
    /// cllocation/timestamp
    public let timestamp: Date
    /// Where the location came from; nil unless the initializer was given one.
    /// cllocation/sourceinformation
    public let sourceInformation: CLLocationSourceInformation?

    /// Metres above the WGS 84 ellipsoid (iOS 15). cllocation/ellipsoidalaltitude. Here the
    /// same as ``altitude``: the project's reading, as the simulation has no geoid to tell
    /// the two apart (Core Location's own, for a location an app makes, is not documented).
    public var ellipsoidalAltitude: CLLocationDistance { altitude }

    /// The floor of the building; nil where none is known, which is always here.
    /// cllocation/floor
    public var floor: CLFloor? { nil }

    /// cllocation/init(latitude:longitude:): accuracy 0, altitude unknown, now.
    public convenience init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.init(
            coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 0,
            horizontalAccuracy: 0, verticalAccuracy: -1, course: -1, speed: -1, timestamp: Date())
    }

    /// Course and speed unknown (-1, and their accuracies -1).
    /// cllocation/init(coordinate:altitude:horizontalaccuracy:verticalaccuracy:timestamp:)
    public convenience init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy: CLLocationAccuracy,
        verticalAccuracy: CLLocationAccuracy, timestamp: Date
    ) {
        self.init(
            coordinate: coordinate, altitude: altitude, horizontalAccuracy: horizontalAccuracy,
            verticalAccuracy: verticalAccuracy, course: -1, speed: -1, timestamp: timestamp)
    }

    /// The accuracies of course and speed unknown (-1).
    /// cllocation/init(coordinate:altitude:horizontalaccuracy:verticalaccuracy:course:speed:timestamp:)
    public convenience init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy: CLLocationAccuracy,
        verticalAccuracy: CLLocationAccuracy, course: CLLocationDirection, speed: CLLocationSpeed, timestamp: Date
    ) {
        self.init(
            coordinate: coordinate, altitude: altitude, horizontalAccuracy: horizontalAccuracy,
            verticalAccuracy: verticalAccuracy, course: course, courseAccuracy: -1, speed: speed, speedAccuracy: -1,
            timestamp: timestamp)
    }

    /// iOS 13.4. cllocation/init(coordinate:altitude:horizontalaccuracy:verticalaccuracy:course:courseaccuracy:speed:speedaccuracy:timestamp:)
    public convenience init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy: CLLocationAccuracy,
        verticalAccuracy: CLLocationAccuracy, course: CLLocationDirection, courseAccuracy: CLLocationDirectionAccuracy,
        speed: CLLocationSpeed, speedAccuracy: CLLocationSpeedAccuracy, timestamp: Date
    ) {
        self.init(
            coordinate: coordinate, altitude: altitude, horizontalAccuracy: horizontalAccuracy,
            verticalAccuracy: verticalAccuracy, course: course, courseAccuracy: courseAccuracy, speed: speed,
            speedAccuracy: speedAccuracy, timestamp: timestamp, source: nil)
    }

    /// iOS 15. cllocation/init(coordinate:altitude:horizontalaccuracy:verticalaccuracy:course:courseaccuracy:speed:speedaccuracy:timestamp:sourceinfo:)
    public convenience init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy: CLLocationAccuracy,
        verticalAccuracy: CLLocationAccuracy, course: CLLocationDirection, courseAccuracy: CLLocationDirectionAccuracy,
        speed: CLLocationSpeed, speedAccuracy: CLLocationSpeedAccuracy, timestamp: Date,
        sourceInfo: CLLocationSourceInformation
    ) {
        self.init(
            coordinate: coordinate, altitude: altitude, horizontalAccuracy: horizontalAccuracy,
            verticalAccuracy: verticalAccuracy, course: course, courseAccuracy: courseAccuracy, speed: speed,
            speedAccuracy: speedAccuracy, timestamp: timestamp, source: sourceInfo)
    }

    private init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy: CLLocationAccuracy,
        verticalAccuracy: CLLocationAccuracy, course: CLLocationDirection, courseAccuracy: CLLocationDirectionAccuracy,
        speed: CLLocationSpeed, speedAccuracy: CLLocationSpeedAccuracy, timestamp: Date,
        source: CLLocationSourceInformation?
    ) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.course = course
        self.courseAccuracy = courseAccuracy
        self.speed = speed
        self.speedAccuracy = speedAccuracy
        self.timestamp = timestamp
        sourceInformation = source
    }

    /// Metres to `location` along the surface (cllocation/distance(from:)); a sphere of
    /// the mean Earth radius here, which is within 0.5% of Apple's figure.
    public func distance(from location: CLLocation) -> CLLocationDistance {
        let radians = Double.pi / 180
        let phi1 = coordinate.latitude * radians, phi2 = location.coordinate.latitude * radians
        let deltaPhi = phi2 - phi1, deltaLambda = (location.coordinate.longitude - coordinate.longitude) * radians
        let h =
            sin(deltaPhi / 2) * sin(deltaPhi / 2) + cos(phi1) * cos(phi2) * sin(deltaLambda / 2) * sin(deltaLambda / 2)
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
    /// The user has not yet chosen whether the app may use location; a request can show the prompt.
    /// clauthorizationstatus/notdetermined
    case notDetermined = 0
    /// The app may not use location, and the user cannot change that (parental controls, say).
    /// clauthorizationstatus/restricted
    case restricted = 1
    /// The user denied the app location, or Location Services are off for the whole device.
    /// clauthorizationstatus/denied
    case denied = 2
    /// The user allowed the app to start location services at any time, whether or not it is in use.
    /// clauthorizationstatus/authorizedalways
    case authorizedAlways = 3
    /// The user allowed the app to start location services while it is in use.
    /// clauthorizationstatus/authorizedwheninuse
    case authorizedWhenInUse = 4
}

/// Precise or approximate location. claccuracyauthorization
public enum CLAccuracyAuthorization: Int, Sendable {
    /// The user allowed the app precise location. claccuracyauthorization/fullaccuracy
    case fullAccuracy = 0
    /// The user allowed the app approximate location only (Precise Location off).
    /// claccuracyauthorization/reducedaccuracy
    case reducedAccuracy = 1
}

/// What the user is doing, which Core Location weighs in deciding when to pause updates.
/// clactivitytype (raw values from CLLocationManager.h: `CLActivityTypeOther = 1`, …;
/// `airborne` iOS 12, macOS 10.14, tvOS 12, watchOS 5; `maritime` all platforms 27.0)
public enum CLActivityType: Int, Sendable {
    /// An activity none of the other types covers; the manager's default. clactivitytype/other
    case other = 1
    /// Positioning in an automobile following a road network. clactivitytype/automotivenavigation
    case automotiveNavigation = 2
    /// A dedicated fitness session: walking, running or cycling workouts. clactivitytype/fitness
    case fitness = 3
    /// Transport that may not keep to roads (cycling, scooters, trains, boats, off-road vehicles), and
    /// walking outside a fitness session. clactivitytype/othernavigation
    case otherNavigation = 4
    /// Activities in the air: flying, paragliding, drones, skydiving, runway taxiing too.
    /// clactivitytype/airborne
    case airborne = 5
    /// Vessels on water, anchored too: sailing, motor-boating, travelling by ship. clactivitytype/maritime
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
        /// The network was unavailable, or a network error occurred. clerror/code/network
        case network = 2
        /// The heading could not be determined. clerror/code/headingfailure
        case headingFailure = 3
        /// The user denied the region monitoring service. clerror/code/regionmonitoringdenied
        case regionMonitoringDenied = 4
        /// A region could not be monitored: too many, or too large.
        /// clerror/code/regionmonitoringfailure
        case regionMonitoringFailure = 5
        /// Core Location could not initialize region monitoring immediately.
        /// clerror/code/regionmonitoringsetupdelayed
        case regionMonitoringSetupDelayed = 6
        /// Region events will come, but may be late; the error may name an alternate region to monitor.
        /// clerror/code/regionmonitoringresponsedelayed
        case regionMonitoringResponseDelayed = 7
        /// A geocode request found no result. clerror/code/geocodefoundnoresult
        case geocodeFoundNoResult = 8
        /// A geocode request found only a partial result. clerror/code/geocodefoundpartialresult
        case geocodeFoundPartialResult = 9
        /// A geocode request was canceled. clerror/code/geocodecanceled
        case geocodeCanceled = 10
        /// Deferred updates did not start for an unknown reason (GPS unavailable or interrupted, say);
        /// try again. clerror/code/deferredfailed
        case deferredFailed = 11
        /// Deferred updates did not start because location updates were disabled or paused.
        /// clerror/code/deferrednotupdatinglocation
        case deferredNotUpdatingLocation = 12
        /// Deferred updates need `kCLLocationAccuracyBest` or `kCLLocationAccuracyBestForNavigation`.
        /// clerror/code/deferredaccuracytoolow
        case deferredAccuracyTooLow = 13
        /// Deferred updates take no distance filter: set `kCLDistanceFilterNone`.
        /// clerror/code/deferreddistancefiltered
        case deferredDistanceFiltered = 14
        /// The app or the manager canceled the request for deferred updates. clerror/code/deferredcanceled
        case deferredCanceled = 15
        /// Ranging is disabled: Airplane mode, or Bluetooth or Location Services off.
        /// clerror/code/rangingunavailable
        case rangingUnavailable = 16
        /// A general ranging error. clerror/code/rangingfailure
        case rangingFailure = 17
        /// The temporary precise-location authorization asked for was not granted: the user declined, or
        /// the prompt could not show. clerror/code/promptdeclined
        case promptDeclined = 18
        /// Code 19 of CLError.h; Apple's page describes it no further. clerror/code/historicallocationerror
        case historicalLocationError = 19
    }

    /// Which error it is; the simulation reports only `locationUnknown`, `denied`,
    /// `regionMonitoringDenied` and `regionMonitoringFailure`. clerror/code
    public let code: Code

    /// The error of `code`, as `CLError(.denied)` makes it with Core Location (there with empty user
    /// info).
    public init(_ code: Code) {
        self.code = code
    }

    /// No fix right now; updates go on (`Code.locationUnknown`). clerror/locationunknown
    public static var locationUnknown: Code { .locationUnknown }
    /// The app may not use location (`Code.denied`). clerror/denied
    public static var denied: Code { .denied }
    /// The user denied region monitoring (`Code.regionMonitoringDenied`). clerror/regionmonitoringdenied
    public static var regionMonitoringDenied: Code { .regionMonitoringDenied }
    /// A region could not be monitored (`Code.regionMonitoringFailure`).
    /// clerror/regionmonitoringfailure
    public static var regionMonitoringFailure: Code { .regionMonitoringFailure }

    public var description: String { "kCLErrorDomain error \(code.rawValue)" }
}

/// Where the device is with respect to a region. clregionstate. Frozen in Core Location
/// (`NS_CLOSED_ENUM`): a switch over its three cases is complete.
@frozen
public enum CLRegionState: Int, Sendable {
    /// Whether the device is inside or outside the region is not known. clregionstate/unknown
    case unknown = 0
    /// The device is inside the region. clregionstate/inside
    case inside = 1
    /// The device is outside the region. clregionstate/outside
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

// The `desiredAccuracy` constants: CLLocation.h declares them `extern`, without values, and
// Apple's pages give none; these are the values public reimplementations of Core Location's
// constants agree on (see kCLLocationAccuracyReduced below).
/// The highest accuracy, with additional sensor data for navigation apps (-2).
/// kcllocationaccuracybestfornavigation
public let kCLLocationAccuracyBestForNavigation: CLLocationAccuracy = -2
/// The best accuracy the device can give (-1). kcllocationaccuracybest
public let kCLLocationAccuracyBest: CLLocationAccuracy = -1
/// Within ten metres. kcllocationaccuracynearesttenmeters
public let kCLLocationAccuracyNearestTenMeters: CLLocationAccuracy = 10
/// Within a hundred metres. kcllocationaccuracyhundredmeters
public let kCLLocationAccuracyHundredMeters: CLLocationAccuracy = 100
/// To the nearest kilometre. kcllocationaccuracykilometer
public let kCLLocationAccuracyKilometer: CLLocationAccuracy = 1000
/// To the nearest three kilometres: still precise location (Apple: "available only if
/// isAuthorizedForPreciseLocation is true"), not an approximate one.
/// kcllocationaccuracythreekilometers
public let kCLLocationAccuracyThreeKilometers: CLLocationAccuracy = 3000
/// Approximate fixes even with Precise Location on (iOS 14). kcllocationaccuracyreduced.
/// 6,380,000 m, about the Earth's radius: Apple's page gives no value; two public
/// reimplementations of Core Location's constants agree on it (a C one of CLLocation.h's
/// constants: `kCLLocationAccuracyReduced = 6380000.0`; maplibre/maplibre-compose's macOS
/// desktop location provider: `ReducedLocationAccuracyFallback = 6_380_000.0`, its value
/// when the symbol cannot be read). Not 3000, which is ``kCLLocationAccuracyThreeKilometers``.
public let kCLLocationAccuracyReduced: CLLocationAccuracy = 6_380_000
/// Every fix, however little the device moved. kcldistancefilternone
public let kCLDistanceFilterNone: CLLocationDistance = -1
/// The largest distance (`DBL_MAX` in CLLocation.h), for deferred updates.
/// cllocationdistancemax
// swift-format-ignore: AlwaysUseLowerCamelCase
public let CLLocationDistanceMax: CLLocationDistance = .greatestFiniteMagnitude
/// An unlimited time (`DBL_MAX` in CLLocation.h), for deferred updates. cltimeintervalmax
// swift-format-ignore: AlwaysUseLowerCamelCase
public let CLTimeIntervalMax: TimeInterval = .greatestFiniteMagnitude

#if !TRAILCAST_APPLE_SHIM
// Core Location's classes an app's code names from habit, which cannot be had here: each
// unavailable, so that the first error of code typed from habit names what to write
// instead. Each has the member habit calls first (`CLLocationManager()`,
// `await CLMonitor("…")`, `CLLocationUpdate.liveUpdates()`), unavailable with its type, so
// that the call's first error is the type's message, not a missing initializer's. Not in
// the Apple type-check's stand-in module, which has the real shapes (.ci/apple-shim/CoreLocation).

/// Not here: the seam's `LocationManaging` instead. cllocationmanager
@available(
    *, unavailable,
    message:
        "Core Location is not on this platform: write the code against 'any LocationManaging' (CoreLocationSeam) and give it a 'SimulatedLocationManager(simulation:)' (LocationSimulation) in tests, 'CLLocationManager()' on Apple platforms"
)
public final class CLLocationManager {
    /// cllocationmanager/init()
    public init() {}
}

/// Not here: the seam's `LocationManagingDelegate` instead. cllocationmanagerdelegate
@available(
    *, unavailable,
    message:
        "Core Location is not on this platform: conform to 'LocationManagingDelegate' (CoreLocationSeam), whose callbacks take 'any LocationManaging', and set the manager's 'locationDelegate'"
)
public protocol CLLocationManagerDelegate {}

/// Not here: the seam's `LocationMonitoring` instead. clmonitor
@available(
    *, unavailable,
    message:
        "Core Location is not on this platform: write the geofencing against a 'LocationMonitoring' (CoreLocationSeam) and give it a 'SimulatedMonitor(_:simulation:)' (LocationSimulation) in tests, 'await CLMonitor(_:)' on iOS and macOS"
)
public final class CLMonitor {
    /// clmonitor/init(_:)
    public init(_ name: String) async {}
}

/// Not here: the seam's `LiveLocationUpdating` instead. cllocationupdate
@available(
    *, unavailable,
    message:
        "Core Location is not on this platform: iterate the live updates of a 'LiveLocationUpdating' (CoreLocationSeam), each a 'LiveLocationUpdate' with CLLocationUpdate's names, and give it the 'Simulation' (LocationSimulation) in tests, 'CoreLocationLiveUpdates()' on Apple platforms"
)
public struct CLLocationUpdate {
    /// cllocationupdate/liveupdates(_:)
    public static func liveUpdates(_ configuration: LiveUpdateConfiguration = .default) -> AsyncStream<CLLocationUpdate>
    {
        fatalError("unavailable")
    }
}
#endif

#endif
