// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Logging
import TrailcastOpenMeteo
import TrailcastWeather
import TrailcastWeatherServer

/// Runs a `WeatherServer` on an ephemeral 127.0.0.1 port with `faults`, and a client pointed
/// at it for both APIs, for the duration of `body`; nothing leaves the machine.
///
/// The default request timeout is far above any answer's latency: under ThreadSanitizer, with
/// its suites at once on two cores, a first answer took over 5 s (the old default) in a CI
/// run, was retried, and `attempts == 1` failed. A test of timeouts gives its own. The
/// connect timeout likewise: the client's 2 s default, passed by a loaded machine's connect
/// to 127.0.0.1 in a full local run, retried a 200 ms answer (so: the request timeout, at least
/// the 2 s, unless a test of connecting gives its own).
func withLocalServer<T: Sendable>(
    faults: WeatherServerFaults = .init(),
    requestTimeout: Duration = .seconds(300),
    retryBaseDelay: Duration = .milliseconds(10),
    connectTimeout: Duration? = nil,
    now: @escaping @Sendable () -> Double = { 1_720_000_000 },
    _ body: @escaping @Sendable (OpenMeteoClient, Int) async throws -> T
) async throws -> T {
    // The server's clock is the client's, as Open-Meteo's and a client's agree on today: the
    // forecast keeps only 93 days back and 16 ahead.
    let server = WeatherServer(port: 0, faults: faults, logger: quietServerLogger, currentUnixTime: { Int(now()) })
    return try await server.withRunningServer { port in
        var configuration = OpenMeteoClient.Configuration(baseURL: "http://127.0.0.1:\(port)")
        configuration.requestTimeout = requestTimeout
        configuration.retryBaseDelay = retryBaseDelay
        configuration.connectTimeout = connectTimeout ?? max(requestTimeout, .seconds(2))
        return try await OpenMeteoClient.withClient(configuration: configuration, now: now) { client in
            try await body(client, port)
        }
    }
}

/// The servers' one line per request would bury the test output; failures are what matter.
let quietServerLogger: Logger = {
    var logger = Logger(label: "trailcast.serve-weather.tests")
    logger.logLevel = .critical
    return logger
}()

extension WeatherFetchOutcome {
    /// The failure, or nil after a success.
    var failure: WeatherFetchFailure? {
        if case .failure(let failure) = result { failure } else { nil }
    }

    /// The conditions, or nil after a failure.
    var conditions: WeatherConditions? {
        if case .success(let conditions) = result { conditions } else { nil }
    }
}
