// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import TrailcastBasics

/// A web map tile server on 127.0.0.1 for the `--tiles` tests: every `GET` is answered
/// with the same small PNG, and every path asked for is kept, so a test can see which
/// tiles a browser fetched. `pages` are answered as HTML at their paths instead (a page of
/// another origin than the one under test).
final class TileServer: Sendable {
    let port: Int
    private let listener: any Channel
    private let paths: LockedValue<[String]>

    /// `http://127.0.0.1:PORT/{z}/{x}/{y}.png`.
    var template: String { "http://127.0.0.1:\(port)/{z}/{x}/{y}.png" }

    /// The paths asked for so far, in order.
    var requestedPaths: [String] { paths.withLock { $0 } }

    private init(port: Int, listener: any Channel, paths: LockedValue<[String]>) {
        self.port = port
        self.listener = listener
        self.paths = paths
    }

    static func start(pages: [String: String] = [:]) async throws -> TileServer {
        let paths = LockedValue<[String]>([])
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(TileResponder(paths: paths, pages: pages))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return TileServer(port: listener.localAddress!.port!, listener: listener, paths: paths)
    }

    func close() async {
        try? await listener.close()
    }
}

private final class TileResponder: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// A 1 x 1 grey PNG: a browser decodes it and stretches it over the tile's square.
    static let png = Data(
        base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGM4AwAAzgDN1GaQsAAAAABJRU5ErkJggg==")!

    private let paths: LockedValue<[String]>
    private let pages: [String: String]
    private var keepAlive = true
    private var path = ""

    init(paths: LockedValue<[String]>, pages: [String: String]) {
        self.paths = paths
        self.pages = pages
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            let uri = head.uri
            path = uri
            paths.withLock { $0.append(uri) }
            keepAlive = head.isKeepAlive
        case .body:
            break
        case .end:
            let page = pages[path].map { Data($0.utf8) }
            let body = page ?? Self.png
            var headers = HTTPHeaders([
                ("Content-Type", page == nil ? "image/png" : "text/html"), ("Content-Length", String(body.count)),
            ])
            if !keepAlive { headers.add(name: "Connection", value: "close") }
            context.write(
                wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil
            )
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
            let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
            if !keepAlive {
                let channel = context.channel
                done.whenComplete { _ in channel.close(promise: nil) }
            }
        }
    }
}
