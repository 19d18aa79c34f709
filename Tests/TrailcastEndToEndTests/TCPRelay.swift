// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import NIOCore
import NIOPosix
import TrailcastBasics

/// A TCP relay on 127.0.0.1 to another local port, whose connections a test can cut the
/// way a dropped network does: a browser talks to the relay, the relay to the server, and
/// ``cutAll()`` closes both sides of every connection at once while the relay goes on
/// accepting new ones.
final class TCPRelay: Sendable {
    let port: Int
    private let listener: any Channel
    private let connections: LockedValue<[any Channel]>

    private init(port: Int, listener: any Channel, connections: LockedValue<[any Channel]>) {
        self.port = port
        self.listener = listener
        self.connections = connections
    }

    static func start(to targetPort: Int) async throws -> TCPRelay {
        let connections = LockedValue<[any Channel]>([])
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            // Nothing is read from the browser until the server's side is connected.
            .childChannelOption(.autoRead, value: false)
            .childChannelInitializer { inbound in
                ClientBootstrap(group: inbound.eventLoop).connect(host: "127.0.0.1", port: targetPort)
                    .flatMapThrowing { outbound in
                        try inbound.pipeline.syncOperations.addHandler(Forwarder(partner: outbound))
                        try outbound.pipeline.syncOperations.addHandler(Forwarder(partner: inbound))
                        connections.withLock { $0 += [inbound, outbound] }
                    }
                    .flatMap { inbound.setOption(.autoRead, value: true) }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return TCPRelay(port: listener.localAddress!.port!, listener: listener, connections: connections)
    }

    /// Closes every connection made so far, both ways.
    func cutAll() async {
        let open = connections.withLock { open in
            defer { open = [] }
            return open
        }
        for channel in open { try? await channel.close() }
    }

    func close() async {
        try? await listener.close()
        await cutAll()
    }
}

/// Writes what one side reads to the other, and closes the other when this one closes.
private final class Forwarder: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let partner: any Channel

    init(partner: any Channel) {
        self.partner = partner
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        partner.writeAndFlush(unwrapInboundIn(data), promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        partner.close(promise: nil)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
