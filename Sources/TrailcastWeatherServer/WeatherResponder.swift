// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Hummingbird
import Logging
import ServiceLifecycle
import TrailcastWeather

/// Answers every request: routes `/health`, `/v1/forecast` and `/v1/archive`, applies the
/// faults to the weather endpoints, and logs one line per request.
struct WeatherResponder: HTTPResponder {
    typealias Context = WeatherRequestContext

    let endpoints: ForecastEndpoints
    let schedule: FaultSchedule
    let logger: Logger
    /// The wall clock, seconds since 1970: "today" for the default window and `current`.
    let unixTime: @Sendable () -> Int
    /// The clock a held request's ``maximumHold`` passes on.
    let holdClock: any Clock<Duration>

    /// The longest a held request waits when neither its client nor a shutdown ends it.
    static let maximumHold = Duration.seconds(600)

    func respond(to request: Request, context: WeatherRequestContext) async throws -> Response {
        let started = ContinuousClock.now
        let answer = await answer(request, started: started)
        log(request, answer, elapsed: started.duration(to: .now))
        if answer.status == nil {
            // Held without an answer: drop the connection, so the client sees what a
            // server that never answers looks like once it is gone.
            context.channel.close(promise: nil)
        }
        var response = answer.response
        if request.headers[.origin] != nil { Self.allowCrossOrigin(&response.headers) }
        return response
    }

    /// The headers Open-Meteo adds to every answer to a request with an `Origin`: Vapor's
    /// `CORSMiddleware` as its configure.swift sets it up (any origin; GET, POST and
    /// OPTIONS; these request headers, lower case as Vapor writes them; a preflight kept for
    /// 600 s, Vapor's default). A request without `Origin` gets none, as there.
    static func allowCrossOrigin(_ headers: inout HTTPFields) {
        headers[.accessControlAllowOrigin] = "*"
        headers[.accessControlAllowHeaders] =
            "accept, authorization, content-type, origin, x-requested-with, user-agent, access-control-allow-origin"
        headers[.accessControlAllowMethods] = "GET, POST, OPTIONS"
        headers[.accessControlMaxAge] = "600"
    }

    private func answer(_ request: Request, started: ContinuousClock.Instant) async -> WeatherAnswer {
        // A browser's preflight (OPTIONS with Origin and Access-Control-Request-Method): 200
        // and nothing else, on any path, as Vapor's CORSMiddleware answers it before routing.
        if request.method == .options, request.headers[.origin] != nil,
            request.headers[.accessControlRequestMethod] != nil
        {
            var answer = WeatherAnswer(status: .ok, body: [])
            answer.contentType = nil
            return answer
        }
        let endpoint: ForecastQuery.Endpoint
        switch request.uri.path {
        case "/health":
            guard request.method == .get else { return .methodNotAllowed }
            return WeatherAnswer(status: .ok, body: Array(#"{"status":"ok"}"#.utf8))
        case "/v1/forecast": endpoint = .forecast
        case "/v1/archive": endpoint = .archive
        default: return .error(.notFound, reason: "Not Found")
        }
        // Open-Meteo routes GET and POST only; any other method finds no route (404).
        // HEAD is answered by the GET route, as in Vapor.
        guard [.get, .head, .post].contains(request.method) else { return .error(.notFound, reason: "Not Found") }
        // The body is read first, as Vapor collects it before the route's handler runs.
        var parameters = QueryParameters(request.uri.queryParameters.map { (String($0.key), String($0.value)) })
        if request.method == .post {
            switch await Self.bodyParameters(request) {
            case .success(let read): parameters = read
            case .failure(let refusal): return .error(HTTPResponse.Status(code: refusal.status), reason: refusal.reason)
            }
        }

        let faults = schedule.next(at: started)
        var applied: [String] = []
        if faults.rateLimited {
            return .rateLimited
        }
        if faults.latency > .zero {
            applied.append("latency")
            await Self.wait(faults.latency)
        }
        if faults.timeout {
            // The hold's end is fixed before the line that says it began, so that a test can
            // move its clock on from that line. The request's own line comes when it ends.
            let holdEnd = Self.sleeper(until: Self.maximumHold, on: holdClock)
            logger.debug("\(request.method) \(request.uri.string) held without an answer (fault=timeout)")
            await Self.hold(request, until: holdEnd)
            return WeatherAnswer(status: nil, body: [], faults: applied + ["timeout"])
        }
        if faults.fail {
            return .error(.internalServerError, reason: "Internal Server Error", faults: applied + ["fail"])
        }

        var answer = forecast(parameters, endpoint: endpoint)
        if faults.malformed && answer.status == .ok {
            answer = answer.truncated
            applied.append("malformed")
        }
        answer.faults = applied
        return answer
    }

    /// A POST's parameters from its body, at most ``ForecastRequestBody/maximumBytes`` of it.
    private static func bodyParameters(_ request: Request) async -> Result<QueryParameters, ForecastRequestBody.Refusal>
    {
        let bytes: [UInt8]
        do {
            bytes = Array(buffer: try await request.body.collect(upTo: ForecastRequestBody.maximumBytes))
        } catch {
            return .failure(.tooLarge)
        }
        do {
            return .success(try ForecastRequestBody.parameters(bytes, contentType: request.headers[.contentType]))
        } catch {
            return .failure(error)
        }
    }

    /// The weather itself; `generationtime_ms` counts from here, without the latency fault.
    private func forecast(_ parameters: QueryParameters, endpoint: ForecastQuery.Endpoint) -> WeatherAnswer {
        let started = ContinuousClock.now
        return endpoints.answer(
            endpoint: endpoint, parameters: parameters, now: unixTime()
        ) { started.duration(to: .now) }
    }

    /// Sleeps for the latency fault, cut short by a graceful shutdown so that stopping the
    /// server never waits for it.
    private static func wait(_ latency: Duration) async {
        try? await cancelWhenGracefulShutdown {
            try await Task.sleep(for: latency)
        }
    }

    /// Holds a request until its client closes the connection (gives up), the server shuts
    /// down, the task is cancelled, or `end` returns, whichever comes first.
    private static func hold(_ request: Request, until end: @escaping @Sendable () async throws -> Void) async {
        _ = try? await request.body.consumeWithCancellationOnInboundClose { _ in
            try await cancelWhenGracefulShutdown { try await end() }
        }
    }

    /// A sleep until `duration` from now on `clock`: its deadline fixed now, when made.
    private static func sleeper<C: Clock<Duration>>(until duration: Duration, on clock: C)
        -> @Sendable () async throws -> Void
    {
        let deadline = clock.now.advanced(by: duration)
        return { try await clock.sleep(until: deadline, tolerance: nil) }
    }

    /// One line per request: `GET /v1/forecast?latitude=... 200 12 ms`, then the faults.
    private func log(_ request: Request, _ answer: WeatherAnswer, elapsed: Duration) {
        logger.info(
            "\(RequestLog.line(method: request.method.rawValue, target: request.uri.string, status: answer.status?.code, elapsed: elapsed, faults: answer.faults))"
        )
    }
}

/// serve-weather's log of requests, one line each.
package enum RequestLog {
    /// The request log's line: whole milliseconds, rounded down (a 2.9 ms answer is `2 ms`),
    /// `no-answer` for a held request.
    package static func line(method: String, target: String, status: Int?, elapsed: Duration, faults: [String])
        -> String
    {
        let milliseconds = elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
        var line = "\(method) \(target) \(status.map(String.init) ?? "no-answer") \(milliseconds) ms"
        if !faults.isEmpty {
            line += " fault=\(faults.joined(separator: ","))"
        }
        return line
    }
}
