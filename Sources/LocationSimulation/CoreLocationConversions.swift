import TrailcastBasics
import TrailcastCoreLocation
import TrailcastDevice
#if canImport(CoreLocation)
import CoreLocation
import Foundation

// Conversions for feeding a real `CLLocationManagerDelegate` with simulated values, or
// comparing. Apple platforms only: CI runs on Linux, so these are compiled and used only
// on a Mac (see the DocC article, "On Apple platforms").

extension LocationFix {
    /// The fix as Core Location reports one (`altitude` 0 and `verticalAccuracy` -1 when
    /// unknown, as Core Location marks an invalid altitude).
    public var clLocation: CLLocation {
        CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude),
            altitude: altitudeMeters ?? 0,
            horizontalAccuracy: horizontalAccuracyMeters,
            verticalAccuracy: altitudeMeters == nil ? -1 : (verticalAccuracyMeters ?? -1),
            course: courseDegrees,
            speed: speedMetersPerSecond,
            timestamp: Date(timeIntervalSince1970: time.timeIntervalSince1970))
    }

    /// A fix from a Core Location one.
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
}

extension AuthorizationStatus {
    public var clAuthorizationStatus: CLAuthorizationStatus {
        switch self {
        case .notDetermined: return .notDetermined
        case .restricted: return .restricted
        case .denied: return .denied
        case .authorizedWhenInUse: return .authorizedWhenInUse
        case .authorizedAlways: return .authorizedAlways
        }
    }

    public init(_ status: CLAuthorizationStatus) {
        switch status {
        case .notDetermined: self = .notDetermined
        case .restricted: self = .restricted
        case .denied: self = .denied
        case .authorizedAlways: self = .authorizedAlways
        case .authorizedWhenInUse: self = .authorizedWhenInUse
        @unknown default: self = .notDetermined
        }
    }
}

extension SimulatedLocationError {
    /// `CLError` with the same code.
    public var clError: CLError {
        CLError(code == .denied ? .denied : .locationUnknown)
    }
}
#endif
