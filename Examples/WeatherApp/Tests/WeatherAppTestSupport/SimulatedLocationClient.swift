import LocationSimulation
import WeatherAppCore

/// The app's `LocationClient` over Trailcast's simulated manager: the few lines a project
/// writes once, beside its `CLLocationManager` adapter, shared by the test targets.
@MainActor
public final class SimulatedLocationClient: LocationClient {
    public let manager: SimulatedLocationManager
    public weak var delegate: (any LocationClientDelegate)?

    public init(_ simulation: Simulation) {
        manager = SimulatedLocationManager(simulation: simulation)
        manager.delegate = self
    }

    public var authorization: LocationAuthorization {
        switch manager.authorizationStatus {
        case .notDetermined: return .notDetermined
        case .restricted: return .restricted
        case .denied: return .denied
        case .authorizedWhenInUse: return .authorizedWhenInUse
        case .authorizedAlways: return .authorizedAlways
        }
    }

    public func requestWhenInUseAuthorization() { manager.requestWhenInUseAuthorization() }
    public func startUpdatingLocation() { manager.startUpdatingLocation() }
    public func stopUpdatingLocation() { manager.stopUpdatingLocation() }
    public func requestLocation() { manager.requestLocation() }
}

extension SimulatedLocationClient: @MainActor SimulatedLocationManagerDelegate {
    public func locationManagerDidChangeAuthorization(_ manager: SimulatedLocationManager) {
        delegate?.locationClientDidChangeAuthorization(self)
    }

    public func locationManager(_ manager: SimulatedLocationManager, didUpdateLocations locations: [LocationFix]) {
        for fix in locations { delegate?.locationClient(self, didUpdate: Place(latitude: fix.latitude, longitude: fix.longitude)) }
    }

    public func locationManager(_ manager: SimulatedLocationManager, didFailWithError error: any Error) {
        let code = (error as? SimulatedLocationError)?.code
        delegate?.locationClient(self, didFailWith: code == .denied ? .denied : .locationUnknown)
    }
}

/// The app's `WeatherClient` answered from Trailcast's weather model at the simulated
/// time; `failsEveryOther` makes every second request fail, as a flaky server would.
@MainActor
public final class SimulatedWeatherClient: WeatherClient {
    let simulation: Simulation
    let failsEveryOther: Bool
    public private(set) var requests = 0

    public init(_ simulation: Simulation, failsEveryOther: Bool = false) {
        self.simulation = simulation
        self.failsEveryOther = failsEveryOther
    }

    struct ServerError: Error {}

    public func currentWeather(at place: Place) async throws -> CurrentWeather {
        requests += 1
        if failsEveryOther && requests % 2 == 0 { throw ServerError() }
        let conditions = simulation.weather(latitude: place.latitude, longitude: place.longitude)
        return CurrentWeather(temperatureCelsius: conditions.temperatureCelsius, weatherCode: conditions.weatherCode.rawValue)
    }
}
