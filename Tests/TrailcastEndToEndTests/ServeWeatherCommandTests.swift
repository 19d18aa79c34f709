// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import AsyncHTTPClient
import Foundation
import NIOCore
import Testing
import NIOHTTP1
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `trailcast serve-weather` run as a user runs it: the listening line, requests over
/// HTTP on 127.0.0.1, a log line per request, Ctrl-C, and the ways it refuses to start.
///
/// Nothing sleeps to wait: tests poll the process's output with a deadline.
@Suite("trailcast serve-weather")
struct ServeWeatherCommandTests {
    /// A running `serve-weather --port 0 ARGUMENTS` and the port it printed.
    struct Server {
        let server: WeatherServerProcess
        var process: ReplayProcess { server.process }
        var port: Int { server.port }

        init(_ arguments: [String] = [], environment: [String: String?] = [:]) async throws {
            server = try await WeatherServerProcess(arguments, environment: environment)
        }

        /// `GET pathAndQuery`: the status and the body.
        func get(_ pathAndQuery: String, timeout: TimeAmount = .seconds(300)) async throws -> (
            status: Int, body: String
        ) {
            let http = HTTPClient(eventLoopGroupProvider: .singleton)
            do {
                let response = try await http.execute(
                    HTTPClientRequest(url: "http://127.0.0.1:\(port)\(pathAndQuery)"), timeout: timeout)
                let body = try await response.body.collect(upTo: 16 << 20)
                try await http.shutdown()
                return (Int(response.status.code), String(buffer: body))
            } catch {
                try? await http.shutdown()
                throw error
            }
        }

        /// Sends `signal` and waits for the exit.
        func stop(with signal: Int32 = SIGINT) async throws -> (status: Int32, reason: Process.TerminationReason) {
            process.send(signal)
            return try await process.waitForExit()
        }
    }

    @Test("--port 0: prints the listening line, answers /health and a forecast, logs each request, Ctrl-C exits 0")
    func serveAndStop() async throws {
        let server = try await Server()
        let health = try await server.get("/health")
        let forecast = try await server.get(
            "/v1/forecast?latitude=47.37&longitude=8.54&hourly=temperature_2m&forecast_days=1")
        let stopped = try await server.stop(with: SIGINT)

        #expect(health.status == 200)
        #expect(health.body == #"{"status":"ok"}"#)
        #expect(forecast.status == 200)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(forecast.body.utf8)) as? [String: Any])
        let hourly = try #require(json["hourly"] as? [String: Any])
        #expect((hourly["temperature_2m"] as? [Any])?.count == 24)

        #expect(stopped.reason == .exit, "killed by the signal instead of handling it")
        #expect(stopped.status == 0)
        #expect(server.process.stdout == "serve-weather: listening on http://127.0.0.1:\(server.port)\n")
        let lines = server.process.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "one log line per request: \(lines)")
        #expect(lines.first?.contains(" GET /health 200 ") == true)
        #expect(
            lines.last?.contains(
                " GET /v1/forecast?latitude=47.37&longitude=8.54&hourly=temperature_2m&forecast_days=1 200 ") == true)
    }

    @Test("SIGTERM with a request held by --timeout-rate 1: a graceful exit 0 that closes the held connection")
    func stopWithHeldRequest() async throws {
        // LOG_LEVEL in capitals, as many services spell it: read as debug all the same.
        let server = try await Server(["--timeout-rate", "1", "--seed", "3"], environment: ["LOG_LEVEL": "DEBUG"])
        let held = Task { try await server.get("/v1/forecast?latitude=1&longitude=2", timeout: .seconds(300)) }
        try await server.process.wait(
            for: "the request to be held",
            until: {
                server.process.stderr.contains("held without an answer (fault=timeout)")
            })
        let stopped = try await server.stop(with: SIGTERM)

        #expect(stopped.reason == .exit)
        #expect(stopped.status == 0)
        // The client saw the connection close, never an answer: the stop did not wait for
        // the held request (the client would have given up after its 300 s instead, with
        // deadlineExceeded), whatever the machine's load.
        do {
            _ = try await held.value
            Issue.record("the held request was answered")
        } catch let error as HTTPClientError {
            #expect(error != .deadlineExceeded, "the server kept the held request until the client gave up")
        } catch {
            Issue.record("unexpected error: \(error)")
        }
        #expect(server.process.stderr.contains("GET /v1/forecast?latitude=1&longitude=2 no-answer "))
    }

    @Test("faults from the command line: --fail-rate 1 answers 500, --rate-limit 1 answers 429 next, 0 at once")
    func faultFlags() async throws {
        let failing = try await Server(["--fail-rate", "1"])
        let failed = try await failing.get("/v1/forecast?latitude=1&longitude=2")
        #expect(try await failing.stop().status == 0)
        #expect(failed.status == 500)
        #expect(failing.process.stderr.contains(" 500 ") && failing.process.stderr.contains("fault=fail"))

        let limited = try await Server(["--rate-limit", "1", "--latency", "10ms"])
        let clock = ContinuousClock()
        let firstSent = clock.now
        let first = try await limited.get("/v1/forecast?latitude=1&longitude=2")
        let second = try await limited.get("/v1/forecast?latitude=1&longitude=2")
        let bothAnswered = clock.now - firstSent
        #expect(try await limited.stop().status == 0)
        #expect(first.status == 200)
        // The window is the server's real minute (as in FaultTests): on a machine so loaded that
        // the two requests took longer, the second is in a minute of its own.
        if bothAnswered < .seconds(60) {
            #expect(second.status == 429)
            #expect(
                second.body
                    == #"{"error":true,"reason":"Minutely API request limit exceeded. Please try again in one minute."}"#
            )
        } else {
            #expect([200, 429].contains(second.status))
        }

        // 0, the least the flag takes: a server over its limit from the start.
        let exhausted = try await Server(["--rate-limit", "0"])
        let refused = try await exhausted.get("/v1/forecast?latitude=1&longitude=2")
        #expect(try await exhausted.stop().status == 0)
        #expect(refused.status == 429)
    }

    @Test(
        "a bad flag: exit 64 with the reason",
        arguments: [
            (["--fail-rate", "1.5"], "trailcast: error: --fail-rate must be a share between 0 and 1, not 1.5"),
            (["--timeout-rate=-0.5"], "trailcast: error: --timeout-rate must be a share between 0 and 1, not -0.5"),
            (["--timeout-rate", "-0.5"], "trailcast: error: --timeout-rate must be a share between 0 and 1, not -0.5"),
            (["--malformed-rate", "2"], "trailcast: error: --malformed-rate must be a share between 0 and 1, not 2"),
            (
                ["--latency", "soon"],
                "trailcast: error: --latency must be a duration such as 45s, 10m or 250ms, not 'soon'"
            ),
            // Seconds past Int64's milliseconds once crashed the command (a bare number had no bound).
            (
                ["--latency", "1e20"],
                "trailcast: error: --latency must be a duration such as 45s, 10m or 250ms, not '1e20'"
            ),
            (["--port", "70000"], "trailcast: error: --port must be from 0 to 65535, not 70000"),
            (["--port=-1"], "trailcast: error: --port must be from 0 to 65535, not -1"),
            (["--port", "-1"], "trailcast: error: --port must be from 0 to 65535, not -1"),
            (["--rate-limit=-3"], "trailcast: error: --rate-limit must be 0 or more, not -3"),
            (["--seed", "minus"], "trailcast: error: --seed must be a number, not 'minus'"),
        ])
    func badFlag(arguments: [String], message: String) async throws {
        let result = try await TrailcastBinary.run(arguments: ["serve-weather"] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout == "")
    }

    @Test("a port in use: one error line, a non-zero exit, no crash")
    func portInUse() async throws {
        let first = try await Server()
        let second = try await TrailcastBinary.run(arguments: ["serve-weather", "--port", String(first.port)])
        #expect(try await first.stop().status == 0)

        #expect(second.status == 69)
        #expect(second.stdout == "")
        #expect(
            second.stderrLines == [
                "trailcast: error: cannot listen on 127.0.0.1:\(first.port): port \(first.port) is in use: choose another, or 0 for any free one"
            ])
    }

    /// A recorded cache that is not there, or not a directory, is input the server cannot
    /// read (66, as a missing route is), said in one line before anything listens.
    @Test(
        "--cache that is missing or not a directory: 66, one line, nothing served",
        arguments: [
            ("/nonexistent/weather-cache", "No such file or directory"),
            ("gpx/zurich-lake-ride.gpx", "not a directory"),
        ])
    func unreadableCache(path: String, reason: String) async throws {
        let result = try await TrailcastBinary.run(arguments: ["serve-weather", "--port", "0", "--cache", path])
        #expect(result.status == 66)
        #expect(result.stdout == "")
        #expect(result.stderrLines == ["\(path): error: cannot read the weather cache: \(reason)"])
    }
}
