// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import HTTPTypes
import Hummingbird
import TrailcastReport
import TrailcastBasics
import TrailcastEngine
import TrailcastSettings

/// Answers the live server's requests: the event stream, the device's location, health,
/// and the run's controls.
///
/// No other site may frame anything it serves (`Content-Security-Policy: frame-ancestors
/// 'none'` and, for browsers before CSP 2, `X-Frame-Options: DENY`): framed invisibly under
/// a decoy, the page's own buttons would change the run with its own origin. The page runs
/// only its own script (`default-src 'self'`). The stream and the location are readable by
/// every page (`Access-Control-Allow-Origin: *`): a simulated position is no secret, and a
/// web team's page on another port must read it. The controls' preflight is answered for
/// any origin, since what lets a request in is the token it carries (``ControlAccess``).
struct LiveResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let journal: EventJournal
    let latest: LatestDeviceReport
    let control: ReplayControl
    /// Who may use the controls.
    let access: ControlAccess
    /// The run's report so far, for the live page's map.
    let report: ReportCollector

    static let lastEventID = HTTPField.Name("Last-Event-ID")!
    static let xFrameOptions = HTTPField.Name("X-Frame-Options")!

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        var response = try await answer(request)
        response.headers[.contentSecurityPolicy] =
            response.headers[.contentType]?.hasPrefix("text/html") == true
            ? Self.pagePolicy : "frame-ancestors 'none'"
        response.headers[Self.xFrameOptions] = "DENY"
        response.headers[.xContentTypeOptions] = "nosniff"
        return response
    }

    /// The page's own script and requests, its inline styles (the map's too), images from
    /// anywhere (`--tiles` lays a tile server's under the map), and never in a frame.
    static let pagePolicy =
        "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src * data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

    private func answer(_ request: Request) async throws -> Response {
        let path = request.uri.path
        switch path {
        case "/", "/index.html":
            guard request.method == .get else { return Self.methodNotAllowed(allow: "GET") }
            return Self.page(LivePage.html, contentType: "text/html; charset=utf-8")
        case "/live.js":
            guard request.method == .get else { return Self.methodNotAllowed(allow: "GET") }
            return Self.page(LivePage.script, contentType: "text/javascript; charset=utf-8")
        case "/map.svg":
            guard request.method == .get else { return Self.methodNotAllowed(allow: "GET") }
            return Self.page(report.map(), contentType: "image/svg+xml")
        case "/legend":
            guard request.method == .get else { return Self.methodNotAllowed(allow: "GET") }
            return Self.page(report.mapLegend(), contentType: "text/html; charset=utf-8")
        case "/events":
            guard request.method == .get else { return Self.methodNotAllowed(allow: "GET") }
            return events(request)
        case "/location":
            guard request.method == .get else { return Self.methodNotAllowed(allow: "GET") }
            guard let json = latest.json else {
                return Self.json(.serviceUnavailable, Self.error("the device has not reported yet"))
            }
            return Self.json(.ok, json)
        case "/health":
            guard request.method == .get else { return Self.methodNotAllowed(allow: "GET") }
            return Self.json(.ok, health())
        case "/pause", "/resume", "/speed", "/event":
            if request.method == .options { return Self.preflight() }
            guard request.method == .post else { return Self.methodNotAllowed(allow: "POST") }
            let token = request.uri.queryParameters.get("token").map { String($0) }
            if let refusal = access.refusal(
                headers: request.headers, authority: request.head.authority, queryToken: token)
            {
                return Self.json(.forbidden, Self.error(refusal))
            }
            return command(path, request)
        default:
            return Self.json(
                .notFound,
                Self.error(
                    "no such endpoint: GET /, /live.js, /map.svg, /legend, /events, /location, /health; POST /pause, /resume, /speed?multiplier=N, /event?change=KEY=VALUE"
                ))
        }
    }

    /// `GET /events`: from the event after `Last-Event-ID` (header, or `lastEventId` in
    /// the query for clients that cannot set headers), else from the first. A stream that
    /// sent nothing between two of the journal's keep-alive moments sends a comment.
    private func events(_ request: Request) -> Response {
        let lastID =
            request.headers[Self.lastEventID].flatMap { Int($0.filter { $0 != " " }) }
            ?? request.uri.queryParameters.get("lastEventId").flatMap { Int($0) }
            ?? 0
        let journal = self.journal
        let body = ResponseBody { writer in
            // Browsers reconnect a second after the stream drops, rather than three.
            try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
            var offset = journal.position(after: lastID)
            var keepAliveTick = journal.keepAliveTick
            var sentSinceTick = false
            while true {
                let chunk = journal.read(from: offset, maximumCount: 64 * 1024)
                if !chunk.isEmpty {
                    try await writer.write(ByteBuffer(bytes: chunk))
                    offset += chunk.count
                    sentSinceTick = true
                    continue
                }
                if journal.isExhausted(at: offset) { break }
                await journal.waitForMore(after: offset, keepAliveTick: keepAliveTick)
                // The client went away (or the server is closing): the wait returns at once now.
                try Task.checkCancellation()
                let tick = journal.keepAliveTick
                if tick != keepAliveTick {
                    if !sentSinceTick { try await writer.write(ByteBuffer(string: ": keep-alive\n\n")) }
                    keepAliveTick = tick
                    sentSinceTick = false
                }
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/event-stream", .cacheControl: "no-cache",
                .accessControlAllowOrigin: "*", HTTPField.Name("X-Accel-Buffering")!: "no",
            ],
            body: body)
    }

    private func health() -> [UInt8] {
        let state = control.state
        var json = JSONLineWriter(capacity: 128)
        json.beginObject()
        json.field("status", "ok")
        json.field("events", journal.eventCount)
        json.field("paused", state.paused)
        json.field("multiplier", state.speed, fractionDigits: 3)
        json.field("ended", state.ended)
        json.endObject()
        return json.bytes
    }

    /// `POST /pause`, `/resume`, `/speed?multiplier=N`, `/event?change=KEY=VALUE`: the state
    /// the run goes into.
    private func command(_ path: String, _ request: Request) -> Response {
        let command: ReplayControl.Command
        switch path {
        case "/pause": command = .pause
        case "/resume": command = .resume
        case "/event":
            let text = request.uri.queryParameters.get("change").map { String($0) } ?? ""
            do {
                command = .change(try ScheduledEvent(parsing: "0s:" + text).change)
            } catch {
                return Self.json(
                    .badRequest,
                    Self.error(
                        "give the change as ?change=KEY=VALUE, as --event spells it after the offset (authorization=denied, services=off, app=background, signal=lost...): \(error.reason)"
                    ))
            }
        default:
            guard let text = request.uri.queryParameters.get("multiplier"), let multiplier = Double(text) else {
                return Self.json(
                    .badRequest, Self.error("give the new speed as ?multiplier=N (simulated seconds per real second)"))
            }
            command = .speed(multiplier)
        }
        do {
            let state = try control.send(command)
            var json = JSONLineWriter(capacity: 64)
            json.beginObject()
            json.field("paused", state.paused)
            json.field("multiplier", state.speed, fractionDigits: 3)
            json.endObject()
            return Self.json(.ok, json.bytes)
        } catch {
            return Self.json(error == .runEnded ? .conflict : .badRequest, Self.error(error.description))
        }
    }

    private static func error(_ message: String) -> [UInt8] {
        var json = JSONLineWriter(capacity: 64 + message.utf8.count)
        json.beginObject()
        json.field("error", message)
        json.endObject()
        return json.bytes
    }

    private static func json(_ status: HTTPResponse.Status, _ body: [UInt8]) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json", .accessControlAllowOrigin: "*"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// The live page and its map: no CORS header (they are for the served origin), not cached.
    private static func page(_ text: String, contentType: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: contentType, .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// A page's request with the token in a header (`Authorization`, `X-Trailcast-Token`)
    /// is preflighted: allowed from any origin, as the token decides.
    private static func preflight() -> Response {
        Response(
            status: .noContent,
            headers: [
                .accessControlAllowOrigin: "*", .accessControlAllowMethods: "POST",
                .accessControlAllowHeaders: "Authorization, X-Trailcast-Token", .accessControlMaxAge: "600",
            ])
    }

    private static func methodNotAllowed(allow: String) -> Response {
        var response = json(.methodNotAllowed, error("method not allowed: use \(allow)"))
        response.headers[.allow] = allow
        return response
    }
}
