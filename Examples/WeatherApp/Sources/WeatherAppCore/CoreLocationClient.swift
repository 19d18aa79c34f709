#if canImport(CoreLocation)
import CoreLocation

/// The live ``LocationClient``: `CLLocationManager` behind the app's protocol. Not built on
/// Linux, where the tests use Trailcast's simulated manager instead.
@MainActor
public final class CoreLocationClient: NSObject, LocationClient, @preconcurrency CLLocationManagerDelegate {
    private let manager = CLLocationManager()
    public weak var delegate: (any LocationClientDelegate)?

    public override init() {
        super.init()
        manager.delegate = self
    }

    public var authorization: LocationAuthorization {
        switch manager.authorizationStatus {
        case .notDetermined: return .notDetermined
        case .restricted: return .restricted
        case .denied: return .denied
        case .authorizedAlways: return .authorizedAlways
        default: return .authorizedWhenInUse
        }
    }

    public func requestWhenInUseAuthorization() { manager.requestWhenInUseAuthorization() }
    public func startUpdatingLocation() { manager.startUpdatingLocation() }
    public func stopUpdatingLocation() { manager.stopUpdatingLocation() }
    public func requestLocation() { manager.requestLocation() }

    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        delegate?.locationClientDidChangeAuthorization(self)
    }

    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        guard let last = locations.last else { return }
        delegate?.locationClient(self, didUpdate: Place(latitude: last.coordinate.latitude, longitude: last.coordinate.longitude))
    }

    public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        let code = (error as? CLError)?.code
        delegate?.locationClient(self, didFailWith: code == .denied ? .denied : .locationUnknown)
    }
}
#endif
