import TrailcastBasics
public import TrailcastWire

/// `fleet --verify`: a subscriber on the broker that matches what arrives against what the
/// fleet sent, per device: each message received once and in order, how long it took from
/// the moment it was sent, and what never came.
///
/// The fleet tells it each message it sends (``expect(device:payload:sentSeconds:)``); a
/// message arriving is looked for among its device's expected ones by a fingerprint of its
/// payload (a device's payloads differ: its time and position are in them). Found first:
/// in order; found behind others: out of order; not found: a duplicate (QoS 1 may deliver
/// twice) or a stranger. Expected messages not seen within ``lossTimeoutSeconds`` are lost.
public final class MQTTDeliveryVerifier: MQTTConnectionDelegate, @unchecked Sendable {
    // @unchecked: every mutable field is inside `state`, reached only with its lock.
    public struct Report: Sendable, Equatable {
        public var expected = 0
        public var received = 0
        public var lost = 0
        public var duplicates = 0
        public var outOfOrder = 0
        /// Messages whose topic is no device of this run.
        public var strangers = 0
        /// From the moment the fleet sent a message to the moment the subscriber had it.
        public var latency = LatencyHistogram()
        /// Devices with loss, duplicates or reordering, at most ``maximumDevicesListed``.
        public var devicesWithProblems: [DeviceProblems] = []
    }

    public struct DeviceProblems: Sendable, Equatable {
        public var device: Int
        public var lost = 0
        public var duplicates = 0
        public var outOfOrder = 0

        public init(device: Int, lost: Int = 0, duplicates: Int = 0, outOfOrder: Int = 0) {
            self.device = device
            self.lost = lost
            self.duplicates = duplicates
            self.outOfOrder = outOfOrder
        }
    }

    public static let maximumDevicesListed = 100
    /// A message not received this long after it was sent is lost.
    public let lossTimeoutSeconds: Double

    private struct Expected {
        var fingerprint: UInt64
        var sentSeconds: Double
    }

    private struct State {
        var connection: MQTTConnection?
        var waiting: [Int: [Expected]] = [:]
        var problems: [Int: DeviceProblems] = [:]
        var report = Report()
    }

    private let state = LockedValue(State())
    private let deviceOfTopic: @Sendable (String) -> Int?
    private let now: @Sendable () -> Double

    /// - Parameters:
    ///   - deviceOfTopic: the global device index a topic belongs to, or nil.
    ///   - now: seconds on the same clock as the `sentSeconds` the fleet gives.
    public init(lossTimeoutSeconds: Double = 10, deviceOfTopic: @escaping @Sendable (String) -> Int?, now: @escaping @Sendable () -> Double) {
        self.lossTimeoutSeconds = lossTimeoutSeconds
        self.deviceOfTopic = deviceOfTopic
        self.now = now
    }

    /// Connects and subscribes to `filter` at QoS 1, before the fleet sends anything.
    public func start(_ options: MQTTConnection.Options, filter: String) async throws(MQTTConnectionError) {
        let connection = try await MQTTConnection.connect(options, delegate: self)
        let granted = try await connection.subscribe([.init(filter, qos: .atLeastOnce)])
        guard granted.first.flatMap({ $0 }) != nil else {
            await connection.disconnect()
            throw .closed("the broker refused the subscription to \(filter)")
        }
        state.withLock { $0.connection = connection }
    }

    /// The fleet sent `payload` for `device` at `sentSeconds`.
    public func expect(device: Int, payload: [UInt8], sentSeconds: Double) {
        let expected = Expected(fingerprint: Self.fingerprint(payload), sentSeconds: sentSeconds)
        state.withLock { state in
            state.waiting[device, default: []].append(expected)
            state.report.expected += 1
        }
    }

    /// Counts as lost what has waited longer than the timeout (call now and then: it keeps
    /// the waiting lists short).
    public func expire() {
        let limit = now() - lossTimeoutSeconds
        state.withLock { state in Self.expire(before: limit, in: &state) }
    }

    /// Waits up to `graceSeconds` for what is still in flight, disconnects, and reports.
    public func finish(graceSeconds: Double) async -> Report {
        let end = ContinuousClock.now.advanced(by: .milliseconds(Int64(graceSeconds * 1000)))
        while state.withLock({ !$0.waiting.isEmpty }) && ContinuousClock.now < end {
            try? await Task.sleep(for: .milliseconds(20))
        }
        await state.withLock { $0.connection }?.disconnect()
        return state.withLock { state in
            Self.expire(before: .infinity, in: &state)
            var report = state.report
            report.devicesWithProblems = state.problems.values.sorted { $0.device < $1.device }
                .prefix(Self.maximumDevicesListed).map { $0 }
            return report
        }
    }

    public func received(_ publish: MQTTPacket.Publish) {
        let arrived = now()
        guard let device = deviceOfTopic(publish.topic) else {
            state.withLock { $0.report.strangers += 1 }
            return
        }
        let fingerprint = Self.fingerprint(publish.payload)
        state.withLock { state in
            state.report.received += 1
            guard var waiting = state.waiting[device], let position = waiting.firstIndex(where: { $0.fingerprint == fingerprint })
            else {
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
