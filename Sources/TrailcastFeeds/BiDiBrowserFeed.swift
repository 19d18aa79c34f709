// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastCoreLocation
package import TrailcastDevice
import TrailcastWire
import NIOCore
import NIOWebSocket

/// `--browser URL` for a Firefox (started with `--remote-debugging-port PORT`): web pages'
/// `navigator.geolocation` driven over WebDriver BiDi at `ws://HOST:PORT/session`, as
/// ``BrowserFeed`` drives a Chromium's over the DevTools protocol. The session and what
/// Firefox can and cannot do are ``BiDiConversation``'s.
///
/// The run never waits for the browser: commands queue (at most ``BrowserFeed/queueLimit``,
/// the oldest dropped with a warning) and a task sends them. The browser closing ends the
/// feed with a warning, not the run; at the end the session is ended (`session.end`), and
/// Firefox keeps the pages' permission and last position (unlike Chromium).
package final class BiDiBrowserFeed: Feed, Sendable {
    /// The browser's name and version, as `session.new` gives them (`firefox 153.7.0`).
    package let browser: String
    private let outgoing: AsyncStream<BrowserCommand>.Continuation
    private let conversation: BiDiConversation
    private let connection: Task<Void, Never>
    private let tracker: EpochTracker
    /// `--browser-share`: the session this feed joined, offered to a test runner; closed after the feed.
    private let share: BiDiSessionShare?

    /// Connects to `socketURL` within `timeout`, then starts a session and reads the pages
    /// within `sessionTimeout`: Firefox builds a session slowly when the machine is busy (over
    /// 5 s with both cores of this machine taken; Playwright waits 30 s to connect by default).
    /// A browser that cannot be reached or refuses the session is a
    /// ``FeedError/peerFailed(_:)`` (exit 69) in its words.
    package static func connect(
        socketURL: String, targetFilter: String?, timeout: Duration = .seconds(5),
        sessionTimeout: Duration = .seconds(30),
        warn: @escaping @Sendable (String) -> Void
    ) async throws -> BiDiBrowserFeed {
        try await connect(
            socketURL: socketURL, targetFilter: targetFilter, timeout: timeout, sessionTimeout: sessionTimeout,
            share: nil, warn: warn)
    }

    /// As above, joined to `share`'s session (`--browser-share`), which closes after the feed.
    static func connect(
        socketURL: String, targetFilter: String?, timeout: Duration = .seconds(5),
        sessionTimeout: Duration = .seconds(30),
        share: BiDiSessionShare?, warn: @escaping @Sendable (String) -> Void
    ) async throws -> BiDiBrowserFeed {
        let (stream, continuation) = AsyncStream.makeStream(
            of: BrowserCommand.self, bufferingPolicy: .bufferingNewest(BrowserFeed.queueLimit))
        let conversation = BiDiConversation(
            targetFilter: targetFilter, joining: BrowserFeed.joinsSession(socketURL), warn: warn)
        let tracker = EpochTracker()
        let channel: DevToolsSocket.Channel
        do {
            channel = try await DevToolsSocket.open(socketURL, timeout: .nanoseconds(Int64(timeout / .nanoseconds(1))))
        } catch {
            throw FeedError.peerFailed(
                "cannot reach the WebDriver BiDi endpoint \(socketURL): \(connectFailureReason(error)) "
                    + "(is Firefox started with --remote-debugging-port on that port, and --profile naming a folder that exists?)"
            )
        }
        let connection = Task {
            do {
                try await channel.executeThenClose { inbound, outbound in
                    try await conversation.begin { try await outbound.write($0) }
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            for await command in stream { try await conversation.run(command) }
                            guard !Task.isCancelled else { return }
                            await conversation.sendPendingPosition()
                            // The run is over: the session ends (a joined one: only this
                            // feed's subscription), then the connection.
                            try await conversation.finishSession()
                            await conversation.waitForAnswers()
                            try await outbound.write(DevToolsSocket.close())
                        }
                        try await DevToolsSocket.readMessages(inbound, outbound: outbound) { text in
                            try await conversation.received(text)
                        }
                        group.cancelAll()
                    }
                }
            } catch {}
            tracker.connectionEnded()
            // Before the session began, the refusal is the error the run ends with: no warning.
            if !(await conversation.isClosing), await conversation.hasSession {
                warn(
                    conversation.joining
                        ? "trailcast: warning: the joined WebDriver BiDi session ended, or its browser closed the connection: the browser feed ends, the run goes on"
                        : "trailcast: warning: the browser closed its WebDriver BiDi connection: the browser feed ends, the run goes on"
                )
            }
            await conversation.end()
        }
        let session = await withTaskGroup(of: Result<String, FeedError>?.self) { group in
            group.addTask { await conversation.session() }
            group.addTask {
                try? await Task.sleep(for: sessionTimeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        switch session {
        case .success(let browser):
            return BiDiBrowserFeed(
                browser: browser, outgoing: continuation, conversation: conversation, connection: connection,
                tracker: tracker, share: share)
        case .failure(let error):
            connection.cancel()
            throw error
        case nil:
            connection.cancel()
            throw FeedError.peerFailed("\(socketURL) did not answer session.new within \(sessionTimeout)")
        }
    }

    private init(
        browser: String, outgoing: AsyncStream<BrowserCommand>.Continuation, conversation: BiDiConversation,
        connection: Task<Void, Never>, tracker: EpochTracker, share: BiDiSessionShare?
    ) {
        self.share = share
        self.browser = browser
        self.outgoing = outgoing
        self.conversation = conversation
        self.connection = connection
        self.tracker = tracker
    }

    package func deviceReported(_ epoch: DeviceEpoch) throws {
        guard tracker.shouldSend(hasFix: epoch.fix != nil) else { return }
        enqueue(.position(epoch.fix))
    }

    package func deviceStreamEnded() throws {}

    package var mirrorsAuthorization: Bool { true }

    /// As ``BrowserFeed/authorizationChanged(_:)``: granted, denied or prompt.
    package func authorizationChanged(_ change: AuthorizationChange) throws {
        enqueue(.permission(BrowserFeed.permission(change.to)))
    }

    /// Sends what is queued, ends the session and waits, at most 2 seconds, for the answers.
    package func close() async {
        await conversation.markClosing()
        outgoing.finish()
        let connection = self.connection
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await connection.value }
            group.addTask { try? await Task.sleep(for: .seconds(2)) }
            await group.next()
            group.cancelAll()
        }
        connection.cancel()
        await share?.close()
    }

    private func enqueue(_ command: BrowserCommand) {
        guard tracker.isConnected else { return }
        if case .dropped = outgoing.yield(command) { tracker.noteDropped(warn: conversation.warn) }
    }
}
