// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation

/// The rules of `--browser-share`: one WebDriver BiDi session with Firefox, held by
/// Trailcast, offered to other clients (a test runner's Puppeteer, WebdriverIO or
/// Playwright in BiDi mode) as if each had the browser to itself. Firefox allows one BiDi
/// session (its Remote Agent refuses a second `session.new` with "Maximum number of active
/// sessions"), and a client that made one ends it with `session.end`; so the session is
/// the share's, and each client gets what Firefox would have given it:
///
/// - `session.new` answered here, with the real session's id and capabilities; a second on
///   the same connection refused as Firefox refuses it; `session.status` says a session can
///   be made (here it can);
/// - every other command forwarded under a number of the share's, its answer sent back
///   under the client's;
/// - each event sent to the clients whose subscriptions ask for it (Firefox sends an event
///   once per session, whatever the subscriptions), by the spec's "event is enabled": a
///   global subscription, or the event's top-level context (or its user context) among the
///   subscription's;
/// - `session.end` ends the client's subscriptions only, then its connection (as Firefox
///   closes the connections of a session that ended); a connection that closes without it
///   likewise; `session.unsubscribe` by `events` is done by the ids of that client's own
///   subscriptions, never the session-wide form that would end other clients' too.
///
/// Pure: it takes messages and says what to send where (``Action``); the sockets are the
/// feed's (`BiDiSessionShare`). The rules come from the WebDriver BiDi specification
/// (w3c/webdriver-bidi, "event is enabled", `session.subscribe`, `session.end`) and Firefox's
/// Remote Agent (remote/webdriver-bidi/modules/root/session.sys.mjs, WebDriverBiDi.sys.mjs).
package struct BiDiShareRouter: Sendable {
    package typealias Client = Int

    package enum Action: Equatable, Sendable {
        case toBrowser(String)
        case toClient(Client, String)
        /// Close the client's connection (after what was sent to it).
        case close(Client)
    }

    /// A client's subscription, as `session.subscribe` asked for it (contexts as their
    /// top-level contexts, as the spec stores them).
    package struct Subscription: Equatable, Sendable {
        package var events: Set<String>
        package var contexts: Set<String>
        package var userContexts: Set<String>
    }

    private struct Connection {
        var hasSession: Bool
        /// Subscription id → what it asks for.
        var subscriptions: [String: Subscription] = [:]
    }

    /// What an answer from the browser is for.
    private enum Pending {
        case client(Client, id: Int, subscription: Subscription?, unsubscribing: [String])
        /// The share's own (a client's subscriptions ended for it): nothing to send on.
        case share
    }

    private let sessionResult: String
    private var connections: [Client: Connection] = [:]
    private var pending: [Int: Pending] = [:]
    private var nextID: Int
    /// Browsing context → its parent (nil: top-level) and user context, as the context
    /// events passing through say.
    private var parents: [String: String] = [:]
    private var userContextOf: [String: String] = [:]

    /// `sessionResult`: the `result` of the share's own `session.new`, as JSON text.
    /// `firstID`: the browser-side numbers start after it (the share's own commands come first).
    package init(sessionResult: String, firstID: Int = 1_000_000) {
        self.sessionResult = sessionResult
        self.nextID = firstID
    }

    /// The session's id, as `session.new` gave it.
    package var sessionID: String? {
        guard let result = Self.object(sessionResult) else { return nil }
        return result["sessionId"] as? String
    }

    /// The browser's name and version, as the session's capabilities give them (`firefox 153.8.0`).
    package var browser: String {
        let capabilities = Self.object(sessionResult)?["capabilities"] as? [String: Any] ?? [:]
        return [capabilities["browserName"] as? String, capabilities["browserVersion"] as? String].compactMap { $0 }
            .joined(separator: " ")
    }

    /// The `result` of a successful answer, as JSON text.
    package static func result(of answer: String) -> String? {
        guard let result = object(answer)?["result"] as? [String: Any] else { return nil }
        return text(result)
    }

    /// A client connected: at `/session` it must ask `session.new` first; at
    /// `/session/ID` (`joined`) it is in the session already.
    package mutating func connected(_ client: Client, joined: Bool) {
        connections[client] = Connection(hasSession: joined)
    }

    /// The client's connection closed: its subscriptions end.
    package mutating func disconnected(_ client: Client) -> [Action] {
        guard let connection = connections.removeValue(forKey: client) else { return [] }
        for (id, entry) in pending {
            if case .client(client, _, _, _) = entry { pending[id] = .share }
        }
        return unsubscribe(connection.subscriptions.keys.sorted())
    }

    /// A client's message.
    package mutating func fromClient(_ client: Client, _ text: String) -> [Action] {
        guard var connection = connections[client] else { return [] }
        guard let message = Self.object(text) else {
            return [.toClient(client, Self.error(id: nil, "invalid argument", "not a JSON object"))]
        }
        let id = message["id"]
        guard let number = id as? Int, number >= 0, let method = message["method"] as? String,
            let params = message["params"] as? [String: Any]
        else {
            return [
                .toClient(
                    client,
                    Self.error(
                        id: id, "invalid argument", "a command is {\"id\": N, \"method\": \"...\", \"params\": {...}}"))
            ]
        }
        switch method {
        case "session.status":
            return [.toClient(client, Self.success(id: number, #"{"ready":true,"message":""}"#))]
        case "session.new":
            guard !connection.hasSession else {
                return [
                    .toClient(
                        client, Self.error(id: number, "session not created", "Maximum number of active sessions"))
                ]
            }
            connection.hasSession = true
            connections[client] = connection
            return [.toClient(client, Self.success(id: number, sessionResult))]
        default:
            break
        }
        guard connection.hasSession else {
            return [
                .toClient(
                    client,
                    Self.error(id: number, "invalid session id", "WebDriver session does not exist, or is not active"))
            ]
        }
        switch method {
        case "session.end":
            let subscriptions = connection.subscriptions.keys.sorted()
            connections[client]?.subscriptions = [:]
            connections[client]?.hasSession = false
            return unsubscribe(subscriptions) + [.toClient(client, Self.success(id: number, "{}")), .close(client)]
        case "session.subscribe":
            let subscription = Subscription(
                events: Set(params["events"] as? [String] ?? []),
                contexts: Set((params["contexts"] as? [String] ?? []).map(topLevel)),
                userContexts: Set(params["userContexts"] as? [String] ?? []))
            return [forward(message, of: client, id: number, subscription: subscription)]
        case "session.unsubscribe":
            return unsubscribeForClient(client, message: message, id: number, params: params)
        default:
            return [forward(message, of: client, id: number)]
        }
    }

    /// A message from the browser: an answer, sent back to the client that asked under its
    /// own number, or an event, sent to each client it is enabled for.
    package mutating func fromBrowser(_ text: String) -> [Action] {
        guard let message = Self.object(text) else { return [] }
        if message["type"] as? String == "event" {
            return routeEvent(text, message)
        }
        guard let number = message["id"] as? Int, let entry = pending.removeValue(forKey: number) else { return [] }
        guard case .client(let client, let id, let subscription, let unsubscribing) = entry else { return [] }
        var answer = message
        answer["id"] = id
        if message["type"] as? String == "success" {
            if let subscription, let result = message["result"] as? [String: Any],
                let subscriptionID = result["subscription"] as? String
            {
                connections[client]?.subscriptions[subscriptionID] = subscription
            }
            for subscriptionID in unsubscribing { connections[client]?.subscriptions[subscriptionID] = nil }
        }
        return [.toClient(client, Self.text(answer))]
    }

    /// The clients an event goes to, in the order they connected.
    private mutating func routeEvent(_ text: String, _ message: [String: Any]) -> [Action] {
        guard let method = message["method"] as? String else { return [] }
        let params = message["params"] as? [String: Any] ?? [:]
        let context = (params["context"] as? String) ?? ((params["source"] as? [String: Any])?["context"] as? String)
        if method == "browsingContext.contextCreated", let context {
            if let parent = params["parent"] as? String { parents[context] = parent }
            if let userContext = params["userContext"] as? String { userContextOf[context] = userContext }
        }
        let top = context.map(topLevel)
        let module = String(method.prefix { $0 != "." })
        var actions: [Action] = []
        for client in connections.keys.sorted() {
            guard let connection = connections[client], connection.hasSession else { continue }
            let enabled = connection.subscriptions.values.contains { subscription in
                guard subscription.events.contains(method) || subscription.events.contains(module) else { return false }
                if subscription.contexts.isEmpty && subscription.userContexts.isEmpty { return true }
                guard let top else { return false }
                if !subscription.userContexts.isEmpty {
                    return subscription.userContexts.contains(userContextOf[top] ?? "default")
                }
                return subscription.contexts.contains(top)
            }
            if enabled { actions.append(.toClient(client, text)) }
        }
        if method == "browsingContext.contextDestroyed", let context {
            parents[context] = nil
            userContextOf[context] = nil
        }
        return actions
    }

    /// `session.unsubscribe`: by the client's own subscription ids; the `events` form ends the
    /// client's global subscriptions to those events, by their ids.
    private mutating func unsubscribeForClient(_ client: Client, message: [String: Any], id: Int, params: [String: Any])
        -> [Action]
    {
        let own = connections[client]?.subscriptions ?? [:]
        var ids: [String]
        if let asked = params["subscriptions"] as? [String] {
            let unknown = asked.filter { own[$0] == nil }
            guard unknown.isEmpty, !asked.isEmpty else {
                return [
                    .toClient(
                        client,
                        Self.error(
                            id: id, "invalid argument",
                            "Failed to unsubscribe from subscriptions with ids: \(asked.joined(separator: ",")) (unknown ids: \(unknown.joined(separator: ",")))"
                        ))
                ]
            }
            ids = asked
        } else if let events = params["events"] as? [String] {
            let named = Set(events)
            ids = own.filter {
                $0.value.contexts.isEmpty && $0.value.userContexts.isEmpty && !$0.value.events.isDisjoint(with: named)
            }
            .keys.sorted()
            let whole = ids.allSatisfy { own[$0]!.events.isSubset(of: named) }
            guard !ids.isEmpty, whole else {
                return [
                    .toClient(
                        client,
                        Self.error(
                            id: id, "invalid argument",
                            "Failed to unsubscribe from events: \(events.joined(separator: ","))"
                                + (ids.isEmpty
                                    ? "" : " (this shared session ends a subscription whole: unsubscribe by its id)")))
                ]
            }
        } else {
            return [
                .toClient(client, Self.error(id: id, "invalid argument", "Expected \"subscriptions\" or \"events\""))
            ]
        }
        var forwarded = message
        forwarded["params"] = ["subscriptions": ids]
        return [forward(forwarded, of: client, id: id, unsubscribing: ids)]
    }

    private mutating func forward(
        _ message: [String: Any], of client: Client, id: Int, subscription: Subscription? = nil,
        unsubscribing: [String] = []
    ) -> Action {
        nextID += 1
        pending[nextID] = .client(client, id: id, subscription: subscription, unsubscribing: unsubscribing)
        var command = message
        command["id"] = nextID
        return .toBrowser(Self.text(command))
    }

    /// The share's own `session.unsubscribe` of subscriptions whose client is gone or done.
    private mutating func unsubscribe(_ ids: [String]) -> [Action] {
        guard !ids.isEmpty else { return [] }
        nextID += 1
        pending[nextID] = .share
        return [
            .toBrowser(Self.text(["id": nextID, "method": "session.unsubscribe", "params": ["subscriptions": ids]]))
        ]
    }

    /// A context's top-level context, as far as the context events have said (itself if unknown).
    private func topLevel(_ context: String) -> String {
        var current = context
        var steps = 0
        while let parent = parents[current], steps < 64 {
            current = parent
            steps += 1
        }
        return current
    }

    private static func object(_ text: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    private static func text(_ object: [String: Any]) -> String {
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: object, options: [.withoutEscapingSlashes, .sortedKeys])
        else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    private static func success(id: Int, _ result: String) -> String {
        #"{"type":"success","id":\#(id),"result":\#(result)}"#
    }

    private static func error(id: Any?, _ code: String, _ words: String) -> String {
        text(["type": "error", "id": (id as? Int).map { $0 as Any } ?? NSNull(), "error": code, "message": words])
    }
}
