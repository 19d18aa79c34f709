// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
import TrailcastDevice
import TrailcastWire
import NIOCore
import NIOWebSocket

/// What the run tells a browser: a position (or its loss) and the pages' permission.
enum BrowserCommand: Sendable {
    case position(LocationFix?)
    case permission(GeolocationPermission)
}

/// The browser feed's side of a WebDriver BiDi session with Firefox: the session, the
/// top-level pages and their URLs, the commands numbered and how many are answered, and
/// what Firefox cannot do. Measured against Firefox ESR 153 (docs/browser.md):
///
/// - the position goes to the default user context and to each other one a page is seen in
///   (`userContexts`), where Firefox keeps it for every new document; a document made before the first override
///   keeps asking Firefox's own provider and never hears it, so matching pages loaded
///   before it are reloaded once, right after it;
/// - the permission is per origin in BiDi (`permissions.setPermission` has no "every
///   origin"): each matching page's origin is given the run's, as pages load;
/// - Firefox refuses the override's `positionUnavailable` form (it wants `coordinates`), and
///   clearing the override detaches the pages from it: a lost signal is then not shown, said
///   once;
/// - a revoked permission does not end a watch Firefox has already allowed (it goes on
///   delivering, and never says PERMISSION_DENIED): while the run's permission is not
///   `granted`, no position is sent, so a watching page hears nothing, as an app denied
///   hears nothing;
/// - Firefox handles commands concurrently: two overrides in flight can reach a page in
///   either order (with both cores busy, a page heard fix 197 before 196), so one override
///   is in flight at a time;
/// - while a page the feed reloaded has not loaded again, Firefox answers the override in
///   flight only once it has: the fixes that come meanwhile are not queued behind it (they
///   reached the page up to a second late, in order) but replaced by the newest, which goes
///   out with the answer; from the load on, every fix goes out in its turn.
actor BiDiConversation {
    private let targetFilter: String?
    /// A session another client made (a WebDriver classic session asked with
    /// `webSocketUrl: true`, joined at its `/session/ID`): no `session.new`, and at the end
    /// only this feed's subscription ends, never the session (Firefox refuses `session.end`
    /// there, and it is the other client's).
    let joining: Bool
    private var subscriptionID: String?
    nonisolated let warn: @Sendable (String) -> Void
    /// Writes one frame to the browser: the connection's outbound writer (a test's own).
    typealias Write = @Sendable (WebSocketFrame) async throws -> Void
    private var outbound: Write?
    private var nextID = 0
    private var unanswered = 0
    private var answerWaiters: [CheckedContinuation<Void, Never>] = []
    private var overrideInFlight: Int?
    private var overrideWaiter: CheckedContinuation<Void, Never>?
    /// Pages reloaded and not loaded again yet.
    private var reloading: Set<String> = []
    /// The newest position that came while one was in flight during a reload (`.some(nil)`: a loss).
    private var pendingPosition: LocationFix??
    private var sessionID: Int?
    private var treeID: Int?
    private var sessionWaiter: CheckedContinuation<Result<String, FeedError>, Never>?
    private var sessionResult: Result<String, FeedError>?
    /// Top-level pages: context → URL.
    private var pages: [String: String] = [:]
    /// Pages whose document loaded before their user context had a position: reloaded
    /// once it has one (their documents keep asking Firefox's own provider).
    private var loadedBeforeFirstPosition: Set<String> = []
    /// The user contexts (containers) pages are in, and those given a position so far: a
    /// client's own (Playwright's BiDi `newContext()`) gets the run's too, from the next fix.
    private var userContexts: Set<String> = ["default"]
    private var servedUserContexts: Set<String> = []
    private var userContextOfPage: [String: String] = [:]
    private var positionSent: Bool { !servedUserContexts.isEmpty }
    private var permission: GeolocationPermission?
    private var originPermissions: [String: GeolocationPermission] = [:]
    private var lossCommands: Set<Int> = []
    private var showsLoss = true
    private var warnedFailures: Set<String> = []
    private(set) var isClosing = false

    init(targetFilter: String?, joining: Bool = false, warn: @escaping @Sendable (String) -> Void) {
        self.targetFilter = targetFilter.flatMap { $0.isEmpty ? nil : $0 }
        self.joining = joining
        self.warn = warn
    }

    /// Starts the session: `session.new`; once it is answered, the page events and the
    /// pages open now (a command before the session would be refused). Joining a session,
    /// the subscription to the page events takes `session.new`'s place.
    func begin(_ outbound: @escaping Write) async throws {
        self.outbound = outbound
        let id = number()
        sessionID = id
        try await write(joining ? .subscribeToContexts : .newSession, id: id)
    }

    /// The end of the run: the session ends, or in a joined one, this feed's subscription.
    func finishSession() async throws {
        if joining {
            if let subscriptionID { try await send(.unsubscribe([subscriptionID])) }
        } else {
            try await send(.endSession)
        }
    }

    /// Whether the session began (then a closed connection is worth a warning).
    var hasSession: Bool {
        if case .success = sessionResult { return true }
        return false
    }

    /// The browser's name and version once `session.new` is answered, or why it was refused.
    func session() async -> Result<String, FeedError> {
        if let sessionResult { return sessionResult }
        return await withCheckedContinuation { sessionWaiter = $0 }
    }

    func markClosing() {
        isClosing = true
    }

    /// The connection is gone: nothing will be answered.
    func end() {
        outbound = nil
        pendingPosition = nil
        unanswered = 0
        resumeAnswerWaiters()
        overrideAnswered()
        settleSession(
            .failure(.peerFailed("the browser closed the WebDriver BiDi connection before the session began")))
    }

    @discardableResult
    func send(_ command: BiDiCommand) async throws -> Int {
        let id = number()
        try await write(command, id: id)
        return id
    }

    /// The next command's number. Kept by the caller: another send may number its command
    /// while this one's write is awaited.
    private func number() -> Int {
        nextID += 1
        return nextID
    }

    /// Writes a numbered command. Whatever its answer must find (an override in flight, a
    /// loss) is marked before this is called: Firefox can answer while the write is awaited.
    private func write(_ command: BiDiCommand, id: Int) async throws {
        guard let outbound else { return }
        unanswered += 1
        try await outbound(DevToolsSocket.text(command.message(id: id)))
    }

    /// A command of the run.
    func run(_ command: BrowserCommand) async throws {
        switch command {
        case .position(let fix):
            // Whether it may go (allowed, a loss shown) is asked as it goes: a waiting fix may meet a denial.
            if overrideInFlight != nil && !reloading.isEmpty {
                pendingPosition = .some(fix)
                return
            }
            // The answer may send a pending position, which is then in flight in its turn.
            while overrideInFlight != nil && outbound != nil && !Task.isCancelled { await waitForOverrideInFlight() }
            try await sendPosition(fix)
        case .permission(let setting):
            permission = setting
            for (page, url) in pages.sorted(by: { $0.key < $1.key }) { try await givePermission(to: url, page: page) }
        }
    }

    /// Until no position waits and none is in flight (the connection gone: at once).
    func sendPendingPosition() async {
        while (overrideInFlight != nil || pendingPosition != nil) && outbound != nil && !Task.isCancelled {
            if overrideInFlight == nil, let pending = pendingPosition {
                pendingPosition = nil
                try? await sendPosition(pending)
            } else {
                await waitForOverrideInFlight()
            }
        }
    }

    /// Writes the override for `fix` (nil: a loss), and reloads the pages that needed the first one.
    private func sendPosition(_ fix: LocationFix?) async throws {
        guard fix != nil || showsLoss, permission == nil || permission == .granted else { return }
        let id = number()
        // Marked before it is written: its answer can come while the write is awaited
        // (a refused loss once went unrecognised so, on a busy machine).
        overrideInFlight = outbound == nil ? nil : id
        if fix == nil { lossCommands.insert(id) }
        try await write(.geolocationOverride(fix, userContexts: userContexts.sorted()), id: id)
        let newlyServed = userContexts.subtracting(servedUserContexts)
        if fix != nil && !newlyServed.isEmpty {
            servedUserContexts.formUnion(newlyServed)
            let reloaded = loadedBeforeFirstPosition.filter { newlyServed.contains(userContextOfPage[$0] ?? "default") }
            for context in reloaded.sorted() where wants(pages[context]) {
                reloading.insert(context)
                try await send(.reload(context))
            }
            loadedBeforeFirstPosition.subtract(reloaded)
        }
    }

    /// Waits until the browser has answered every command sent (cancelled: at once).
    func waitForAnswers() async {
        guard unanswered > 0, !Task.isCancelled else { return }
        await withTaskCancellationHandler {
            await withCheckedContinuation { answerWaiters.append($0) }
        } onCancel: {
            Task { await self.resumeAnswerWaiters() }
        }
    }

    /// Until the override in flight is answered (cancelled, or the connection gone: at once).
    private func waitForOverrideInFlight() async {
        guard overrideInFlight != nil, outbound != nil, !Task.isCancelled else { return }
        await withTaskCancellationHandler {
            await withCheckedContinuation { overrideWaiter = $0 }
        } onCancel: {
            Task { await self.overrideAnswered() }
        }
    }

    private func overrideAnswered() {
        overrideInFlight = nil
        overrideWaiter?.resume()
        overrideWaiter = nil
    }

    /// One message from the browser.
    func received(_ text: String) async throws {
        guard let message = BiDiMessage(json: text) else { return }
        if let id = message.id, message.type != "event" {
            if id == overrideInFlight {
                overrideAnswered()
                if let pending = pendingPosition {
                    pendingPosition = nil
                    try await sendPosition(pending)
                }
            }
            unanswered = max(0, unanswered - 1)
            try await answered(id, message)
            if unanswered == 0 { resumeAnswerWaiters() }
            return
        }
        guard let context = message.params, context.parent == nil else { return }
        switch message.method {
        case "browsingContext.contextCreated":
            pages[context.context] = context.url ?? "about:blank"
            note(userContext: context.userContext, of: context.context)
        case "browsingContext.load":
            reloading.remove(context.context)
            let url = context.url ?? "about:blank"
            pages[context.context] = url
            note(userContext: context.userContext, of: context.context)
            if !servedUserContexts.contains(userContextOfPage[context.context] ?? "default") {
                loadedBeforeFirstPosition.insert(context.context)
            }
            try await givePermission(to: url, page: context.context)
        case "browsingContext.contextDestroyed":
            reloading.remove(context.context)
            guard let url = pages.removeValue(forKey: context.context) else { return }
            loadedBeforeFirstPosition.remove(context.context)
            // A user context with no page left may be gone: an override naming it would be
            // refused whole ("no such user context").
            if let userContext = userContextOfPage.removeValue(forKey: context.context), userContext != "default",
                !userContextOfPage.values.contains(userContext)
            {
                userContexts.remove(userContext)
                servedUserContexts.remove(userContext)
            }
            if !isClosing && targetFilter.map(url.contains) != false && url != "about:blank" {
                warn("trailcast: warning: the browser page \(url) closed: dropped from the browser feed")
            }
        default:
            break
        }
    }

    private func answered(_ id: Int, _ message: BiDiMessage) async throws {
        if id == sessionID {
            guard message.type == "success" else {
                settleSession(.failure(.peerFailed(Self.refusal(message, joining: joining))))
                return
            }
            if joining {
                subscriptionID = message.result?.subscription
            } else {
                try await send(.subscribeToContexts)
            }
            let tree = number()
            treeID = tree
            try await write(.contextTree, id: tree)
            let capabilities = message.result?.capabilities
            let name = [capabilities?.browserName, capabilities?.browserVersion].compactMap { $0 }.joined(
                separator: " ")
            settleSession(.success(joining ? "the joined session's browser" : name))
            return
        }
        if id == treeID, let contexts = message.result?.contexts {
            // Open before the session: their documents predate every override of this run.
            for context in contexts where context.parent == nil {
                let url = context.url ?? "about:blank"
                pages[context.context] = url
                note(userContext: context.userContext, of: context.context)
                try await givePermission(to: url, page: context.context)
                guard url != "about:blank" else { continue }
                if servedUserContexts.contains(userContextOfPage[context.context] ?? "default") {
                    if wants(url) {
                        reloading.insert(context.context)
                        try await send(.reload(context.context))
                    }
                } else {
                    loadedBeforeFirstPosition.insert(context.context)
                }
            }
            return
        }
        guard message.type == "error" else { return }
        if lossCommands.remove(id) != nil {
            showsLoss = false
            warn(
                "trailcast: warning: this browser cannot show a lost signal (it refuses emulation.setGeolocationOverride's "
                    + "positionUnavailable: \(message.message ?? message.error ?? "")): its pages keep the last position until the signal returns"
            )
            return
        }
        let text = "\(message.error ?? "error"): \(message.message ?? "")"
        guard warnedFailures.insert(text).inserted else { return }
        warn("trailcast: warning: the browser refused a WebDriver BiDi command: \(text)")
    }

    /// Why the session could not begin, with the way out when another client holds it:
    /// Firefox allows one WebDriver BiDi session (its Remote Agent: "Maximum number of
    /// active sessions"), and only a classic session's `/session/ID` takes more connections.
    static func refusal(_ message: BiDiMessage, joining: Bool) -> String {
        let words = "\(message.error ?? "error"): \(message.message ?? "")"
        if joining { return "the joined WebDriver BiDi session refused session.subscribe: \(words)" }
        guard message.message?.contains("Maximum number of active sessions") == true else {
            return "the browser refused a WebDriver BiDi session: \(words)"
        }
        return "the browser refused a WebDriver BiDi session: \(words) (Firefox allows one, and another client has it: "
            + "to share it, give --browser that client's session, ws://HOST:PORT/session/ID, the webSocketUrl a WebDriver "
            + "classic session asked with webSocketUrl: true has, as Selenium and WebdriverIO ask)"
    }

    /// The run's permission for the page's origin in its user context, once per origin,
    /// user context and state (a permission is kept per user context in Firefox).
    private func givePermission(to url: String, page: String) async throws {
        let userContext = userContextOfPage[page] ?? "default"
        guard let permission, wants(url), let origin = Self.origin(of: url) else { return }
        let key = userContext + " " + origin
        guard originPermissions[key] != permission else { return }
        originPermissions[key] = permission
        try await send(.geolocationPermission(permission, origin: origin, userContext: userContext))
    }

    /// Where a page is: its user context, known to the overrides from the next fix on.
    private func note(userContext: String?, of page: String) {
        let userContext = userContext ?? "default"
        userContextOfPage[page] = userContext
        userContexts.insert(userContext)
    }

    /// A page whose URL has the filter in it (every page without one).
    private func wants(_ url: String?) -> Bool {
        guard let url else { return false }
        return targetFilter.map(url.contains) ?? true
    }

    /// `scheme://host[:port]` of an http(s) URL; nil for others (`about:`, `file:`, `data:`,
    /// whose origins BiDi's permissions cannot name).
    static func origin(of url: String) -> String? {
        for scheme in ["http://", "https://"] where url.hasPrefix(scheme) {
            let rest = url.dropFirst(scheme.count)
            let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            guard !authority.isEmpty else { return nil }
            return scheme + authority
        }
        return nil
    }

    private func settleSession(_ result: Result<String, FeedError>) {
        guard sessionResult == nil else { return }
        sessionResult = result
        sessionWaiter?.resume(returning: result)
        sessionWaiter = nil
    }

    private func resumeAnswerWaiters() {
        let waiters = answerWaiters
        answerWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }
}
