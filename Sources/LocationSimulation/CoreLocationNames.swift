import TrailcastBasics
import TrailcastCoreLocation
import TrailcastDevice

// Core Location's names for the simulation's values, so that code typed from Core
// Location habit (`location.coordinate`, `horizontalAccuracy`, `.reducedAccuracy`,
// `kCLLocationAccuracyBest`) compiles against the simulation too. The values are those
// `CLLocation` documents: an unknown altitude is 0 with a negative `verticalAccuracy`, an
// unknown speed or course is negative.

extension LocationFix {
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
    /// `CLLocation.timestamp`, as the simulation's own `Timestamp`, not a Foundation `Date`
    /// (`timeIntervalSince1970` converts; `timeIntervalSinceNow` has no meaning on a
    /// simulated clock).
    public var timestamp: Timestamp { time }
}

extension LocationAccuracy {
    /// `CLAccuracyAuthorization.fullAccuracy`.
    public static var fullAccuracy: LocationAccuracy { .full }
    /// `CLAccuracyAuthorization.reducedAccuracy`.
    public static var reducedAccuracy: LocationAccuracy { .reduced }
}

// Core Location's constants: on Apple platforms Core Location's own, re-exported (the same
// values for the same uses, and no second declaration to be ambiguous with); elsewhere
// declared here.
#if canImport(CoreLocation)
@_exported import var CoreLocation.kCLLocationAccuracyBest
@_exported import var CoreLocation.kCLLocationAccuracyReduced
@_exported import var CoreLocation.kCLDistanceFilterNone
#else
/// `kCLLocationAccuracyBest`.
public let kCLLocationAccuracyBest = SimulatedLocationManager.accuracyBest
/// `kCLLocationAccuracyReduced`: approximate fixes even with Precise Location on.
public let kCLLocationAccuracyReduced = SimulatedLocationManager.accuracyReduced
/// `kCLDistanceFilterNone`.
public let kCLDistanceFilterNone = SimulatedLocationManager.distanceFilterNone
#endif
