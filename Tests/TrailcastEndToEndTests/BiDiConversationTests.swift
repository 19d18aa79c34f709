import Foundation
import NIOCore
import NIOWebSocket
import Testing
import TrailcastBasics
import TrailcastDevice
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
                  let id = json["id"] as? Int, let method = json["method"] as? String else { return }
            methods.append(method)
            if method == "emulation.setGeolocationOverride" {
                try await conversation.received(#"{"type":"success","id":\#(id),"result":{}}"#)
            }
        }
    }

    @Test(
        "an override answered while it is still being written: the next one goes out (the feed once waited for that answer for ever, and the run never ended)",
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
        #expect(await browser.methods == ["session.new"] + Array(repeating: "emulation.setGeolocationOverride", count: 3))
    }
}
