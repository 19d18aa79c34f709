// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import NIOCore
import NIOWebSocket
import Testing
import TrailcastBasics
import TrailcastDevice
import TrailcastWire
@testable import TrailcastFeeds

/// The BiDi conversation's order of overrides, without a browser: its frames go to a writer
/// of the test's own, which can answer a command before its write returns, as Firefox may.
@Suite("The WebDriver BiDi conversation's overrides")
struct BiDiConversationTests {
    /// The commands written, and an answer given to each override while it is being written.
    actor Browser {
        private(set) var methods: [String] = []

        func wrote(_ text: String, to conversation: BiDiConversation) async throws {
            guard let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                let id = json["id"] as? Int, let method = json["method"] as? String
            else { return }
            methods.append(method)
            switch method {
            case "session.new":
                try await conversation.received(
                    #"{"type":"success","id":\#(id),"result":{"sessionId":"s","capabilities":{"browserName":"firefox","browserVersion":"153.8.0"}}}"#
                )
                return
            case "browsingContext.getTree":
                try await conversation.received(
                    #"{"type":"success","id":\#(id),"result":{"contexts":[{"context":"page","url":"http://127.0.0.1:8000/","parent":null,"children":[]}]}}"#
                )
                return
            case "emulation.setGeolocationOverride":
                break
            default:
                try await conversation.received(#"{"type":"success","id":\#(id),"result":{}}"#)
                return
            }
            let params = json["params"] as? [String: Any] ?? [:]
            if params["coordinates"] is [String: Any] {
                try await conversation.received(#"{"type":"success","id":\#(id),"result":{}}"#)
            } else {
                // Firefox ESR 153's words for the `positionUnavailable` form.
                losses += 1
                try await conversation.received(
                    #"{"type":"error","id":\#(id),"error":"invalid argument","message":"Expected \"coordinates\" to be an object, got [object Undefined] undefined"}"#
                )
            }
        }

        private(set) var losses = 0
    }

    final class Warnings: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func append(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    /// What a session's start writes when every answer comes during its command's write:
    /// the session, the page events, the pages open now.
    static let session = ["session.new", "session.subscribe", "browsingContext.getTree"]

    @Test(
        "the session and every override answered while still being written: the session begins, the page open before it is reloaded after the first fix, and each next override goes out (the feed once waited for such an answer for ever)",
        .timeLimit(.minutes(15)))
    func answeredDuringItsWrite() async throws {
        let conversation = BiDiConversation(targetFilter: nil, warn: { _ in })
        let browser = Browser()
        try await conversation.begin { frame in
            // The frame holds its text unmasked: the encoder masks it on the wire.
            try await browser.wrote(String(buffer: frame.data), to: conversation)
        }
        let time = Timestamp(iso8601: "2026-06-13T16:00:00Z")!
        for second in 0..<3 {
            let fix = LocationFix(time: time.adding(seconds: Double(second)), latitude: 37.7955, longitude: -122.3942)
            try await conversation.run(.position(fix))
        }
        let methods = await browser.methods
        #expect(
            methods == Self.session + ["emulation.setGeolocationOverride", "browsingContext.reload"]
                + Array(repeating: "emulation.setGeolocationOverride", count: 2))
        // Asked only once the session's answer was seen (the subscription follows it): a
        // session never seen would be waited for until the time limit.
        if methods.contains("session.subscribe") {
            #expect(await conversation.session() == .success("firefox 153.8.0"))
        }
    }

    /// The origin a page's geolocation permission is given for (permissions.setPermission):
    /// `scheme://host[:port]` of an http or https page; none for pages whose origins BiDi's
    /// permissions cannot name.
    @Test("an http or https page's origin is its scheme, host and port; about:, file: and data: pages have none")
    func origins() {
        #expect(BiDiConversation.origin(of: "http://127.0.0.1:8000/") == "http://127.0.0.1:8000")
        #expect(BiDiConversation.origin(of: "https://maps.example.com/route?from=a#b") == "https://maps.example.com")
        #expect(BiDiConversation.origin(of: "https://localhost:8443") == "https://localhost:8443")
        #expect(BiDiConversation.origin(of: "https://example.com?q=1") == "https://example.com")
        #expect(BiDiConversation.origin(of: "https:///nothing") == nil)
        for url in ["about:blank", "file:///tmp/page.html", "data:text/html,<p>", "ftp://example.com/"] {
            #expect(BiDiConversation.origin(of: url) == nil, "\(url)")
        }
    }

    @Test(
        "a loss refused while it is still being written: said once as a lost signal it cannot show, and no loss is sent again (on a busy machine it was once a generic refusal)",
        .timeLimit(.minutes(15)))
    func lossRefusedDuringItsWrite() async throws {
        let warnings = Warnings()
        let conversation = BiDiConversation(targetFilter: nil, warn: { warnings.append($0) })
        let browser = Browser()
        try await conversation.begin { frame in
            try await browser.wrote(String(buffer: frame.data), to: conversation)
        }
        let time = Timestamp(iso8601: "2026-06-13T16:00:00Z")!
        let fix = LocationFix(time: time, latitude: 37.7955, longitude: -122.3942)
        for command in [BrowserCommand.position(fix), .position(nil), .position(nil), .position(fix)] {
            try await conversation.run(command)
        }
        #expect(await browser.losses == 1)
        #expect(
            await browser.methods == Self.session + ["emulation.setGeolocationOverride", "browsingContext.reload"]
                + Array(repeating: "emulation.setGeolocationOverride", count: 2))
        #expect(warnings.all.count == 1)
        #expect(
            warnings.all.first?.hasPrefix(
                "trailcast: warning: this browser cannot show a lost signal (it refuses emulation.setGeolocationOverride's positionUnavailable: Expected"
            ) == true)
    }

    /// A started conversation whose browser answers as `Browser` does, and its warnings.
    static func started() async throws -> (BiDiConversation, Browser, Warnings) {
        let warnings = Warnings()
        let conversation = BiDiConversation(targetFilter: nil, warn: { warnings.append($0) })
        let browser = Browser()
        try await conversation.begin { frame in try await browser.wrote(String(buffer: frame.data), to: conversation) }
        return (conversation, browser, warnings)
    }

    @Test("a page that closes is said once, dropped from the feed; a blank tab closing is not said")
    func closedPages() async throws {
        let (conversation, _, warnings) = try await Self.started()
        try await conversation.received(
            #"{"type":"event","method":"browsingContext.contextCreated","params":{"context":"blank","url":"about:blank","parent":null,"userContext":"default","children":[]}}"#
        )
        try await conversation.received(
            #"{"type":"event","method":"browsingContext.contextDestroyed","params":{"context":"blank","url":"about:blank","parent":null,"children":[]}}"#
        )
        try await conversation.received(
            #"{"type":"event","method":"browsingContext.contextDestroyed","params":{"context":"page","url":"http://127.0.0.1:8000/","parent":null,"children":[]}}"#
        )
        #expect(
            warnings.all == [
                "trailcast: warning: the browser page http://127.0.0.1:8000/ closed: dropped from the browser feed"
            ])
    }

    /// Firefox keeps a permission per origin and user context: a page of an origin already
    /// given it in the default user context, loaded in another, is given it there too.
    @Test(
        "the permission goes to an origin once per user context: the same origin in a second user context gets its own")
    func permissionPerUserContext() async throws {
        let (conversation, browser, _) = try await Self.started()
        try await conversation.run(.permission(.granted))
        try await conversation.received(
            #"{"type":"event","method":"browsingContext.load","params":{"context":"again","url":"http://127.0.0.1:8000/other","parent":null,"userContext":"default"}}"#
        )
        try await conversation.received(
            #"{"type":"event","method":"browsingContext.load","params":{"context":"own","url":"http://127.0.0.1:8000/","parent":null,"userContext":"U2"}}"#
        )
        #expect(await browser.methods.filter { $0 == "permissions.setPermission" }.count == 2)
    }

    /// Records each override's longitude; answers every other command at once and overrides
    /// only when the test says (as Firefox holds them while a page reloads).
    actor HoldingBrowser {
        private(set) var longitudes: [Double] = []
        private(set) var unansweredOverrides: [Int] = []

        func wrote(_ text: String, to conversation: BiDiConversation) async throws {
            guard let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                let id = json["id"] as? Int, let method = json["method"] as? String
            else { return }
            switch method {
            case "session.new":
                try await conversation.received(
                    #"{"type":"success","id":\#(id),"result":{"sessionId":"s","capabilities":{"browserName":"firefox","browserVersion":"153.8.0"}}}"#
                )
            case "browsingContext.getTree":
                try await conversation.received(
                    #"{"type":"success","id":\#(id),"result":{"contexts":[{"context":"page","url":"http://127.0.0.1:8000/","parent":null,"children":[]}]}}"#
                )
            case "emulation.setGeolocationOverride":
                let coordinates = (json["params"] as? [String: Any])?["coordinates"] as? [String: Any]
                longitudes.append(coordinates?["longitude"] as? Double ?? .nan)
                unansweredOverrides.append(id)
            default:
                try await conversation.received(#"{"type":"success","id":\#(id),"result":{}}"#)
            }
        }

        func answerOverride(_ conversation: BiDiConversation) async throws {
            let id = unansweredOverrides.removeFirst()
            try await conversation.received(#"{"type":"success","id":\#(id),"result":{}}"#)
        }
    }

    @Test(
        "while a reloaded page loads, the fixes that come with an override in flight are replaced by the newest; from its load on, each in its turn"
    )
    func newestWhileReloading() async throws {
        let conversation = BiDiConversation(targetFilter: nil, warn: { _ in })
        let browser = HoldingBrowser()
        try await conversation.begin { frame in try await browser.wrote(String(buffer: frame.data), to: conversation) }
        let time = Timestamp(iso8601: "2026-06-13T16:00:00Z")!
        func fix(_ second: Int) -> BrowserCommand {
            .position(
                LocationFix(
                    time: time.adding(seconds: Double(second)), latitude: 37.7955,
                    longitude: -122.3942 + Double(second) * 0.001))
        }
        try await conversation.run(fix(0))  // in flight; the page open before it is reloaded
        try await conversation.run(fix(1))
        try await conversation.run(fix(2))
        #expect(await browser.longitudes == [-122.3942])
        try await browser.answerOverride(conversation)  // the newest goes out with the answer
        #expect(await browser.longitudes == [-122.3942, -122.3922])
        try await conversation.received(
            #"{"type":"event","method":"browsingContext.load","params":{"context":"page","url":"http://127.0.0.1:8000/","parent":null,"userContext":"default"}}"#
        )
        try await browser.answerOverride(conversation)
        try await conversation.run(fix(3))
        #expect(await browser.longitudes == [-122.3942, -122.3922, -122.3912])
        // Loaded: fixes that come with one in flight each wait for its answer, none replaced.
        let returned = LockedValue(false)
        let runs = Task {
            try await conversation.run(fix(4))
            try await conversation.run(fix(5))
            returned.withLock { $0 = true }
        }
        // With the third fix unanswered, the fourth waits for it (replaced, both would return at once).
        for _ in 0..<200 where !returned.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(1)) }
        #expect(!returned.withLock { $0 }, "the fourth and fifth fixes went without an answer to the third")
        let giveUp = ContinuousClock.now.advanced(by: Patience.hang)
        while ContinuousClock.now < giveUp {
            let sentCount = await browser.longitudes.count
            let waiting = await browser.unansweredOverrides.count
            if sentCount >= 5 && waiting == 0 { break }
            if waiting > 0 { try await browser.answerOverride(conversation) }
            try await Task.sleep(for: .milliseconds(1))
        }
        runs.cancel()
        let sent = await browser.longitudes.map { ($0 * 10_000).rounded() / 10_000 }
        #expect(sent == [-122.3942, -122.3922, -122.3912, -122.3902, -122.3892])
    }
}
