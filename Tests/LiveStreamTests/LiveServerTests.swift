// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import AsyncHTTPClient
import TrailcastLive
@testable import TrailcastEngine
import Testing
import TrailcastBasics
import TrailcastTimeline
import TrailcastDevice
import FoundationEssentials
import NIOCore
import NIOHTTP1

/// The server on its own, with a journal the test writes: what an idle stream sends,
/// and what the endpoints say before the run has reported anything.
@Suite("Live server")
struct LiveServerTests {
    @Test func anIdleStreamSendsKeepAliveCommentsThenTheNewEventThenEndsWithTheJournal() async throws {
        let journal = try EventJournal()
        let server = try await LiveServer.start(
            host: "127.0.0.1", port: 0, journal: journal, latest: LatestDeviceReport(),
            control: ReplayControl(speed: 1), keepAliveInterval: .milliseconds(20))
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            let response = try await http.execute(
                HTTPClientRequest(url: "http://127.0.0.1:\(server.port)/events"), timeout: .seconds(300))
            var received = ""
            var recorder = LiveEventRecorder(journal: journal)
            var recorded = false
            for try await chunk in response.body {
                received += String(buffer: chunk)
                // Two comments while nothing happens, then an event arrives, then the run ends.
                if !recorded && received.components(separatedBy: ": keep-alive\n\n").count > 2 {
                    recorded = true
                    try recorder.record(
                        TimelineEvent(
                            time: Timestamp(secondsSince1970: 0), offsetSeconds: 0, kind: .alert(message: "hello")))
                    try recorder.flush()
                    journal.finish()
                }
            }
            #expect(received.hasPrefix("retry: 1000\n\n: keep-alive\n\n: keep-alive\n\n"))
            #expect(
                received.hasSuffix(
                    "id: 1\nevent: alert\ndata: {\"t\":\"1970-01-01T00:00:00.000Z\",\"offset\":0,\"type\":\"alert\",\"message\":\"hello\"}\n\n"
                ))
        } catch {
            try? await http.shutdown()
            await server.close()
            throw error
        }
        try await http.shutdown()
        await server.close()
    }

    @Test func beforeTheFirstReportLocationIsUnavailable() async throws {
        let server = try await LiveServer.start(
            host: "127.0.0.1", port: 0, journal: try EventJournal(), latest: LatestDeviceReport(),
            control: ReplayControl(speed: 1))
        // Shut down on every path: a client dropped without shutdown() is a crash in
        // AsyncHTTPClient's deinit, which took the whole test process down when this request
        // once ran past a 30 s timeout on a slow machine.
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        let fetched: Result<(HTTPResponseStatus, ByteBuffer), any Error>
        do {
            let response = try await http.execute(
                HTTPClientRequest(url: "http://127.0.0.1:\(server.port)/location"), timeout: .seconds(300))
            fetched = .success((response.status, try await response.body.collect(upTo: 1 << 16)))
        } catch {
            fetched = .failure(error)
        }
        try await http.shutdown()
        await server.close()
        let (status, body) = try fetched.get()
        #expect(status == .serviceUnavailable)
        #expect(String(buffer: body) == #"{"error":"the device has not reported yet"}"#)
    }

    /// 409 Conflict once the run has ended (docs/feeds.md), so that a client can tell a
    /// finished run from a request of its own that was wrong (400).
    @Test func controlsAfterTheRunEndedAreAConflictNotABadRequest() async throws {
        let control = ReplayControl(speed: 1)
        let access = ControlAccess(token: "0123456789abcdef0123456789abcdef", servedHost: "127.0.0.1")
        let server = try await LiveServer.start(
            host: "127.0.0.1", port: 0, journal: try EventJournal(), latest: LatestDeviceReport(), control: control,
            access: access)
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        func post(_ path: String) async throws -> (HTTPResponseStatus, String) {
            var request = HTTPClientRequest(url: "http://127.0.0.1:\(server.port)\(path)")
            request.method = .POST
            request.headers.add(name: "Authorization", value: "Bearer \(access.token)")
            let response = try await http.execute(request, timeout: .seconds(300))
            return (response.status, String(buffer: try await response.body.collect(upTo: 1 << 16)))
        }
        let answers: Result<[(HTTPResponseStatus, String)], any Error>
        do {
            let running = try await post("/pause")
            control.end()
            answers = .success([
                running, try await post("/resume"), try await post("/speed?multiplier=2"),
                try await post("/speed?multiplier=0"),
            ])
        } catch {
            answers = .failure(error)
        }
        try await http.shutdown()
        await server.close()
        let statuses = try answers.get()
        #expect(statuses.map(\.0) == [.ok, .conflict, .conflict, .badRequest])
        #expect(statuses[0].1 == #"{"paused":true,"multiplier":1}"#)
        #expect(statuses[1].1 == #"{"error":"the run has ended"}"#)
        #expect(statuses[2].1 == #"{"error":"the run has ended"}"#)
        // A bad multiplier is the client's own mistake, said with the bound as the flag takes it.
        #expect(statuses[3].1 == #"{"error":"the multiplier must be a number above 0 and at most 10000"}"#)
    }

    /// GET /location: every field of the fix under the timeline's key, each value its own
    /// (distinct, so that one given under another's key shows), with the timeline's rounding.
    @Test func theLatestReportGivesEveryFieldOfTheFixUnderItsOwnKey() {
        let latest = LatestDeviceReport()
        let fix = LocationFix(
            time: Timestamp(timeIntervalSince1970: 90.25), latitude: 47.123456789, longitude: 8.987654321,
            altitudeMeters: 412.345,
            horizontalAccuracyMeters: 4.5, verticalAccuracyMeters: 6.25, speedMetersPerSecond: 1.75,
            courseDegrees: 271.25,
            sourceIndex: 17)
        latest.deviceReported(DeviceEpoch(time: Timestamp(timeIntervalSince1970: 90.25), fix: fix))
        #expect(
            latest.json.map { String(decoding: $0, as: UTF8.self) } == """
                {"t":"1970-01-01T00:01:30.250Z","signal":true,"lat":47.1234568,"lon":8.9876543,"altitude":412.35,\
                "horizontalAccuracy":4.5,"verticalAccuracy":6.25,"speed":1.75,"course":271.3,"index":17}
                """)
    }

    /// An IPv6 host is written in brackets, as the user writes it for --serve, so that the
    /// address in the message can be read back; the reason is the listener's own.
    @Test func aPortInUseOnIPv6IsNamedInBrackets() async throws {
        let journals = (try EventJournal(), try EventJournal())
        let first: LiveServer
        do {
            first = try await LiveServer.start(
                host: "::1", port: 0, journal: journals.0, latest: LatestDeviceReport(),
                control: ReplayControl(speed: 1))
        } catch {
            // No IPv6 loopback on this machine: its refusal names the address in brackets too.
            #expect(error.description.hasPrefix("cannot serve the live stream on [::1]:0: "), "\(error)")
            return
        }
        let second: Result<LiveServer, LiveServerError>
        do {
            second = .success(
                try await LiveServer.start(
                    host: "::1", port: first.port, journal: journals.1, latest: LatestDeviceReport(),
                    control: ReplayControl(speed: 1)))
        } catch {
            second = .failure(error)
        }
        if case .success(let server) = second { await server.close() }
        await first.close()
        #expect(throws: LiveServerError.self) { try second.get() }
        if case .failure(let error) = second {
            #expect(
                error.description
                    == "cannot serve the live stream on [::1]:\(first.port): port \(first.port) is in use: choose another, or 0 for any free one"
            )
        }
    }

    @Test func theLatestReportWhileTheSignalIsLostHasNoPosition() {
        let latest = LatestDeviceReport()
        latest.deviceReported(DeviceEpoch(time: Timestamp(secondsSince1970: 60), fix: nil))
        #expect(
            latest.json.map { String(decoding: $0, as: UTF8.self) }
                == #"{"t":"1970-01-01T00:01:00.000Z","signal":false}"#)
    }
}
