// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastWire
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// `--browser-share [HOST:]PORT`: Trailcast holds Firefox's one WebDriver BiDi session and
/// serves it at `ws://HOST:PORT/session` to a test runner that starts its own session there
/// (Puppeteer's `browserWSEndpoint` with `protocol: "webDriverBiDi"`, Playwright's or
/// WebdriverIO's BiDi clients), as if it were Firefox; the browser feed joins it like any
/// other client. What each client is given is ``BiDiShareRouter``'s; this holds the sockets.
///
/// A client never holds the others up: what is sent to it waits in a queue of its own, and a
/// client that lets ``clientQueueLimit`` messages wait is closed, said once. The share ends
/// the session (`session.end`) when it closes, after the feed and the hold.
final class BiDiSessionShare: Sendable {
    /// Where clients connect: `ws://HOST:PORT/session`.
    let endpoint: String
    /// Where the feed joins: `ws://127.0.0.1:PORT/session/ID`.
    let joinURL: String
    /// The browser's name and version (`firefox 153.8.0`).
    let browser: String
    private let hub: BiDiShareHub
    private let tasks: [Task<Void, Never>]

    /// A message waiting for a client past this many closes it.
    static let clientQueueLimit = 10_000
    /// The largest message forwarded (Puppeteer's own limit is 256 MB; a screenshot of a
    /// large page is tens of megabytes).
    static let maximumMessageBytes = 64 << 20

    private enum Upgrade: Sendable {
        case websocket(DevToolsSocket.Channel, path: String)
        case notWebSocket
    }

    /// Connects to Firefox at `browserSocketURL` (`ws://HOST:PORT/session`), starts the
    /// session (answered within `timeout`: a Firefox just started on a busy machine is slow to
    /// make its first session, and the feed's own join waits after it) and listens on
    /// `host:port` (0: a free port). Firefox unreachable or refusing
    /// the session, or the address taken, is a ``FeedError/peerFailed(_:)`` (exit 69).
    static func start(
        browserSocketURL: String, host: String, port: Int, timeout: Duration = .seconds(90),
        warn: @escaping @Sendable (String) -> Void
    ) async throws -> BiDiSessionShare {
        let browser: DevToolsSocket.Channel
        do {
            browser = try await DevToolsSocket.open(browserSocketURL, timeout: .seconds(5))
        } catch {
            throw FeedError.peerFailed(
                "cannot reach the WebDriver BiDi endpoint \(browserSocketURL): \(connectFailureReason(error)) "
                    + "(is Firefox started with --remote-debugging-port on that port, and --profile naming a folder that exists?)"
            )
        }
        let (browserQueue, toBrowser) = AsyncStream.makeStream(of: String.self)
        let hub = BiDiShareHub(toBrowser: toBrowser, warn: warn)
        let browserTask = Task {
            do {
                try await browser.executeThenClose { inbound, outbound in
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        // One writer, in the order the hub queued: answers and events keep their order.
                        group.addTask {
                            for await text in browserQueue { try await outbound.write(DevToolsSocket.text(text)) }
                        }
                        group.addTask {
                            try await DevToolsSocket.readMessages(
                                inbound, outbound: outbound, maximumBytes: maximumMessageBytes
                            ) { text in
                                await hub.fromBrowser(text)
                            }
                        }
                        try await group.next()
                        group.cancelAll()
                    }
                }
            } catch {}
            await hub.browserGone()
        }
        let sessionID: String
        let browserName: String
        do {
            (sessionID, browserName) = try await hub.newSession(timeout: timeout)
        } catch {
            browserTask.cancel()
            throw error
        }
        let server: NIOAsyncChannel<EventLoopFuture<Upgrade>, Never>
        do {
            server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .bind(host: host, port: port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let upgrader = NIOTypedWebSocketServerUpgrader<Upgrade>(
                            maxFrameSize: maximumMessageBytes,
                            shouldUpgrade: { channel, head in
                                channel.eventLoop.makeSucceededFuture(
                                    Self.accepts(head.uri, sessionID: sessionID) ? HTTPHeaders() : nil)
                            },
                            upgradePipelineHandler: { channel, head in
                                channel.eventLoop.makeCompletedFuture {
                                    .websocket(
                                        try DevToolsSocket.Channel(wrappingChannelSynchronously: channel),
                                        path: head.uri)
                                }
                            })
                        let configuration = NIOTypedHTTPServerUpgradeConfiguration(
                            upgraders: [upgrader],
                            notUpgradingCompletionHandler: { channel in
                                channel.close(promise: nil)
                                return channel.eventLoop.makeSucceededFuture(.notWebSocket)
                            })
                        return try channel.pipeline.syncOperations.configureUpgradableHTTPServerPipeline(
                            configuration: .init(upgradeConfiguration: configuration))
                    }
                }
        } catch {
            browserTask.cancel()
            throw FeedError.peerFailed(
                "--browser-share cannot listen on \(host):\(port): \(connectFailureReason(error))")
        }
        let boundPort = server.channel.localAddress?.port ?? port
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let serverTask = Task<Void, Never> {
            try? await withThrowingDiscardingTaskGroup { group in
                try await server.executeThenClose { inbound in
                    for try await upgrade in inbound {
                        group.addTask {
                            guard case .websocket(let channel, let path) = try await upgrade.get() else { return }
                            await Self.serve(channel, joined: path != "/session", hub: hub)
                        }
                    }
                }
            }
        }
        return BiDiSessionShare(
            endpoint: "ws://\(shownHost):\(boundPort)/session",
            joinURL: "ws://127.0.0.1:\(boundPort)/session/\(sessionID)",
            browser: browserName, hub: hub, tasks: [browserTask, serverTask])
    }

    private init(endpoint: String, joinURL: String, browser: String, hub: BiDiShareHub, tasks: [Task<Void, Never>]) {
        self.endpoint = endpoint
        self.joinURL = joinURL
        self.browser = browser
        self.hub = hub
        self.tasks = tasks
    }

    /// `/session` (a client that asks `session.new`) or `/session/ID` of the share's session.
    static func accepts(_ uri: String, sessionID: String) -> Bool {
        let path = String(uri.prefix { $0 != "?" })
        return path == "/session" || path == "/session/\(sessionID)"
    }

    /// One client: what it says goes to the hub; what the hub has for it, written in turn.
    private static func serve(_ channel: DevToolsSocket.Channel, joined: Bool, hub: BiDiShareHub) async {
        let (queue, continuation) = AsyncStream.makeStream(
            of: WebSocketFrame.self, bufferingPolicy: .bufferingOldest(BiDiSessionShare.clientQueueLimit))
        let client = await hub.connect(joined: joined, send: continuation)
        try? await channel.executeThenClose { inbound, outbound in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await frame in queue { try await outbound.write(frame) }
                    // Closed by the share: the client is told, then the connection ends.
                    throw CancellationError()
                }
                group.addTask {
                    try await DevToolsSocket.readMessages(
                        inbound, outbound: outbound, masked: false, maximumBytes: maximumMessageBytes
                    ) { text in
                        await hub.fromClient(client, text)
                    }
                }
                try await group.next()
                group.cancelAll()
            }
        }
        continuation.finish()
        await hub.disconnected(client)
    }

    /// The end: every client's connection closes, the session ends (`session.end`), and
    /// Firefox closes the connection; at most 2 seconds are waited for it.
    func close() async {
        await hub.endSession()
        let browserTask = tasks[0]
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await browserTask.value }
            group.addTask { try? await Task.sleep(for: .seconds(2)) }
            await group.next()
            group.cancelAll()
        }
        for task in tasks { task.cancel() }
    }
}

/// The share's state: the router, the browser's writer and each client's queue.
actor BiDiShareHub {
    private var router: BiDiShareRouter?
    /// What goes to the browser, in order; nil once its connection is gone.
    private var browser: AsyncStream<String>.Continuation?
    private var clients: [BiDiShareRouter.Client: AsyncStream<WebSocketFrame>.Continuation] = [:]
    private var queued: [BiDiShareRouter.Client: Int] = [:]
    private var nextClient = 0
    private var sessionWaiter: CheckedContinuation<String, any Error>?
    private var ended = false
    private let warn: @Sendable (String) -> Void
    private static let newSessionID = 1

    init(toBrowser: AsyncStream<String>.Continuation, warn: @escaping @Sendable (String) -> Void) {
        self.browser = toBrowser
        self.warn = warn
    }

    /// `session.new`, asked so that a test runner handles the pages' dialogs itself
    /// (`unhandledPromptBehavior` `ignore`, as Puppeteer asks), answered within `timeout`.
    func newSession(timeout: Duration) async throws -> (id: String, browser: String) {
        let ask =
            #"{"id":\#(Self.newSessionID),"method":"session.new","params":{"capabilities":{"alwaysMatch":{"unhandledPromptBehavior":{"default":"ignore"}}}}}"#
        let timer = Task {
            try await Task.sleep(for: timeout)
            self.settleSession(
                .failure(FeedError.peerFailed("the browser did not answer session.new within \(timeout)")))
        }
        defer { timer.cancel() }
        sendToBrowser(ask)
        let id = try await withCheckedThrowingContinuation { sessionWaiter = $0 }
        return (id, router?.browser ?? "")
    }

    private func settleSession(_ result: Result<String, any Error>) {
        sessionWaiter?.resume(with: result)
        sessionWaiter = nil
    }

    func fromBrowser(_ text: String) {
        guard var router else {
            sessionAnswered(text)
            return
        }
        let actions = router.fromBrowser(text)
        self.router = router
        perform(actions)
    }

    /// The answer to the share's `session.new`: the router starts with its result.
    private func sessionAnswered(_ text: String) {
        guard let message = BiDiMessage(json: text), message.id == Self.newSessionID else { return }
        guard message.type == "success", let result = BiDiShareRouter.result(of: text) else {
            settleSession(.failure(FeedError.peerFailed(BiDiConversation.refusal(message, joining: false))))
            return
        }
        let router = BiDiShareRouter(sessionResult: result)
        self.router = router
        guard let sessionID = router.sessionID else {
            settleSession(.failure(FeedError.peerFailed("the browser's session.new answer has no sessionId")))
            return
        }
        settleSession(.success(sessionID))
    }

    func browserGone() {
        browser?.finish()
        browser = nil
        settleSession(
            .failure(FeedError.peerFailed("the browser closed the WebDriver BiDi connection before the session began")))
        for client in clients.keys.sorted() { close(client) }
    }

    func connect(joined: Bool, send: AsyncStream<WebSocketFrame>.Continuation) -> BiDiShareRouter.Client {
        nextClient += 1
        clients[nextClient] = send
        router?.connected(nextClient, joined: joined)
        if ended || browser == nil { close(nextClient) }
        return nextClient
    }

    func fromClient(_ client: BiDiShareRouter.Client, _ text: String) {
        guard var router else { return }
        let actions = router.fromClient(client, text)
        self.router = router
        perform(actions)
    }

    func disconnected(_ client: BiDiShareRouter.Client) {
        clients[client] = nil
        guard var router else { return }
        let actions = router.disconnected(client)
        self.router = router
        perform(actions)
    }

    /// The share's end: `session.end`, then every client closed.
    func endSession() async {
        guard !ended else { return }
        ended = true
        for client in clients.keys.sorted() { close(client) }
        sendToBrowser(BiDiCommand.endSession.message(id: 2))
    }

    private func perform(_ actions: [BiDiShareRouter.Action]) {
        for action in actions {
            switch action {
            case .toBrowser(let text): sendToBrowser(text)
            case .toClient(let client, let text): enqueue(text, for: client)
            case .close(let client): close(client)
            }
        }
    }

    private func sendToBrowser(_ text: String) {
        browser?.yield(text)
    }

    private func enqueue(_ text: String, for client: BiDiShareRouter.Client) {
        guard let queue = clients[client] else { return }
        let frame = WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: text))
        if case .dropped = queue.yield(frame) {
            warn(
                "trailcast: warning: a client of the shared WebDriver BiDi session read too slowly "
                    + "(\(BiDiSessionShare.clientQueueLimit) messages waiting): its connection is closed")
            close(client)
        }
    }

    private func close(_ client: BiDiShareRouter.Client) {
        guard let queue = clients.removeValue(forKey: client) else { return }
        var data = ByteBuffer()
        data.write(webSocketErrorCode: .normalClosure)
        queue.yield(WebSocketFrame(fin: true, opcode: .connectionClose, data: data))
        queue.finish()
    }
}
