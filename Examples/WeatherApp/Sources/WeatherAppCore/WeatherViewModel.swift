/// The weather screen: asks for permission, follows the user's place, refetches the
/// weather whenever the place changes, and says so when location is off.
@MainActor
public final class WeatherViewModel: LocationClientDelegate {
    public enum Permission: Equatable, Sendable {
        case unknown, asking, granted, refused
    }

    public private(set) var permission: Permission = .unknown
    public private(set) var place: Place?
    public private(set) var weather: CurrentWeather?
    /// The message on screen, if any.
    public private(set) var alert: String?
    /// Whether a fetch is running (the spinner).
    public private(set) var isLoading = false
    /// Fetches started, for tests and logs.
    public private(set) var fetchCount = 0

    public static let locationOffAlert = "Location access is off. Open Settings to see the weather where you are."

    private let location: any LocationClient
    private let weatherClient: any WeatherClient
    private var updating = false
    private var fetches: [Task<Void, Never>] = []

    public init(location: any LocationClient, weather: any WeatherClient) {
        self.location = location
        weatherClient = weather
        location.delegate = self
    }

    /// The screen appears (launch, or back from the background).
    public func appear() {
        if location.authorization == .notDetermined {
            permission = .asking
            location.requestWhenInUseAuthorization()
        }
    }

    /// The "current location" button: one fix now, or the alert without permission.
    public func currentLocationTapped() {
        if location.authorization.isAuthorized {
            location.requestLocation()
        } else {
            alert = Self.locationOffAlert
        }
    }

    /// Waits for the weather fetches started so far.
    public func settle() async {
        let running = fetches
        fetches.removeAll()
        for fetch in running { await fetch.value }
    }

    public func locationClientDidChangeAuthorization(_ client: any LocationClient) {
        switch client.authorization {
        case .authorizedWhenInUse, .authorizedAlways:
            permission = .granted
            alert = nil
            if !updating {
                updating = true
                client.startUpdatingLocation()
            }
        case .denied, .restricted:
            permission = .refused
            updating = false
            alert = Self.locationOffAlert
            #if BROKEN_VIEW_MODEL
            // The bug CI plants to prove the tests catch it: weather for a default city
            // although the user said no.
            fetchWeather(at: Place(latitude: 37.3349, longitude: -122.009))
            #endif
        case .notDetermined:
            updating = false
            if permission != .asking { permission = .unknown }
        }
    }

    public func locationClient(_ client: any LocationClient, didUpdate place: Place) {
        guard place != self.place else { return }
        self.place = place
        fetchWeather(at: place)
    }

    public func locationClient(_ client: any LocationClient, didFailWith error: LocationClientError) {
        switch error {
        case .denied:
            updating = false
            alert = Self.locationOffAlert
        case .locationUnknown:
            // A tunnel: keep showing the last place and its weather.
            break
        }
    }

    private func fetchWeather(at place: Place) {
        fetchCount += 1
        isLoading = true
        let client = weatherClient
        fetches.append(Task { [weak self] in
            let result = try? await client.currentWeather(at: place)
            guard let self else { return }
            // A failed fetch keeps the last weather rather than blanking the screen.
            if let result, place == self.place { self.weather = result }
            self.isLoading = false
        })
    }
}
