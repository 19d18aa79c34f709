// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastOpenMeteo
import Testing
import TrailcastWeather
import TrailcastWeatherServer

/// Limits that protect the client from the server's answers.
@Suite struct OpenMeteoClientLimitTests {
    @Test func answersOverTheSizeLimitAreRefusedWithoutRetry() async throws {
        let outcome = try await WeatherServer(port: 0, logger: quietServerLogger).withRunningServer { port in
            var configuration = OpenMeteoClient.Configuration(baseURL: "http://127.0.0.1:\(port)")
            configuration.maxResponseBytes = 100
            // Not about timeouts: a loaded machine's slow answer must not be retried here.
            configuration.requestTimeout = .seconds(300)
            return try await OpenMeteoClient.withClient(configuration: configuration) { client in
                await client.fetch(OpenMeteoClientTests.zurich)
            }
        }
        #expect(outcome.failure?.message.hasSuffix("larger than 100 bytes") == true)
        #expect(outcome.failure?.httpStatus == 200)
        #expect(outcome.failure?.isTransient == false)
        #expect(outcome.attempts == 1)
    }
}
