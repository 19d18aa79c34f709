/// What the app needs from Core Location, so that the view model can be tested without
/// a device: the live app wraps `CLLocationManager` (``CoreLocationClient``), tests wrap
/// Trailcast's `SimulatedLocationManager`.
@MainActor
public protocol LocationClient: AnyObject {
    var delegate: (any LocationClientDelegate)? { get set }
    var authorization: LocationAuthorization { get }
    func requestWhenInUseAuthorization()
    func startUpdatingLocation()
    func stopUpdatingLocation()
    func requestLocation()
}

@MainActor
public protocol LocationClientDelegate: AnyObject {
    func locationClientDidChangeAuthorization(_ client: any LocationClient)
    func locationClient(_ client: any LocationClient, didUpdate place: Place)
    func locationClient(_ client: any LocationClient, didFailWith error: LocationClientError)
}

/// `CLAuthorizationStatus`, as the app cares about it.
public enum LocationAuthorization: Sendable, Equatable {
    case notDetermined, restricted, denied, authorizedWhenInUse, authorizedAlways

    public var isAuthorized: Bool { self == .authorizedWhenInUse || self == .authorizedAlways }
}

/// `CLError.Code`, the two the app handles.
public enum LocationClientError: Error, Sendable, Equatable {
    case denied
    case locationUnknown
}

/// Where the user is.
public struct Place: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
