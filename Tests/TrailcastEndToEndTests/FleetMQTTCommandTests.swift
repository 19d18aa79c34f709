import Foundation
import Testing

/// `trailcast fleet --mqtt` against a real mosquitto, with mosquitto's own subscriber
/// (`mosquitto_sub`) as the witness of what the broker passed on.
@Suite("trailcast fleet --mqtt into mosquitto")
struct FleetMQTTCommandTests {
    /// `mosquitto_sub -v` on every OwnTracks topic at QoS 1, started and subscribed.
    static func subscriber(_ broker: MosquittoBroker) async throws -> ToolProcess {
        let subscriber = try ToolProcess(
            "mosquitto_sub", ["-h", "127.0.0.1", "-p", String(broker.port), "-i", "witness", "-q", "1", "-v", "-t", "owntracks/#"])
        try await subscriber.wait(for: "mosquitto_sub to subscribe") { broker.output.contains("Received SUBSCRIBE from witness") }
        return subscriber
    }

    static func summary(_ file: URL) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    }

    /// Per device, the payloads mosquitto_sub printed, in the order it received them.
    static func messagesByDevice(_ output: String) throws -> [String: [[String: Any]]] {
        var byDevice: [String: [[String: Any]]] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            let payload = try #require(JSONSerialization.jsonObject(with: Data(parts[1].utf8)) as? [String: Any], "\(line)")
            byDevice[String(parts[0]), default: []].append(payload)
        }
        return byDevice
    }

    @Test("1,000 devices, one connection each, QoS 1, 60 s: every message arrives once and in order; a denied tenth goes quiet at 30 s")
    func thousandDevices() async throws {
        let broker = try MosquittoBroker()
        try await broker.waitUntilRunning()
        let witness = try await Self.subscriber(broker)
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let summaryFile = scratch.url.appendingPathComponent("summary.json")
        let run = try await TrailcastBinary.run(arguments: [
            "fleet", "gpx/", "--devices", "1000", "--mqtt", "mqtt://127.0.0.1:\(broker.port)", "--qos", "1",
            "--duration", "60s", "--stagger", "10s", "--event", "30s:authorization=denied@10%",
            "--verify", "--summary", summaryFile.path,
        ], waitsForASlot: false)
        #expect(run.status == 0, "\(run.stderr)")
        let progress = run.stderrLines.filter { $0.hasPrefix("fleet: ") }
        #expect(progress.count >= 55, "a progress line a second")
        let summary = try Self.summary(summaryFile)
        let mqtt = try #require((summary["backends"] as? [String: Any])?["mqtt"] as? [String: Any])
        let sent = try #require(mqtt["sent"] as? Int)
        #expect(sent > 50_000)
        #expect(mqtt["acknowledged"] as? Int == sent, "every QoS 1 publish acknowledged")
        #expect(mqtt["lost"] as? Int == 0 && mqtt["refused"] as? Int == 0)
        let verify = try #require(summary["verify"] as? [String: Any])
        #expect(verify["received"] as? Int == sent)
        #expect(verify["lost"] as? Int == 0 && verify["duplicates"] as? Int == 0 && verify["outOfOrder"] as? Int == 0)

        // What the broker passed on to its own client.
        try await witness.wait(for: "mosquitto_sub to have every message") {
            witness.output.reduce(0) { $0 + ($1 == "\n" ? 1 : 0) } >= sent
        }
        let byDevice = try Self.messagesByDevice(witness.output)
        #expect(byDevice.values.reduce(0) { $0 + $1.count } == sent, "no duplicates at the witness either")
        #expect(byDevice.count == 1000)
        var quiet = 0
        let firstTimes = byDevice.values.compactMap { messages in messages.first?["tst"] as? Int }
        let start = try #require(firstTimes.min())
        for (topic, messages) in byDevice {
            let times = messages.compactMap { $0["tst"] as? Int }
            #expect(times.count == messages.count && times == times.sorted(), "\(topic) in order")
            for message in messages.prefix(3) {
                #expect(message["_type"] as? String == "location")
                #expect(message["lat"] is Double && message["lon"] is Double)
                #expect((message["acc"] as? Int).map { $0 >= 0 && $0 < 100 } == true)
                // vel is km/h: the sample routes are walks, rides and drives, all under 200 km/h.
                #expect((message["vel"] as? Int).map { $0 >= 0 && $0 < 200 } ?? true)
                #expect((message["cog"] as? Int).map { $0 >= 0 && $0 < 360 } ?? true)
                #expect((message["batt"] as? Int).map { $0 >= 1 && $0 <= 100 } == true)
            }
            if let last = times.last, last <= start + 31 { quiet += 1 } else {
                #expect((times.last ?? 0) >= start + 58, "\(topic) stopped early")
            }
        }
        #expect(quiet == 100, "a tenth of 1,000 devices publishes nothing after 30 s")
    }

    @Test("mosquitto killed and started again mid-run: devices reconnect with backoff, what the outage cost is counted, every message is accounted for")
    func brokerRestart() async throws {
        let broker = try MosquittoBroker()
        try await broker.waitUntilRunning()
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let summaryFile = scratch.url.appendingPathComponent("summary.json")
        // 10 Hz: a device's queue of 16 messages fills in 1.6 s of outage.
        let run = try ReplayProcess(arguments: [
            "fleet", "gpx/", "--devices", "100", "--interval", "0.1", "--mqtt", "mqtt://127.0.0.1:\(broker.port)",
            "--duration", "1h", "--stagger", "2s", "--summary", summaryFile.path,
        ])
        try await run.wait(for: "every device connected") { run.stderr.contains("connected 100 ") }
        broker.kill()
        try await run.wait(for: "messages lost to the outage") {
            run.stderr.split(separator: "\n").last.map { $0.contains("connected 0 ") && !$0.contains(" lost 0 ") } ?? false
        }
        let linesBefore = run.stderr.split(separator: "\n").count
        try broker.start()
        try await broker.waitUntilRunning()
        try await run.wait(for: "every device back") {
            run.stderr.split(separator: "\n").dropFirst(linesBefore).contains { $0.contains("connected 100 ") }
        }
        #expect(run.isRunning, "the run went on")
        run.send(SIGINT)
        let (status, _) = try await run.waitForExit()
        #expect(status == 130)
        let summary = try Self.summary(summaryFile)
        let mqtt = try BackendTotals(summary: summary, backend: "mqtt")
        #expect((mqtt.connections["reconnects"] ?? 0) >= 100)
        #expect(mqtt.lost > 0)
        // Nothing unaccounted for: each location was acknowledged, refused, lost or still in flight.
        #expect(mqtt.addsUp, "\(mqtt)")
        #expect(mqtt.sent == summary["messages"] as? Int)
        #expect(BackendTotals.progressAddsUp(run.stderr, backend: "mqtt"))
        #expect(broker.output.contains("New client connected"), "the restarted broker saw the devices come back")
    }

    @Test("no broker: exit 69 and one line, at once")
    func unreachable() async throws {
        let port = try HeldLocalPort()
        let run = try await TrailcastBinary.run(arguments: [
            "fleet", "gpx/", "--devices", "10", "--mqtt", "mqtt://127.0.0.1:\(port.port)", "--duration", "10s",
        ])
        #expect(run.status == 69)
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.hasPrefix("fleet: cannot reach the MQTT broker at 127.0.0.1:\(port.port)"))
    }
}
