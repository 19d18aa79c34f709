// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import NIOCore
import NIOWebSocket
import Testing

@testable import TrailcastFeeds

/// The browser feeds' WebSocket (`DevToolsSocket`): the URLs it takes, and the messages it
/// reads out of frames as RFC 6455 frames them.
@Suite("The browser feeds' WebSocket: URLs and frames")
struct DevToolsSocketTests {
    @Test(
        "ws://HOST[:PORT][/PATH]: port 80 when none is given, as the scheme's; path / when none; anything else refused")
    func urls() {
        #expect(DevToolsSocket.parse("ws://127.0.0.1/session")! == ("127.0.0.1", 80, "/session"))
        #expect(DevToolsSocket.parse("ws://localhost:9222")! == ("localhost", 9222, "/"))
        #expect(DevToolsSocket.parse("ws://127.0.0.1:9222/session/abc")! == ("127.0.0.1", 9222, "/session/abc"))
        #expect(DevToolsSocket.parse("http://127.0.0.1:9222/session") == nil)
        #expect(DevToolsSocket.parse("ws://:9222/session") == nil)
    }

    /// Reads `frames` as the browser sent them; the messages handed on and the frames written back.
    static func read(_ frames: [WebSocketFrame], maximumBytes: Int = DevToolsSocket.maximumMessageBytes) async throws
        -> ([String], [WebSocketFrame])
    {
        let (inbound, source) = NIOAsyncChannelInboundStream<WebSocketFrame>.makeTestingStream()
        let (outbound, sink) = NIOAsyncChannelOutboundWriter<WebSocketFrame>.makeTestingWriter()
        for frame in frames { source.yield(frame) }
        source.finish()
        var messages: [String] = []
        try await DevToolsSocket.readMessages(inbound, outbound: outbound, masked: false, maximumBytes: maximumBytes) {
            messages.append($0)
        }
        outbound.finish()
        var written: [WebSocketFrame] = []
        for await frame in sink { written.append(frame) }
        return (messages, written)
    }

    static func frame(_ opcode: WebSocketOpcode, _ text: String, fin: Bool) -> WebSocketFrame {
        WebSocketFrame(fin: fin, opcode: opcode, data: ByteBuffer(string: text))
    }

    @Test(
        "a message in fragments is handed on once, whole, also with a ping between its fragments (answered with a pong)"
    )
    func fragments() async throws {
        let (messages, written) = try await Self.read([
            Self.frame(.text, #"{"id":1,"#, fin: false),
            Self.frame(.ping, "are you there", fin: true),
            Self.frame(.continuation, #""result":"#, fin: false),
            Self.frame(.continuation, "{}}", fin: true),
            Self.frame(.text, #"{"id":2}"#, fin: true),
        ])
        #expect(messages == [#"{"id":1,"result":{}}"#, #"{"id":2}"#])
        #expect(written.map(\.opcode) == [.pong])
        #expect(written.first.map { String(buffer: $0.unmaskedData) } == "are you there")
    }

    @Test("a fragmented message over the limit is skipped whole; the next one is read")
    func tooLong() async throws {
        let (messages, _) = try await Self.read(
            [
                Self.frame(.text, "0123456789", fin: false),
                Self.frame(.continuation, "0123456789", fin: true),
                Self.frame(.text, "short", fin: true),
            ], maximumBytes: 15)
        #expect(messages == ["short"])
    }
}
