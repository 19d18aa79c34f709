// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// `trailcast fleet --osmand` into a receiver that reads requests as Traccar's OsmAnd decoder
/// does (Tests/Fixtures/peers/osmand_receiver.py): parameter names, units, timestamp forms,
/// and Traccar's answers (400 for a device it does not know).
@Suite("trailcast fleet --osmand into a Traccar-rules receiver")
struct FleetOsmAndCommandTests {
    @Test(
        """
        every position is read as Traccar reads it, every parameter one Traccar knows, each equal to the same plan's \
        --virtual output; an unknown device's 400s are counted as errors, and the run goes on
        """)
    func positions() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let portFile = scratch.url.appendingPathComponent("port")
        let positionsFile = scratch.url.appendingPathComponent("positions.jsonl")
        let summaryFile = scratch.url.appendingPathComponent("summary.json")
        // device-000007 is not registered, as Traccar answers a device it does not know.
        let known = (0..<20).filter { $0 != 7 }.map { String(format: "device-%06d", $0) }.joined(separator: ",")
        let receiver = try ToolProcess(
            "python3",
            [
                Repository.url("Tests/Fixtures/peers/osmand_receiver.py").path, "--port-file", portFile.path,
                "--out", positionsFile.path, "--devices", known,
            ])
        try await receiver.wait(for: "the receiver's port") { FileManager.default.fileExists(atPath: portFile.path) }
        let port = try String(contentsOf: portFile, encoding: .utf8)
        let launched = Date().timeIntervalSince1970
        let run = try await TrailcastBinary.run(
            arguments: [
                "fleet", "--progress", "gpx/", "--devices", "20", "--osmand", "http://127.0.0.1:\(port)",
                "--http-connections", "4",
                "--duration", "20s", "--speed", "2", "--stagger", "2s", "--summary", summaryFile.path,
            ], waitsForASlot: false)
        let ended = Date().timeIntervalSince1970
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!receiver.output.contains("unknown parameter"), "\(receiver.output)")
        let summary = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: summaryFile)) as? [String: Any])
        let osmand = try #require((summary["backends"] as? [String: Any])?["osmand"] as? [String: Any])
        let sent = try #require(osmand["sent"] as? Int)
        let positions = try String(contentsOf: positionsFile, encoding: .utf8).split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(osmand["acknowledged"] as? Int == positions.count)
        #expect(osmand["errors"] as? Int == sent - positions.count, "each of device-000007's positions answered 400")
        #expect(sent - positions.count >= 15, "device-000007 sent for most of the run")
        #expect(osmand["lost"] as? Int == 0 && osmand["refused"] as? Int == 0)
        // The send lag, all in milliseconds: the slowest send is at least the 99th percentile.
        let lag = try #require(summary["lagMilliseconds"] as? [String: Any])
        let p50 = try #require(lag["p50"] as? Double), p99 = try #require(lag["p99"] as? Double)
        let slowest = try #require(lag["max"] as? Double)
        #expect(p50 <= p99 && p99 <= slowest, "\(lag)")
        #expect(!positions.contains { $0["id"] as? String == "device-000007" })
        // Host names the port, which is not http's 80 (RFC 9110, 7.2).
        #expect(Set(positions.map { $0["host"] as? String }) == ["127.0.0.1:\(port)"])
        #expect(Set(positions.compactMap { $0["id"] as? String }).count == 19)
        // Every field of every position as the same plan on virtual time writes it, byte for
        // byte but the timestamp, in each device's order; the timestamps the virtual ones moved
        // to the run's start, a moment between the test's launching it and its end.
        let virtual = try await TrailcastBinary.run(arguments: [
            "fleet", "gpx/", "--devices", "20", "--duration", "20s", "--stagger", "2s", "--virtual", "--format",
            "osmand",
        ])
        try #require(virtual.status == 0, "\(virtual.stderr)")
        let expected = try Self.queriesByDevice(virtual.stdoutLines.map { String($0.dropFirst(2)) })
        let received = try Self.queriesByDevice(positions.map { try #require($0["query"] as? String) })
        #expect(expected.keys.count == 20)
        for (device, queries) in expected where device != "device-000007" {
            #expect(received[device]?.map(\.rest) == queries.map(\.rest), "\(device)")
        }
        let offsets = Set(
            expected.flatMap { device, queries in
                zip(queries, received[device] ?? []).map { $1.milliseconds - $0.milliseconds }
            })
        // One offset: the run's start less the virtual start, in whole milliseconds (a fix's
        // time is cut to the millisecond, so the live start's fraction can make it 1 more).
        let offset = try #require(offsets.min())
        #expect((offsets.max() ?? offset) - offset <= 1, "\(offsets.sorted())")
        let runStart = Double(offset) / 1000 + Double(FleetOsmAndCommandTests.virtualStartSeconds)
        #expect(
            runStart >= launched - 1 && runStart <= ended,
            "the run started at \(runStart), launched \(launched), ended \(ended)")
    }

    /// The virtual fleet's start, 2026-01-01T00:00:00Z (docs/fleet.md).
    static let virtualStartSeconds = 1_767_225_600

    /// OsmAnd queries (`id=...&timestamp=...&...`) by device, in order: each one's timestamp
    /// in milliseconds and the rest of the query, byte for byte.
    static func queriesByDevice(_ queries: [String]) throws -> [String: [(milliseconds: Int, rest: String)]] {
        var byDevice: [String: [(milliseconds: Int, rest: String)]] = [:]
        for query in queries {
            var parameters = query.split(separator: "&").map(String.init)
            let device = try #require(
                parameters.first.flatMap { $0.hasPrefix("id=") ? String($0.dropFirst(3)) : nil }, "\(query)")
            let timeIndex = try #require(parameters.firstIndex { $0.hasPrefix("timestamp=") }, "\(query)")
            let milliseconds = try #require(
                Int(parameters.remove(at: timeIndex).dropFirst("timestamp=".count)), "\(query)")
            byDevice[device, default: []].append((milliseconds, parameters.joined(separator: "&")))
        }
        return byDevice
    }

    @Test("no server: exit 69 and one line")
    func unreachable() async throws {
        let port = try HeldLocalPort()
        let run = try await TrailcastBinary.run(arguments: [
            "fleet", "gpx/", "--devices", "3", "--osmand", "http://127.0.0.1:\(port.port)", "--duration", "5s",
        ])
        #expect(run.status == 69)
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.hasPrefix("trailcast: error: cannot reach the OsmAnd server at 127.0.0.1:\(port.port)"))
    }
}
