// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
import TrailcastWeatherServer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Requests nobody sends by accident: each answered 400 at once, and the server goes on
/// answering. (Under load and for long, see bench/serve-weather-load.py.)
@Suite("Hostile requests: 400, and the server stays up", .timeLimit(.minutes(15)))
struct HostileRequestTests {
    @Test("a 100,000-byte query string: 400 from the HTTP layer")
    func hugeQuery() async throws {
        try await ServerHarness.run { server in
            let answer = try await server.get("/v1/forecast?\(zurich)&pad=\(String(repeating: "x", count: 100_000))")
            #expect(answer.status == 400)
            #expect(try await server.get("/health").status == 200)
        }
    }

    @Test("thousands of parameters: 400 with a reason, not a scan of each")
    func thousandsOfParameters() async throws {
        try await ServerHarness.run { server in
            let many = (0..<5_000).map { "p\($0)=1" }.joined(separator: "&")
            let answer = try await server.get("/v1/forecast?\(zurich)&\(many)")
            #expect(answer.status == 400)
            #expect(answer.text == #"{"error":true,"reason":"Too many parameters: 5003. At most 4096 per request."}"#)
            // 4,096 is still a request: a thousand places sent as repeated keys fit.
            let most = (0..<4_093).map { "p\($0)=1" }.joined(separator: "&")
            #expect(try await server.get("/v1/forecast?\(zurich)&\(most)").status == 200)
        }
    }

    /// Open-Meteo reads `nan` and `inf` as numbers (Swift's `Float`) and refuses them by range.
    @Test(
        "numbers that are not: nan, inf, -inf, 1e400 in every numeric parameter",
        arguments: [
            ("latitude=nan&longitude=8", "Latitude must be in range of -90 to 90°. Given: nan."),
            ("latitude=47&longitude=inf", "Longitude must be in range of -180 to 180°. Given: inf."),
            ("latitude=-inf&longitude=8", "Latitude must be in range of -90 to 90°. Given: -inf."),
            ("latitude=47&longitude=8&elevation=1e400", "Elevation must be in range of -500 to 9000 m. Given: inf."),
            (
                "latitude=47&longitude=8&elevation=-infinity",
                "Elevation must be in range of -500 to 9000 m. Given: -inf."
            ),
            (
                "latitude=47&longitude=8&forecast_days=1e3",
                "Value was not of type 'Int' at path 'forecast_days'. Data found at 'forecast_days' was not Int."
            ),
            (
                "latitude=47&longitude=8&past_days=nan",
                "Value was not of type 'Int' at path 'past_days'. Data found at 'past_days' was not Int."
            ),
        ])
    func notNumbers(_ row: (query: String, reason: String)) async throws {
        try await ServerHarness.run { server in
            let answer = try await server.get("/v1/forecast?\(row.query)")
            #expect(answer.status == 400, "\(answer.text)")
            #expect(try answer.json().string("reason") == row.reason)
        }
    }

    /// Open-Meteo's parser takes any whole number of hPa; none at or below zero is air.
    @Test(
        "pressure levels at or below zero and heights far away: answered, never a crash",
        arguments: [
            "hourly=temperature_-5hPa,wind_direction_-5hPa,wind_speed_0hPa,relative_humidity_-1hPa",
            "hourly=wind_direction_99999999hPa,temperature_1hPa", "hourly=wind_speed_-90000m,temperature_9000000000m",
        ])
    func oddLevels(_ query: String) async throws {
        try await ServerHarness.run { server in
            let answer = try await server.forecast("\(query)&forecast_days=1")
            #expect(answer.status == 200, "\(answer.text)")
            #expect(try await server.get("/health").status == 200)
        }
    }

    @Test(
        "dates from year 1 to 9999: 400, years outside 1900-2050, the range too long; impossible dates: 400",
        arguments: [
            ("start_date=0001-01-01&end_date=9999-12-31", "Invalid date"),
            ("start_hour=0001-01-01T00:00&end_hour=9999-12-31T23:00", "Invalid date"),
            (
                "start_date=1940-01-01&end_date=2024-06-30",
                "The requested time range is too long: 740712 hours. At most 8784 hours (366 days) per request."
            ),
            ("start_date=10000-01-01&end_date=10000-01-02", "Invalid date format. Make sure to use 'YYYY-MM-DD'"),
            ("start_date=2024-02-30&end_date=2024-03-01", "Invalid date"),
        ])
    func dates(_ row: (query: String, reason: String)) async throws {
        try await ServerHarness.run { server in
            let answer = try await server.get("/v1/archive?\(zurich)&hourly=temperature_2m&\(row.query)")
            #expect(answer.status == 400)
            #expect(try answer.json().string("reason") == row.reason)
        }
    }

    @Test(
        "malformed HTTP: 400 and the connection closed",
        arguments: [
            "GARBAGE\r\n\r\n",
            "GET /v1/forecast?latitude=1&longitude=2 HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",
            "GET /health HTTP/9.9\r\n\r\n",
            "\u{01}\u{02}\u{7F}\r\n\r\n",
            "GET /health HTTP/1.1\r\nHost: x\r\nX-Long: \(String(repeating: "a", count: 100_000))\r\n\r\n",
        ])
    func malformedHTTP(_ request: String) async throws {
        try await ServerHarness.run { server in
            let answer = try await Self.exchange(Array(request.utf8), port: server.port)
            #expect(answer.hasPrefix("HTTP/1.1 400 "), "\(answer.prefix(80))")
            #expect(try await server.get("/health").status == 200)
        }
    }

    @Test("half a request, then silence: the connection is closed after the idle timeout, unanswered")
    func halfARequestIsClosed() async throws {
        try await ServerHarness.run(idleTimeout: .milliseconds(300)) { server in
            let answer = try await Self.exchange(
                Array("GET /v1/forecast?latitude=1&longitude=2 HTTP/1.1\r\nHost: x\r\n".utf8), port: server.port)
            // Closed by the server without an answer: the exchange throws if it is still
            // open after its own 300 s, so the close is the verdict, not how soon it came.
            #expect(answer == "")
            #expect(try await server.get("/health").status == 200)
        }
    }

    /// The idle timeout is a minute (`WeatherServer.defaultIdleTimeout`): a client that
    /// pauses half a second inside its request is a slow client, not an idle one. The pause
    /// is the client's behaviour under test, far inside the limit on any machine.
    @Test("a pause of half a second inside a request: answered, the default idle timeout is a minute")
    func aSlowClientIsAnswered() async throws {
        #expect(WeatherServer.defaultIdleTimeout == .seconds(60))
        try await ServerHarness.run { server in
            let answer = try await Self.exchange(
                Array("GET /health HTTP/1.1\r\nHost: x\r\n".utf8), then: Array("Connection: close\r\n\r\n".utf8),
                afterPausing: .milliseconds(500), port: server.port)
            #expect(answer.hasPrefix("HTTP/1.1 200 "), "\(answer.prefix(80))")
        }
    }

    /// Sends `bytes` on a new connection and reads until the server closes it; throws
    /// `StillOpen` if it has not after 300 s (a ceiling for a loaded machine, not a measure),
    /// on a thread of its own: blocking a cooperative thread would stall the server itself,
    /// which runs in this process.
    static func exchange(
        _ bytes: [UInt8], then rest: [UInt8] = [], afterPausing pause: Duration = .zero, port: Int
    ) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Result { try blockingExchange(bytes, then: rest, afterPausing: pause, port: port) })
            }.start()
        }
    }

    private struct SocketFailure: Error {}
    struct StillOpen: Error, CustomStringConvertible {
        var description: String { "the server had not closed the connection after 300 s" }
    }

    private static func blockingExchange(_ bytes: [UInt8], then rest: [UInt8], afterPausing pause: Duration, port: Int)
        throws -> String
    {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw SocketFailure() }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 300, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw SocketFailure() }
        // The server may answer and close before reading all of a long request.
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if !rest.isEmpty {
            let (seconds, attoseconds) = pause.components
            Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
            _ = rest.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { throw StillOpen() }
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }
}
