// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import LocationSimulation
import WeatherAppCore

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
        return CurrentWeather(
            temperatureCelsius: conditions.temperatureCelsius, weatherCode: conditions.weatherCode.rawValue)
    }
}
