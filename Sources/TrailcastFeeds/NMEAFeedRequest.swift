// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// `--nmea tcp://HOST:PORT` (a server gpsd and other clients connect to, ``NMEATCPFeed``) or
/// `--nmea udp://HOST:PORT` (datagrams to a listener such as `gpsd udp://HOST:PORT`,
/// ``NMEAUDPFeed``). (`--nmea FILE` is written as the run's files are.)
public struct NMEAFeedRequest: FeedRequest {
    /// How the sentences travel: from a TCP server clients connect to, or as UDP datagrams to a
    /// listener.
    public enum Transport: Sendable {
        /// `tcp://`: the feed listens at `host`:`port` and sends the stream to every client that connects.
        case tcp
        /// `udp://`: the feed sends each epoch's sentences as one datagram to `host`:`port`.
        case udp
    }

    /// Whether the stream is served over TCP or sent as UDP datagrams.
    public var transport: Transport
    /// For TCP, the address to listen on; for UDP, where the datagrams go.
    public var host: String
    /// For TCP, 0: any free port (the one chosen is said).
    public var port: Int

    /// A feed over `transport` at `host`:`port`; it starts with the run, which needs `--speed`.
    public init(_ transport: Transport, host: String, port: Int) {
        self.transport = transport
        self.host = host
        self.port = port
    }

    public func problem(speed: Double) -> String? {
        Self.needsRealTime("--nmea tcp:// and udp:// feed a live consumer and need", speed: speed)
    }

    public func start(speed: Double, messages: @escaping @Sendable (String) -> Void) async throws -> any Feed {
        switch transport {
        case .tcp:
            let feed = try await NMEATCPFeed.start(host: host, port: port) { messages($0) }
            messages("trailcast: serving NMEA on tcp://\(urlAuthority(host: host, port: feed.port))")
            return feed
        case .udp:
            return try await NMEAUDPFeed.start(host: host, port: port)
        }
    }
}
