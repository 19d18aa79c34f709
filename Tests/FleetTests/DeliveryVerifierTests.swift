// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics
import TrailcastFeeds
import TrailcastWire

/// `--verify`'s bookkeeping without a broker: what the fleet sent against what arrived.
@Suite("Delivery verifier")
struct DeliveryVerifierTests {
    final class Clock: Sendable {
        let seconds = LockedValue(0.0)
        func advance(_ by: Double) { seconds.withLock { $0 += by } }
    }

    static func message(_ device: Int, _ number: Int) -> MQTTPacket.Publish {
        .init(topic: "owntracks/fleet/device-\(device)", payload: Array("{\"n\":\(number)}".utf8), qos: .atLeastOnce)
    }

    static func verifier(_ clock: Clock) -> MQTTDeliveryVerifier {
        MQTTDeliveryVerifier(
            lossTimeoutSeconds: 10,
            deviceOfTopic: { topic in
                topic.hasPrefix("owntracks/fleet/device-") ? Int(topic.dropFirst("owntracks/fleet/device-".count)) : nil
            },
            now: { clock.seconds.withLock { $0 } })
    }

    @Test("in order, once: counted received, with the time from send to arrival")
    func inOrder() async {
        let clock = Clock()
        let verifier = Self.verifier(clock)
        for number in 0..<3 { verifier.expect(device: 1, payload: Self.message(1, number).payload, sentSeconds: 0) }
        clock.advance(0.004)
        for number in 0..<3 { verifier.received(Self.message(1, number)) }
        let report = await verifier.finish(graceSeconds: 0)
        #expect(report.expected == 3 && report.received == 3)
        #expect(report.lost == 0 && report.duplicates == 0 && report.outOfOrder == 0)
        #expect(report.latency.percentile(0.5).map { abs($0 - 0.004) < 0.0002 } == true)
        #expect(report.devicesWithProblems.isEmpty)
    }

    @Test(
        "a duplicate, a message overtaking an earlier one, a stranger, and one never arriving: each counted, per device"
    )
    func problems() async {
        let clock = Clock()
        let verifier = Self.verifier(clock)
        for number in 0..<4 { verifier.expect(device: 2, payload: Self.message(2, number).payload, sentSeconds: 0) }
        verifier.received(Self.message(2, 0))
        verifier.received(Self.message(2, 0))  // QoS 1 may deliver twice
        verifier.received(Self.message(2, 2))  // overtakes 1
        verifier.received(Self.message(2, 1))
        verifier.received(.init(topic: "owntracks/other/x", payload: [1]))
        clock.advance(11)
        verifier.expire()  // 3 never came: lost after 10 s
        let report = await verifier.finish(graceSeconds: 0)
        #expect(report.received == 4)
        #expect(report.duplicates == 1)
        #expect(report.outOfOrder == 1)
        #expect(report.strangers == 1)
        #expect(report.lost == 1)
        #expect(report.devicesWithProblems == [.init(device: 2, lost: 1, duplicates: 1, outOfOrder: 1)])
    }

    @Test(
        "the fleet's loss timeout, 10 s: a message awaited 10 s is not lost yet, one awaited longer is, on the verifier's clock"
    )
    func lossTimeoutEdge() async {
        let clock = Clock()
        // As the fleet makes it: the timeout its default.
        let verifier = MQTTDeliveryVerifier(
            deviceOfTopic: { topic in
                topic.hasPrefix("owntracks/fleet/device-") ? Int(topic.dropFirst("owntracks/fleet/device-".count)) : nil
            },
            now: { clock.seconds.withLock { $0 } })
        #expect(verifier.lossTimeoutSeconds == 10)
        clock.advance(5)
        verifier.expect(device: 4, payload: Self.message(4, 0).payload, sentSeconds: 5)
        verifier.expect(device: 4, payload: Self.message(4, 1).payload, sentSeconds: 5)
        verifier.expect(device: 5, payload: Self.message(5, 0).payload, sentSeconds: 5)
        // 1/1024 s short of 10 s, then exactly 10 s, after they were sent (sums a double holds
        // exactly): still awaited, so an arrival now is received, not a duplicate of a loss.
        clock.advance(10 - 1.0 / 1024)
        verifier.expire()
        clock.advance(1.0 / 1024)
        verifier.expire()
        verifier.received(Self.message(4, 0))
        // 1/1024 s past 10 s: what has not come is lost.
        clock.advance(1.0 / 1024)
        verifier.expire()
        verifier.received(Self.message(5, 0))  // too late: no longer awaited
        let report = await verifier.finish(graceSeconds: 0)
        #expect(report.expected == 3)
        #expect(report.received == 2)
        #expect(report.lost == 2)
        #expect(report.duplicates == 1)
        #expect(report.latency.percentile(1).map { abs($0 - 10) < 0.2 } == true, "received 10 s after it was sent")
        #expect(report.devicesWithProblems == [.init(device: 4, lost: 1), .init(device: 5, lost: 1, duplicates: 1)])
    }

    @Test("the latency histogram's percentiles are within 2% and never understated")
    func histogram() throws {
        var histogram = LatencyHistogram()
        for microseconds in 1...1000 { histogram.record(seconds: Double(microseconds) * 1e-6) }
        let median = try #require(histogram.percentile(0.5))
        #expect(median >= 500e-6 && median <= 500e-6 * 1.02)
        let p99 = try #require(histogram.percentile(0.99))
        #expect(p99 >= 990e-6 && p99 <= 990e-6 * 1.02)
        #expect(histogram.percentile(1) == 1000e-6)
        #expect(LatencyHistogram().percentile(0.5) == nil)
    }

    /// A percentile is the nearest rank, rounded up (`count × fraction`): the median of
    /// three latencies is the second, p85 of ten the ninth; rounding the rank down would
    /// quote a faster message than the fraction asked for.
    @Test("a percentile's rank rounds up: the median of 1, 2 and 3 ms is 2 ms, never the fastest")
    func percentileRankRoundsUp() throws {
        var three = LatencyHistogram()
        for milliseconds in [3.0, 1.0, 2.0] { three.record(seconds: milliseconds / 1000) }
        let median = try #require(three.percentile(0.5))
        #expect(median >= 2e-3 && median <= 2e-3 * 1.02, "\(median)")
        #expect(three.percentile(0.34).map { $0 >= 2e-3 && $0 <= 2e-3 * 1.02 } == true)
        #expect(three.percentile(0.67) == 3e-3)
        var ten = LatencyHistogram()
        for milliseconds in 1...10 { ten.record(seconds: Double(milliseconds) / 1000) }
        let p85 = try #require(ten.percentile(0.85))
        #expect(p85 >= 9e-3 && p85 <= 9e-3 * 1.02, "rank 8.5 is the ninth: \(p85)")
    }

    @Test(
        "the subscriber away: what was awaited and what is sent meanwhile is not witnessed, not lost; a late arrival is received after all"
    )
    func away() async {
        let clock = Clock()
        let notices = LockedValue<[String]>([])
        let verifier = MQTTDeliveryVerifier(
            lossTimeoutSeconds: 10,
            deviceOfTopic: { topic in
                topic.hasPrefix("owntracks/fleet/device-") ? Int(topic.dropFirst("owntracks/fleet/device-".count)) : nil
            },
            now: { clock.seconds.withLock { $0 } }, notice: { line in notices.withLock { $0.append(line) } })
        verifier.subscribedAgain(nil)  // as start() leaves it: subscribed
        for number in 0..<2 { verifier.expect(device: 3, payload: Self.message(3, number).payload, sentSeconds: 0) }
        verifier.received(Self.message(3, 0))
        clock.advance(1)
        verifier.closed(unacknowledged: 0)  // 1 was awaited
        for number in 2..<5 { verifier.expect(device: 3, payload: Self.message(3, number).payload, sentSeconds: 1) }
        verifier.received(Self.message(3, 1))  // on its way when the connection closed: received after all
        clock.advance(6.5)
        verifier.subscribedAgain(nil)
        for number in 5..<7 { verifier.expect(device: 3, payload: Self.message(3, number).payload, sentSeconds: 7.5) }
        for number in 5..<7 { verifier.received(Self.message(3, number)) }
        clock.advance(20)
        verifier.expire()
        let report = await verifier.finish(graceSeconds: 0)
        #expect(report.expected == 7)
        #expect(report.received == 4)
        #expect(report.unwitnessed == 3)
        #expect(report.lost == 0 && report.duplicates == 0 && report.outOfOrder == 0)
        #expect(report.disconnections == 1)
        #expect(report.awaySeconds == 6.5)
        #expect(report.expected == report.received - report.duplicates + report.lost + report.unwitnessed)
        #expect(
            notices.withLock { $0 } == [
                "fleet: --verify: the subscriber's connection to the broker closed; it subscribes again, and counts what is sent meanwhile not witnessed (1 awaited now)",
                "fleet: --verify: subscribed again after 6.5 s; 3 messages not witnessed so far",
            ])
    }
}
