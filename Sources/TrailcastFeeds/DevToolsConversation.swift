// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
import TrailcastWire
import NIOCore
import NIOWebSocket

/// The browser feed's side of the DevTools conversation: which pages it is attached to,
/// the commands it numbered and how many the browser has answered, and the last location
/// override (for a page attached later). The reader (the browser's messages) and the writer
/// (the run's commands) both go through it.
actor DevToolsConversation {
    private let targetFilter: String?
    nonisolated let warn: @Sendable (String) -> Void
    private var outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>?
    private var nextID = 0
    private var unanswered = 0
    private var answerWaiters: [CheckedContinuation<Void, Never>] = []
    /// Attached pages, by their session.
    private var pages: [String: DevToolsMessage.TargetInfo] = [:]
    /// Targets asked to attach, not yet attached.
    private var attaching: Set<String> = []
    /// The attach commands awaiting their answer, by number: a refusal names its page.
    private var attachRequests: [Int: DevToolsMessage.TargetInfo] = [:]
    private var lastOverride: DevToolsCommand?
    /// The run's permission, given to the default browser context and to each other one a
    /// page is attached in (Playwright's `new_context()`): `Browser.setPermission` without
    /// a `browserContextId` reaches the default context only, so a page in another one was
    /// asked, and headless Chromium denied it.
    private var permission: GeolocationPermission?
    private var browserContexts: Set<String> = []
    /// The permission each context was last sent. A context attached while a change was on
    /// its way (this actor awaits each write, and a page's attach can come in between) got
    /// the new permission from the attach itself: the change does not send it again.
    private var sentToContext: [String: GeolocationPermission] = [:]
    private var warnedFailures: Set<String> = []
    private(set) var isClosing = false

    init(targetFilter: String?, warn: @escaping @Sendable (String) -> Void) {
        self.targetFilter = targetFilter.flatMap { $0.isEmpty ? nil : $0 }
        self.warn = warn
    }

    func begin(_ outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>) {
        self.outbound = outbound
    }

    func markClosing() {
        isClosing = true
    }

    /// The connection is gone: nothing will be answered.
    func end() {
        outbound = nil
        unanswered = 0
        resumeAnswerWaiters()
    }

    /// A browser-level command (`sessionID` nil) or one for a page; its number.
    @discardableResult
    func send(_ command: DevToolsCommand, to sessionID: String? = nil) async throws -> Int {
        guard let outbound else { return 0 }
        nextID += 1
        let id = nextID
        unanswered += 1
        try await outbound.write(DevToolsSocket.text(command.message(id: id, sessionID: sessionID)))
        return id
    }

    /// The run's permission, in every browser context a page is attached in.
    func setPermission(_ setting: GeolocationPermission) async throws {
        permission = setting
        try await send(.geolocationPermission(setting))
        for context in browserContexts.sorted() where sentToContext[context] != setting {
            sentToContext[context] = setting
            try await send(.geolocationPermission(setting, browserContextID: context))
        }
    }

    /// A command of the run: a location override goes to every page (and is kept for pages
    /// attached later); a permission is the browser's.
    func sendToPages(_ command: DevToolsCommand) async throws {
        if let setting = [GeolocationPermission.granted, .denied, .prompt].first(where: {
            command == .geolocationPermission($0)
        }) {
            try await setPermission(setting)
            return
        }
        guard command.method == DevToolsCommand.geolocationOverride(nil).method else {
            try await send(command)
            return
        }
        lastOverride = command
        for session in pages.keys.sorted() { try await send(command, to: session) }
    }

    /// Waits until the browser has answered every command sent.
    /// (Cancelled, it returns at once: the connection is being torn down.)
    func waitForAnswers() async {
        guard unanswered > 0, !Task.isCancelled else { return }
        await withTaskCancellationHandler {
            await withCheckedContinuation { answerWaiters.append($0) }
        } onCancel: {
            Task { await self.resumeAnswerWaiters() }
        }
    }

    /// One message from the browser.
    func received(_ text: String) async throws {
        guard let message = DevToolsMessage(json: text) else { return }
        if let id = message.id {
            unanswered = max(0, unanswered - 1)
            if let target = attachRequests.removeValue(forKey: id), let failure = message.error {
                // A page the feed cannot reach is named, once: it does not hear the run.
                attaching.remove(target.targetId)
                warn(
                    "trailcast: warning: cannot reach the browser page \(target.url) (\(failure.message ?? "code \(failure.code ?? 0)")): it does not hear the run"
                )
            } else if let failure = message.error {
                warnOnce(failure)
            }
            if unanswered == 0 { resumeAnswerWaiters() }
            return
        }
        switch message.method {
        case "Target.targetCreated", "Target.targetInfoChanged":
            guard let target = message.params?.targetInfo, wants(target),
                !attaching.contains(target.targetId), !isAttached(target.targetId)
            else { return }
            attaching.insert(target.targetId)
            // Numbered before the write: the answer can come while it is awaited.
            attachRequests[nextID + 1] = target
            try await send(.attach(to: target.targetId))
        case "Target.attachedToTarget":
            guard let session = message.params?.sessionId, let target = message.params?.targetInfo else { return }
            attaching.remove(target.targetId)
            pages[session] = target
            if let context = target.browserContextId, browserContexts.insert(context).inserted, let permission {
                sentToContext[context] = permission
                try await send(.geolocationPermission(permission, browserContextID: context))
            }
            if let lastOverride { try await send(lastOverride, to: session) }
        case "Target.detachedFromTarget":
            guard let session = message.params?.sessionId, let page = pages.removeValue(forKey: session) else { return }
            if !isClosing {
                warn("trailcast: warning: the browser page \(page.url) closed: dropped from the browser feed")
            }
        default:
            break
        }
    }

    private func isAttached(_ targetID: String) -> Bool {
        pages.values.contains { $0.targetId == targetID }
    }

    /// A page whose URL has the filter in it (every page without one).
    private func wants(_ target: DevToolsMessage.TargetInfo) -> Bool {
        guard target.type == "page" else { return false }
        guard let targetFilter else { return true }
        return target.url.contains(targetFilter)
    }

    /// A command the browser refused, said once per kind of refusal.
    private func warnOnce(_ failure: DevToolsMessage.Failure) {
        let text = failure.message ?? "code \(failure.code ?? 0)"
        guard warnedFailures.insert(text).inserted else { return }
        warn("trailcast: warning: the browser refused a DevTools command: \(text)")
    }

    private func resumeAnswerWaiters() {
        let waiters = answerWaiters
        answerWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }
}

/// What the feed sent last (a fix or none), how many commands the run dropped, and whether
/// the connection is still there to take more.
final class EpochTracker: Sendable {
    private struct State {
        var lastHadFix: Bool?
        var dropped = 0
        var connectionEnded = false
    }

    private let state = LockedValue(State())

    /// Every fix is sent; a lost signal only when it is new; nothing once the browser has gone.
    func shouldSend(hasFix: Bool) -> Bool {
        state.withLock { state in
            guard !state.connectionEnded else { return false }
            defer { state.lastHadFix = hasFix }
            return hasFix || state.lastHadFix != false
        }
    }

    /// The browser closed the connection (or it failed): the run's commands go nowhere now,
    /// and are not queued (nothing would read the queue, which would fill and then warn of a
    /// slow browser that is in fact gone).
    func connectionEnded() {
        state.withLock { $0.connectionEnded = true }
    }

    var isConnected: Bool { state.withLock { !$0.connectionEnded } }

    func noteDropped(warn: @Sendable (String) -> Void) {
        let first = state.withLock { state in
            state.dropped += 1
            return state.dropped == 1
        }
        if first {
            warn("trailcast: warning: the browser is not keeping up: the oldest location commands are being dropped")
        }
    }
}
