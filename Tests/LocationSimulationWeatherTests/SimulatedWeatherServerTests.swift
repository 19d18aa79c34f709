// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import AsyncHTTPClient
import TrailcastRoutes
import LocationSimulationWeather
import Testing
import TrailcastBasics
import NIOHTTP1
import NIOCore

/// The local Open-Meteo on the simulation's clock, asked as an app's networking code would.
@Suite("A weather server on the simulated clock")
struct SimulatedWeatherServerTests {
    static let start = Timestamp(secondsSince1970: 1_781_366_400)  // 2026-06-13T16:00:00Z

    static func get(_ port: Int, _ query: String) async throws -> (status: Int, body: String) {
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            let response = try await http.execute(
                HTTPClientRequest(url: "http://127.0.0.1:\(port)/v1/forecast?\(query)"), timeout: .seconds(300))
            let body = try await response.body.collect(upTo: 1 << 20)
            try await http.shutdown()
            return (Int(response.status.code), String(buffer: body))
        } catch {
            try? await http.shutdown()
            throw error
        }
    }

    @Test func currentConditionsFollowTheVirtualClock() async throws {
        let points = (0..<10_000).map {
            RoutePoint(latitude: 47, longitude: 8, time: Self.start.adding(seconds: Double($0)))
        }
        let simulation = try Simulation(route: .points(points))
        let server = try await SimulatedWeatherServer.start(for: simulation)
        let query = "latitude=47&longitude=8&current=temperature_2m"
        let atStart = try await Self.get(server.port, query)
        try simulation.advance(by: 2 * 3600)
        let later = try await Self.get(server.port, query)
        await server.stop()
        #expect(atStart.status == 200)
        #expect(atStart.body.contains(#""current":{"time":"2026-06-13T16:00""#), "\(atStart.body)")
        #expect(later.body.contains(#""current":{"time":"2026-06-13T18:00""#), "\(later.body)")
        let modelled = simulation.weather(latitude: 47, longitude: 8).temperatureCelsius
        #expect(
            later.body.contains(#""temperature_2m":\#(modelled)"#)
                || later.body.contains(#""temperature_2m":\#(Int(modelled))}"#),
            "the model's temperature at the simulated moment, \(modelled)")
    }

    /// The library's `weather(latitude:longitude:elevationMeters:)` is the model replay and
    /// serve-weather answer from, elevation included (WeatherModel: −6.5 °C per km).
    @Test("a place's elevation cools it by the lapse rate, as serve-weather answers for that elevation")
    func elevationCools() async throws {
        let simulation = try Simulation(route: .points([RoutePoint(latitude: 47, longitude: 8, time: Self.start)]))
        let seaLevel = simulation.weather(latitude: 47, longitude: 8).temperatureCelsius
        let mountain = simulation.weather(latitude: 47, longitude: 8, elevationMeters: 3000).temperatureCelsius
        #expect(abs(seaLevel - mountain - 19.5) < 1e-9, "sea level \(seaLevel) °C, 3,000 m \(mountain) °C")
        let server = try await SimulatedWeatherServer.start(for: simulation)
        let answer = try await Self.get(server.port, "latitude=47&longitude=8&elevation=3000&current=temperature_2m")
        await server.stop()
        #expect(answer.body.contains(#""elevation":3000"#), "\(answer.body)")
        #expect(answer.body.contains(#""temperature_2m":\#(mountain)}"#), "\(answer.body) against \(mountain)")
    }

    @Test func faultsAreTheServersOwn() async throws {
        let simulation = try Simulation(route: .points([RoutePoint(latitude: 47, longitude: 8, time: Self.start)]))
        let server = try await SimulatedWeatherServer.start(for: simulation, faults: WeatherServerFaults(failRate: 1))
        let answer = try await Self.get(server.port, "latitude=47&longitude=8&hourly=temperature_2m")
        await server.stop()
        #expect(answer.status == 500)
    }
}
