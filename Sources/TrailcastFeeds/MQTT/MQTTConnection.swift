// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import NIOCore
import NIOPosix
import TrailcastBasics
package import TrailcastWire

/// What a connection tells its owner, from its event loop: keep it quick.
package protocol MQTTConnectionDelegate: Sendable {
    /// The broker acknowledged a QoS 1 publish (PUBACK); `context` is the one given to
    /// ``MQTTConnection/publish(_:context:)``.
    func acknowledged(context: UInt64)
    /// A publish given to ``MQTTConnection/publish(_:context:)`` could not be written after
    /// all: the socket's buffer filled, or too many QoS 1 messages await their PUBACK.
    func refused(context: UInt64)
    /// A message from the broker for one of the connection's subscriptions.
    func received(_ publish: MQTTPacket.Publish)
    /// The connection closed (the broker dropped it, a keep-alive went unanswered, or
    /// ``MQTTConnection/disconnect()``); `unacknowledged` QoS 1 publishes never got their PUBACK.
    func closed(unacknowledged: Int)
}

extension MQTTConnectionDelegate {
    package func acknowledged(context: UInt64) {}
    package func refused(context: UInt64) {}
    package func received(_ publish: MQTTPacket.Publish) {}
    package func closed(unacknowledged: Int) {}
}

/// One MQTT 3.1.1 client connection on SwiftNIO: CONNECT and its CONNACK, PUBLISH at QoS 0
/// or 1 with PUBACKs matched to what was sent, SUBSCRIBE, keep-alive pings, DISCONNECT.
/// No session is kept (clean session): a dropped connection's unacknowledged messages are
/// reported lost, not resent, and reconnecting is the owner's choice.
///
/// Publishing never waits: a message that cannot be written now (the socket's buffer is
/// full, or too many await their PUBACK) is refused and counted by the caller, so a slow
/// broker never holds up the simulation that feeds it.
package final class MQTTConnection: Sendable {
    package struct Options: Sendable {
        package var host: String
        package var port: Int
        package var clientIdentifier: String
        /// Seconds; a ping goes out when nothing else has for this long (3.1.2.10).
        package var keepAliveSeconds: UInt16
        /// QoS 1 publishes that may await their PUBACK at once.
        package var maximumInFlight: Int
        package var connectTimeout: TimeAmount
        package var username: String?
        package var password: [UInt8]?
        /// TLS (`mqtts://`); nil: plain TCP.
        package var security: TransportSecurity?

        package init(
            host: String, port: Int, clientIdentifier: String, keepAliveSeconds: UInt16 = 60,
            maximumInFlight: Int = 1000,
            connectTimeout: TimeAmount = .seconds(10), username: String? = nil, password: [UInt8]? = nil,
            security: TransportSecurity? = nil
        ) {
            self.host = host
            self.port = port
            self.clientIdentifier = clientIdentifier
            self.keepAliveSeconds = keepAliveSeconds
            self.maximumInFlight = maximumInFlight
            self.connectTimeout = connectTimeout
            self.username = username
            self.password = password
            self.security = security
        }
    }

    private let channel: any Channel
    private let handler: NIOLoopBound<MQTTClientHandler>

    private init(channel: any Channel, handler: NIOLoopBound<MQTTClientHandler>) {
        self.channel = channel
        self.handler = handler
    }

    /// Connects and waits for the broker's CONNACK.
    package static func connect(
        _ options: Options, delegate: any MQTTConnectionDelegate,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws(MQTTConnectionError) -> MQTTConnection {
        // The handler is kept here as well as in the pipeline: a connection that closes
        // at once (a TLS handshake reset) leaves the pipeline before CONNECT, and the
        // handler still knows why.
        let loop = group.next()
        let made = NIOLoopBoundBox.makeEmptyBox(valueType: MQTTClientHandler.self, eventLoop: loop)
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: loop)
                .connectTimeout(options.connectTimeout)
                .channelOption(.tcpOption(.tcp_nodelay), value: 1)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        if let security = options.security {
                            try channel.pipeline.syncOperations.addHandler(try security.handler(host: options.host))
                        }
                        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(MQTTPacketDecoder()))
                        try channel.pipeline.syncOperations.addHandler(MessageToByteHandler(MQTTPacketEncoder()))
                        let handler = MQTTClientHandler(options: options, delegate: delegate)
                        made.value = handler
                        try channel.pipeline.syncOperations.addHandler(handler)
                    }
                }
                .connect(host: options.host, port: options.port).get()
        } catch {
            throw .unreachable(
                "\(urlAuthority(host: options.host, port: options.port)): \(connectFailureReason(error))")
        }
        do {
            let accepted = loop.flatSubmit { () -> EventLoopFuture<NIOLoopBound<MQTTClientHandler>> in
                guard let handler = made.value else {
                    return loop.makeFailedFuture(MQTTConnectionError.closed("before CONNECT"))
                }
                let bound = NIOLoopBound(handler, eventLoop: loop)
                return handler.connect(channel: channel).map { bound }
            }
            return MQTTConnection(channel: channel, handler: try await accepted.get())
        } catch let error as MQTTConnectionError {
            channel.close(promise: nil)
            throw error
        } catch {
            channel.close(promise: nil)
            throw .unreachable(
                "\(urlAuthority(host: options.host, port: options.port)): \(connectFailureReason(error))")
        }
    }

    /// Sends `publish` (its packet identifier is the connection's to choose) without waiting.
    /// False when it cannot be sent now: the connection is closed or its socket buffer is
    /// full. A publish that fails later on the connection's event loop (the buffer filled
    /// meanwhile, or ``Options/maximumInFlight`` QoS 1 messages await their PUBACK) is
    /// reported to the delegate's `refused(context:)`.
    @discardableResult
    package func publish(_ publish: MQTTPacket.Publish, context: UInt64 = 0) -> Bool {
        // Read from any thread: NIO keeps `isWritable` and `isActive` current.
        guard channel.isActive, channel.isWritable else { return false }
        if channel.eventLoop.inEventLoop {
            handler.value.publish(publish, context: context)
        } else {
            channel.eventLoop.execute { [handler] in handler.value.publish(publish, context: context) }
        }
        return true
    }

    /// The event loop the connection's I/O runs on.
    package var eventLoop: any EventLoop { channel.eventLoop }

    /// Whether a publish can be written now: open, and its socket buffer not full.
    package var canWrite: Bool { channel.isActive && channel.isWritable }

    /// ``publish(_:context:)`` for a caller already on ``eventLoop`` (one hop for many
    /// publishes, rather than one each): writes now, or reports the refusal to the delegate.
    package func publishOnEventLoop(_ publish: MQTTPacket.Publish, context: UInt64 = 0) {
        handler.value.publish(publish, context: context)
    }

    /// Subscribes and waits for the SUBACK: per filter, the QoS granted or nil.
    package func subscribe(_ filters: [MQTTPacket.Subscription]) async throws(MQTTConnectionError) -> [MQTTQoS?] {
        let future = channel.eventLoop.flatSubmit { [handler, channel] in
            handler.value.subscribe(filters, on: channel.eventLoop)
        }
        do {
            return try await future.get()
        } catch {
            throw .closed("the subscription was not acknowledged: \(error)")
        }
    }

    /// Sends DISCONNECT and closes the connection.
    package func disconnect() async {
        let closed = channel.eventLoop.flatSubmit { [handler, channel] in
            handler.value.disconnect()
            return channel.close()
        }
        try? await closed.get()
    }

    /// Completes when the connection has closed, however it closed.
    package func waitUntilClosed() async {
        try? await channel.closeFuture.get()
    }

    package var isOpen: Bool { channel.isActive }
}

/// Why a connection could not be made or went away.
package enum MQTTConnectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No TCP connection (refused, timed out, no route).
    case unreachable(String)
    /// The broker at an address answered CONNACK with a refusal; for a refused login, what
    /// was given of one (``loginHint(_:username:hasPassword:)``).
    case refused(String, ConnectReturnCode, hint: String = "")
    /// The connection closed before the answer came.
    case closed(String)
    /// The TLS handshake with the broker at an address failed: its reason in BoringSSL's words.
    case tls(String, String)

    package var description: String {
        switch self {
        case .unreachable(let detail): "cannot reach the MQTT broker at \(detail)"
        case .refused(let address, let code, let hint):
            "the MQTT broker at \(address) refused the connection: \(code) (CONNACK return code \(code.rawValue))"
                + (hint.isEmpty ? "" : ": \(hint)")
        case .closed(let detail): "the MQTT connection closed: \(detail)"
        case .tls(let address, let reason): "TLS with the MQTT broker at \(address) failed: \(reason)"
        }
    }

    /// What the user gave of a login the broker refused (codes 4 and 5; mosquitto 2.0
    /// answers a wrong and a missing one alike with 5): a refusal of none is no wrong
    /// password, and the words should not send the user after one.
    static func loginHint(_ code: ConnectReturnCode, username: String?, hasPassword: Bool) -> String {
        guard code == .notAuthorized || code == .badUsernameOrPassword else { return "" }
        switch (username, hasPassword) {
        case (nil, _):
            return
                "no user name or password was given (mqtts://USER@HOST, with the password in TRAILCAST_MQTT_PASSWORD or --mqtt-password-file)"
        case (let user?, false):
            return "user \(user) was given no password (TRAILCAST_MQTT_PASSWORD or --mqtt-password-file)"
        case (let user?, true): return "check user \(user)'s password"
        }
    }

    /// Why, without where: what a fleet's counts of failed attempts are keyed by
    /// (`connection refused`, `not authorized`, `TLS: ...`).
    package var cause: String {
        switch self {
        case .unreachable(let detail):
            // `HOST:PORT: REASON`; an address has no ": " in it, not even an IPv6 one.
            detail.split(separator: ": ", maxSplits: 1).last.map(String.init) ?? detail
        case .refused(_, let code, _): "\(code)"
        case .closed(let detail): "closed: \(detail)"
        case .tls(_, let reason): "TLS: \(reason)"
        }
    }
}
