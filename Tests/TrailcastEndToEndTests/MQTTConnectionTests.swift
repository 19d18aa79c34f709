// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
import TrailcastBasics
import TrailcastWire
import TrailcastFeeds
import NIOCore

/// The fleet's MQTT 3.1.1 client against a real broker (mosquitto): what it sends is
/// what the broker accepts and passes on.
@Suite("MQTT client against mosquitto")
struct MQTTConnectionTests {
    /// Records what a connection reports, for a test to wait on.
    final class Recorder: MQTTConnectionDelegate {
        private let state = LockedValue(State())
        // LockedValue, not Synchronization's Mutex: ThreadSanitizer sees its lock on Linux.
        struct State {
            var acknowledged: [UInt64] = []
            var received: [MQTTPacket.Publish] = []
            var refused: [UInt64] = []
            var closed: Int?
        }

        func acknowledged(context: UInt64) { state.withLock { $0.acknowledged.append(context) } }
        func received(_ publish: MQTTPacket.Publish) { state.withLock { $0.received.append(publish) } }
        func refused(context: UInt64) { state.withLock { $0.refused.append(context) } }
        func closed(unacknowledged: Int) { state.withLock { $0.closed = unacknowledged } }

        var snapshot: State { state.withLock { $0 } }

        func wait(for what: String, until condition: (State) -> Bool) async throws {
            let end = ContinuousClock.now.advanced(by: Patience.hang)
            while !condition(snapshot) {
                guard ContinuousClock.now < end else { throw ReplayProcess.TimedOut(what: what) }
                try await Task.sleep(for: .milliseconds(10))
            }
        }
    }

    static func options(_ broker: MosquittoBroker, _ client: String, keepAlive: UInt16 = 60) -> MQTTConnection.Options {
        MQTTConnection.Options(
            host: "127.0.0.1", port: broker.port, clientIdentifier: client, keepAliveSeconds: keepAlive)
    }

    @Test("QoS 1: every publish is acknowledged once, and a subscriber receives each in order, payload intact")
    func publishAndSubscribe() async throws {
        let broker = try MosquittoBroker()
        try await broker.waitUntilRunning()
        let listener = Recorder()
        let subscriber = try await MQTTConnection.connect(Self.options(broker, "subscriber"), delegate: listener)
        #expect(try await subscriber.subscribe([.init("owntracks/#", qos: .atLeastOnce)]) == [.atLeastOnce])
        let sender = Recorder()
        let publisher = try await MQTTConnection.connect(Self.options(broker, "device-1"), delegate: sender)
        for number in 0..<500 {
            let payload = Array("{\"n\":\(number)}".utf8)
            #expect(
                publisher.publish(
                    .init(topic: "owntracks/fleet/device-1", payload: payload, qos: .atLeastOnce),
                    context: UInt64(number)))
        }
        try await sender.wait(for: "500 PUBACKs") { $0.acknowledged.count >= 500 }
        try await listener.wait(for: "500 messages at the subscriber") { $0.received.count >= 500 }
        #expect(Set(sender.snapshot.acknowledged) == Set(0..<500))
        #expect(sender.snapshot.acknowledged.count == 500)
        let received = listener.snapshot.received
        #expect(received.map { String(decoding: $0.payload, as: UTF8.self) } == (0..<500).map { "{\"n\":\($0)}" })
        #expect(received.allSatisfy { $0.topic == "owntracks/fleet/device-1" })
        await publisher.disconnect()
        await subscriber.disconnect()
        #expect(sender.snapshot.closed == 0)
        // "disconnected." is mosquitto's word for a DISCONNECT; a dropped socket is "closed its connection".
        try await broker.waitForLog("Client device-1 disconnected")
    }

    @Test("an idle connection keeps itself alive with PINGREQs the broker answers")
    func keepAlive() async throws {
        let broker = try MosquittoBroker()
        try await broker.waitUntilRunning()
        let recorder = Recorder()
        // A 10 s keep-alive: a PINGREQ after 5 s of quiet, and 10 s for its PINGRESP. (At
        // 1 s, under ThreadSanitizer beside Firefox and the fleet's suites, an answer took
        // longer once, and the client rightly gave the connection up: a verdict on the
        // machine; 3 s is still one on a machine three times slower. The wait ends too if the
        // connection closes, saying so, not at its ceiling.)
        let connection = try await MQTTConnection.connect(
            Self.options(broker, "idle", keepAlive: 10), delegate: recorder)
        try await recorder.wait(for: "two pings answered") { state in
            broker.output.components(separatedBy: "Sending PINGRESP to idle").count > 2 || state.closed != nil
        }
        #expect(connection.isOpen)
        #expect(recorder.snapshot.closed == nil, "closed: \(broker.output.suffix(1000))")
        await connection.disconnect()
    }

    @Test("a broker that goes away closes the connection and reports the publishes never acknowledged")
    func brokerGone() async throws {
        let broker = try MosquittoBroker()
        try await broker.waitUntilRunning()
        let recorder = Recorder()
        let connection = try await MQTTConnection.connect(Self.options(broker, "device-2"), delegate: recorder)
        // Frozen, the broker takes the five QoS 1 publishes into its socket and answers none;
        // killed, it closes the connection with all five unacknowledged.
        broker.freeze()
        for number in 0..<5 {
            #expect(
                connection.publish(
                    .init(topic: "t", payload: [UInt8(number)], qos: .atLeastOnce), context: UInt64(number)))
        }
        // The publishes are written on the connection's event loop, in order: once a task
        // queued after them has run, all five are in flight.
        try await connection.eventLoop.submit {}.get()
        broker.kill()
        await connection.waitUntilClosed()
        #expect(recorder.snapshot.closed == 5)
        #expect(recorder.snapshot.acknowledged.isEmpty)
        #expect(
            !connection.publish(.init(topic: "t", payload: [1], qos: .atLeastOnce)),
            "a closed connection refuses at once")
    }

    /// A broker that takes publishes and acknowledges none: the client holds at most 1,000
    /// awaiting their PUBACK (its default), refuses the next rather than queueing it, and
    /// reports the thousand unacknowledged when the connection goes.
    @Test("a thousand QoS 1 publishes awaiting their PUBACK: the next refused, the thousand reported when it closes")
    func inFlightLimit() async throws {
        let broker = try MosquittoBroker()
        try await broker.waitUntilRunning()
        let recorder = Recorder()
        let connection = try await MQTTConnection.connect(Self.options(broker, "device-3"), delegate: recorder)
        broker.freeze()
        // 1,001 publishes of a byte each: 12 KB, well under the socket's buffer, so that
        // only the limit refuses.
        for number in 0...1000 {
            connection.publish(.init(topic: "t", payload: [1], qos: .atLeastOnce), context: UInt64(number))
        }
        try await connection.eventLoop.submit {}.get()
        #expect(recorder.snapshot.refused == [1000])
        broker.kill()
        await connection.waitUntilClosed()
        #expect(recorder.snapshot.closed == 1000)
        #expect(recorder.snapshot.acknowledged.isEmpty)
    }

    @Test("nothing listening: connect is refused, not timed out, and the error says where")
    func unreachable() async throws {
        let port = try HeldLocalPort()
        do {
            _ = try await MQTTConnection.connect(
                .init(host: "127.0.0.1", port: port.port, clientIdentifier: "x"), delegate: Recorder())
            Issue.record("connected to a port nothing listens on")
        } catch {
            // strerror's words, not SwiftNIO's dump of its error.
            #expect(
                String(describing: error)
                    == "cannot reach the MQTT broker at 127.0.0.1:\(port.port): connection refused")
        }
    }
}
