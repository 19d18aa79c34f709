// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import CoreLocationSeam
import Foundation

/// The weather screen: asks for permission, follows the user's place, refetches the
/// weather whenever the place changes, and says so when location is off.
///
/// Written once against `LocationManaging`: the app gives it a `CLLocationManager()`, its
/// tests Trailcast's `SimulatedLocationManager`; there is no adapter between them. The
/// callbacks come on the main actor through an isolated conformance (Swift 6.2).
@MainActor
public final class WeatherViewModel: @MainActor LocationManagingDelegate {
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

    private let location: any LocationManaging
    private let weatherClient: any WeatherClient
    /// The present the fixes' age is measured from: the device's clock in the app, the
    /// simulation's in the tests (whose clock moves only when the test moves it).
    private let now: () -> Date
    private var updating = false
    private var fetches: [Task<Void, Never>] = []

    public init(location: any LocationManaging, weather: any WeatherClient, now: @escaping () -> Date = Date.init) {
        self.location = location
        weatherClient = weather
        self.now = now
        location.locationDelegate = self
    }

    // Apple platforms only: elsewhere `import CoreLocation` finds Trailcast's stand-ins, in
    // which CLLocationManager is unavailable, so the platform is tested, not the module.
    // (TRAILCAST_APPLE_TYPECHECK: this repository's CI type-checks the code on Linux against
    // a stand-in Apple SDK; an app has no need of it.)
    #if canImport(Darwin) || TRAILCAST_APPLE_TYPECHECK
    /// The app's screen: the device's Core Location and Open-Meteo.
    public convenience init() {
        self.init(location: CLLocationManager(), weather: OpenMeteoWeatherClient())
    }
    #endif

    /// The screen appears (launch, or back from the background).
    public func appear() {
        if location.authorizationStatus == .notDetermined {
            permission = .asking
            location.requestWhenInUseAuthorization()
        }
    }

    /// The "current location" button: one fix now, or the alert without permission.
    public func currentLocationTapped() {
        if Self.isAuthorized(location.authorizationStatus) {
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

    public func locationManagerDidChangeAuthorization(_ manager: any LocationManaging) {
        switch manager.authorizationStatus {
        case .authorizedWhenInUse, .authorizedAlways:
            permission = .granted
            alert = nil
            if !updating {
                updating = true
                manager.startUpdatingLocation()
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
        default:
            // Not determined. (`default` rather than `.notDetermined` and `@unknown
            // default`: Core Location's enum may grow, the stand-in's off Apple cannot, and
            // this compiles without a warning on both.)
            updating = false
            if permission != .asking { permission = .unknown }
        }
    }

    public func locationManager(_ manager: any LocationManaging, didUpdateLocations locations: [CLLocation]) {
        for location in locations {
            // Older than 15 s: a cached fix from before, not where the user is.
            guard abs(location.timestamp.timeIntervalSince(now())) < 15 else { continue }
            let place = Place(latitude: location.coordinate.latitude, longitude: location.coordinate.longitude)
            guard place != self.place else { continue }
            self.place = place
            fetchWeather(at: place)
        }
    }

    public func locationManager(_ manager: any LocationManaging, didFailWithError error: any Error) {
        switch (error as? CLError)?.code {
        case .denied?:
            updating = false
            alert = Self.locationOffAlert
        default:
            // `locationUnknown`, a tunnel: keep showing the last place and its weather.
            break
        }
    }

    private static func isAuthorized(_ status: CLAuthorizationStatus) -> Bool {
        status == .authorizedWhenInUse || status == .authorizedAlways
    }

    private func fetchWeather(at place: Place) {
        fetchCount += 1
        isLoading = true
        let client = weatherClient
        fetches.append(
            Task { [weak self] in
                let result = try? await client.currentWeather(at: place)
                guard let self else { return }
                // A failed fetch keeps the last weather rather than blanking the screen.
                if let result, place == self.place { self.weather = result }
                self.isLoading = false
            })
    }
}
