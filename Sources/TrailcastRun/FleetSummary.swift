// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastDevice
import TrailcastEngine
package import TrailcastFeeds
import TrailcastBasics

/// What a real-time fleet run did, as `--summary` writes it: totals for the backend and per
/// class of devices (their GPS profile), the send lag, CPU per message, and with `--verify`
/// what the subscriber counted.
package struct FleetSummary: Sendable {
    package var deviceCount: Int
    package var activeDevices: Int
    /// Locations the devices' apps had to send: each backend's `sent` (see ``DeliveryCounts``).
    package var messages: Int
    package var wallSeconds: Double
    package var cpuSeconds: Double
    /// Each backend sent to (`mqtt`, `osmand`): its totals, per class, and its connections.
    package var backends: [Backend]
    /// From each fix's scheduled moment to its send.
    package var lag: LatencyHistogram
    package var verification: MQTTDeliveryVerifier.Report?
    /// With `--verify-store`: what the OwnTracks Recorder stored of the run.
    package var store: RecorderStoreCheck.Report?
    let plan: FleetRunPlan
    /// The GPS profile classes and how many of the shard's devices each has.
    let classes: [(name: String, devices: Int)]

    package struct Backend: Sendable {
        package var name: String
        package var counts: DeliveryCounts
        package var countsPerClass: [DeliveryCounts]
        package var connections: ConnectionCounts
    }

    init(
        plan: FleetRunPlan, classOfSlot: [UInt8], activeDevices: Int, messages: Int, wallSeconds: Double,
        cpuSeconds: Double,
        backends: [Backend], lag: LatencyHistogram, verification: MQTTDeliveryVerifier.Report?
    ) {
        self.plan = plan
        deviceCount = classOfSlot.count
        self.activeDevices = activeDevices
        self.messages = messages
        self.wallSeconds = wallSeconds
        self.cpuSeconds = cpuSeconds
        self.backends = backends
        classes = plan.fleet.gpsMix.parts.enumerated().map { index, part in
            (part.profile.name, classOfSlot.lazy.filter { Int($0) == index }.count)
        }
        self.lag = lag
        self.verification = verification
    }

    /// Messages sent, to every backend.
    package var sent: Int { backends.reduce(0) { $0 + $1.counts.sent } }

    /// CPU time per message sent, in microseconds; nil before any was sent.
    package var cpuMicrosecondsPerMessage: Double? {
        sent > 0 ? cpuSeconds / Double(sent) * 1e6 : nil
    }

    /// The summary as one JSON object (and a line end).
    package func json() -> [UInt8] {
        var writer = JSONLineWriter(capacity: 2048)
        writer.beginObject()
        writer.field("devices", deviceCount)
        writer.field("shard", plan.fleet.shard.description)
        writer.field("activeDevices", activeDevices)
        writer.field("messages", messages)
        writer.field("wallSeconds", wallSeconds, fractionDigits: 3)
        writer.field("cpuSeconds", cpuSeconds, fractionDigits: 3)
        writer.field("cpuMicrosecondsPerMessage", cpuMicrosecondsPerMessage, fractionDigits: 2)
        // From each fix's scheduled moment to its hand-over to the backends' connections.
        writer.key("lagMilliseconds")
        Self.write(lag, into: &writer)
        writer.key("backends")
        writer.beginObject()
        for backend in backends {
            writer.key(named: backend.name)
            writer.beginObject()
            Self.write(backend.counts, into: &writer)
            writer.key("connections")
            writer.beginObject()
            for (name, value) in backend.connections.named { writer.field(name, value) }
            // Per drop, the seconds until the link was connected again (the outage and the
            // backoff after it); links still down at the end are `stillDown`.
            var recovery = LatencyHistogram()
            for seconds in backend.connections.recoverySeconds { recovery.record(seconds: seconds) }
            writer.key("recoverySeconds")
            writer.beginObject()
            writer.field("count", backend.connections.recoverySeconds.count)
            writer.field("p50", recovery.percentile(0.5), fractionDigits: 3)
            writer.field("p99", recovery.percentile(0.99), fractionDigits: 3)
            writer.field("max", recovery.count > 0 ? recovery.maximumSeconds : nil, fractionDigits: 3)
            writer.endObject()
            writer.field("stillDown", backend.connections.stillDownSeconds.count)
            // The failed attempts by cause (`"connection refused": 12`), most frequent first.
            writer.key("failureCauses")
            writer.beginObject()
            for (cause, count) in backend.connections.failureCauses.sorted(by: {
                ($1.value, $0.key) < ($0.value, $1.key)
            }) {
                writer.key(named: cause)
                writer.integer(count)
            }
            writer.endObject()
            writer.endObject()
            writer.key("classes")
            writer.beginObject()
            for (index, counts) in backend.countsPerClass.enumerated() where index < classes.count {
                writer.key(named: classes[index].name)
                writer.beginObject()
                writer.field("devices", classes[index].devices)
                Self.write(counts, into: &writer)
                writer.endObject()
            }
            writer.endObject()
            writer.endObject()
        }
        writer.endObject()
        if let store {
            writer.key("store")
            writer.beginObject()
            writer.field("expected", store.expected)
            writer.field("stored", store.stored)
            writer.field("missing", store.missing)
            writer.field("extra", store.extra)
            writer.field("waitedSeconds", store.waitedSeconds, fractionDigits: 3)
            writer.field("storedPerSecond", store.storedPerSecond, fractionDigits: 1)
            writer.field("error", store.error)
            writer.endObject()
        }
        if let verification {
            writer.key("verify")
            writer.beginObject()
            writer.field("expected", verification.expected)
            writer.field("received", verification.received)
            writer.field("lost", verification.lost)
            writer.field("duplicates", verification.duplicates)
            writer.field("outOfOrder", verification.outOfOrder)
            writer.field("strangers", verification.strangers)
            writer.field("unwitnessed", verification.unwitnessed)
            writer.field("disconnections", verification.disconnections)
            writer.field("awaySeconds", verification.awaySeconds, fractionDigits: 3)
            writer.key("latencyMilliseconds")
            Self.write(verification.latency, into: &writer)
            writer.key("devicesWithProblems")
            writer.beginArray()
            for problem in verification.devicesWithProblems {
                writer.beginObject()
                writer.field("device", plan.fleet.deviceID(problem.device))
                writer.field("lost", problem.lost)
                writer.field("duplicates", problem.duplicates)
                writer.field("outOfOrder", problem.outOfOrder)
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        }
        writer.endObject(endingLine: true)
        return writer.bytes
    }

    private static func write(_ counts: DeliveryCounts, into writer: inout JSONLineWriter) {
        for (name, value) in counts.named { writer.field(name, value) }
        // The errors by cause (`"401 Unauthorized": 50`), most frequent first.
        writer.key("errorCauses")
        writer.beginObject()
        for (cause, count) in counts.errorCauses.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
            writer.key(named: cause)
            writer.integer(count)
        }
        writer.endObject()
    }

    /// Messages acknowledged by every backend.
    package var acknowledged: Int { backends.reduce(0) { $0 + $1.counts.acknowledged } }

    /// Messages that did not arrive, for `--max-error-rate`: refused, lost, or answered with an error.
    package var failed: Int { backends.reduce(0) { $0 + $1.counts.refused + $1.counts.lost + $1.counts.errors } }

    /// Why the run did not work, or nil: nothing acknowledged of what was sent, or more
    /// failed than `maximumErrorRate` allows. Each backend's errors by cause are said.
    package func failure(maximumErrorRate: Double) -> String? {
        guard sent > 0 else { return nil }
        // Each backend's errors by cause, then its failed connections by cause.
        let causes = backends.compactMap { backend -> String? in
            var parts: [String] = []
            if !backend.counts.errorCauses.isEmpty { parts.append(backend.counts.causesText) }
            if !backend.connections.failureCauses.isEmpty {
                parts.append("failed connections: \(backend.connections.failureCausesText)")
            }
            return parts.isEmpty ? nil : "\(backend.name): \(parts.joined(separator: ", "))"
        }
        let because = causes.isEmpty ? "" : " (\(causes.joined(separator: "; ")))"
        if acknowledged == 0 {
            return "nothing was acknowledged: \(sent) sent, \(failed) failed\(because)"
        }
        if let store {
            if let error = store.error { return "--verify-store: \(error)" }
            if store.expected > 0 && Double(store.missing) / Double(store.expected) > maximumErrorRate {
                let rate =
                    store.storedPerSecond > 0
                    ? ", storing \(Double((store.storedPerSecond * 10).rounded()) / 10) a second" : ""
                return "the OwnTracks Recorder stored \(store.stored) of the \(store.expected) acknowledged "
                    + "(\(store.missing) missing after waiting \(Int(store.waitedSeconds.rounded())) s\(rate)), "
                    + "more than --max-error-rate \(maximumErrorRate.asGiven) allows"
            }
        }
        let rate = Double(failed) / Double(sent)
        if rate > maximumErrorRate {
            let percent = Double((rate * 1000).rounded()) / 10
            return
                "\(failed) of \(sent) messages failed (\(percent) %), more than --max-error-rate \(maximumErrorRate.asGiven) allows\(because)"
        }
        return nil
    }

    private static func write(_ histogram: LatencyHistogram, into writer: inout JSONLineWriter) {
        writer.beginObject()
        writer.field("p50", histogram.percentile(0.5).map { $0 * 1000 }, fractionDigits: 3)
        writer.field("p99", histogram.percentile(0.99).map { $0 * 1000 }, fractionDigits: 3)
        writer.field("max", histogram.count > 0 ? histogram.maximumSeconds * 1000 : nil, fractionDigits: 3)
        writer.endObject()
    }
}
