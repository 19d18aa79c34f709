// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// `--verify-store`: what an OwnTracks Recorder stored of a run, read back through its HTTP
/// API, against the receiver with the recorder's rules for `/pub` and `/api/0`
/// (Tests/Fixtures/peers/owntracks_http_receiver.py). Acknowledged is not stored: the
/// recorder's store can fall behind what its broker or its `/pub` took.
@Suite("trailcast fleet --verify-store: what the recorder stored")
struct FleetStoreCheckTests {
    static func receiver(storeAtMost: Int? = nil) async throws -> (ToolProcess, Int, ScratchDirectory) {
        let scratch = try ScratchDirectory()
        let portFile = scratch.url.appendingPathComponent("port")
        let process = try ToolProcess(
            "python3",
            [
                Repository.url("Tests/Fixtures/peers/owntracks_http_receiver.py").path, "--port-file", portFile.path,
                "--out", scratch.url.appendingPathComponent("stored.jsonl").path,
            ] + (storeAtMost.map { ["--store-at-most", String($0)] } ?? []))
        try await process.wait(for: "the receiver's port") { FileManager.default.fileExists(atPath: portFile.path) }
        return (process, try #require(Int(try String(contentsOf: portFile, encoding: .utf8))), scratch)
    }

    /// `trailcast fleet gpx/` to the receiver's `/pub`, checked against its store, with
    /// `extra` flags; the run, its OwnTracks HTTP totals and the summary's `store`.
    static func fleet(
        port: Int, in scratch: ScratchDirectory, _ extra: [String]
    ) async throws -> (run: CommandResult, totals: BackendTotals, store: [String: Any]) {
        let summaryFile = scratch.url.appendingPathComponent("summary.json")
        let run = try await TrailcastBinary.run(
            arguments: [
                "fleet", "gpx/", "--owntracks-http", "http://127.0.0.1:\(port)/pub", "--verify-store",
                "http://127.0.0.1:\(port)", "--summary", summaryFile.path,
            ] + extra, waitsForASlot: false)
        let totals = try BackendTotals(
            summary: try FleetMQTTCommandTests.summary(summaryFile), backend: "owntracks-http")
        return (run, totals, try store(summaryFile))
    }

    static func store(_ summaryFile: URL) throws -> [String: Any] {
        try #require(try FleetMQTTCommandTests.summary(summaryFile)["store"] as? [String: Any])
    }

    @Test(
        "every acknowledged location read back from the recorder's /api/0/locations, user and device as it lowercases them"
    )
    func everyLocationStored() async throws {
        let (receiver, port, scratch) = try await Self.receiver()
        defer {
            receiver.stop()
            scratch.remove()
        }
        let (run, totals, store) = try await Self.fleet(
            port: port, in: scratch,
            ["--devices", "12", "--owntracks-user", "Team", "--duration", "4s", "--stagger", "1s"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(totals.acknowledged >= 36 && totals.acknowledged == totals.sent, "\(totals)")
        #expect(store["expected"] as? Int == totals.acknowledged)
        #expect(store["stored"] as? Int == totals.acknowledged, "\(store)")
        #expect(store["missing"] as? Int == 0 && store["extra"] as? Int == 0)
        #expect(store["error"] is NSNull)
    }

    @Test("a store behind what was acknowledged: the missing counted after the wait, and exit 69 past --max-error-rate")
    func storeBehind() async throws {
        let (receiver, port, scratch) = try await Self.receiver(storeAtMost: 10)
        defer {
            receiver.stop()
            scratch.remove()
        }
        let (run, totals, store) = try await Self.fleet(
            port: port, in: scratch,
            ["--progress", "--devices", "12", "--duration", "4s", "--stagger", "1s", "--verify-store-wait", "2s"])
        #expect(run.status == 69, "\(run.stderr)")
        #expect(totals.acknowledged >= 36 && totals.acknowledged == totals.sent, "\(totals)")
        #expect(store["stored"] as? Int == 10 && store["missing"] as? Int == totals.acknowledged - 10, "\(store)")
        #expect(
            run.stderr.contains("fleet: --verify-store: 10 of \(totals.acknowledged) stored so far\n"), "\(run.stderr)")
        let last = try #require(run.stderrLines.last)
        #expect(
            last.hasPrefix(
                "trailcast: error: the OwnTracks Recorder stored 10 of the \(totals.acknowledged) acknowledged "
                    + "(\(totals.acknowledged - 10) missing after waiting "), "\(last)")
        #expect(last.hasSuffix(" s), more than --max-error-rate 0.1 allows"), "\(last)")
    }

    /// The share missing may reach --max-error-rate, not pass it: with a rate of 1 (every
    /// message may be lost) a store that kept none is allowed. The counts of a real-time
    /// run vary; this share does not.
    @Test("a store missing exactly the share --max-error-rate allows (all of it, at 1) exits 0")
    func storeMissingExactlyTheAllowedShare() async throws {
        let (receiver, port, scratch) = try await Self.receiver(storeAtMost: 0)
        defer {
            receiver.stop()
            scratch.remove()
        }
        let (run, totals, store) = try await Self.fleet(
            port: port, in: scratch,
            [
                "--devices", "4", "--duration", "2s", "--verify-store-wait", "1s", "--max-error-rate", "1",
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(totals.acknowledged > 0)
        #expect(store["stored"] as? Int == 0 && store["missing"] as? Int == totals.acknowledged, "\(store)")
    }

    @Test("the recorder's API not there at the start: exit 69 before anything is sent, in the connection's words")
    func recorderAway() async throws {
        let (receiver, port, scratch) = try await Self.receiver()
        defer {
            receiver.stop()
            scratch.remove()
        }
        let closed = try HeldLocalPort()
        let run = try await TrailcastBinary.run(
            arguments: [
                "fleet", "gpx/", "--devices", "2", "--owntracks-http", "http://127.0.0.1:\(port)/pub", "--duration",
                "2s",
                "--verify-store", "http://127.0.0.1:\(closed.port)",
            ], waitsForASlot: false)
        #expect(run.status == 69)
        #expect(
            run.stderrLines == [
                "trailcast: error: cannot read the OwnTracks Recorder's store at http://127.0.0.1:\(closed.port)/api/0/version: connection refused"
            ])
    }

    @Test(
        "--verify-store needs a backend the recorder reads, and --verify-store-wait needs --verify-store",
        arguments: [
            (
                ["--osmand", "http://127.0.0.1:5055", "--verify-store", "http://127.0.0.1:8083"],
                "trailcast: error: --verify-store reads what an OwnTracks Recorder stored: it needs --mqtt or --owntracks-http"
            ),
            (
                ["--mqtt", "mqtt://127.0.0.1", "--verify-store-wait", "5s"],
                "trailcast: error: --verify-store-wait is for --verify-store"
            ),
            (
                ["--mqtt", "mqtt://127.0.0.1", "--verify-store", "ftp://127.0.0.1"],
                "trailcast: error: --verify-store ftp://127.0.0.1: expected http://HOST[:PORT][/PATH] or https://..., such as http://127.0.0.1:8083"
            ),
        ])
    func refusedOptions(arguments: [String], line: String) async throws {
        let run = try await TrailcastBinary.run(
            arguments: ["fleet", "gpx/", "--devices", "2", "--duration", "2s"] + arguments)
        #expect(run.status == 64)
        #expect(run.stderrLines.first == line, "\(run.stderr)")
    }
}
