// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import NIOCore
import NIOWebSocket
import Testing
@testable import TrailcastFeeds

/// Which pages the DevTools conversation attaches to, without a browser: the browser's
/// target events go in, the commands written come out of a testing writer.
@Suite("The DevTools conversation's pages")
struct DevToolsConversationTests {
    static func target(_ method: String, id: String, url: String, type: String = "page") -> String {
        #"{"method":"\#(method)","params":{"targetInfo":{"targetId":"\#(id)","type":"\#(type)","url":"\#(url)"}}}"#
    }

    /// The methods and target ids of every command written for `events`.
    static func commands(filter: String?, events: [String]) async throws -> [String] {
        let conversation = DevToolsConversation(targetFilter: filter, warn: { _ in })
        let (writer, sink) = NIOAsyncChannelOutboundWriter<WebSocketFrame>.makeTestingWriter()
        await conversation.begin(writer)
        for event in events { try await conversation.received(event) }
        writer.finish()
        var commands: [String] = []
        for try await frame in sink {
            let json = try #require(
                JSONSerialization.jsonObject(with: Data(String(buffer: frame.data).utf8)) as? [String: Any])
            let target = (json["params"] as? [String: Any])?["targetId"] as? String
            commands.append("\(json["method"] as? String ?? "?") \(target ?? "-")")
        }
        return commands
    }

    /// --browser-target: a page that opens on about:blank and then navigates to a matching
    /// URL (Chromium says so with Target.targetInfoChanged) is attached then, once.
    @Test("a page that navigates to a URL matching --browser-target is attached when it does, once")
    func navigatedPageAttached() async throws {
        let commands = try await Self.commands(
            filter: "maps",
            events: [
                Self.target("Target.targetCreated", id: "A", url: "about:blank"),
                Self.target("Target.targetCreated", id: "B", url: "http://127.0.0.1:8000/other"),
                Self.target("Target.targetInfoChanged", id: "A", url: "http://127.0.0.1:8000/maps"),
                Self.target("Target.targetInfoChanged", id: "A", url: "http://127.0.0.1:8000/maps#zoomed"),
                Self.target(
                    "Target.targetInfoChanged", id: "W", url: "http://127.0.0.1:8000/maps/worker.js",
                    type: "service_worker"),
            ])
        #expect(commands == ["Target.attachToTarget A"])
    }

    @Test("without --browser-target every page is attached as it is created, once")
    func everyPage() async throws {
        let commands = try await Self.commands(
            filter: nil,
            events: [
                Self.target("Target.targetCreated", id: "A", url: "about:blank"),
                Self.target("Target.targetInfoChanged", id: "A", url: "http://127.0.0.1:8000/"),
                Self.target("Target.targetCreated", id: "B", url: "http://127.0.0.1:8000/b"),
            ])
        #expect(commands == ["Target.attachToTarget A", "Target.attachToTarget B"])
    }
}
