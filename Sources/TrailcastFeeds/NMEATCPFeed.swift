// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastDevice
import NIOCore
import NIOPosix
import TrailcastBasics
import TrailcastWire

/// `--nmea tcp://HOST:PORT`: serves the device stream as NMEA 0183 to every client that
/// connects, as a GPS receiver on a network port does (gpsd connects as a client:
/// `gpsd -N -n tcp://127.0.0.1:PORT`).
///
/// A client that connects late gets the stream from that moment. A client that leaves is
/// forgotten; one that stops reading is dropped, with a warning, once its unsent bytes pass
/// a bound (NIO's write-buffer high-water mark), so it never blocks the run or the others.
package final class NMEATCPFeed: Feed {
    /// Unsent bytes a client may hold before it counts as stalled: about a minute of epochs.
    package static let stalledClientBytes = 64 * 1024

    /// The address the server listens on (the port chosen, when 0 was asked for).
    package let host: String
    package let port: Int
    private let server: any Channel
    private let clients: ClientList
    private let warn: @Sendable (String) -> Void
    private var encoder = NMEAEncoder()
    private var epoch: [UInt8] = []

    /// Listens on `host:port` (0: any free port).
    ///
    /// - Parameter warn: told, in one line, of each client dropped for not keeping up.
    /// - Throws: ``FeedError/cannotListen(_:)`` when the address cannot be bound.
    package static func start(
        host: String, port: Int, warn: @escaping @Sendable (String) -> Void
    ) async throws -> NMEATCPFeed {
        let clients = ClientList()
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.tcpOption(.tcp_nodelay), value: 1)
            .childChannelOption(
                .writeBufferWaterMark,
                value: .init(low: stalledClientBytes / 2, high: stalledClientBytes)
            )
            .childChannelInitializer { channel in
                clients.add(channel)
                channel.closeFuture.whenComplete { _ in clients.remove(channel) }
                // What a client sends (gpsd sends nothing) is read and dropped.
                return channel.pipeline.addHandler(DiscardingInbound())
            }
        let server: any Channel
        do {
            server = try await bootstrap.bind(host: host, port: port).get()
        } catch {
            let reason = (error as? IOError).map { ListenFailure.reason(errno: $0.errnoCode, host: host, port: port) }
            throw FeedError.cannotListen("tcp://\(host):\(port): \(reason ?? connectFailureReason(error))")
        }
        return NMEATCPFeed(server: server, host: host, clients: clients, warn: warn)
    }

    private init(server: any Channel, host: String, clients: ClientList, warn: @escaping @Sendable (String) -> Void) {
        self.server = server
        self.host = host
        port = server.localAddress?.port ?? 0
        self.clients = clients
        self.warn = warn
    }

    package func deviceReported(_ epoch: DeviceEpoch) throws {
        self.epoch.removeAll(keepingCapacity: true)
        encoder.append(epoch, to: &self.epoch)
        let clients = self.clients.snapshot()
        guard !clients.isEmpty else { return }
        let buffer = ByteBuffer(bytes: self.epoch)
        for client in clients {
            guard client.isWritable else {
                // Its unsent bytes passed the high-water mark: it is not reading.
                self.clients.remove(client)
                client.close(promise: nil)
                warn(
                    "trailcast: NMEA client \(client.remoteAddress.map { "\($0)" } ?? "?") dropped: it stopped reading")
                continue
            }
            client.writeAndFlush(buffer, promise: nil)
        }
    }

    /// The clients keep their connection until ``close()``: the run may end before a
    /// client has read the last epoch.
    package func deviceStreamEnded() throws {}

    /// Sends what is pending (waiting at most a second per client), then closes the
    /// clients and stops listening.
    package func close() async {
        for client in clients.snapshot() {
            let flushed = client.eventLoop.makePromise(of: Void.self)
            client.writeAndFlush(ByteBuffer(), promise: flushed)
            let timeout = client.eventLoop.scheduleTask(in: .seconds(1)) { flushed.succeed() }
            _ = try? await flushed.futureResult.get()
            timeout.cancel()
            _ = try? await client.close()
        }
        _ = try? await server.close()
    }
}

/// The connected clients, shared between the event loops (which add and remove them)
/// and the replay (which writes to them).
private final class ClientList: Sendable {
    private let channels = LockedValue<[ObjectIdentifier: any Channel]>([:])

    func add(_ channel: any Channel) {
        channels.withLock { $0[ObjectIdentifier(channel)] = channel }
    }

    func remove(_ channel: any Channel) {
        _ = channels.withLock { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    func snapshot() -> [any Channel] {
        channels.withLock { Array($0.values) }
    }
}

/// Reads and drops what a feed's client sends.
private final class DiscardingInbound: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
}
