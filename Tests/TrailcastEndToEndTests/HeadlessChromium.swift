// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOWebSocket
import Testing
import TrailcastWire
import TrailcastBasics
@testable import TrailcastFeeds

/// Debian's Chromium, headless, with its DevTools endpoint on a port it picked itself
/// (`--remote-debugging-port=0`; it writes the port to `DevToolsActivePort` in its profile).
/// Killed when the test lets go of it, or with the runner (``ChildProcess``).
final class HeadlessChromium: @unchecked Sendable {
    // @unchecked: used from the test's task only (`browserConnection` too).
    private let process: ToolProcess
    private let profile: ScratchDirectory
    private var browserConnection: DevToolsConnection?
    let port: Int

    /// `extraArguments`: more flags for the browser (a test that reads frames' URLs turns
    /// site isolation off, so that a cross-site frame is in the page's own frame tree).
    init(extraArguments: [String] = []) async throws {
        guard let browser = Chromium.path else { throw Peer.Missing(tool: "chromium") }
        let profile = try ScratchDirectory()
        self.profile = profile
        // `nice` execs the browser (one process to kill); see Chromium.run for the flags. At
        // trailcast's own priority (nice 10, as HeadlessFirefox): these pages must keep pace with
        // a run in real time, and trailcast's handshake with the browser waits 5 s.
        process = try ToolProcess(
            "nice",
            [
                "-n", "10", browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--disable-dev-shm-usage", "--user-data-dir=\(profile.url.path)/chromium", "--remote-debugging-port=0",
            ] + extraArguments + ["about:blank"])
        let portFile = profile.url.appendingPathComponent("chromium/DevToolsActivePort")
        var port: Int?
        let end = ContinuousClock.now.advanced(by: Patience.hang)
        // Polling for the file the browser writes once it listens: never a wait for time.
        while port == nil {
            if let text = try? String(contentsOf: portFile, encoding: .utf8), text.contains("\n") {
                port = Int(text.prefix { $0 != "\n" })
            } else {
                guard ContinuousClock.now < end, process.isRunning else {
                    throw Peer.Missing(tool: "a running chromium (it wrote: \(process.output.suffix(500)))")
                }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        self.port = port!
    }

    /// `http://127.0.0.1:PORT`, what `--browser` takes.
    var endpoint: String { "http://127.0.0.1:\(port)" }

    /// Opens `url` in a window of its own and connects to it. Its own window, not a tab
    /// (`/json/new`): Chromium pauses geolocation for a page that is hidden, as a tab
    /// behind another is, and each page here must be shown.
    func open(_ url: String) async throws -> DevToolsPage {
        if browserConnection == nil {
            let response = try await HTTPClient.shared.execute(
                HTTPClientRequest(url: "\(endpoint)/json/version"), timeout: .seconds(120))
            let body = try await response.body.collect(upTo: 1 << 16)
            let version = try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any]
            browserConnection = try await DevToolsConnection(
                socketURL: try #require(version?["webSocketDebuggerUrl"] as? String))
        }
        var params = JSONLineWriter()
        params.beginObject()
        params.field("url", url)
        params.field("newWindow", true)
        params.endObject()
        let reply = try await browserConnection!.call(
            DevToolsCommand(method: "Target.createTarget", params: params.bytes))
        let targetID = try #require((reply["result"] as? [String: Any])?["targetId"] as? String, "\(reply)")
        let socketURL = "ws://127.0.0.1:\(port)/devtools/page/\(targetID)"
        return DevToolsPage(
            connection: try await DevToolsConnection(socketURL: socketURL), socketURL: socketURL, id: targetID,
            endpoint: endpoint, browser: process)
    }

    /// Kills the browser, as a person quitting it would end it.
    func quit() {
        process.stop()
    }

    deinit {
        process.stop()
        profile.remove()
    }
}

/// One page, for the test to read (`Runtime.evaluate`) and close.
final class DevToolsPage: @unchecked Sendable {
    // @unchecked: `connection` is replaced only from the test's own task.
    let id: String
    private let endpoint: String
    private let socketURL: String
    private let browser: ToolProcess
    private var connection: DevToolsConnection
    private var reconnected = false

    init(connection: DevToolsConnection, socketURL: String, id: String, endpoint: String, browser: ToolProcess) {
        self.connection = connection
        self.socketURL = socketURL
        self.id = id
        self.endpoint = endpoint
        self.browser = browser
    }

    /// The expression's value, as JSON text (`JSON.stringify` it in the page for objects).
    func evaluate(_ expression: String) async throws -> String {
        let reply = try await callReconnecting(.evaluate(expression))
        let result = (reply["result"] as? [String: Any])?["result"] as? [String: Any]
        let value = try #require(result?["value"], "no value: \(reply)")
        return value as? String ?? "\(value)"
    }

    /// A DevTools command of no parameters (`Page.getFrameTree`), its answer decoded.
    func call(method: String) async throws -> [String: Any] {
        try await callReconnecting(DevToolsCommand(method: method, params: Array("{}".utf8)))
    }

    /// `command`'s answer. A page's DevTools socket closed once by a browser that still runs
    /// (seen once, on a machine at four times the usual load, cause not known) is opened
    /// again, once: the page and its state are the browser's, not the socket's. A browser
    /// that has gone is the test's failure, with what the browser last wrote.
    private func callReconnecting(_ command: DevToolsCommand) async throws -> [String: Any] {
        do {
            return try await connection.call(command)
        } catch let closed as DevToolsConnection.Closed {
            guard browser.isRunning else {
                throw DevToolsConnection.Closed(
                    what: "\(closed.what); chromium has exited, last writing: \(browser.output.suffix(1000))")
            }
            guard !reconnected else { throw closed }
            reconnected = true
            connection = try await DevToolsConnection(socketURL: socketURL)
            return try await connection.call(command)
        }
    }

    /// The page's `window.heard`, decoded.
    func heard() async throws -> [[Any]] {
        // `[]` until the page's script has run.
        let json = try await evaluate("JSON.stringify(window.heard || [])")
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[Any]])
    }

    /// Closes the page (`GET /json/close/ID`).
    func close() async throws {
        _ = try await HTTPClient.shared.execute(
            HTTPClientRequest(url: "\(endpoint)/json/close/\(id)"), timeout: .seconds(120))
    }
}

/// A DevTools WebSocket (the browser's or a page's), through the feed's own socket code:
/// commands numbered, each answer matched to its command.
final class DevToolsConnection: Sendable {
    /// The socket closed before the answer came.
    struct Closed: Error, CustomStringConvertible {
        let what: String
        var description: String { what }
    }

    private let replies = Replies()
    private let connection: Task<Void, Never>

    /// The largest answer read: a page's whole state as JSON can pass the feed's 1 MiB (a page
    /// that read a live run's journal from its start, after minutes of a loaded machine,
    /// held 30,000 events), and one frame over the limit closes the socket.
    static let maximumMessageBytes = 64 << 20

    init(socketURL: String) async throws {
        let channel = try await DevToolsSocket.open(
            socketURL, timeout: .seconds(120), maximumFrameBytes: Self.maximumMessageBytes)
        connection = Task { [replies] in
            // swift-nio's decoder answers a frame over the limit with a close (1009) of its own and
            // ends the stream as a close would.
            var reason = "the browser closed it, or sent one frame over \(Self.maximumMessageBytes) bytes"
            do {
                try await channel.executeThenClose { inbound, outbound in
                    await replies.opened(outbound)
                    try await DevToolsSocket.readMessages(
                        inbound, outbound: outbound, maximumBytes: Self.maximumMessageBytes
                    ) { text in
                        await replies.received(text)
                    }
                }
            } catch {
                reason = "\(error)"
            }
            await replies.closed(reason: reason)
        }
    }

    /// Sends `command` and returns the browser's answer, decoded.
    func call(_ command: DevToolsCommand) async throws -> [String: Any] {
        let (id, writer) = try await replies.nextID()
        try await writer.write(DevToolsSocket.text(command.message(id: id, sessionID: nil)))
        let reply = try await replies.reply(to: id)
        return try #require(try JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any])
    }

    deinit {
        connection.cancel()
    }

    private actor Replies {
        private var writer: NIOAsyncChannelOutboundWriter<WebSocketFrame>?
        private var writerWaiters: [CheckedContinuation<Void, Never>] = []
        private var lastID = 0
        private var replies: [Int: String] = [:]
        private var waiters: [Int: CheckedContinuation<String, any Error>] = [:]
        private var isClosed = false
        private var closedReason = ""

        func opened(_ writer: NIOAsyncChannelOutboundWriter<WebSocketFrame>) {
            self.writer = writer
            for waiter in writerWaiters { waiter.resume() }
            writerWaiters.removeAll()
        }

        /// A number for the next command, and the writer to send it with.
        func nextID() async throws -> (Int, NIOAsyncChannelOutboundWriter<WebSocketFrame>) {
            if writer == nil && !isClosed { await withCheckedContinuation { writerWaiters.append($0) } }
            guard let writer else { throw Closed(what: "the DevTools socket closed before it opened") }
            lastID += 1
            return (lastID, writer)
        }

        func received(_ text: String) {
            guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                let id = object["id"] as? Int
            else { return }
            if let waiter = waiters.removeValue(forKey: id) {
                waiter.resume(returning: text)
            } else {
                replies[id] = text
            }
        }

        func closed(reason: String) {
            isClosed = true
            closedReason = reason
            for waiter in writerWaiters { waiter.resume() }
            writerWaiters.removeAll()
            for (id, waiter) in waiters {
                waiter.resume(
                    throwing: Closed(what: "the DevTools socket closed (\(reason)) before command \(id)'s answer"))
            }
            waiters.removeAll()
        }

        func reply(to id: Int) async throws -> String {
            if let reply = replies.removeValue(forKey: id) { return reply }
            guard !isClosed else {
                throw Closed(what: "the DevTools socket had closed (\(closedReason)) before command \(id)")
            }
            return try await withCheckedThrowingContinuation { waiters[id] = $0 }
        }
    }
}
