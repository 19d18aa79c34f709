// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import LocationSimulationWeather
import Testing
import WeatherAppCore
import WeatherAppTestSupport

/// The app's own Open-Meteo client, on URLSession, against Trailcast's local server on
/// the simulated clock, with the view model following the walk.
@MainActor
@Suite("The weather screen with its real networking")
struct OpenMeteoWeatherClientTests {
    static let walk = String(#filePath.split(separator: "/Examples/")[0]) + "/gpx/sf-waterfront-walk.gpx"

    @Test func aServerFailingHalfItsRequestsNeverLosesALocation() async throws {
        let simulation = try Simulation(route: .file(Self.walk), system: .init(authorization: .authorizedWhenInUse))
        let server = try await SimulatedWeatherServer.start(
            for: simulation, faults: WeatherServerFaults(failRate: 0.5, seed: 4))
        let model = WeatherViewModel(
            location: SimulatedLocationManager(simulation: simulation),
            weather: OpenMeteoWeatherClient(baseURL: "http://127.0.0.1:\(server.port)", timeout: 30),
            now: { simulation.date })
        model.appear()
        for _ in 0..<30 {
            try simulation.advance(by: 10)
            await model.settle()
        }
        await server.stop()
        let locations = simulation.timeline.compactMap { event -> LocationFix? in
            if case .location(let fix) = event.kind { return fix } else { return nil }
        }
        #expect(locations.count > 50)
        #expect(model.fetchCount == locations.count, "a fetch per new place, failed or not")
        let last = try #require(locations.last)
        #expect(model.place == Place(latitude: last.latitude, longitude: last.longitude), "no location lost")
        #expect(model.weather != nil, "the requests that succeeded are shown")
    }

    @Test func theWeatherIsTheSimulatedMomentsWeather() async throws {
        let simulation = try Simulation(route: .file(Self.walk), system: .init(authorization: .authorizedWhenInUse))
        let server = try await SimulatedWeatherServer.start(for: simulation)
        let client = OpenMeteoWeatherClient(baseURL: "http://127.0.0.1:\(server.port)")
        try simulation.advance(by: 900)  // 16:15, a quarter hour: Open-Meteo's `current` step
        let place = Place(latitude: 37.8, longitude: -122.4)
        let fetched = try await client.currentWeather(at: place)
        await server.stop()
        let modelled = simulation.weather(latitude: place.latitude, longitude: place.longitude)
        #expect(
            fetched
                == CurrentWeather(
                    temperatureCelsius: modelled.temperatureCelsius, weatherCode: modelled.weatherCode.rawValue))
    }
}
