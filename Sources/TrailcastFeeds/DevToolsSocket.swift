// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// The browser feed's WebSocket, on swift-nio's WebSocket support (its upgrader and frame
/// codec). Not swift-websocket's client: that one always sends an `Origin` header, and
/// Chromium (111 and later) refuses DevTools connections that carry one unless it was
/// started with `--remote-allow-origins`; a client that sends none, as Puppeteer's does,
/// needs no such flag.
enum DevToolsSocket {
    typealias Channel = NIOAsyncChannel<WebSocketFrame, WebSocketFrame>
    /// The largest message read (a fragmented one counts whole).
    static let maximumMessageBytes = 1 << 20

    private enum Upgrade {
        case websocket(Channel)
        case refused
    }

    /// Connects to `ws://HOST:PORT/PATH` and upgrades; throws if either fails. A single frame
    /// over `maximumFrameBytes` is a protocol error in swift-nio's decoder: the connection
    /// closes (1009), where a fragmented message over ``readMessages``'s limit is skipped.
    static func open(
        _ url: String, timeout: TimeAmount, maximumFrameBytes: Int = maximumMessageBytes
    ) async throws -> Channel {
        guard let (host, port, path) = parse(url) else { throw FeedError.peerFailed("not a ws:// URL: \(url)") }
        let upgrade: EventLoopFuture<Upgrade> = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(timeout)
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(
                        maxFrameSize: maximumFrameBytes,
                        upgradePipelineHandler: { channel, _ in
                            channel.eventLoop.makeCompletedFuture {
                                .websocket(try Channel(wrappingChannelSynchronously: channel))
                            }
                        })
                    var headers = HTTPHeaders()
                    headers.add(name: "Host", value: "\(host):\(port)")
                    let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: headers)
                    let configuration = NIOTypedHTTPClientUpgradeConfiguration(
                        upgradeRequestHead: head, upgraders: [upgrader],
                        notUpgradingCompletionHandler: { channel in channel.eventLoop.makeCompletedFuture { .refused } }
                    )
                    return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
                        configuration: .init(upgradeConfiguration: configuration))
                }
            }
        switch try await upgrade.get() {
        case .websocket(let channel): return channel
        case .refused: throw FeedError.peerFailed("\(url) refused the WebSocket upgrade")
        }
    }

    /// A text message, masked as a client's frames must be.
    static func text(_ string: String) -> WebSocketFrame {
        WebSocketFrame(fin: true, opcode: .text, maskKey: .random(), data: ByteBuffer(string: string))
    }

    /// The client's close frame (normal closure).
    static func close() -> WebSocketFrame {
        var data = ByteBuffer()
        data.write(webSocketErrorCode: .normalClosure)
        return WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: data)
    }

    /// Reads `inbound` until the peer closes: each text message (fragments joined) to
    /// `onText`; pings answered; a fragmented message over `maximumBytes` skipped (one frame
    /// over the limit `open` set has closed the connection before it gets here). `masked`: this end is
    /// the client, whose frames are masked (a server's, ``BiDiSessionShare``'s, are not).
    static func readMessages(
        _ inbound: NIOAsyncChannelInboundStream<WebSocketFrame>,
        outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>,
        masked: Bool = true, maximumBytes: Int = maximumMessageBytes, onText: (String) async throws -> Void
    ) async throws {
        var message = ByteBuffer()
        var isText = false
        var tooLong = false
        for try await frame in inbound {
            switch frame.opcode {
            case .text, .binary, .continuation:
                if frame.opcode != .continuation {
                    message.clear()
                    isText = frame.opcode == .text
                    tooLong = false
                }
                var data = frame.unmaskedData
                if message.readableBytes + data.readableBytes > maximumBytes { tooLong = true }
                if !tooLong { message.writeBuffer(&data) }
                guard frame.fin else { continue }
                if isText && !tooLong { try await onText(String(buffer: message)) }
                message.clear()
            case .ping:
                try await outbound.write(
                    WebSocketFrame(
                        fin: true, opcode: .pong, maskKey: masked ? .random() : nil, data: frame.unmaskedData))
            case .connectionClose:
                try? await outbound.write(
                    WebSocketFrame(
                        fin: true, opcode: .connectionClose, maskKey: masked ? .random() : nil, data: ByteBuffer()))
                return
            default:
                break
            }
        }
    }

    /// `ws://HOST:PORT/PATH`: host, port (80 if none) and path.
    static func parse(_ url: String) -> (host: String, port: Int, path: String)? {
        guard url.hasPrefix("ws://") else { return nil }
        let rest = url.dropFirst("ws://".count)
        let authority = rest.prefix { $0 != "/" }
        let path = rest.dropFirst(authority.count)
        var host = String(authority)
        var port = 80
        if let colon = authority.lastIndex(of: ":"), let number = Int(authority[authority.index(after: colon)...]) {
            host = String(authority[..<colon])
            port = number
        }
        guard !host.isEmpty else { return nil }
        return (host, port, path.isEmpty ? "/" : String(path))
    }
}
