// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import AsyncHTTPClient
import TrailcastLive
import Foundation
import NIOCore
import NIOHTTP1
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `replay --serve`: the live run over HTTP, through the built binary and a real HTTP
/// client (AsyncHTTPClient reading the event stream as it comes).
@Suite("Live stream (--serve)")
struct LiveStreamTests {
    static let walk = "gpx/sf-waterfront-walk.gpx"

    /// A run looping forever at high speed, serving on a free port; stopped by the test.
    static func startLoopingRun(
        _ scratch: ScratchDirectory, speed: Int = 1000, extraArguments: [String] = []
    ) async throws -> (ReplayProcess, Int, URL) {
        let timeline = scratch.url.appendingPathComponent("run.jsonl")
        let process = try ReplayProcess(
            arguments: [
                "replay", walk, "--loop", "0", "--speed", "\(speed)", "--interval", "1", "--weather", "none",
                "--serve", "127.0.0.1:0", "--format", "jsonl", "--output", timeline.path,
            ] + extraArguments,
            output: .discarded)
        return (process, try await process.livePort(), timeline)
    }

    @Test(
        "a live reader gets every event in order; a reconnect with Last-Event-ID resumes without loss or duplicates; pause, speed and resume are control events"
    )
    func everyEventInOrderAcrossAReconnect() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let (process, port, timelineFile) = try await Self.startLoopingRun(scratch, speed: 100)
        let client = LiveClient(port: port, token: process.liveToken)

        // The first connection reads 100 events and drops.
        let first = try await client.events(until: { $0.id >= 100 })
        #expect(first.map(\.id) == Array(1...first.count))
        #expect(first.first?.type == "start")

        // The run stops where it is; the speed changes while paused; then it goes on.
        let paused = try await client.request(.POST, "/pause")
        #expect(paused.status == 200)
        #expect(paused.body == #"{"paused":true,"multiplier":100}"#)
        let health = try await client.request(.GET, "/health")
        #expect(health.status == 200)
        #expect(health.body.contains(#""paused":true,"multiplier":100,"ended":false"#))
        let location = try await client.request(.GET, "/location")
        #expect(location.status == 200)
        #expect(location.body.hasPrefix(#"{"t":""#) && location.body.contains(#""signal":true,"lat":37."#))
        #expect(try await client.request(.POST, "/speed?multiplier=400").body == #"{"paused":true,"multiplier":400}"#)
        #expect(try await client.request(.POST, "/resume").body == #"{"paused":false,"multiplier":400}"#)

        // The second connection resumes after the last event the first one got, sees the
        // changes, and reads on until the run ends (Ctrl-C) and the stream with it.
        var resumedAt: Int?
        let second = try await client.events(after: first.last!.id) { event in
            if resumedAt == nil && event.data.contains(#""action":"resume""#) { resumedAt = event.id }
            if let resumedAt, event.id == resumedAt + 200 { process.send(SIGINT) }
            return false
        }
        let (status, _) = try await process.waitForExit()
        #expect(status == 130)
        #expect(second.last?.type == "end", "the stream ends after the end event")

        // Both connections together are the timeline, line for line, numbered without a gap.
        let lines = try String(contentsOf: timelineFile, encoding: .utf8).split(separator: "\n").map(String.init)
        let streamed = first + second
        #expect(streamed.map(\.id) == Array(1...streamed.count), "no loss, no duplicate")
        #expect(streamed.map(\.data) == lines)
        #expect(streamed.allSatisfy { $0.data.contains(#""type":"\#($0.type)""#) })

        // The three changes, at one simulated moment: time stood still in between.
        let controls = try lines.filter { $0.contains(#""type":"control""#) }.map { try OrderedJSON(parsing: $0) }
        #expect(controls.allSatisfy { $0.keys == ReplayTimeline.keys["control"] }, "the documented keys, in order")
        #expect(controls.map { $0["action"]?.stringValue } == ["pause", "speed", "resume"])
        #expect(controls.map { $0["paused"]?.boolValue } == [true, true, false])
        #expect(controls.map { $0["multiplier"]?.doubleValue } == [100, 400, 400])
        #expect(Set(controls.map { $0["offset"]?.doubleValue }).count == 1)
        // /location showed the device's latest report: a fix the app also received.
        let reportedLatitude = try #require(location.body.split(separator: ",").first { $0.hasPrefix(#""lat":"#) })
        #expect(lines.contains { $0.contains(#""type":"location""#) && $0.contains(reportedLatitude + ",") })
    }

    @Test(
        "the HTTP surface: unknown paths 404, wrong methods 405 with Allow, bad multipliers 400, CORS for a page opened from a file"
    )
    func httpSurface() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let (process, port, _) = try await Self.startLoopingRun(scratch)
        let client = LiveClient(port: port, token: process.liveToken)
        #expect(try await client.request(.GET, "/nowhere").status == 404)
        let wrongMethod = try await client.request(.GET, "/pause")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.headers["Allow"] == ["POST"])
        #expect(try await client.request(.POST, "/events").status == 405)
        for query in ["", "?multiplier=fast", "?multiplier=0", "?multiplier=-2", "?multiplier=nan", "?multiplier=1e9"] {
            let answer = try await client.request(.POST, "/speed\(query)")
            #expect(answer.status == 400, "\(query)")
            #expect(answer.body.hasPrefix(#"{"error":""#))
        }
        let health = try await client.request(.GET, "/health")
        #expect(health.headers["Access-Control-Allow-Origin"] == ["*"])
        #expect(health.body.contains(#""paused":false,"multiplier":1000"#), "refused commands changed nothing")
        process.send(SIGINT)
        #expect(try await process.waitForExit().status == 130)
    }

    @Test(
        "the controls: the run's token (Bearer, X-Trailcast-Token, ?token=) or the server's own origin on a loopback host; not no token, a wrong one, another origin, a file's null origin or a rebound host name"
    )
    func whoMayUseTheControls() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let (process, port, _) = try await Self.startLoopingRun(scratch)
        let token = try #require(process.liveToken)
        #expect(token.count == 32 && token.allSatisfy(\.isHexDigit))
        let anyone = LiveClient(port: port)
        let refused: [[(String, String)]] = [
            [],
            [("Authorization", "Bearer 0123456789abcdef0123456789abcdef")],
            [("Origin", "http://evil.example")],
            [("Origin", "null")],
            [("Origin", "http://127.0.0.1:\(port + 1)")],
            // DNS rebinding: the attacker's name resolved to 127.0.0.1, origin and Host agree.
            [("Origin", "http://evil.example:\(port)"), ("Host", "evil.example:\(port)")],
        ]
        for headers in refused {
            let answer = try await anyone.request(.POST, "/pause", headers: headers)
            #expect(answer.status == 403, "\(headers)")
            #expect(answer.body.hasPrefix(#"{"error":""#))
        }
        #expect(try await anyone.request(.POST, "/pause?token=nope").status == 403)
        #expect(
            try await anyone.request(.GET, "/health").body.contains(#""paused":false"#), "nothing refused took effect")
        let allowed: [(String, [(String, String)])] = [
            ("/pause", [("Authorization", "Bearer \(token)")]),
            ("/resume", [("X-Trailcast-Token", token)]),
            ("/pause?token=\(token)", []),
            ("/resume", [("Origin", "http://127.0.0.1:\(port)")]),
            ("/pause", [("Origin", "http://localhost:\(port)"), ("Host", "localhost:\(port)")]),
        ]
        for (path, headers) in allowed {
            #expect(try await anyone.request(.POST, path, headers: headers).status == 200, "\(path) \(headers)")
        }
        // The read-only endpoints stay open to every page.
        let health = try await anyone.request(.GET, "/health", headers: [("Origin", "http://evil.example")])
        #expect(health.status == 200 && health.headers["Access-Control-Allow-Origin"] == ["*"])
        process.send(SIGINT)
        #expect(try await process.waitForExit().status == 130)
    }

    @Test(
        "POST /event makes a change now: a control event (action event, change) and then what the change causes, at the same moment; a malformed change is 400"
    )
    func liveChanges() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let (process, port, timelineFile) = try await Self.startLoopingRun(scratch, speed: 100)
        let client = LiveClient(port: port, token: process.liveToken)
        _ = try await client.events(until: { $0.id >= 20 })
        for bad in ["", "?change=authorization=maybe", "?change=weather=rain", "?change=10s:authorization=denied"] {
            let answer = try await client.request(.POST, "/event\(bad)")
            #expect(answer.status == 400, "\(bad)")
            #expect(answer.body.contains("as --event spells it"), "\(answer.body)")
        }
        #expect(try await client.request(.POST, "/event?change=authorization=denied").status == 200)
        #expect(try await client.request(.POST, "/event?change=signal%3Dlost").status == 200)
        // Both are made by the time the stream shows them.
        _ = try await client.events(until: { $0.data.contains(#""change":"signal=lost""#) })
        process.send(SIGINT)
        #expect(try await process.waitForExit().status == 130)
        let timeline = try ReplayTimeline(text: String(contentsOf: timelineFile, encoding: .utf8))
        let lines = timeline.events
        let denial = try #require(
            lines.firstIndex {
                $0["type"]?.stringValue == "control" && $0["change"]?.stringValue == "authorization=denied"
            })
        #expect(lines[denial]["action"]?.stringValue == "event")
        let next = lines[denial + 1]
        #expect(
            next["type"]?.stringValue == "authorization" && next["to"]?.stringValue == "denied"
                && next["cause"]?.stringValue == "settings")
        #expect(next["offset"] == lines[denial]["offset"], "made at the moment it was said")
        let loss = try #require(lines.firstIndex { $0["change"]?.stringValue == "signal=lost" })
        #expect(lines[loss + 1]["type"]?.stringValue == "signal" && lines[loss + 1]["state"]?.stringValue == "lost")
        #expect(!lines[denial...].contains { $0["type"]?.stringValue == "location" }, "no fix reaches a denied app")
    }

    @Test("a client that stops reading never holds up the run or its exit")
    func stalledClient() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let (process, port, timelineFile) = try await Self.startLoopingRun(scratch, speed: 10_000)
        let stalled = try RawTCPSocket.connect(port: port, receiveBufferBytes: 4096)
        let request = "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
        _ = request.withCString { send(stalled.descriptor, $0, strlen($0), 0) }
        // Megabytes of events go by while that client reads nothing (the timeline file holds
        // the same events). Memory over a long stall is measured in bench/live-stalled-client.py:
        // a figure, not a timed test, on a machine this test shares with the whole suite.
        try await process.wait(for: "5 MB of timeline") {
            ((try? FileManager.default.attributesOfItem(atPath: timelineFile.path)[.size]) as? Int ?? 0) >= 5_000_000
        }
        #expect(process.isRunning)
        process.send(SIGINT)
        #expect(try await process.waitForExit().status == 130)
        let lines = try String(contentsOf: timelineFile, encoding: .utf8).split(separator: "\n")
        #expect(lines.last?.contains(#""type":"end""#) == true)
        _ = stalled
    }

    @Test("bad --serve settings: one line, 64; a port in use: one line, 69")
    func badSettings() async throws {
        let virtual = try await TrailcastBinary.run(arguments: ["replay", Self.walk, "--serve", "127.0.0.1:0"])
        #expect(virtual.status == 64)
        #expect(
            virtual.stderrLines.first
                == "trailcast: error: --serve streams a live run and needs real time: add --speed N (1 is real time)")
        for address in ["http://127.0.0.1:80", "127.0.0.1:", "70000", "::1:8080", ":8080"] {
            let bad = try await TrailcastBinary.run(arguments: [
                "replay", Self.walk, "--speed", "60", "--serve", address,
            ])
            #expect(bad.status == 64, "\(address)")
            #expect(
                bad.stderrLines.first?.contains("--serve \(address): expected PORT or HOST:PORT") == true, "\(address)")
        }
        let (holder, port) = try RawTCPSocket.listen()
        let busy = try await TrailcastBinary.run(arguments: [
            "replay", Self.walk, "--speed", "60", "--serve", "127.0.0.1:\(port)",
        ])
        #expect(busy.status == 69)
        #expect(
            busy.stderrLines == [
                "trailcast: error: cannot serve the live stream on 127.0.0.1:\(port): port \(port) is in use: choose another, or 0 for any free one"
            ])
        _ = holder
    }
}

/// A client of one live server: the event stream, read as it arrives, and plain requests.
struct LiveClient {
    let port: Int
    /// The run's token, sent with every request as `Authorization: Bearer` (nil: none).
    var token: String?

    /// Reads `GET /events` (after `lastEventID`, if given) until `done` says so of an
    /// event or the server ends the stream; then drops the connection.
    func events(after lastEventID: Int? = nil, until done: (ServerSentEvent) -> Bool) async throws -> [ServerSentEvent]
    {
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/events")
        if let lastEventID { request.headers.add(name: "Last-Event-ID", value: "\(lastEventID)") }
        var events: [ServerSentEvent] = []
        do {
            let response = try await http.execute(request, timeout: .seconds(120))
            #expect(response.status == .ok)
            #expect(response.headers["Content-Type"] == ["text/event-stream"])
            // Neither a cache nor a proxy in front (nginx buffers unless told) may hold events back.
            #expect(response.headers["Cache-Control"] == ["no-cache"])
            #expect(response.headers["X-Accel-Buffering"] == ["no"])
            // Bytes, scanned once: a run at speed sends thousands of events a second.
            var pending: [UInt8] = []
            reading: for try await chunk in response.body {
                pending += chunk.readableBytesView
                var start = 0
                var index = 0
                while index + 1 < pending.count {
                    guard pending[index] == 0x0A, pending[index + 1] == 0x0A else {
                        index += 1
                        continue
                    }
                    let parsed = ServerSentEvent.parse(String(decoding: pending[start..<index], as: UTF8.self))
                    index += 2
                    start = index
                    for event in parsed {
                        events.append(event)
                        if done(event) { break reading }
                    }
                }
                pending.removeFirst(start)
            }
        } catch {
            try? await http.shutdown()
            throw error
        }
        try await http.shutdown()
        return events
    }

    func request(
        _ method: HTTPMethod, _ path: String, headers extraHeaders: [(String, String)] = []
    ) async throws -> (status: Int, headers: HTTPHeaders, body: String) {
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        for (name, value) in extraHeaders { request.headers.add(name: name, value: value) }
        do {
            let response = try await http.execute(request, timeout: .seconds(300))
            let body = try await response.body.collect(upTo: 1 << 20)
            try await http.shutdown()
            return (Int(response.status.code), response.headers, String(buffer: body))
        } catch {
            try? await http.shutdown()
            throw error
        }
    }
}

extension ReplayProcess {
    /// The port of a `--serve 127.0.0.1:0` run, from the line trailcast prints on stderr.
    func livePort(sourceLocation: SourceLocation = #_sourceLocation) async throws -> Int {
        var port: Int?
        try await wait(
            for: "the live server's port on stderr", onlyWhileRunning: true,
            until: {
                let prefix = "trailcast: serving the live run on http://127.0.0.1:"
                port = stderr.split(separator: "\n")
                    .first { $0.hasPrefix(prefix) }
                    .flatMap { Int($0.dropFirst(prefix.count).prefix { $0.isNumber }) }
                return port != nil
            }, sourceLocation: sourceLocation)
        return port!
    }

    /// The run's control token, from the same line (`... with the token TOKEN)`).
    var liveToken: String? {
        guard let line = stderr.split(separator: "\n").first(where: { $0.contains("with the token ") }) else {
            return nil
        }
        return String(line.split(separator: " ").last?.dropLast() ?? "")
    }
}
