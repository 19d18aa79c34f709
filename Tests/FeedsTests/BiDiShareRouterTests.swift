// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
import TrailcastWire

@testable import TrailcastFeeds

/// `--browser-share`'s rules without a browser: what each client is answered and sent, and
/// what goes to Firefox, message by message (the rules' sources are in BiDiShareRouter).
@Suite("The shared WebDriver BiDi session's routing")
struct BiDiShareRouterTests {
    static let session = #"{"sessionId":"S1","capabilities":{"browserName":"firefox","browserVersion":"153.8.0"}}"#

    /// A router with `clients` connected at `/session`, each with its session made.
    static func router(clients: [Int] = [1, 2]) -> BiDiShareRouter {
        var router = BiDiShareRouter(sessionResult: session, firstID: 100)
        for client in clients {
            router.connected(client, joined: false)
            _ = router.fromClient(client, #"{"id":1,"method":"session.new","params":{"capabilities":{}}}"#)
        }
        return router
    }

    static func json(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    /// The one message an action list sends to the browser, decoded.
    static func sentToBrowser(_ actions: [BiDiShareRouter.Action]) throws -> [String: Any] {
        let texts = actions.compactMap { action -> String? in
            if case .toBrowser(let text) = action { return text }
            return nil
        }
        try #require(texts.count == 1, "\(actions)")
        return json(texts[0])
    }

    /// Subscribes `client` (command number 7) and answers it with `subscription`.
    static func subscribe(_ router: inout BiDiShareRouter, _ client: Int, _ params: String, subscription: String) throws
    {
        let forwarded = try sentToBrowser(
            router.fromClient(client, #"{"id":7,"method":"session.subscribe","params":\#(params)}"#))
        let number = try #require(forwarded["id"] as? Int)
        let answer = router.fromBrowser(
            #"{"type":"success","id":\#(number),"result":{"subscription":"\#(subscription)"}}"#)
        #expect(
            answer == [.toClient(client, #"{"id":7,"result":{"subscription":"\#(subscription)"},"type":"success"}"#)]
                || answer.count == 1, "\(answer)")
    }

    @Test("session.new is answered with the share's session; a second is refused in Firefox's words; nothing before it")
    func sessionNew() {
        var router = BiDiShareRouter(sessionResult: Self.session)
        router.connected(1, joined: false)
        #expect(
            router.fromClient(1, #"{"id":3,"method":"script.evaluate","params":{}}"#) == [
                .toClient(
                    1,
                    #"{"error":"invalid session id","id":3,"message":"WebDriver session does not exist, or is not active","type":"error"}"#
                )
            ])
        #expect(
            router.fromClient(1, #"{"id":4,"method":"session.status","params":{}}"#) == [
                .toClient(1, #"{"type":"success","id":4,"result":{"ready":true,"message":""}}"#)
            ])
        #expect(
            router.fromClient(1, #"{"id":5,"method":"session.new","params":{"capabilities":{}}}"#) == [
                .toClient(1, #"{"type":"success","id":5,"result":\#(Self.session)}"#)
            ])
        #expect(
            router.fromClient(1, #"{"id":6,"method":"session.new","params":{"capabilities":{}}}"#) == [
                .toClient(
                    1,
                    #"{"error":"session not created","id":6,"message":"Maximum number of active sessions","type":"error"}"#
                )
            ])
        #expect(router.sessionID == "S1")
        #expect(router.browser == "firefox 153.8.0")
    }

    @Test("a joined client (at /session/ID) is in the session without session.new")
    func joined() throws {
        var router = BiDiShareRouter(sessionResult: Self.session, firstID: 100)
        router.connected(9, joined: true)
        let forwarded = try Self.sentToBrowser(
            router.fromClient(9, #"{"id":1,"method":"browsingContext.getTree","params":{}}"#))
        #expect(forwarded["id"] as? Int == 101)
    }

    @Test(
        "a command goes to the browser under the share's number; its answer back under the client's, to that client only"
    )
    func numbersMapped() throws {
        var router = Self.router()
        let first = try Self.sentToBrowser(
            router.fromClient(1, #"{"id":42,"method":"script.evaluate","params":{"expression":"1"}}"#))
        let second = try Self.sentToBrowser(
            router.fromClient(2, #"{"id":42,"method":"script.evaluate","params":{"expression":"2"}}"#))
        let firstNumber = try #require(first["id"] as? Int)
        let secondNumber = try #require(second["id"] as? Int)
        #expect(firstNumber != secondNumber && firstNumber > 100 && secondNumber > 100)
        #expect((first["params"] as? [String: Any])?["expression"] as? String == "1")
        #expect(first["method"] as? String == "script.evaluate")
        #expect(
            router.fromBrowser(#"{"type":"success","id":\#(secondNumber),"result":{"v":2}}"#) == [
                .toClient(2, #"{"id":42,"result":{"v":2},"type":"success"}"#)
            ])
        #expect(
            router.fromBrowser(#"{"type":"error","id":\#(firstNumber),"error":"no such frame","message":"m"}"#) == [
                .toClient(1, #"{"error":"no such frame","id":42,"message":"m","type":"error"}"#)
            ])
        // Answered once: a repeat of the number is nobody's.
        #expect(router.fromBrowser(#"{"type":"success","id":\#(firstNumber),"result":{}}"#).isEmpty)
    }

    @Test("an event goes to each client subscribed to it or its module, once, and to nobody else")
    func eventsBySubscription() throws {
        var router = Self.router(clients: [1, 2, 3])
        try Self.subscribe(&router, 1, #"{"events":["browsingContext"]}"#, subscription: "a")
        try Self.subscribe(&router, 2, #"{"events":["browsingContext.load","log.entryAdded"]}"#, subscription: "b")
        let load = #"{"type":"event","method":"browsingContext.load","params":{"context":"T1","url":"http://x/"}}"#
        #expect(router.fromBrowser(load) == [.toClient(1, load), .toClient(2, load)])
        let created =
            #"{"type":"event","method":"browsingContext.contextCreated","params":{"context":"T2","parent":null}}"#
        #expect(router.fromBrowser(created) == [.toClient(1, created)])
        let log = #"{"type":"event","method":"log.entryAdded","params":{"source":{"context":"T1"}}}"#
        #expect(router.fromBrowser(log) == [.toClient(2, log)])
        let network = #"{"type":"event","method":"network.beforeRequestSent","params":{"context":"T1"}}"#
        #expect(router.fromBrowser(network).isEmpty)
    }

    @Test("a subscription to contexts hears its tabs' frames too; one to user contexts, their tabs only")
    func eventsByContext() throws {
        var router = Self.router(clients: [1, 2])
        _ = router.fromBrowser(
            #"{"type":"event","method":"browsingContext.contextCreated","params":{"context":"T1","parent":null,"userContext":"default"}}"#
        )
        _ = router.fromBrowser(
            #"{"type":"event","method":"browsingContext.contextCreated","params":{"context":"F1","parent":"T1"}}"#)
        _ = router.fromBrowser(
            #"{"type":"event","method":"browsingContext.contextCreated","params":{"context":"T2","parent":null,"userContext":"U2"}}"#
        )
        try Self.subscribe(&router, 1, #"{"events":["script.message"],"contexts":["F1"]}"#, subscription: "a")
        try Self.subscribe(&router, 2, #"{"events":["script.message"],"userContexts":["U2"]}"#, subscription: "b")
        let inFrame = #"{"type":"event","method":"script.message","params":{"source":{"context":"F1"}}}"#
        let inTab = #"{"type":"event","method":"script.message","params":{"source":{"context":"T1"}}}"#
        let inOther = #"{"type":"event","method":"script.message","params":{"source":{"context":"T2"}}}"#
        let unplaced = #"{"type":"event","method":"script.message","params":{}}"#
        #expect(router.fromBrowser(inFrame) == [.toClient(1, inFrame)])
        #expect(router.fromBrowser(inTab) == [.toClient(1, inTab)])
        #expect(router.fromBrowser(inOther) == [.toClient(2, inOther)])
        #expect(router.fromBrowser(unplaced).isEmpty)
        // A tab the share never saw made (open before it) is taken for the default user context's.
        router.connected(3, joined: true)
        try Self.subscribe(&router, 3, #"{"events":["script.message"],"userContexts":["default"]}"#, subscription: "c")
        let inUnseen = #"{"type":"event","method":"script.message","params":{"source":{"context":"T9"}}}"#
        #expect(router.fromBrowser(inUnseen) == [.toClient(3, inUnseen)])
        #expect(router.fromBrowser(inTab) == [.toClient(1, inTab), .toClient(3, inTab)])
    }

    @Test("session.end ends the client's own subscriptions, answers, then closes it; the others keep theirs")
    func sessionEnd() throws {
        var router = Self.router()
        try Self.subscribe(&router, 1, #"{"events":["log"]}"#, subscription: "a")
        try Self.subscribe(&router, 1, #"{"events":["script"]}"#, subscription: "c")
        try Self.subscribe(&router, 2, #"{"events":["log"]}"#, subscription: "b")
        let actions = router.fromClient(1, #"{"id":9,"method":"session.end","params":{}}"#)
        try #require(actions.count == 3, "\(actions)")
        let unsubscribe = try Self.sentToBrowser(Array(actions.prefix(1)))
        #expect(unsubscribe["method"] as? String == "session.unsubscribe")
        #expect((unsubscribe["params"] as? [String: Any])?["subscriptions"] as? [String] == ["a", "c"])
        #expect(Array(actions.dropFirst()) == [.toClient(1, #"{"type":"success","id":9,"result":{}}"#), .close(1)])
        let log = #"{"type":"event","method":"log.entryAdded","params":{}}"#
        #expect(router.fromBrowser(log) == [.toClient(2, log)])
        // The share's own unsubscribe is answered to nobody.
        #expect(router.fromBrowser(#"{"type":"success","id":\#(unsubscribe["id"] as? Int ?? 0),"result":{}}"#).isEmpty)
    }

    @Test("a client gone without session.end: its subscriptions end, and its late answers go nowhere")
    func disconnected() throws {
        var router = Self.router()
        try Self.subscribe(&router, 2, #"{"events":["log"]}"#, subscription: "b")
        let asked = try Self.sentToBrowser(router.fromClient(2, #"{"id":5,"method":"script.evaluate","params":{}}"#))
        let unsubscribe = try Self.sentToBrowser(router.disconnected(2))
        #expect((unsubscribe["params"] as? [String: Any])?["subscriptions"] as? [String] == ["b"])
        #expect(router.fromBrowser(#"{"type":"success","id":\#(asked["id"] as? Int ?? 0),"result":{}}"#).isEmpty)
        #expect(router.fromBrowser(#"{"type":"event","method":"log.entryAdded","params":{}}"#).isEmpty)
        #expect(router.disconnected(2).isEmpty)
    }

    @Test(
        "session.unsubscribe: only the client's own ids (Firefox's words for others); the events form by the client's ids"
    )
    func unsubscribe() throws {
        var router = Self.router()
        try Self.subscribe(&router, 1, #"{"events":["log"]}"#, subscription: "a")
        try Self.subscribe(&router, 2, #"{"events":["log.entryAdded","script.message"]}"#, subscription: "b")
        #expect(
            router.fromClient(1, #"{"id":3,"method":"session.unsubscribe","params":{"subscriptions":["b"]}}"#) == [
                .toClient(
                    1,
                    #"{"error":"invalid argument","id":3,"message":"Failed to unsubscribe from subscriptions with ids: b (unknown ids: b)","type":"error"}"#
                )
            ])
        let byEvents = try Self.sentToBrowser(
            router.fromClient(1, #"{"id":4,"method":"session.unsubscribe","params":{"events":["log"]}}"#))
        #expect((byEvents["params"] as? [String: Any])?["subscriptions"] as? [String] == ["a"])
        #expect(
            router.fromBrowser(#"{"type":"success","id":\#(byEvents["id"] as? Int ?? 0),"result":{}}"#) == [
                .toClient(1, #"{"id":4,"result":{},"type":"success"}"#)
            ])
        let log = #"{"type":"event","method":"log.entryAdded","params":{}}"#
        #expect(router.fromBrowser(log) == [.toClient(2, log)])
        // Part of a subscription with others cannot be ended here: said, not half done.
        let part = router.fromClient(
            2, #"{"id":5,"method":"session.unsubscribe","params":{"events":["log.entryAdded"]}}"#)
        #expect(part.count == 1)
        #expect(
            Self.json(part.first.map { if case .toClient(_, let text) = $0 { text } else { "" } } ?? "")["error"]
                as? String == "invalid argument")
    }

    @Test("not a command: invalid argument, with the id when there is one")
    func malformed() {
        var router = Self.router()
        #expect(
            router.fromClient(1, "[1]") == [
                .toClient(1, #"{"error":"invalid argument","id":null,"message":"not a JSON object","type":"error"}"#)
            ])
        let noMethod = router.fromClient(1, #"{"id":8,"params":{}}"#)
        #expect(noMethod.count == 1)
        if case .toClient(1, let text) = noMethod.first { #expect(Self.json(text)["id"] as? Int == 8) }
        #expect(router.fromBrowser("not json").isEmpty)
    }

    /// The share's own session.new asks Firefox to leave the pages' dialogs alone
    /// (`unhandledPromptBehavior` `ignore`, as Puppeteer asks): a test runner on the shared
    /// session handles alert, confirm and prompt itself. Accept or dismiss would have Firefox
    /// answer them first. Its answer starts the share with Firefox's session.
    @Test(
        "the share's session.new to Firefox asks for the pages' dialogs to be left to the runner, and takes Firefox's session"
    )
    func sessionNewToTheBrowser() async throws {
        let (toBrowser, continuation) = AsyncStream.makeStream(of: String.self)
        let hub = BiDiShareHub(toBrowser: continuation, warn: { _ in })
        let session = Task { try await hub.newSession(timeout: .seconds(300)) }
        var sent = toBrowser.makeAsyncIterator()
        let ask = try #require(await sent.next())
        #expect(
            ask
                == #"{"id":1,"method":"session.new","params":{"capabilities":{"alwaysMatch":{"unhandledPromptBehavior":{"default":"ignore"}}}}}"#
        )
        await hub.fromBrowser(#"{"type":"success","id":1,"result":\#(Self.session)}"#)
        let (id, browser) = try await session.value
        #expect(id == "S1" && browser == "firefox 153.8.0")
    }
}
