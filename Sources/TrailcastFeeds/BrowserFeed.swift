// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastCoreLocation
package import TrailcastDevice
package import TrailcastWire
import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOWebSocket

/// `--browser URL`: drives web pages' `navigator.geolocation` from the device stream,
/// through a Chromium's DevTools endpoint (`--remote-debugging-port`).
///
/// It reads the browser's WebSocket URL from `GET URL/json/version`, connects
/// (``DevToolsSocket``), asks to hear of every target (`Target.setDiscoverTargets`) and attaches to each
/// page whose URL contains the filter (every page without one), including pages opened or
/// navigated to a matching URL later. Then, per epoch, every attached page gets
/// `Emulation.setGeolocationOverride` with the fix (position unavailable, once, while the
/// signal is lost), and a page attached later gets the last one at once. The page's
/// permission is the browser's to enforce: ``permissionChanged(_:)`` sets it
/// (`Browser.setPermission`, every origin) as the run's authorization changes.
///
/// The run never waits for the browser: commands queue (at most ``queueLimit``, the oldest
/// dropped with a warning) and a task sends them. A page closed mid-run is dropped with a
/// warning; the browser closing ends the feed with a warning, not the run.
package final class BrowserFeed: Feed, Sendable {
    /// Commands waiting for the browser before the oldest are dropped.
    package static let queueLimit = 4096

    /// The browser's `/json/version`: its name and WebSocket URL.
    package let version: DevToolsVersion
    private let outgoing: AsyncStream<DevToolsCommand>.Continuation
    private let conversation: DevToolsConversation
    private let connection: Task<Void, Never>
    private let tracker: EpochTracker

    /// Reads the endpoint, connects and asks for the pages; `timeout` bounds each step. An
    /// endpoint that cannot be reached or is not a DevTools endpoint is a
    /// ``FeedError/peerFailed(_:)`` (exit 69).
    package static func connect(
        endpoint: String, targetFilter: String?, timeout: Duration = .seconds(5),
        warn: @escaping @Sendable (String) -> Void
    ) async throws -> BrowserFeed {
        let version = try await readVersion(endpoint: endpoint, timeout: timeout)
        let (stream, continuation) = AsyncStream.makeStream(
            of: DevToolsCommand.self, bufferingPolicy: .bufferingNewest(queueLimit))
        let conversation = DevToolsConversation(targetFilter: targetFilter, warn: warn)
        let tracker = EpochTracker()
        let channel: DevToolsSocket.Channel
        do {
            channel = try await DevToolsSocket.open(
                version.webSocketDebuggerUrl, timeout: .nanoseconds(Int64(timeout / .nanoseconds(1))))
        } catch {
            throw FeedError.peerFailed(
                "cannot open the DevTools connection of \(endpoint) (\(version.webSocketDebuggerUrl)): \(error)")
        }
        let connection = Task {
            do {
                try await channel.executeThenClose { inbound, outbound in
                    await conversation.begin(outbound)
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            try await conversation.send(.discoverTargets)
                            for await command in stream { try await conversation.sendToPages(command) }
                            // Cancelled: the browser went away (the reader below ended).
                            guard !Task.isCancelled else { return }
                            // The run is over and everything is sent: the answers, then the close.
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
            if !(await conversation.isClosing) {
                warn(
                    "trailcast: warning: the browser closed its DevTools connection: the browser feed ends, the run goes on"
                )
            }
            await conversation.end()
        }
        return BrowserFeed(
            version: version, outgoing: continuation, conversation: conversation, connection: connection,
            tracker: tracker)
    }

    private init(
        version: DevToolsVersion, outgoing: AsyncStream<DevToolsCommand>.Continuation,
        conversation: DevToolsConversation, connection: Task<Void, Never>, tracker: EpochTracker
    ) {
        self.tracker = tracker
        self.version = version
        self.outgoing = outgoing
        self.conversation = conversation
        self.connection = connection
    }

    package func deviceReported(_ epoch: DeviceEpoch) throws {
        // Unavailable once per loss: the page's next callback is the error, then silence.
        guard tracker.shouldSend(hasFix: epoch.fix != nil) else { return }
        enqueue(.geolocationOverride(epoch.fix))
    }

    /// The run's authorization changed: the pages' `geolocation` permission follows.
    package func permissionChanged(_ setting: GeolocationPermission) {
        enqueue(.geolocationPermission(setting))
    }

    package func deviceStreamEnded() throws {}

    package var mirrorsAuthorization: Bool { true }

    /// What a browser can express (`Browser.setPermission`): `granted` for When In Use,
    /// Always and Allow Once; `denied` for Denied, Restricted and Location Services off (the
    /// app sees Denied); `prompt` for Not Determined (docs/browser.md).
    package func authorizationChanged(_ change: AuthorizationChange) throws {
        permissionChanged(Self.permission(change.to))
    }

    /// The pages' `geolocation` permission for what the app sees.
    package static func permission(_ status: AuthorizationStatus) -> GeolocationPermission {
        switch status {
        case .authorizedWhenInUse, .authorizedAlways: .granted
        case .denied, .restricted: .denied
        case .notDetermined: .prompt
        }
    }

    /// ``close(timeout:)`` within 2 seconds.
    package func close() async {
        await close(timeout: .seconds(2))
    }

    /// Sends what is queued and waits, at most `timeout`, for the browser's answers, then
    /// closes the connection (the browser and its pages stay).
    package func close(timeout: Duration) async {
        await conversation.markClosing()
        outgoing.finish()
        let connection = self.connection
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await connection.value }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
        }
        connection.cancel()
    }

    private func enqueue(_ command: DevToolsCommand) {
        guard tracker.isConnected else { return }
        if case .dropped = outgoing.yield(command) { tracker.noteDropped(warn: conversation.warn) }
    }

    /// Which protocol the endpoint speaks: a Chromium answers `GET /json/version` with its
    /// WebSocket URL; a Firefox (129 and later: it dropped the DevTools protocol) answers 404
    /// and speaks WebDriver BiDi at `/session`. An endpoint that cannot be reached is a
    /// ``FeedError/peerFailed(_:)``.
    static func detectProtocol(endpoint: String, timeout: Duration) async throws -> BrowserProtocol {
        if endpoint.hasPrefix("ws://") { return endpoint.contains("/devtools/") ? .cdp : .bidi }
        do {
            _ = try await fetchVersion(endpoint: endpoint, timeout: timeout)
            return .cdp
        } catch let unreachable as EndpointUnreachable {
            // Neither protocol is known yet: the connection's words, and what to check.
            throw FeedError.peerFailed(
                "cannot reach the browser's remote debugging endpoint \(endpoint): \(unreachable.reason) (is the browser started with "
                    + "--remote-debugging-port on that port? Firefox also needs --profile naming a folder that exists)")
        } catch {
            return .bidi
        }
    }

    /// Whether a BiDi socket URL is another client's session to join (`ws://HOST:PORT/session/ID`)
    /// rather than the endpoint to start one on (`/session`).
    static func joinsSession(_ socketURL: String) -> Bool {
        guard let range = socketURL.firstRange(of: "/session/") else { return false }
        return !socketURL[range.upperBound...].isEmpty
    }

    /// `ws://HOST:PORT/session` for `http://HOST:PORT` (a `ws://` URL as it is).
    static func bidiSocketURL(_ endpoint: String) -> String {
        if endpoint.hasPrefix("ws://") { return endpoint }
        var base = endpoint
        while base.hasSuffix("/") { base.removeLast() }
        if base.hasPrefix("http://") { base.removeFirst("http://".count) }
        return "ws://\(base)/session"
    }

    /// `GET ENDPOINT/json/version`.
    static func readVersion(endpoint: String, timeout: Duration) async throws -> DevToolsVersion {
        do {
            return try await fetchVersion(endpoint: endpoint, timeout: timeout)
        } catch let unreachable as EndpointUnreachable {
            throw FeedError.peerFailed(
                "cannot reach the DevTools endpoint \(unreachable.base): \(unreachable.reason) (is the browser started with --remote-debugging-port on that port?)"
            )
        }
    }

    /// Nothing answered at the endpoint: where, and the connection's words. Worded by the
    /// caller, which knows whether the protocol is known yet.
    private struct EndpointUnreachable: Error {
        var base: String
        var reason: String
    }

    /// `GET ENDPOINT/json/version`, an endpoint that is not there being ``EndpointUnreachable``.
    private static func fetchVersion(endpoint: String, timeout: Duration) async throws -> DevToolsVersion {
        var base = endpoint
        while base.hasSuffix("/") { base.removeLast() }
        if !base.contains("://") { base = "http://" + base }
        let body: ByteBuffer
        do {
            let response = try await HTTPClient.shared.execute(
                HTTPClientRequest(url: base + "/json/version"), timeout: .nanoseconds(Int64(timeout / .nanoseconds(1))))
            guard response.status == .ok else {
                throw FeedError.peerFailed(
                    "\(base)/json/version answered \(response.status.code): not a DevTools endpoint")
            }
            body = try await response.body.collect(upTo: 1 << 16)
        } catch let error as FeedError {
            throw error
        } catch {
            throw EndpointUnreachable(base: base, reason: connectFailureReason(error))
        }
        guard let version = DevToolsVersion(json: Array(body.readableBytesView)) else {
            throw FeedError.peerFailed("\(base)/json/version is not a DevTools answer (no webSocketDebuggerUrl)")
        }
        return version
    }
}

/// How the feed speaks to the browser: Chromium's DevTools protocol, or WebDriver BiDi
/// (Firefox, which dropped the DevTools protocol).
public enum BrowserProtocol: String, Sendable, CaseIterable {
    /// Chromium's DevTools protocol (`--browser-protocol cdp`).
    case cdp
    /// WebDriver BiDi, as Firefox speaks it (`--browser-protocol bidi`).
    case bidi
}

/// `--browser URL` (`--browser-target TEXT`, `--browser-protocol`): a browser's remote
/// debugging endpoint, and which of its pages to drive (every page without a filter).
public struct BrowserFeedRequest: FeedRequest {
    /// The browser's remote debugging endpoint (`--browser URL`): its `--remote-debugging-port`
    /// address, or a `ws://` URL used as it is.
    public var endpoint: String
    /// Only pages whose URL contains this text are driven (`--browser-target`); nil: every page,
    /// including pages opened later.
    public var targetFilter: String?
    /// Nil: asked of the endpoint (`BrowserFeed.detectProtocol`).
    public var browserProtocol: BrowserProtocol?
    /// `--browser-share`: where to offer the WebDriver BiDi session to a test runner
    /// (``BiDiSessionShare``); nil: not offered.
    package var share: (host: String, port: Int)?

    /// The pages of `endpoint` to drive; a nil `browserProtocol` is found out from the endpoint when the
    /// feed starts.
    public init(endpoint: String, targetFilter: String?, browserProtocol: BrowserProtocol? = nil) {
        self.endpoint = endpoint
        self.targetFilter = targetFilter
        self.browserProtocol = browserProtocol
    }

    public func problem(speed: Double) -> String? {
        Self.needsRealTime("--browser drives live pages and needs", speed: speed)
    }

    public func start(speed: Double, messages: @escaping @Sendable (String) -> Void) async throws -> any Feed {
        let pages = targetFilter.map { " whose URL contains \"\($0)\"" } ?? ""
        let spoken: BrowserProtocol
        if let browserProtocol {
            spoken = browserProtocol
        } else {
            spoken = try await BrowserFeed.detectProtocol(endpoint: endpoint, timeout: .seconds(5))
        }
        switch spoken {
        case .cdp:
            if share != nil {
                throw FeedError.peerFailed(
                    "\(endpoint) is a DevTools endpoint (Chromium), which takes other clients itself: "
                        + "--browser-share is for a Firefox's WebDriver BiDi session")
            }
            let feed = try await BrowserFeed.connect(endpoint: endpoint, targetFilter: targetFilter) { messages($0) }
            messages("trailcast: driving the geolocation of \(feed.version.browser)'s pages\(pages)")
            return feed
        case .bidi:
            let socketURL = BrowserFeed.bidiSocketURL(endpoint)
            if let share {
                let offered = try await BiDiSessionShare.start(
                    browserSocketURL: socketURL, host: share.host, port: share.port
                ) {
                    messages($0)
                }
                let feed: BiDiBrowserFeed
                do {
                    // As long as the share's own session.new may take: the join's subscription is Firefox's next command.
                    feed = try await BiDiBrowserFeed.connect(
                        socketURL: offered.joinURL, targetFilter: targetFilter, sessionTimeout: .seconds(90),
                        share: offered
                    ) {
                        messages($0)
                    }
                } catch {
                    await offered.close()
                    throw error
                }
                messages("trailcast: driving the geolocation of \(offered.browser)'s pages\(pages) over WebDriver BiDi")
                messages(
                    "trailcast: sharing its WebDriver BiDi session at \(offered.endpoint) (a test runner connects there as to Firefox)"
                )
                return feed
            }
            let feed = try await BiDiBrowserFeed.connect(socketURL: socketURL, targetFilter: targetFilter) {
                messages($0)
            }
            if BrowserFeed.joinsSession(socketURL) {
                let session = socketURL.split(separator: "/").last.map(String.init) ?? ""
                messages(
                    "trailcast: driving the geolocation of pages\(pages) in the joined WebDriver BiDi session \(session)"
                )
            } else {
                messages("trailcast: driving the geolocation of \(feed.browser)'s pages\(pages) over WebDriver BiDi")
            }
            return feed
        }
    }
}
