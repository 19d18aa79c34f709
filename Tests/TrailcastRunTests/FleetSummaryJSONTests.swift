// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastEngine
@testable import TrailcastFeeds
@testable import TrailcastRun

/// `fleet --summary`'s JSON, key by key: what an operator's dashboard and scripts read. The
/// runs that write it (FleetMQTTCommandTests, FleetHTTPLoginTests) read a few keys of a real
/// run; this one holds every key, its place and its digits to numbers chosen by hand.
@Suite("fleet --summary: every key, in order, with its value")
struct FleetSummaryJSONTests {
    @Test(
        "devices, shard, active devices, messages, seconds, CPU per message, lag; each backend's counts, causes, connections, recovery, links still down and classes; the subscriber's verdict"
    )
    func everyKey() {
        var counts = DeliveryCounts()
        counts.sent = 10
        counts.acknowledged = 6
        counts.refused = 1
        counts.lost = 1
        counts.errors = 1
        counts.inFlight = 1
        counts.errorCauses = ["no answer in 10 s": 1]
        var connections = ConnectionCounts()
        connections.open = 2
        connections.reconnects = 1
        connections.failedAttempts = 3
        connections.closedByServer = 4
        connections.failureCauses = ["timed out": 1, "connection refused": 2]
        connections.recoverySeconds = [1.23456]
        connections.stillDownSeconds = [4, 9]
        var lag = LatencyHistogram()
        lag.record(seconds: 0.2501234)
        lag.record(seconds: 0.2501234)
        var verification = MQTTDeliveryVerifier.Report()
        verification.expected = 10
        verification.received = 8
        verification.lost = 1
        verification.duplicates = 2
        verification.outOfOrder = 3
        verification.strangers = 4
        verification.unwitnessed = 1
        verification.disconnections = 1
        verification.awaySeconds = 0.56789
        verification.latency.record(seconds: 0.1254321)
        verification.devicesWithProblems = [.init(device: 2, lost: 1, duplicates: 2, outOfOrder: 3)]
        let plan = FleetRunPlan(routePaths: ["r.gpx"], fleet: FleetPlan(deviceCount: 4, idPrefix: "car-"))
        let summary = FleetSummary(
            plan: plan, classOfSlot: [0, 0, 0, 0], activeDevices: 3, messages: 10, wallSeconds: 30.12345,
            cpuSeconds: 0.1234567,
            backends: [.init(name: "mqtt", counts: counts, countsPerClass: [counts], connections: connections)],
            lag: lag, verification: verification)
        let text = String(decoding: summary.json(), as: UTF8.self)
        let expected =
            #"{"devices":4,"shard":"0/1","activeDevices":3,"messages":10,"wallSeconds":30.123,"cpuSeconds":0.123,"#
            + #""cpuMicrosecondsPerMessage":12345.67,"lagMilliseconds":{"p50":250.123,"p99":250.123,"max":250.123},"#
            + #""backends":{"mqtt":{"sent":10,"acknowledged":6,"refused":1,"lost":1,"errors":1,"inFlight":1,"#
            + #""errorCauses":{"no answer in 10 s":1},"connections":{"open":2,"reconnects":1,"failedAttempts":3,"#
            + #""closedByServer":4,"recoverySeconds":{"count":1,"p50":1.235,"p99":1.235,"max":1.235},"stillDown":2,"#
            + #""failureCauses":{"connection refused":2,"timed out":1}},"classes":{"open-sky":{"devices":4,"#
            + #""sent":10,"acknowledged":6,"refused":1,"lost":1,"errors":1,"inFlight":1,"#
            + #""errorCauses":{"no answer in 10 s":1}}}}},"verify":{"expected":10,"received":8,"lost":1,"#
            + #""duplicates":2,"outOfOrder":3,"strangers":4,"unwitnessed":1,"disconnections":1,"awaySeconds":0.568,"#
            + #""latencyMilliseconds":{"p50":125.432,"p99":125.432,"max":125.432},"#
            + #""devicesWithProblems":[{"device":"car-000002","lost":1,"duplicates":2,"outOfOrder":3}]}}"# + "\n"
        #expect(text == expected)
    }

    @Test("before any message: no CPU per message and no percentiles, null rather than a number")
    func nothingSent() {
        let plan = FleetRunPlan(routePaths: ["r.gpx"], fleet: FleetPlan(deviceCount: 1))
        let summary = FleetSummary(
            plan: plan, classOfSlot: [0], activeDevices: 0, messages: 0, wallSeconds: 0, cpuSeconds: 0.01,
            backends: [], lag: LatencyHistogram(), verification: nil)
        #expect(
            String(decoding: summary.json(), as: UTF8.self)
                == #"{"devices":1,"shard":"0/1","activeDevices":0,"messages":0,"wallSeconds":0,"cpuSeconds":0.01,"#
                + #""cpuMicrosecondsPerMessage":null,"lagMilliseconds":{"p50":null,"p99":null,"max":null},"backends":{}}"#
                + "\n")
    }
}
