// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import NIOCore
import NIOPosix
import TrailcastBasics

/// The fleet's HTTP side: positions sent to a Traccar server in its OsmAnd protocol (GET
/// `/?id=...`) or to an OwnTracks HTTP endpoint (POST of the JSON location), over
/// keep-alive connections (``Options/connections``), one request at a time on each, with a
/// short queue behind it. A full queue refuses; a non-2xx answer or a timeout is an error;
/// a connection the server closes is made again at once, one that fails with backoff.
/// None of it stops the run.
///
/// SwiftNIO by hand rather than async-http-client (1.37.0, already a dependency), whose
/// connection pool is its own: it gives each request whichever connection is idle, so device
/// *i* could not keep to connection *i mod N* and a device's positions could overtake each
/// other; it retries a failed connect on a fixed backoff (100 ms, times 1.25 a failure in a
/// row, up to 60 s: `HTTPConnectionPool+Backoff.swift`) that `--reconnect-max` cannot bound;
/// and it says nothing of a failed attempt (only a connection made reaches its debug
/// initializer), so `failedAttempts` and their causes could not be counted. With its
/// `retryConnectionEstablishment` off, one failed connect fails every request waiting
/// instead, where here a failed attempt loses no message.
package final class HTTPFleetSender: Sendable {
    package struct Options: Sendable {
        package var host: String
        package var port: Int
        /// Connections, each with one request in flight: the most requests a second is
        /// connections ÷ the server's answer time. See ``defaultConnections(devices:)``.
        package var connections: Int
        /// Requests waiting behind the one in flight, per connection.
        package var queueLimit: Int
        package var requestTimeout: TimeAmount
        /// Headers every request carries (`User-Agent`, OwnTracks' `X-Limit-U`).
        package var headers: [(name: String, value: String)]
        /// The longest wait before trying again after a failure (`--reconnect-max`).
        package var reconnectMaximum: Duration
        /// TLS (`https://`); nil: plain HTTP.
        package var security: TransportSecurity?
        /// How messages name the server (`the OwnTracks HTTP backend`).
        package var what = "the HTTP server"
        /// Told once of each kind of failure, as it first happens (a line for standard error).
        package var notice: @Sendable (String) -> Void = { _ in }

        package init(
            host: String, port: Int, headers: [(name: String, value: String)] = [], connections: Int = 8,
            queueLimit: Int = 256, requestTimeout: TimeAmount = .seconds(10),
            reconnectMaximum: Duration = ReconnectBackoff.defaultMaximum, security: TransportSecurity? = nil
        ) {
            self.security = security
            self.reconnectMaximum = reconnectMaximum
            self.headers = [("User-Agent", "trailcast-fleet/\(TrailcastVersion.current)")] + headers
            self.host = host
            self.port = port
            self.connections = connections
            self.queueLimit = queueLimit
            self.requestTimeout = requestTimeout
        }
    }

    /// One connection per 25 devices, at least 8, at most 1,000: at one fix a second each
    /// connection then carries 25 requests a second, so the fleet keeps up with a server
    /// answering in up to 40 ms (a Traccar at 20 ms is half busy), and 10,000 devices make
    /// 400 connections, not 10,000.
    package static func defaultConnections(devices: Int) -> Int {
        min(max(8, (devices + 24) / 25), 1000)
    }

    private let links: [HTTPFleetLink]
    private let classOfDevice: @Sendable (Int) -> Int

    package init(options: Options, classCount: Int, classOfDevice: @escaping @Sendable (Int) -> Int) {
        self.classOfDevice = classOfDevice
        let notices = FailureNotices(
            what: options.what, notice: options.notice,
            withoutClientCertificate: options.security.map { !$0.presentsClientCertificate } ?? false)
        links = (0..<max(options.connections, 1)).map { index in
            HTTPFleetLink(
                options: options, seed: UInt64(index), classCount: classCount, classOfDevice: classOfDevice,
                notices: notices)
        }
    }

    /// Opens a connection to the server (and with TLS, completes the handshake) and closes
    /// it: whether it is there, and trusted, before a run starts. `what` names the server
    /// for the message (`the OsmAnd server`).
    package static func probe(_ options: Options, what: String) async throws(HTTPServerUnreachable) {
        let authority = urlAuthority(host: options.host, port: options.port)
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let handshake = HandshakeResult(loop.makePromise(of: Void.self))
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: loop)
                .connectTimeout(.seconds(5))
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        guard let security = options.security else { return }
                        try channel.pipeline.syncOperations.addHandler(try security.handler(host: options.host))
                        try channel.pipeline.syncOperations.addHandler(HandshakeWaiter(handshake))
                    }
                }
                .connect(host: options.host, port: options.port).get()
        } catch {
            handshake.complete(.failure(ChannelError.eof))
            throw HTTPServerUnreachable(
                description: "cannot reach \(what) at \(authority): \(connectFailureReason(error))")
        }
        defer { channel.close(promise: nil) }
        guard let security = options.security else {
            handshake.complete(.success(()))
            return
        }
        do {
            try await handshake.promise.futureResult.get()
        } catch {
            var reason = security.reason(of: error)
            if reason.hasPrefix("certificate verify failed"),
                let dates = await security.certificateProblem(host: options.host, port: options.port)
            {
                reason = "certificate verify failed: \(dates)"
            }
            throw HTTPServerUnreachable(description: "TLS with \(what) at \(authority) failed: \(reason)")
        }
    }

    /// Sends one request of a shard slot's device: a GET of `target` (OsmAnd's
    /// ``OsmAndLocation/requestTarget()``), or with a `body` a POST of it as JSON with
    /// `headers` (OwnTracks' `X-Limit-D`).
    package func send(
        target: String, body: [UInt8]? = nil, headers: [(name: String, value: String)] = [], slot: Int, device: Int
    ) {
        links[slot % links.count].send(.init(target: target, body: body, headers: headers, device: device))
    }

    package func counts() -> [DeliveryCounts] { links.totalCounts() }

    package func connectionCounts() -> ConnectionCounts { links.totalConnectionCounts() }

    /// Waits (up to `timeout`) for the answers still due, then closes the connections;
    /// what is still queued then is lost.
    package func finish(timeout: Duration) async {
        await links.wait(timeout: timeout, while: \.isBusy)
        await withTaskGroup(of: Void.self) { group in
            for link in links { group.addTask { await link.close() } }
        }
    }
}

/// The HTTP server cannot be reached.
package struct HTTPServerUnreachable: Error, Sendable, CustomStringConvertible {
    package var description: String
}
