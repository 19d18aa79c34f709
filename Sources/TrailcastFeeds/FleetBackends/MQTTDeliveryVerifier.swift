// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
package import TrailcastWire

/// `fleet --verify`: a subscriber on the broker that matches what arrives against what the
/// fleet sent, per device: each message received once and in order, how long it took from
/// the moment it was sent, and what never came.
///
/// The fleet tells it each message it sends (``expect(device:payload:sentSeconds:)``); a
/// message arriving is looked for among its device's expected ones by a fingerprint of its
/// payload (a device's payloads differ: its time and position are in them). Found first:
/// in order; found behind others: out of order; not found: a duplicate (QoS 1 may deliver
/// twice) or a stranger. Expected messages not seen within ``lossTimeoutSeconds`` are lost.
///
/// A witness, not a judge: when its own connection drops (the broker restarted, say), it
/// connects and subscribes again with the publishers' backoff, and what the fleet sent
/// while it was away, or was still awaiting when it left, is counted ``Report/unwitnessed``,
/// not lost: a subscriber with a clean session is not sent what it was away for, however
/// well the broker delivered it to everyone else.
package final class MQTTDeliveryVerifier: MQTTConnectionDelegate, @unchecked Sendable {
    // @unchecked: every mutable field is inside `state`, reached only with its lock.
    package struct Report: Sendable, Equatable {
        package var expected = 0
        package var received = 0
        package var lost = 0
        package var duplicates = 0
        package var outOfOrder = 0
        /// Messages whose topic is no device of this run.
        package var strangers = 0
        /// Messages sent while the subscriber was away (or awaited when it left) and not
        /// seen: neither lost nor received, as far as this witness can tell.
        package var unwitnessed = 0
        /// Times the subscriber's connection dropped, and its seconds away in all.
        package var disconnections = 0
        package var awaySeconds = 0.0
        /// From the moment the fleet sent a message to the moment the subscriber had it.
        package var latency = LatencyHistogram()
        /// Devices with loss, duplicates or reordering, at most ``maximumDevicesListed``.
        package var devicesWithProblems: [DeviceProblems] = []
    }

    package struct DeviceProblems: Sendable, Equatable {
        package var device: Int
        package var lost = 0
        package var duplicates = 0
        package var outOfOrder = 0

        package init(device: Int, lost: Int = 0, duplicates: Int = 0, outOfOrder: Int = 0) {
            self.device = device
            self.lost = lost
            self.duplicates = duplicates
            self.outOfOrder = outOfOrder
        }
    }

    package static let maximumDevicesListed = 100
    /// A message not received this long after it was sent is lost.
    package let lossTimeoutSeconds: Double

    private struct Expected {
        var fingerprint: UInt64
        var sentSeconds: Double
    }

    private struct State {
        var connection: MQTTConnection?
        /// Subscribed now: a close is the subscriber leaving (a failed attempt's is not).
        var subscribed = false
        /// Since when the subscriber is away (its connection dropped); nil while subscribed.
        var awaySince: Double?
        var attempts = ConnectionAttempts()
        var finishing = false
        var waiting: [Int: [Expected]] = [:]
        /// Expected while away: found here, a message is received after all, not a duplicate.
        var unwitnessed: [Int: [Expected]] = [:]
        var problems: [Int: DeviceProblems] = [:]
        var report = Report()
    }

    private let state = LockedValue(State())
    private let deviceOfTopic: @Sendable (String) -> Int?
    private let now: @Sendable () -> Double
    private let notice: @Sendable (String) -> Void
    /// Where to connect again: set by ``start(_:clientIdentifier:filter:)``.
    private let target = LockedValue<(options: MQTTFleetPublisher.Options, clientIdentifier: String, filter: String)?>(
        nil)

    /// - Parameters:
    ///   - deviceOfTopic: the global device index a topic belongs to, or nil.
    ///   - now: seconds on the same clock as the `sentSeconds` the fleet gives.
    ///   - notice: a line for standard error when the subscriber leaves and comes back.
    package init(
        lossTimeoutSeconds: Double = 10, deviceOfTopic: @escaping @Sendable (String) -> Int?,
        now: @escaping @Sendable () -> Double, notice: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.lossTimeoutSeconds = lossTimeoutSeconds
        self.deviceOfTopic = deviceOfTopic
        self.now = now
        self.notice = notice
    }

    /// Connects with the publishers' options and subscribes to `filter` at QoS 1, before
    /// the fleet sends anything.
    package func start(
        _ options: MQTTFleetPublisher.Options, clientIdentifier: String, filter: String
    ) async throws(MQTTConnectionError) {
        target.withLock { $0 = (options, clientIdentifier, filter) }
        let connection = try await subscribe(options.connection(clientIdentifier: clientIdentifier), filter: filter)
        state.withLock {
            $0.connection = connection
            $0.subscribed = true
            $0.attempts.succeeded()
        }
    }

    private func subscribe(_ options: MQTTConnection.Options, filter: String) async throws(MQTTConnectionError)
        -> MQTTConnection
    {
        let connection = try await MQTTConnection.connect(options, delegate: self)
        let granted = try await connection.subscribe([.init(filter, qos: .atLeastOnce)])
        guard granted.first.flatMap({ $0 }) != nil else {
            await connection.disconnect()
            throw .closed("the broker refused the subscription to \(filter)")
        }
        return connection
    }

    /// The subscriber's connection closed while the run goes on: away until subscribed again.
    package func closed(unacknowledged: Int) {
        let left = state.withLock { state -> Int? in
            // Only the subscribed connection's close: an attempt that failed is its caller's.
            guard !state.finishing, state.subscribed else { return nil }
            state.subscribed = false
            state.connection = nil
            state.awaySince = now()
            state.report.disconnections += 1
            state.attempts.dropped()
            // Awaited and not come: the broker will not send them to a new session.
            var moved = 0
            for (device, waiting) in state.waiting {
                state.unwitnessed[device, default: []] += waiting
                moved += waiting.count
            }
            state.waiting.removeAll()
            state.report.unwitnessed += moved
            return moved
        }
        guard let left else { return }
        notice(
            "fleet: --verify: the subscriber's connection to the broker closed; it subscribes again, and counts what is sent "
                + "meanwhile not witnessed (\(left) awaited now)")
        reconnect(afterFailures: 0)
    }

    private func reconnect(afterFailures failures: Int) {
        guard let target = target.withLock({ $0 }) else { return }
        let delay = ReconnectBackoff.delay(
            afterFailures: failures, seed: 0x7E57, maximum: target.options.reconnectMaximum)
        ReconnectBackoff.schedule(after: delay) { [self] in
            Task {
                guard !state.withLock({ $0.finishing }) else { return }
                do {
                    let connection = try await subscribe(
                        target.options.connection(clientIdentifier: target.clientIdentifier), filter: target.filter)
                    subscribedAgain(connection)
                } catch {
                    let cause = (error as? MQTTConnectionError)?.cause ?? String(describing: error)
                    reconnect(afterFailures: state.withLock { $0.attempts.failedAttempt(cause: cause) })
                }
            }
        }
    }

    /// Subscribed again after being away: from now on, what is sent is awaited again.
    package func subscribedAgain(_ connection: MQTTConnection?) {
        let (away, unwitnessed, finishing) = state.withLock { state -> (Double?, Int, Bool) in
            state.connection = connection
            state.subscribed = true
            state.attempts.succeeded()
            let away = state.awaySince.map { now() - $0 }
            state.awaySince = nil
            state.report.awaySeconds += away ?? 0
            return (away, state.report.unwitnessed, state.finishing)
        }
        if finishing, let connection {
            Task { await connection.disconnect() }
            return
        }
        // Closed before it was kept here, its close unheard: away again.
        if let connection, !connection.isOpen {
            closed(unacknowledged: 0)
            return
        }
        if let away {
            notice(
                "fleet: --verify: subscribed again after \((away * 10).rounded() / 10) s; \(unwitnessed) messages not witnessed so far"
            )
        }
    }

    /// The fleet sent `payload` for `device` at `sentSeconds`.
    package func expect(device: Int, payload: [UInt8], sentSeconds: Double) {
        let expected = Expected(fingerprint: Self.fingerprint(payload), sentSeconds: sentSeconds)
        state.withLock { state in
            state.report.expected += 1
            if state.awaySince != nil {
                state.unwitnessed[device, default: []].append(expected)
                state.report.unwitnessed += 1
            } else {
                state.waiting[device, default: []].append(expected)
            }
        }
    }

    /// Counts as lost what has waited longer than the timeout (call now and then: it keeps
    /// the waiting lists short).
    package func expire() {
        let limit = now() - lossTimeoutSeconds
        state.withLock { state in Self.expire(before: limit, in: &state) }
    }

    /// Waits up to `graceSeconds` for what is still in flight, disconnects, and reports.
    package func finish(graceSeconds: Double) async -> Report {
        let end = ContinuousClock.now.advanced(by: .milliseconds(Int64(graceSeconds * 1000)))
        while state.withLock({ !$0.waiting.isEmpty }) && ContinuousClock.now < end {
            try? await Task.sleep(for: .milliseconds(20))
        }
        await state.withLock { state in
            state.finishing = true
            return state.connection
        }?.disconnect()
        return state.withLock { state in
            Self.expire(before: .infinity, in: &state)
            var report = state.report
            report.devicesWithProblems = state.problems.values.sorted { $0.device < $1.device }
                .prefix(Self.maximumDevicesListed).map { $0 }
            return report
        }
    }

    package func received(_ publish: MQTTPacket.Publish) {
        let arrived = now()
        guard let device = deviceOfTopic(publish.topic) else {
            state.withLock { $0.report.strangers += 1 }
            return
        }
        let fingerprint = Self.fingerprint(publish.payload)
        state.withLock { state in
            state.report.received += 1
            guard var waiting = state.waiting[device],
                let position = waiting.firstIndex(where: { $0.fingerprint == fingerprint })
            else {
                // Sent while away, yet here: witnessed after all (it was on its way).
                if var unwitnessed = state.unwitnessed[device],
                    let position = unwitnessed.firstIndex(where: { $0.fingerprint == fingerprint })
                {
                    state.report.unwitnessed -= 1
                    state.report.latency.record(seconds: arrived - unwitnessed[position].sentSeconds)
                    unwitnessed.remove(at: position)
                    state.unwitnessed[device] = unwitnessed.isEmpty ? nil : unwitnessed
                    return
                }
                state.report.duplicates += 1
                state.problems[device, default: DeviceProblems(device: device)].duplicates += 1
                return
            }
            if position > 0 {
                state.report.outOfOrder += 1
                state.problems[device, default: DeviceProblems(device: device)].outOfOrder += 1
            }
            state.report.latency.record(seconds: arrived - waiting[position].sentSeconds)
            waiting.remove(at: position)
            state.waiting[device] = waiting.isEmpty ? nil : waiting
        }
    }

    private static func expire(before limit: Double, in state: inout State) {
        // Not witnessed for good: no longer looked for (still counted unwitnessed).
        for (device, unwitnessed) in state.unwitnessed {
            let kept = unwitnessed.filter { $0.sentSeconds >= limit }
            state.unwitnessed[device] = kept.isEmpty ? nil : kept
        }
        for (device, waiting) in state.waiting {
            let kept = waiting.filter { $0.sentSeconds >= limit }
            let lost = waiting.count - kept.count
            guard lost > 0 else { continue }
            state.report.lost += lost
            state.problems[device, default: DeviceProblems(device: device)].lost += lost
            state.waiting[device] = kept.isEmpty ? nil : kept
        }
    }

    /// FNV-1a over the payload's bytes.
    static func fingerprint(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }
}
