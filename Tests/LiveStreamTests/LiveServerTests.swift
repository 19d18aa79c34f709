import AsyncHTTPClient
import TrailcastReport
import TrailcastEngine
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
                    try recorder.record(TimelineEvent(
                        time: Timestamp(secondsSince1970: 0), offsetSeconds: 0, kind: .alert(message: "hello")))
                    try recorder.flush()
                    journal.finish()
                }
            }
            #expect(received.hasPrefix("retry: 1000\n\n: keep-alive\n\n: keep-alive\n\n"))
            #expect(received.hasSuffix(
                "id: 1\nevent: alert\ndata: {\"t\":\"1970-01-01T00:00:00.000Z\",\"offset\":0,\"type\":\"alert\",\"message\":\"hello\"}\n\n"))
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

    @Test func theLatestReportWhileTheSignalIsLostHasNoPosition() {
        let latest = LatestDeviceReport()
        latest.deviceReported(DeviceEpoch(time: Timestamp(secondsSince1970: 60), fix: nil))
        #expect(latest.json.map { String(decoding: $0, as: UTF8.self) } == #"{"t":"1970-01-01T00:01:00.000Z","signal":false}"#)
    }
}
