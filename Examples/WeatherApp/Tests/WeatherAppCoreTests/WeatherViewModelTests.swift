// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import LocationSimulation
import Testing
import WeatherAppCore
import WeatherAppTestSupport

/// The flows of the apps Trailcast started from, run through the app's own view model on
/// a simulated device, user and system. Nothing sleeps: the test moves the clock.
@MainActor
@Suite("Weather screen")
struct WeatherViewModelTests {
    /// The San Francisco waterfront walk bundled with Trailcast.
    static let walk = String(#filePath.split(separator: "/Examples/")[0]) + "/gpx/sf-waterfront-walk.gpx"

    /// A simulated phone running the screen; `appear()` called at launch and on every
    /// return to the foreground, as a scene's phase would.
    @MainActor
    struct Phone {
        let simulation: Simulation
        let model: WeatherViewModel
        let weather: SimulatedWeatherClient

        @MainActor
        init(
            user: Simulation.User = .init(), system: Simulation.System = .init(), events: [String] = [],
            flakyWeather: Bool = false
        ) throws {
            simulation = try Simulation(
                route: .file(WeatherViewModelTests.walk), user: user, system: system,
                events: try events.map { try ScheduledEvent(parsing: $0) })
            weather = SimulatedWeatherClient(simulation, failsEveryOther: flakyWeather)
            let simulation = simulation
            let model = WeatherViewModel(
                location: SimulatedLocationManager(simulation: simulation), weather: weather, now: { simulation.date })
            self.model = model
            simulation.onAppStateChange { state in
                MainActor.assumeIsolated { if state == .foreground { model.appear() } }
            }
            model.appear()
        }

        /// Moves the clock, then lets the weather fetches it started finish.
        func advance(by seconds: Double) async throws {
            try simulation.advance(by: seconds)
            await model.settle()
        }

        /// Locations the app received so far.
        var locations: Int { simulation.timeline.filter { $0.kind.typeName == "location" }.count }
    }

    @Test func theWeatherIsFetchedAgainOnEveryChangeOfPlace() async throws {
        let phone = try Phone()
        try await phone.advance(by: 600)
        #expect(phone.model.permission == .granted)
        #expect(phone.locations > 100)
        #expect(phone.model.fetchCount == phone.locations, "one fetch per new place")
        #expect(phone.model.weather != nil)
        #expect(phone.model.alert == nil)
        try phone.simulation.expect(.order(first: EventSelector(type: "prompt"), then: EventSelector(type: "location")))
    }

    @Test func deniedAtLaunchShowsTheAlertAndNeverFetches() async throws {
        let phone = try Phone(system: .init(authorization: .denied))
        try await phone.advance(by: 600)
        #expect(phone.model.alert == WeatherViewModel.locationOffAlert)
        #expect(
            phone.model.fetchCount == 0,
            "denied at launch: the app must not fetch weather, but it fetched \(phone.model.fetchCount) times")
        try phone.simulation.expect(.count(EventSelector(type: "prompt"), .exactly(0), window: OffsetWindow()))
    }

    @Test func revokedHalfwayStopsAndAlertsThenARegrantResumes() async throws {
        let phone = try Phone(events: ["5m:authorization=denied", "10m:authorization=whenInUse"])
        try await phone.advance(by: 299)
        let before = phone.model.fetchCount
        #expect(before > 0)
        try await phone.advance(by: 60)
        #expect(phone.model.alert == WeatherViewModel.locationOffAlert)
        try await phone.advance(by: 240)
        #expect(phone.model.fetchCount == before, "no locations, so no fetches, while denied")
        try await phone.advance(by: 120)
        #expect(phone.model.fetchCount > before, "updates resumed after the re-grant")
        #expect(phone.model.alert == nil)
        try phone.simulation.expect(.absent(EventSelector(type: "location"), after: 300, before: 600))
    }

    @Test func allowOnceExpiresInTheBackgroundAndTheAppAsksAgain() async throws {
        let phone = try Phone(user: .init(promptAnswer: .once), events: ["3m:app=background", "4m:app=foreground"])
        try await phone.advance(by: 300)
        try phone.simulation.expect(.count(EventSelector(type: "prompt"), .exactly(2), window: OffsetWindow()))
        try phone.simulation.expect(.present(EventSelector(type: "location"), at: 240, tolerance: 10))
        #expect(phone.model.permission == .granted)
    }

    @Test func askingAgainAfterADenialShowsNoPromptSoTheAppOffersSettings() async throws {
        let phone = try Phone(user: .init(promptAnswer: .deny), events: ["1m:app=background", "2m:app=foreground"])
        try await phone.advance(by: 180)
        phone.model.appear()
        try await phone.advance(by: 1)
        try phone.simulation.expect(.count(EventSelector(type: "prompt"), .exactly(1), window: OffsetWindow()))
        #expect(phone.model.permission == .refused)
        #expect(phone.model.alert == WeatherViewModel.locationOffAlert)
    }

    @Test func theCurrentLocationButtonAlertsWithoutPermissionAndAsksForOneFixWithIt() async throws {
        let refused = try Phone(system: .init(authorization: .denied))
        try await refused.advance(by: 10)
        refused.model.currentLocationTapped()
        #expect(refused.model.alert == WeatherViewModel.locationOffAlert)

        let allowed = try Phone(system: .init(authorization: .authorizedWhenInUse))
        try await allowed.advance(by: 10)
        allowed.model.currentLocationTapped()
        try await allowed.advance(by: 1)
        try allowed.simulation.expect(
            .present(
                EventSelector(type: "call", fields: [FieldMatch(key: "method", matcher: .string("requestLocation"))]),
                at: nil, tolerance: 0))
    }

    @Test func aTunnelKeepsTheLastWeatherOnScreenNotASpinner() async throws {
        let phone = try Phone(events: ["2m:signal=lost", "5m:signal=restored"])
        try await phone.advance(by: 125)
        let shown = try #require(phone.model.weather)
        let place = phone.model.place
        // Three minutes in the tunnel: the last place and its weather stay on screen.
        try await phone.advance(by: 170)
        #expect(phone.model.weather == shown)
        #expect(phone.model.place == place)
        #expect(!phone.model.isLoading)
        #expect(phone.model.alert == nil)
        try await phone.advance(by: 30)
        #expect(phone.model.place != place, "out of the tunnel, the place moves on")
        try phone.simulation.expect(.count(EventSelector(type: "locationError"), .exactly(1), window: OffsetWindow()))
    }

    @Test func aWeatherServerFailingHalfItsRequestsNeverLosesALocation() async throws {
        let phone = try Phone(flakyWeather: true)
        try await phone.advance(by: 600)
        #expect(phone.weather.requests == phone.locations)
        let last = try #require(phone.simulation.timeline.last { $0.kind.typeName == "location" })
        guard case .location(let fix) = last.kind else { return }
        #expect(phone.model.place == Place(latitude: fix.latitude, longitude: fix.longitude))
        #expect(phone.model.weather != nil, "the half that succeeded is shown")
    }
}
