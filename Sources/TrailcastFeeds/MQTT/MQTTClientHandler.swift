// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import NIOCore
import NIOSSL
import NIOTLS
import TrailcastBasics
import TrailcastWire

/// A connection's protocol state, on its event loop: the CONNACK awaited, QoS 1 messages
/// awaiting their PUBACK (by packet identifier), SUBACKs awaited, and the keep-alive.
final class MQTTClientHandler: ChannelDuplexHandler {
    typealias InboundIn = MQTTPacket
    typealias OutboundIn = MQTTPacket
    typealias OutboundOut = MQTTPacket

    private let options: MQTTConnection.Options
    private let delegate: any MQTTConnectionDelegate
    private var context: ChannelHandlerContext?
    private var connectionAccepted: EventLoopPromise<Void>?
    private var subscriptions: [UInt16: EventLoopPromise<[MQTTQoS?]>] = [:]
    /// QoS 1 publishes sent and not yet acknowledged: packet identifier to the owner's context.
    private var inFlight: [UInt16: UInt64] = [:]
    private var lastPacketIdentifier: UInt16 = 0
    private var lastSent = NIODeadline.now()
    /// When the PINGREQ still unanswered went out.
    private var pingSentAt: NIODeadline?
    private var keepAliveTask: RepeatedTask?
    private var reportedClose = false
    /// Why the connection failed, when it failed with an error (a TLS handshake's, say)
    /// rather than a close: what the CONNACK's waiter is told.
    private var failure: MQTTConnectionError?
    /// The TLS handshake is done (or there is none): a CONNACK that does not come is the
    /// broker's silence, not TLS's.
    private var handshakeDone: Bool
    private var answerDeadline: Scheduled<Void>?

    init(options: MQTTConnection.Options, delegate: any MQTTConnectionDelegate) {
        self.options = options
        self.delegate = delegate
        handshakeDone = options.security == nil
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    /// Sends CONNECT; the future completes with the CONNACK.
    func connect(channel: any Channel) -> EventLoopFuture<Void> {
        let promise = channel.eventLoop.makePromise(of: Void.self)
        // Closed already (a TLS handshake a plain listener reset can end before CONNECT is
        // even sent): the reason it closed, at once.
        guard let context, context.channel.isActive else {
            promise.fail(failure ?? MQTTConnectionError.closed("by the broker before CONNECT"))
            return promise.futureResult
        }
        connectionAccepted = promise
        // No answer within the connect timeout: a TLS handshake or a CONNACK that never
        // comes (TLS to a plain listener can leave both sides waiting) fails the connect
        // rather than hanging the run.
        let bound = NIOLoopBound(self, eventLoop: channel.eventLoop)
        answerDeadline = channel.eventLoop.scheduleTask(in: options.connectTimeout) {
            bound.value.answerTimedOut()
        }
        send(
            .connect(
                .init(
                    clientIdentifier: options.clientIdentifier, keepAliveSeconds: options.keepAliveSeconds,
                    username: options.username, password: options.password)), context: context)
        return promise.futureResult
    }

    /// Writes a publish, or tells the delegate it was refused.
    func publish(_ message: MQTTPacket.Publish, context owner: UInt64) {
        guard let context, context.channel.isActive, context.channel.isWritable else {
            return delegate.refused(context: owner)
        }
        var message = message
        message.packetIdentifier = nil
        if message.qos == .atLeastOnce {
            guard inFlight.count < options.maximumInFlight, let identifier = nextPacketIdentifier() else {
                return delegate.refused(context: owner)
            }
            message.packetIdentifier = identifier
            inFlight[identifier] = owner
        }
        send(.publish(message), context: context)
    }

    func subscribe(_ filters: [MQTTPacket.Subscription], on eventLoop: any EventLoop) -> EventLoopFuture<[MQTTQoS?]> {
        guard let context, context.channel.isActive, let identifier = nextPacketIdentifier() else {
            return eventLoop.makeFailedFuture(MQTTConnectionError.closed("before SUBSCRIBE"))
        }
        let promise = context.eventLoop.makePromise(of: [MQTTQoS?].self)
        subscriptions[identifier] = promise
        send(.subscribe(packetIdentifier: identifier, filters: filters), context: context)
        return promise.futureResult
    }

    func disconnect() {
        guard let context, context.channel.isActive else { return }
        send(.disconnect, context: context)
    }

    /// 1...65535 (0 is not allowed, 2.3.1), skipping identifiers still in use.
    private func nextPacketIdentifier() -> UInt16? {
        for _ in 0..<UInt16.max {
            lastPacketIdentifier = lastPacketIdentifier == .max ? 1 : lastPacketIdentifier + 1
            if inFlight[lastPacketIdentifier] == nil && subscriptions[lastPacketIdentifier] == nil {
                return lastPacketIdentifier
            }
        }
        return nil
    }

    private func send(_ packet: MQTTPacket, context: ChannelHandlerContext) {
        lastSent = .now()
        context.writeAndFlush(wrapOutboundOut(packet), promise: nil)
    }

    private func answerTimedOut() {
        guard connectionAccepted != nil, let context else { return }
        let address = urlAuthority(host: options.host, port: options.port)
        let seconds = options.connectTimeout.nanoseconds / 1_000_000_000
        failure =
            handshakeDone
            ? .unreachable("\(address): no CONNACK within \(seconds) s")
            : .tls(
                address,
                "no TLS handshake within \(seconds) s (is this the broker's TLS port? mqtts:// is usually 8883)")
        context.close(promise: nil)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .handshakeCompleted = event as? TLSUserEvent { handshakeDone = true }
        context.fireUserInboundEventTriggered(event)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .connectAcknowledgement(_, let returnCode):
            guard let promise = connectionAccepted else {
                return protocolError(context, "a CONNACK it did not wait for")
            }
            connectionAccepted = nil
            answerDeadline?.cancel()
            guard returnCode == .accepted else {
                promise.fail(
                    MQTTConnectionError.refused(
                        urlAuthority(host: options.host, port: options.port), returnCode,
                        hint: MQTTConnectionError.loginHint(
                            returnCode, username: options.username, hasPassword: options.password != nil)))
                context.close(promise: nil)
                return
            }
            startKeepAlive(context: context)
            promise.succeed()
        case .publishAcknowledgement(let identifier):
            if let owner = inFlight.removeValue(forKey: identifier) { delegate.acknowledged(context: owner) }
        case .publish(let message):
            if message.qos == .atLeastOnce, let identifier = message.packetIdentifier {
                send(.publishAcknowledgement(packetIdentifier: identifier), context: context)
            }
            delegate.received(message)
        case .subscribeAcknowledgement(let identifier, let granted):
            subscriptions.removeValue(forKey: identifier)?.succeed(granted)
        case .pingResponse:
            pingSentAt = nil
        case .connect, .subscribe, .pingRequest, .disconnect:
            protocolError(context, "a packet only clients send")
        }
    }

    private func protocolError(_ context: ChannelHandlerContext, _ what: String) {
        context.fireErrorCaught(MQTTConnectionError.closed("the broker sent \(what)"))
        context.close(promise: nil)
    }

    /// Every keep-alive period: a PINGREQ when nothing went out for that long; a connection
    /// whose last PINGREQ is still unanswered a whole period later is gone (3.1.2.10).
    private func startKeepAlive(context: ChannelHandlerContext) {
        guard options.keepAliveSeconds > 0 else { return }
        let period = TimeAmount.seconds(Int64(options.keepAliveSeconds))
        let half = TimeAmount.nanoseconds(period.nanoseconds / 2)
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        keepAliveTask = context.eventLoop.scheduleRepeatedTask(initialDelay: half, delay: half) { _ in
            bound.value.keepAliveTick(period: period)
        }
    }

    private func keepAliveTick(period: TimeAmount) {
        guard let context else { return }
        let now = NIODeadline.now()
        if let sent = pingSentAt {
            if now - sent >= period { context.close(promise: nil) }
            return
        }
        if now - lastSent >= .nanoseconds(period.nanoseconds / 2) {
            pingSentAt = now
            send(.pingRequest, context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        answerDeadline?.cancel()
        keepAliveTask?.cancel()
        keepAliveTask = nil
        let broker = urlAuthority(host: options.host, port: options.port)
        let closed = MQTTConnectionError.closed(
            connectionAccepted == nil
                ? "by the broker at \(broker) or the network" : "by the broker at \(broker) before its CONNACK")
        connectionAccepted?.fail(failure ?? closed)
        connectionAccepted = nil
        for promise in subscriptions.values { promise.fail(closed) }
        subscriptions.removeAll()
        if !reportedClose {
            reportedClose = true
            delegate.closed(unacknowledged: inFlight.count)
        }
        inFlight.removeAll()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if failure == nil {
            if let error = error as? MQTTConnectionError {
                failure = error
            } else if options.security != nil, !handshakeDone || error is NIOSSLError || error is BoringSSLError {
                // A TLS 1.3 server refuses a client certificate after the client thinks
                // the handshake done: its alert is still TLS's reason.
                failure = .tls(
                    urlAuthority(host: options.host, port: options.port),
                    (options.security?.reason(of: error) ?? String(describing: error)))
            } else if connectionAccepted != nil {
                // Before the CONNACK: a broker that wants TLS resets a plain CONNECT.
                let hint = options.security == nil ? " (if the broker wants TLS, write mqtts://)" : ""
                failure = .closed(
                    "by the broker at \(urlAuthority(host: options.host, port: options.port)) before its CONNACK: \(connectFailureReason(error))\(hint)"
                )
            } else {
                failure = .closed(connectFailureReason(error))
            }
        }
        context.close(promise: nil)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }
}
