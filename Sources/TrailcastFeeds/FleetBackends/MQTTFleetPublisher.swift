// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import NIOCore
import NIOPosix
import TrailcastBasics
package import TrailcastWire

/// The fleet's MQTT side: one connection per device (as real phones connect) or a shared
/// pool, each connected when its first message is due, kept alive with pings, and made
/// again with backoff when the broker drops it. Sending never waits: while a connection is
/// being made a few messages wait for it (as the OwnTracks app queues while offline); more
/// are counted lost, and what the connection cannot take now is counted refused.
package final class MQTTFleetPublisher: Sendable {
    package enum ConnectionMode: Sendable, Equatable {
        /// Each device its own connection, client id the device's id.
        case perDevice
        /// This many connections shared by the shard's devices (device i uses i mod N).
        case shared(Int)
    }

    package struct Options: Sendable {
        package var host: String
        package var port: Int
        package var qos: MQTTQoS
        package var connections: ConnectionMode
        package var keepAliveSeconds: UInt16
        /// The login every connection gives (`mqtt://USER@HOST`, `--mqtt-user`).
        package var username: String?
        package var password: [UInt8]?
        /// TLS (`mqtts://`); nil: plain TCP.
        package var security: TransportSecurity?
        /// The longest wait before trying again after a drop or failure (`--reconnect-max`).
        package var reconnectMaximum: Duration
        /// A line for standard error: the first failed connection of each cause.
        package var notice: @Sendable (String) -> Void = { _ in }

        package init(
            host: String, port: Int, qos: MQTTQoS = .atLeastOnce, connections: ConnectionMode = .perDevice,
            keepAliveSeconds: UInt16 = 60, username: String? = nil, password: [UInt8]? = nil,
            security: TransportSecurity? = nil, reconnectMaximum: Duration = ReconnectBackoff.defaultMaximum
        ) {
            self.reconnectMaximum = reconnectMaximum
            self.host = host
            self.port = port
            self.qos = qos
            self.connections = connections
            self.keepAliveSeconds = keepAliveSeconds
            self.username = username
            self.password = password
            self.security = security
        }

        /// One connection's options: this broker, login and TLS, under `clientIdentifier`.
        /// The publishers, the probe and `--verify`'s subscriber all connect with these.
        package func connection(clientIdentifier: String, connectTimeout: TimeAmount = .seconds(10))
            -> MQTTConnection.Options
        {
            MQTTConnection.Options(
                host: host, port: port, clientIdentifier: clientIdentifier, keepAliveSeconds: keepAliveSeconds,
                connectTimeout: connectTimeout, username: username, password: password, security: security)
        }
    }

    let options: Options
    private let links: [MQTTFleetLink]
    private let batches: EventLoopBatches
    /// Which link each of the shard's devices uses, by its place in the shard.
    private let linkOfSlot: @Sendable (Int) -> Int

    /// - Parameters:
    ///   - clientIdentifiers: each link's client id (a device's id, or a pool member's).
    ///   - classOfDevice: the class (an index into the summary's classes) of a global device index.
    package init(
        options: Options, linkClientIdentifiers: [String], classCount: Int,
        classOfDevice: @escaping @Sendable (Int) -> Int, linkOfSlot: @escaping @Sendable (Int) -> Int
    ) {
        self.options = options
        self.linkOfSlot = linkOfSlot
        let batches = EventLoopBatches()
        self.batches = batches
        let notices = FailureNotices(what: "the MQTT broker", notice: options.notice)
        links = linkClientIdentifiers.enumerated().map { index, identifier in
            MQTTFleetLink(
                connection: options.connection(clientIdentifier: identifier),
                reconnectMaximum: options.reconnectMaximum,
                atLeastOnce: options.qos == .atLeastOnce, seed: UInt64(index), classCount: classCount,
                classOfDevice: classOfDevice,
                batches: batches, notices: notices)
        }
    }

    /// Connects once and disconnects: whether the broker is there before a run starts.
    package static func probe(_ options: Options, clientIdentifier: String) async throws(MQTTConnectionError) {
        struct Silent: MQTTConnectionDelegate {}
        let connection: MQTTConnection
        do {
            connection = try await MQTTConnection.connect(
                options.connection(clientIdentifier: clientIdentifier, connectTimeout: .seconds(5)),
                delegate: Silent())
        } catch {
            // An expired or self-signed certificate is no untrusted CA: say which it is.
            if case .tls(let authority, let reason) = error, reason.hasPrefix("certificate verify failed"),
                let security = options.security,
                let dates = await security.certificateProblem(host: options.host, port: options.port)
            {
                throw .tls(authority, "certificate verify failed: \(dates)")
            }
            throw error
        }
        await connection.disconnect()
    }

    /// Publishes one message of the device in shard slot `slot` (global index `device`).
    package func send(topic: String, payload: [UInt8], slot: Int, device: Int) {
        links[linkOfSlot(slot)].send(
            MQTTPacket.Publish(topic: topic, payload: payload, qos: options.qos), device: device)
    }

    /// Hands what ``send(topic:payload:slot:device:)`` gathered to the connections' event
    /// loops, one hop per loop: call it after each batch of sends.
    package func flush() {
        batches.flush()
    }

    /// The counts so far, per class.
    package func counts() -> [DeliveryCounts] { links.totalCounts() }

    /// The connections: open now, made again, failed.
    package func connectionCounts() -> ConnectionCounts { links.totalConnectionCounts() }

    /// Waits (up to `timeout`) for outstanding PUBACKs, then disconnects every link cleanly.
    package func finish(timeout: Duration) async {
        await links.wait(timeout: timeout, while: \.awaitsAcknowledgement)
        await withTaskGroup(of: Void.self) { group in
            for link in links { group.addTask { await link.close() } }
        }
    }
}

/// One MQTT connection of the fleet and its state: connecting, connected, or waiting to
/// connect again.
final class MQTTFleetLink: MQTTConnectionDelegate, FleetLink, @unchecked Sendable {
    // @unchecked: every mutable field is inside `state`, reached only with its lock.
    private struct State {
        var connection: MQTTConnection?
        var attempts = ConnectionAttempts()
        var pending: [(MQTTPacket.Publish, Int)] = []
        var counts: [DeliveryCounts]
        /// QoS 1 publishes not acknowledged yet, by device, for the lost count at a close.
        var unacknowledgedDevices: [Int: Int] = [:]
    }

    /// Messages held while a connection is being made.
    static let pendingLimit = 16

    private let connectionOptions: MQTTConnection.Options
    private let reconnectMaximum: Duration
    /// The publisher's QoS is 1.
    private let atLeastOnce: Bool
    private let seed: UInt64
    private let classOfDevice: @Sendable (Int) -> Int
    private let state: LockedValue<State>
    private let batches: EventLoopBatches
    private let notices: FailureNotices

    init(
        connection: MQTTConnection.Options, reconnectMaximum: Duration, atLeastOnce: Bool, seed: UInt64,
        classCount: Int,
        classOfDevice: @escaping @Sendable (Int) -> Int, batches: EventLoopBatches, notices: FailureNotices
    ) {
        connectionOptions = connection
        self.notices = notices
        self.reconnectMaximum = reconnectMaximum
        self.batches = batches
        self.atLeastOnce = atLeastOnce
        self.seed = seed
        self.classOfDevice = classOfDevice
        state = LockedValue(State(counts: Array(repeating: DeliveryCounts(), count: classCount)))
    }

    func connectionCounts() -> ConnectionCounts {
        state.withLock { $0.attempts.counts(open: $0.connection?.isOpen == true) }
    }
    /// Whether an answer is still due: a PUBACK on the open connection, or a connection
    /// being made for the messages it holds (a device that started as the run ended).
    var awaitsAcknowledgement: Bool {
        state.withLock { state in
            (!state.unacknowledgedDevices.isEmpty && state.connection != nil)
                || (!state.pending.isEmpty && state.attempts.isConnecting)
        }
    }
    /// The counts, with what is in flight now: held for a connection, or awaiting a PUBACK.
    func counts() -> [DeliveryCounts] {
        state.withLock { state in
            var counts = state.counts
            for (_, device) in state.pending { counts[classOfDevice(device)].inFlight += 1 }
            for (device, count) in state.unacknowledgedDevices { counts[classOfDevice(device)].inFlight += count }
            return counts
        }
    }

    func send(_ publish: MQTTPacket.Publish, device: Int) {
        let deviceClass = classOfDevice(device)
        let connection: MQTTConnection? = state.withLock { state in
            state.counts[deviceClass].sent += 1
            if let connection = state.connection { return connection }
            if state.pending.count < Self.pendingLimit {
                state.pending.append((publish, device))
            } else {
                state.counts[deviceClass].lost += 1
            }
            return nil
        }
        guard let connection else { return connect() }
        deliver(publish, device: device, deviceClass: deviceClass, on: connection)
    }

    private func deliver(_ publish: MQTTPacket.Publish, device: Int, deviceClass: Int, on connection: MQTTConnection) {
        // Awaited before the write: a PUBACK may come back before `publish` returns.
        if atLeastOnce { state.withLock { $0.unacknowledgedDevices[device, default: 0] += 1 } }
        if !connection.canWrite {
            refuse(device: device, deviceClass: deviceClass, atLeastOnce: atLeastOnce)
            return
        }
        batches.add(.init(connection: connection, publish: publish, context: UInt64(device)))
        if !atLeastOnce {
            // QoS 0 has no acknowledgement: written is as far as it goes.
            state.withLock { $0.counts[deviceClass].acknowledged += 1 }
        }
    }

    private func refuse(device: Int, deviceClass: Int, atLeastOnce: Bool) {
        state.withLock { state in
            // A QoS 1 message no longer awaited was counted lost when its connection closed
            // (its write was still on the way to the event loop): counted once, not twice.
            if atLeastOnce {
                guard state.unacknowledgedDevices[device] != nil else { return }
                Self.forget(device, in: &state)
            }
            state.counts[deviceClass].refused += 1
        }
    }

    private static func forget(_ device: Int, in state: inout State) {
        if let count = state.unacknowledgedDevices[device] {
            state.unacknowledgedDevices[device] = count > 1 ? count - 1 : nil
        }
    }

    /// Starts a connection unless one is open or being made, the backoff has not run out,
    /// or the run is ending.
    private func connect() {
        let start = state.withLock { $0.attempts.begin(connected: $0.connection != nil) }
        guard start else { return }
        Task {
            do {
                let connection = try await MQTTConnection.connect(connectionOptions, delegate: self)
                connected(connection)
            } catch {
                connectionFailed(cause: (error as? MQTTConnectionError)?.cause ?? String(describing: error))
            }
        }
    }

    /// The connection is up: what waited for it goes first, in order, and only then does
    /// `send` see the connection. (Made visible first, a message sent while the waiting ones
    /// were being handed over went out before them: a device's first two messages arrived
    /// swapped when its connection took longer than its interval, which the fleet's test
    /// against `--virtual` found in a loaded run.) Until then the attempt is still under way,
    /// so no second connection starts.
    private func connected(_ connection: MQTTConnection) {
        guard connection.isOpen else { return connectionFailed(cause: "closed as it was made") }
        while true {
            let (waiting, closing) = state.withLock { state -> ([(MQTTPacket.Publish, Int)], Bool) in
                defer { state.pending.removeAll() }
                if state.pending.isEmpty || state.attempts.isClosing {
                    state.attempts.succeeded()
                    state.connection = connection
                }
                return (state.pending, state.attempts.isClosing)
            }
            if closing {
                Task { await connection.disconnect() }
                return
            }
            for (publish, device) in waiting {
                deliver(publish, device: device, deviceClass: classOfDevice(device), on: connection)
            }
            batches.flush()
            if waiting.isEmpty { return }
        }
    }

    private func connectionFailed(cause: String) {
        let failures = state.withLock { $0.attempts.failedAttempt(cause: cause) }
        if !state.withLock({ $0.attempts.isClosing }) { notices.report(cause, connecting: true) }
        retry(after: failures)
    }

    /// Connects again after the backoff; messages meanwhile wait (a few) or are lost.
    private func retry(after failures: Int) {
        let delay = ReconnectBackoff.delay(afterFailures: failures, seed: seed, maximum: reconnectMaximum)
        state.withLock { $0.attempts.notBefore = ContinuousClock.now.advanced(by: delay) }
        ReconnectBackoff.schedule(after: delay) { [self] in connect() }
    }

    // MARK: MQTTConnectionDelegate

    func acknowledged(context: UInt64) {
        let device = Int(context)
        let deviceClass = classOfDevice(device)
        state.withLock { state in
            state.counts[deviceClass].acknowledged += 1
            Self.forget(device, in: &state)
        }
    }

    func refused(context: UInt64) {
        let device = Int(context)
        // Only QoS 1 reaches the handler's in-flight limit; a QoS 0 publish refused there
        // was counted acknowledged when written: take that back too.
        if !atLeastOnce { state.withLock { $0.counts[classOfDevice(device)].acknowledged -= 1 } }
        refuse(device: device, deviceClass: classOfDevice(device), atLeastOnce: atLeastOnce)
    }

    func closed(unacknowledged: Int) {
        let reconnect = state.withLock { state -> Bool in
            // A connection that closed before it was accepted is the attempt's failure,
            // which `connectionFailed` handles.
            guard state.connection != nil else { return false }
            state.connection = nil
            // The run's own DISCONNECT at its end: what still awaits a PUBACK stays in
            // flight (the broker may well have it), not lost.
            guard !state.attempts.isClosing else { return false }
            state.attempts.dropped()
            for (device, count) in state.unacknowledgedDevices { state.counts[classOfDevice(device)].lost += count }
            state.unacknowledgedDevices.removeAll()
            return true
        }
        if reconnect { retry(after: 0) }
    }

    /// Ends the link: a clean DISCONNECT, no reconnecting. What is still held for a
    /// connection or awaiting its PUBACK is counted in flight at the end.
    func close() async {
        let connection = state.withLock { state -> MQTTConnection? in
            state.attempts.isClosing = true
            return state.connection
        }
        await connection?.disconnect()
    }
}

/// Publishes gathered per event loop, handed over with one `execute` per loop: the fleet
/// sends thousands of messages a second on thousands of connections spread over a few
/// loops, and a hop per message would wake a loop per message.
final class EventLoopBatches: Sendable {
    struct Write: Sendable {
        var connection: MQTTConnection
        var publish: MQTTPacket.Publish
        var context: UInt64
    }

    private let batches = LockedValue<[ObjectIdentifier: (loop: any EventLoop, writes: [Write])]>([:])

    func add(_ write: Write) {
        let loop = write.connection.eventLoop
        batches.withLock { $0[ObjectIdentifier(loop), default: (loop, [])].writes.append(write) }
    }

    /// Hands each loop its writes. Under the lock: two threads flush (the fleet's pacing
    /// and a connection that just came up), and a batch taken first must reach its loop
    /// first, or a device's messages could pass each other. (`execute` only queues.)
    func flush() {
        batches.withLock { batches in
            for (loop, writes) in batches.values {
                loop.execute {
                    for write in writes { write.connection.publishOnEventLoop(write.publish, context: write.context) }
                }
            }
            batches.removeAll(keepingCapacity: true)
        }
    }
}
