// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import TrailcastBasics
import Testing
import TrailcastWeather
import TrailcastWeatherServer

/// 2024-07-01T10:20:00Z: the servers' fixed "now", so default windows are known dates.
let fixedNow = 1_719_829_200
/// 2024-07-01T00:00:00Z, the midnight of ``fixedNow``.
let fixedToday = 1_719_792_000

/// Zürich at 408 m: a place with weather in every season.
let zurich = "latitude=47.3769&longitude=8.5417&elevation=408"

/// A `WeatherServer` on an ephemeral port of 127.0.0.1 and an HTTP client for it, both
/// stopped when the test's body ends (also when it throws).
struct ServerHarness: Sendable {
    let port: Int
    let http: HTTPClient

    /// Runs `body` against a server with `faults`, a fixed clock and a logger that keeps its
    /// lines in `log` (or drops them).
    static func run<T: Sendable>(
        faults: WeatherServerFaults = .init(), model: WeatherModel = WeatherModel(),
        log: CapturedLog? = nil, logLevel: Logger.Level = .info,
        idleTimeout: Duration = WeatherServer.defaultIdleTimeout, now: Int = fixedNow,
        holdClock: any Clock<Duration> = ContinuousClock(),
        _ body: @Sendable (ServerHarness) async throws -> T
    ) async throws -> T {
        var logger = Logger(label: "test.serve-weather") { _ in
            log.map { CapturingLogHandler(log: $0) as any LogHandler } ?? SwiftLogNoOpLogHandler()
        }
        logger.logLevel = logLevel
        let server = WeatherServer(
            port: 0, faults: faults, model: model, logger: logger, idleTimeout: idleTimeout, currentUnixTime: { now },
            holdClock: holdClock)
        return try await server.withRunningServer { port in
            let http = HTTPClient(eventLoopGroupProvider: .singleton)
            do {
                let result = try await body(ServerHarness(port: port, http: http))
                try await http.shutdown()
                return result
            } catch {
                try? await http.shutdown()
                throw error
            }
        }
    }

    /// `GET pathAndQuery`, failing if no answer comes within `timeout`.
    func get(
        _ pathAndQuery: String, method: HTTPMethod = .GET, headers: [String: String] = [:], body: [UInt8]? = nil,
        timeout: Duration = .seconds(300)
    ) async throws -> Fetched {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(pathAndQuery)")
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let milliseconds = timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000
        let response = try await http.execute(request, timeout: .milliseconds(milliseconds))
        let body = try await response.body.collect(upTo: 64 << 20)
        return Fetched(
            status: Int(response.status.code),
            contentType: response.headers.first(name: "content-type"),
            allowedOrigin: response.headers.first(name: "access-control-allow-origin"),
            allow: response.headers.first(name: "allow"),
            contentDisposition: response.headers.first(name: "content-disposition"),
            headers: Dictionary(
                response.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first }),
            bytes: Array(body.readableBytesView))
    }

    /// A forecast for Zürich with `query` appended.
    func forecast(_ query: String) async throws -> Fetched {
        try await get("/v1/forecast?\(zurich)&\(query)")
    }

    /// The archive's answer for Zürich with `query` appended (dates from 1940 to today).
    func archive(_ query: String) async throws -> Fetched {
        try await get("/v1/archive?\(zurich)&\(query)")
    }
}

/// One answer as the client received it.
struct Fetched: Sendable {
    var status: Int
    var contentType: String?
    /// `Access-Control-Allow-Origin`: which web pages may read the answer.
    var allowedOrigin: String?
    /// `Allow`: the methods a 405 says the path takes.
    var allow: String? = nil
    /// `Content-Disposition`: the file name a CSV answer is saved under.
    var contentDisposition: String? = nil
    /// Every header, by its name in lower case.
    var headers: [String: String] = [:]
    var bytes: [UInt8]

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The body as a JSON object (key order lost; see ``text`` for order).
    func json() throws -> JSONObject {
        let value = try JSONSerialization.jsonObject(with: Data(bytes))
        return JSONObject(try #require(value as? [String: Any], "not a JSON object: \(text.prefix(200))"))
    }
}

/// A decoded JSON object with typed accessors that fail the test on a wrong shape.
struct JSONObject: @unchecked Sendable {
    // @unchecked: the dictionary holds only JSONSerialization's immutable values.
    let values: [String: Any]

    init(_ values: [String: Any]) {
        self.values = values
    }

    var keys: Set<String> { Set(values.keys) }

    func object(_ key: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONObject {
        JSONObject(try #require(values[key] as? [String: Any], "no object \(key)", sourceLocation: sourceLocation))
    }

    func string(_ key: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try #require(values[key] as? String, "no string \(key)", sourceLocation: sourceLocation)
    }

    func number(_ key: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Double {
        try #require((values[key] as? NSNumber)?.doubleValue, "no number \(key)", sourceLocation: sourceLocation)
    }

    func bool(_ key: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        try #require(values[key] as? Bool, "no boolean \(key)", sourceLocation: sourceLocation)
    }

    func numbers(_ key: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Double] {
        let array = try #require(values[key] as? [Any], "no array \(key)", sourceLocation: sourceLocation)
        return try array.map {
            try #require(($0 as? NSNumber)?.doubleValue, "not a number in \(key)", sourceLocation: sourceLocation)
        }
    }

    func strings(_ key: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        try #require(values[key] as? [String], "no string array \(key)", sourceLocation: sourceLocation)
    }
}

/// Log lines a server wrote, for tests that wait on or count them.
final class CapturedLog: Sendable {
    private struct Lines: WaitableState {
        var all: [String] = []
        var waiters = Waiters()
    }

    private let lines = LockedValue(Lines())

    var all: [String] { lines.withLock { $0.all } }

    func append(_ line: String) {
        lines.changeAndWake { $0.all.append(line) }
    }

    /// Waits, without polling, until a line contains `text`. A line that never comes fails
    /// the test after `patience`: far beyond any slowness of a loaded machine, so that the
    /// machine's load never decides the result, and a minute, so that a hang costs CI no more.
    func waitForLine(containing text: String, patience: Duration = .seconds(300)) async throws {
        let found = try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask { [lines] in
                let hasLine: @Sendable (Lines) -> Bool = { $0.all.contains { $0.contains(text) } }
                while !Task.isCancelled {
                    await lines.wait(until: hasLine)
                    if lines.withLock({ hasLine($0) }) { return true }
                }
                return false
            }
            group.addTask {
                try await Task.sleep(for: patience)
                return false
            }
            let first = try await group.next() ?? false
            group.cancelAll()
            return first
        }
        try #require(found, "no log line with \(text) in \(patience)")
    }
}

/// A swift-log handler that appends each message to a ``CapturedLog``.
struct CapturingLogHandler: LogHandler {
    let log: CapturedLog
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        log.append("\(event.level) \(event.message)")
    }
}
