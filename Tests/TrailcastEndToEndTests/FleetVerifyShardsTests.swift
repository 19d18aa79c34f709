// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// The shards of one fleet (a Kubernetes Indexed Job's pods) verifying at once against one
/// broker. Each verifier is a client of the broker, and MQTT lets one connection per client
/// identifier: a second CONNECT with an identifier in use closes the first (MQTT 3.1.1,
/// 3.1.4-2; mosquitto logs "already connected, closing old connection"). So each shard's
/// verifier has its own, `trailcast-fleet-verify-INDEX`.
@Suite("fleet --verify, sharded")
struct FleetVerifyShardsTests {
    @Test("two shards verify at once: each its own client identifier, none closed by the other, every message counted")
    func shardsVerifyTogether() async throws {
        let broker = try MosquittoBroker()
        try await broker.waitUntilRunning()
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        func shard(_ index: Int) async throws -> (CommandResult, [String: Any]) {
            let summaryFile = scratch.url.appendingPathComponent("summary-\(index).json")
            let run = try await TrailcastBinary.run(
                arguments: [
                    "fleet", "gpx/", "--devices", "6", "--shard", "\(index)/2", "--mqtt", "mqtt://127.0.0.1:\(broker.port)",
                    "--qos", "1", "--duration", "4s", "--stagger", "1s", "--verify", "--summary", summaryFile.path,
                ], waitsForASlot: false, deadline: .seconds(4) + Patience.hang)
            return (run, try FleetMQTTCommandTests.summary(summaryFile))
        }
        async let first = shard(0)
        async let second = shard(1)
        let shards = try await [first, second]
        for (index, (run, summary)) in shards.enumerated() {
            #expect(run.status == 0, "shard \(index): \(run.stderr)")
            let sent = try #require((summary["backends"] as? [String: Any])?["mqtt"] as? [String: Any])["sent"] as? Int
            let verify = try #require(summary["verify"] as? [String: Any], "shard \(index)")
            #expect((sent ?? 0) > 0)
            #expect(verify["received"] as? Int == sent, "shard \(index): \(verify)")
            #expect(verify["lost"] as? Int == 0, "shard \(index): \(verify)")
        }
        try await broker.waitForLog("as trailcast-fleet-verify-0")
        try await broker.waitForLog("as trailcast-fleet-verify-1")
        #expect(!broker.output.contains("already connected"), "a verifier was closed by another's CONNECT")
    }
}
