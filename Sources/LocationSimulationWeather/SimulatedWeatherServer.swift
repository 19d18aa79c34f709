// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
@_exported import LocationSimulation
@_exported import struct TrailcastWeather.WeatherServerFaults
import TrailcastWeatherServer

/// An Open-Meteo-compatible server on 127.0.0.1 for an app's own networking code in
/// tests, answering from Trailcast's weather model at the *simulated* time: `current`,
/// "today" and the default forecast window follow the simulation's clock, so the weather
/// an app fetches along a replayed route is the weather of that moment of the route.
///
/// A separate product from `LocationSimulation` because it brings Hummingbird and NIO.
///
/// ```swift
/// let server = try await SimulatedWeatherServer.start(for: simulation, faults: .init(failRate: 0.5, seed: 1))
/// let client = OpenMeteoWeatherClient(baseURL: "http://127.0.0.1:\(server.port)")
/// // ... drive the simulation and the app ...
/// await server.stop()
/// ```
public final class SimulatedWeatherServer: Sendable {
    /// The port it listens on.
    public let port: Int
    private let task: Task<Void, any Error>

    private init(port: Int, task: Task<Void, any Error>) {
        self.port = port
        self.task = task
    }

    /// Listens on a free port of 127.0.0.1 with the faults given (see `serve-weather`).
    public static func start(for simulation: Simulation, faults: WeatherServerFaults = .init()) async throws
        -> SimulatedWeatherServer
    {
        let reading = simulation.reading
        let server = WeatherServer(
            host: "127.0.0.1", port: 0, faults: faults,
            currentUnixTime: { Int(reading.now.secondsSince1970) })
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let task = Task {
            defer { continuation.finish() }
            try await server.run { port in continuation.yield(port) }
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            // It stopped before listening: its error says why.
            try await task.value
            throw CancellationError()
        }
        return SimulatedWeatherServer(port: port, task: task)
    }

    /// Stops the server (requests in progress are cut short).
    public func stop() async {
        task.cancel()
        _ = await task.result
    }
}
