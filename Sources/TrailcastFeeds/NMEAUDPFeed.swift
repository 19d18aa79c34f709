// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastDevice
import NIOCore
import NIOPosix
import TrailcastWire

/// `--nmea udp://HOST:PORT`: sends each epoch's sentences as one datagram to HOST:PORT
/// (gpsd listens for such a source with `gpsd udp://HOST:PORT`). Nobody needs to be
/// listening: datagrams to a closed port are simply lost, so the run never waits.
package final class NMEAUDPFeed: Feed {
    private let channel: any Channel
    private let destination: SocketAddress
    private var encoder = NMEAEncoder()
    private var epoch: [UInt8] = []

    /// Opens a socket on an ephemeral local port for sending to `host:port`.
    package static func start(host: String, port: Int) async throws -> NMEAUDPFeed {
        do {
            let destination = try SocketAddress.makeAddressResolvingHost(host, port: port)
            // Any local address of the destination's family; the system picks the route.
            let channel = try await DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .bind(host: destination.protocol == .inet6 ? "::" : "0.0.0.0", port: 0)
                .get()
            return NMEAUDPFeed(channel: channel, destination: destination)
        } catch {
            throw FeedError.cannotListen("udp://\(host):\(port): \(connectFailureReason(error))")
        }
    }

    private init(channel: any Channel, destination: SocketAddress) {
        self.channel = channel
        self.destination = destination
    }

    package func deviceReported(_ epoch: DeviceEpoch) throws {
        self.epoch.removeAll(keepingCapacity: true)
        encoder.append(epoch, to: &self.epoch)
        let envelope = AddressedEnvelope(remoteAddress: destination, data: ByteBuffer(bytes: self.epoch))
        // A refused datagram (nobody listening) is not an error: the next one goes anyway.
        channel.writeAndFlush(envelope, promise: nil)
    }

    package func deviceStreamEnded() throws {}

    package func close() async {
        _ = try? await channel.close()
    }
}
