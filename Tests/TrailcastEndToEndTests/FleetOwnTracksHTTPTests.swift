// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// `trailcast fleet --owntracks-http` into a receiver with the OwnTracks Recorder's HTTP
/// rules (Tests/Fixtures/peers/owntracks_http_receiver.py): the apps' other transport, a
/// JSON POST per location, for teams without a broker.
@Suite("trailcast fleet --owntracks-http into a Recorder-rules receiver")
struct FleetOwnTracksHTTPTests {
    static func receiver() async throws -> (ToolProcess, Int, URL, ScratchDirectory) {
        let scratch = try ScratchDirectory()
        let portFile = scratch.url.appendingPathComponent("port")
        let out = scratch.url.appendingPathComponent("stored.jsonl")
        let process = try ToolProcess(
            "python3",
            [
                Repository.url("Tests/Fixtures/peers/owntracks_http_receiver.py").path, "--port-file", portFile.path,
                "--out", out.path,
            ])
        try await process.wait(for: "the receiver's port") { FileManager.default.fileExists(atPath: portFile.path) }
        let port = try #require(Int(try String(contentsOf: portFile, encoding: .utf8)))
        return (process, port, out, scratch)
    }

    @Test(
        """
        every location POSTed to /pub is stored under owntracks/USER/DEVICE, in order, with only OwnTracks' keys, each \
        the same plan's --virtual message
        """)
    func stored() async throws {
        let (receiver, port, out, scratch) = try await Self.receiver()
        defer { scratch.remove() }
        let summaryFile = scratch.url.appendingPathComponent("summary.json")
        let run = try await TrailcastBinary.run(
            arguments: [
                "fleet", "--progress", "gpx/", "--devices", "30", "--owntracks-http", "http://127.0.0.1:\(port)/pub",
                "--owntracks-user", "Team",
                "--duration", "6s", "--stagger", "1s", "--summary", summaryFile.path,
            ], waitsForASlot: false)
        #expect(run.status == 0, "\(run.stderr)")
        let totals = try BackendTotals(
            summary: try FleetMQTTCommandTests.summary(summaryFile), backend: "owntracks-http")
        #expect(totals.addsUp && totals.acknowledged == totals.sent && totals.sent >= 150, "\(totals)")
        #expect(BackendTotals.progressAddsUp(run.stderr, backend: "owntracks-http"))
        let stored = try String(contentsOf: out, encoding: .utf8).split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(stored.count == totals.sent)
        // As the OwnTracks app posts them (booklet, HTTP mode: a JSON body).
        #expect(Set(stored.map { $0["contentType"] as? String ?? "" }) == ["application/json"])
        let byTopic = Dictionary(grouping: stored) { $0["topic"] as? String ?? "" }
        // The recorder lowercases the user (X-Limit-U: Team).
        #expect(Set(byTopic.keys) == Set((0..<30).map { String(format: "owntracks/team/device-%06d", $0) }))
        #expect(!receiver.output.contains("unknown key"), "\(receiver.output)")
        // Each body as the same plan on virtual time writes the message, byte for byte but
        // `tst`, in each device's order (the topic's user as the recorder lowercases it).
        let virtual = try await TrailcastBinary.run(arguments: [
            "fleet", "gpx/", "--devices", "30", "--owntracks-user", "team", "--duration", "6s", "--stagger", "1s",
            "--virtual",
        ])
        try #require(virtual.status == 0, "\(virtual.stderr)")
        let expected = try FleetMQTTCommandTests.payloadsByTopic(virtual.stdout)
        let received = try FleetMQTTCommandTests.payloadsByTopic(
            stored.map {
                "\($0["topic"] as? String ?? "") \($0["body"] as? String ?? "")"
            }.joined(separator: "\n"))
        #expect(expected.count == 30)
        let offsets = FleetMQTTCommandTests.expectSamePayloads(expected, received)
        #expect(
            offsets.count <= 2 && (offsets.max() ?? 0) - (offsets.min() ?? 0) <= 1, "one start: \(offsets.sorted())")
    }

    @Test(
        "a URL without the recorder's /pub: each answer a 404, counted as an error, said at once; the run goes on and exits 69"
    )
    func wrongPath() async throws {
        let (receiver, port, out, scratch) = try await Self.receiver()
        defer { scratch.remove() }
        _ = receiver
        let summaryFile = scratch.url.appendingPathComponent("summary.json")
        let run = try await TrailcastBinary.run(
            arguments: [
                "fleet", "gpx/", "--devices", "5", "--owntracks-http", "http://127.0.0.1:\(port)", "--duration", "3s",
                "--stagger", "0s", "--summary", summaryFile.path,
            ], waitsForASlot: false)
        #expect(run.status == 69, "\(run.stderr)")
        let totals = try BackendTotals(
            summary: try FleetMQTTCommandTests.summary(summaryFile), backend: "owntracks-http")
        #expect(totals.errors == totals.sent && totals.sent == 15, "\(totals)")
        #expect(
            run.stderrLines == [
                "the OwnTracks HTTP backend answered 404 Not Found: check the URL's path (the OwnTracks recorder's is /pub)",
                "trailcast: error: nothing was acknowledged: 15 sent, 15 failed (owntracks-http: 404 Not Found: 15)",
            ])
        let stored =
            FileManager.default.fileExists(atPath: out.path) ? try String(contentsOf: out, encoding: .utf8) : ""
        #expect(stored.isEmpty, "nothing stored")
    }
}
