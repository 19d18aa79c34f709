// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import AsyncHTTPClient
import Foundation
import NIOCore
@testable import TrailcastOpenMeteo
import Testing
import TrailcastWeather

/// Failures that need no server: nothing listening, a query that cannot be sent.
@Suite struct OpenMeteoClientConnectionTests {
    static let query = WeatherQuery(latitude: 47.3769, longitude: 8.5417, unixTime: 1_719_835_200)

    /// What the network did wrong may pass on a retry; what this client got wrong will not.
    /// A server that closed the connection before answering (a restart, an idle close) is
    /// the network's: transient, so the request is tried again.
    @Test func eachTransportFailureIsTransientOrNotAsItsCauseIs() {
        let configuration = OpenMeteoClient.Configuration(baseURL: "http://127.0.0.1:9")
        func failure(_ error: any Error) -> WeatherFetchFailure {
            TransportFailure.failure(for: error, authority: "127.0.0.1:9", configuration: configuration)
        }
        let closed = failure(HTTPClientError.remoteConnectionClosed)
        #expect(closed.message == "127.0.0.1:9 closed the connection before answering")
        #expect(closed.isTransient && !closed.serverUnreachable)
        let refused = failure(IOError(errnoCode: ECONNREFUSED, reason: "connect"))
        #expect(refused.message == "cannot connect to 127.0.0.1:9: connection refused")
        #expect(refused.isTransient && refused.serverUnreachable)
        let reset = failure(IOError(errnoCode: ECONNRESET, reason: "read"))
        #expect(reset.message == "connection to 127.0.0.1:9 lost: connection reset by peer")
        #expect(reset.isTransient && !reset.serverUnreachable)
        let shutDown = failure(HTTPClientError.alreadyShutdown)
        #expect(shutDown.message == "the weather client is shut down" && !shutDown.isTransient)
        let redirects = failure(HTTPClientError.redirectLimitReached)
        #expect(redirects.message == "too many redirects from 127.0.0.1:9" && !redirects.isTransient)
    }

    /// A timeout is named as configured, to the millisecond: `--weather-timeout 125ms` must
    /// not read as 0.1 s, nor 250 ms as 0.3 s. Whole seconds have no decimals.
    @Test("timeouts are named to the millisecond, without trailing zeros")
    func timeoutsAreNamedToTheMillisecond() {
        #expect(
            [
                Duration.seconds(5), .milliseconds(125), .milliseconds(250), .milliseconds(1500), .milliseconds(1),
                .seconds(90),
            ]
            .map(DecimalText.seconds) == ["5", "0.125", "0.25", "1.5", "0.001", "90"])
        let configuration = OpenMeteoClient.Configuration(
            forecastBaseURL: "http://127.0.0.1:9", archiveBaseURL: "http://127.0.0.1:9",
            requestTimeout: .milliseconds(125), connectTimeout: .milliseconds(2250))
        func message(_ error: any Error) -> String {
            TransportFailure.failure(for: error, authority: "127.0.0.1:9", configuration: configuration).message
        }
        #expect(message(HTTPClientError.deadlineExceeded) == "timed out after 0.125 s")
        #expect(message(HTTPClientError.readTimeout) == "timed out after 0.125 s")
        #expect(message(HTTPClientError.connectTimeout) == "cannot connect to 127.0.0.1:9: timed out after 2.25 s")
        #expect(
            message(ChannelError.connectTimeout(.milliseconds(2250)))
                == "cannot connect to 127.0.0.1:9: timed out after 2.25 s")
    }

    /// An IP address is connected to directly; a name (`localhost`, from the hosts file) goes
    /// through SwiftNIO's Happy Eyeballs, which wraps the same refusal differently.
    @Test(arguments: ["127.0.0.1", "localhost"])
    func aClosedPortFailsTransientlyAfterAllAttemptsAndQuickly(host: String) async throws {
        let port = try closedLocalPort()
        var configuration = OpenMeteoClient.Configuration(baseURL: "http://\(host):\(port)")
        configuration.retryBaseDelay = .milliseconds(10)
        // A long request timeout: were refused connections retried inside AsyncHTTPClient,
        // the fetch would take an hour.
        configuration.requestTimeout = .seconds(3600)
        let outcome = try await OpenMeteoClient.withClient(configuration: configuration) { client in
            await client.fetch(Self.query)
        }
        #expect(
            outcome.failure
                == WeatherFetchFailure(
                    message: "cannot connect to \(host):\(port): connection refused", httpStatus: nil,
                    isTransient: true,
                    serverUnreachable: true))
        #expect(outcome.attempts == 3)
        // Two waits of 10 ms × at most 1.5 and × 2 × 1.5, about 35 ms in all when idle. The
        // bound is half the request timeout: room for a machine whose cooperative threads are
        // busy with the rest of the suite (seen: 13 s, 30 s, then 60-90 s on two cores as the
        // suite grew to 670 tests, over 300 s at 427% with 1,539; why it waits that long is
        // still to be found), none for waiting out the timeout.
        #expect(outcome.elapsedMilliseconds >= 10 && outcome.elapsedMilliseconds < 1_800_000)
    }

    @Test func aNonFiniteQueryFailsWithoutARequest() async throws {
        // A closed port of 127.0.0.1, not the public default: if the NaN check ever went,
        // the request would fail here instead of reaching the internet.
        let configuration = OpenMeteoClient.Configuration(baseURL: "http://127.0.0.1:\(try closedLocalPort())")
        let outcome = try await OpenMeteoClient.withClient(configuration: configuration) { client in
            await client.fetch(WeatherQuery(latitude: .nan, longitude: 0, unixTime: 0))
        }
        #expect(outcome.attempts == 0)
        guard case .failure(let failure) = outcome.result else {
            Issue.record("expected a failure, got \(outcome.result)")
            return
        }
        #expect(!failure.isTransient)
        #expect(failure.message.hasPrefix("invalid query"))
    }

    @Test func fetchesAfterShutdownFailAtOnce() async throws {
        let client = OpenMeteoClient(configuration: .init(baseURL: "http://127.0.0.1:9"))
        await client.shutdown()
        await client.shutdown()  // A second shutdown is harmless.
        let outcome = await client.fetch(Self.query)
        #expect(outcome.failure == WeatherFetchFailure(message: "the weather client is shut down", isTransient: false))
        #expect(outcome.attempts == 1)
    }
}
