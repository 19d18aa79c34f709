// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The live `WeatherClient`: Open-Meteo's forecast API over `URLSession`.
public struct OpenMeteoWeatherClient: WeatherClient {
    public var baseURL: String
    /// Seconds before a request counts as failed.
    public var timeout: Double

    public init(baseURL: String = "https://api.open-meteo.com", timeout: Double = 10) {
        self.baseURL = baseURL
        self.timeout = timeout
    }

    public enum Failure: Error, Equatable {
        case status(Int)
        case malformed
    }

    public func currentWeather(at place: Place) async throws -> CurrentWeather {
        let query = "latitude=\(place.latitude)&longitude=\(place.longitude)&current=temperature_2m,weather_code"
        guard let url = URL(string: "\(baseURL)/v1/forecast?\(query)") else { throw Failure.malformed }
        var request = URLRequest(url: url)
        request.timeoutInterval = timeout
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else { throw Failure.status(status) }
        guard let answer = try? JSONDecoder().decode(Answer.self, from: data) else { throw Failure.malformed }
        return CurrentWeather(temperatureCelsius: answer.current.temperature2m, weatherCode: answer.current.weatherCode)
    }

    private struct Answer: Decodable {
        struct Current: Decodable {
            var temperature2m: Double
            var weatherCode: Int

            enum CodingKeys: String, CodingKey {
                case temperature2m = "temperature_2m"
                case weatherCode = "weather_code"
            }
        }

        var current: Current
    }
}
