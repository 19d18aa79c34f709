// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastWeatherServer
import TrailcastWeather
import NIOHTTP1

@Suite("Endpoints other than the forecast: /health, unknown paths, other methods")
struct EndpointTests {
    @Test("GET /health: 200 {\"status\":\"ok\"}, even when every weather request fails")
    func health() async throws {
        let answers = try await ServerHarness.run(faults: WeatherServerFaults(failRate: 1, rateLimitPerMinute: 0)) {
            server in
            [try await server.get("/health"), try await server.get("/health")]
        }
        for answer in answers {
            #expect(answer.status == 200)
            #expect(answer.contentType == "application/json")
            #expect(answer.text == #"{"status":"ok"}"#)
        }
    }

    /// Vapor's CORSMiddleware as Open-Meteo configures it: the headers on every answer to a
    /// request with `Origin` (errors too), none without.
    @Test(
        "every answer to a web page on any origin lets it read (Access-Control-Allow-Origin: *), as Open-Meteo's does")
    func anyOriginMayRead() async throws {
        let origin = ["Origin": "http://app.example"]
        var answers = try await ServerHarness.run { server in
            [
                try await server.get("/v1/forecast?\(zurich)&current=temperature_2m", headers: origin),
                try await server.get("/health", headers: origin), try await server.get("/v1/nowcast", headers: origin),
                try await server.get("/v1/forecast", headers: origin),
            ]
        }
        answers.append(
            try await ServerHarness.run(faults: WeatherServerFaults(failRate: 1)) { server in
                try await server.get("/v1/forecast?\(zurich)&current=temperature_2m", headers: origin)
            })
        #expect(answers.map(\.status) == [200, 200, 404, 400, 500])
        #expect(answers.map(\.allowedOrigin) == Array(repeating: "*", count: answers.count))
        let plain = try await ServerHarness.run { server in try await server.forecast("current=temperature_2m") }
        #expect(plain.allowedOrigin == nil)
    }

    @Test("a browser's preflight: 200, no body, the methods, headers and age Open-Meteo allows")
    func preflight() async throws {
        let (preflight, bare, noMethod) = try await ServerHarness.run { server in
            (
                try await server.get(
                    "/v1/forecast", method: .OPTIONS,
                    headers: [
                        "Origin": "http://app.example", "Access-Control-Request-Method": "POST",
                        "Access-Control-Request-Headers": "content-type",
                    ]),
                try await server.get("/v1/forecast", method: .OPTIONS),
                try await server.get("/v1/forecast", method: .OPTIONS, headers: ["Origin": "http://app.example"])
            )
        }
        #expect(preflight.status == 200)
        #expect(preflight.bytes.isEmpty)
        #expect(preflight.allowedOrigin == "*")
        #expect(preflight.headers["access-control-allow-methods"] == "GET, POST, OPTIONS")
        #expect(
            preflight.headers["access-control-allow-headers"]
                == "accept, authorization, content-type, origin, x-requested-with, user-agent, access-control-allow-origin"
        )
        #expect(preflight.headers["access-control-max-age"] == "600")
        // OPTIONS that is no preflight finds no route, as in Vapor.
        #expect(bare.status == 404)
        #expect(bare.text == #"{"error":true,"reason":"Not Found"}"#)
        // With Origin but no method asked, it is no preflight: routed (404), with the headers.
        #expect(noMethod.status == 404)
        #expect(noMethod.allowedOrigin == "*")
    }

    @Test("an unknown path: 404 with an error body")
    func unknownPath() async throws {
        let answer = try await ServerHarness.run { server in try await server.get("/v1/nowcast?latitude=1&longitude=2")
        }
        #expect(answer.status == 404)
        #expect(answer.text == #"{"error":true,"reason":"Not Found"}"#)
    }

    /// The weather endpoints route GET and POST as Open-Meteo's; another method finds no
    /// route there (404, as Vapor answers). `/health` is this server's own and says what it takes.
    @Test("another method: 404 on the weather endpoints as Open-Meteo; 405 with Allow: GET on /health")
    func otherMethod() async throws {
        let answers = try await ServerHarness.run { server in
            [
                try await server.get("/v1/forecast?latitude=1&longitude=2", method: .PUT),
                try await server.get("/v1/forecast?latitude=1&longitude=2", method: .RAW(value: "TRACE")),
                try await server.get("/health", method: .POST),
                try await server.get("/health", method: .RAW(value: "TRACE")),
            ]
        }
        #expect(answers.map(\.status) == [404, 404, 405, 405])
        #expect(answers.map(\.allow) == [nil, nil, "GET", "GET"])
        #expect(answers[0].text == #"{"error":true,"reason":"Not Found"}"#)
        #expect(answers[2].text == #"{"error":true,"reason":"Method Not Allowed"}"#)
    }

    /// Vapor's DefaultResponder answers a HEAD by the GET route of its path (Open-Meteo
    /// registers no HEAD route): the GET's status and headers, no body.
    @Test("HEAD: the GET's status and headers, without the body")
    func head() async throws {
        let (get, head, badGet, badHead) = try await ServerHarness.run { server in
            let query = "/v1/forecast?\(zurich)&hourly=temperature_2m&forecast_days=1"
            return (
                try await server.get(query), try await server.get(query, method: .HEAD),
                try await server.get("/v1/forecast?latitude=100&longitude=2"),
                try await server.get("/v1/forecast?latitude=100&longitude=2", method: .HEAD)
            )
        }
        #expect(get.status == 200 && head.status == 200)
        #expect(head.contentType != nil && head.contentType == get.contentType)
        #expect(head.bytes.isEmpty)
        #expect(badGet.status == 400 && badHead.status == 400 && badHead.bytes.isEmpty)
    }

    @Test("one log line per request: method, path and query, status, milliseconds")
    func requestLog() async throws {
        let log = CapturedLog()
        try await ServerHarness.run(log: log) { server in
            _ = try await server.get("/health")
            _ = try await server.get("/v1/forecast?latitude=1&longitude=2&hourly=temperature_2m")
            _ = try await server.get("/v1/forecast?latitude=100&longitude=2")
        }
        let lines = log.all
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.count == 3 && lines[0].hasPrefix("info GET /health 200 ") && lines[0].hasSuffix(" ms"))
        #expect(
            lines.count == 3
                && lines[1].hasPrefix("info GET /v1/forecast?latitude=1&longitude=2&hourly=temperature_2m 200 "))
        #expect(lines.count == 3 && lines[2].hasPrefix("info GET /v1/forecast?latitude=100&longitude=2 400 "))
    }

    @Test("port 0 binds an ephemeral port, and two servers can run at once")
    func ephemeralPorts() async throws {
        let ports = try await ServerHarness.run { first in
            try await ServerHarness.run { second in
                let statuses = [try await first.get("/health").status, try await second.get("/health").status]
                #expect(statuses == [200, 200])
                return [first.port, second.port]
            }
        }
        #expect(ports[0] != ports[1])
        #expect(ports.allSatisfy { $0 > 0 })
    }

    @Test("a port already in use: WeatherServerError.cannotListen saying so")
    func portInUse() async throws {
        try await ServerHarness.run { server in
            let second = WeatherServer(port: server.port)
            let error = await #expect(throws: WeatherServerError.self) {
                try await second.withRunningServer { _ in }
            }
            #expect(
                error
                    == .cannotListen(
                        host: "127.0.0.1", port: server.port,
                        reason: "port \(server.port) is in use: choose another, or 0 for any free one"))
            #expect(
                error?.description
                    == "cannot listen on 127.0.0.1:\(server.port): port \(server.port) is in use: choose another, or 0 for any free one"
            )
        }
    }

    /// A server left running would hang the test: the time limit catches that, without a
    /// wall-clock bound that a busy machine could break.
    @Test("withRunningServer stops the server when its body throws, and rethrows", .timeLimit(.minutes(15)))
    func bodyThrows() async throws {
        struct Expected: Error {}
        await #expect(throws: Expected.self) {
            try await WeatherServer(port: 0).withRunningServer { _ in throw Expected() }
        }
    }
}
