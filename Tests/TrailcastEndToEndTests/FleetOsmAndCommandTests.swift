import Foundation
import Testing

/// `trailcast fleet --osmand` into a receiver that reads requests as Traccar's OsmAnd decoder
/// does (Tests/Fixtures/peers/osmand_receiver.py): parameter names, units, timestamp forms,
/// and Traccar's answers (400 for a device it does not know).
@Suite("trailcast fleet --osmand into a Traccar-rules receiver")
struct FleetOsmAndCommandTests {
    @Test("every position is read as Traccar reads it; an unknown device's 400s are counted as errors, and the run goes on")
    func positions() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let portFile = scratch.url.appendingPathComponent("port")
        let positionsFile = scratch.url.appendingPathComponent("positions.jsonl")
        let summaryFile = scratch.url.appendingPathComponent("summary.json")
        // device-000007 is not registered, as Traccar answers a device it does not know.
        let known = (0..<20).filter { $0 != 7 }.map { String(format: "device-%06d", $0) }.joined(separator: ",")
        let receiver = try ToolProcess("python3", [
            Repository.url("Tests/Fixtures/peers/osmand_receiver.py").path, "--port-file", portFile.path,
            "--out", positionsFile.path, "--devices", known,
        ])
        try await receiver.wait(for: "the receiver's port") { FileManager.default.fileExists(atPath: portFile.path) }
        let port = try String(contentsOf: portFile, encoding: .utf8)
        let run = try await TrailcastBinary.run(arguments: [
            "fleet", "gpx/", "--devices", "20", "--osmand", "http://127.0.0.1:\(port)", "--http-connections", "4",
            "--duration", "20s", "--speed", "2", "--stagger", "2s", "--summary", summaryFile.path,
        ], waitsForASlot: false)
        #expect(run.status == 0, "\(run.stderr)")
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
        #expect(!positions.contains { $0["id"] as? String == "device-000007" })
        #expect(Set(positions.compactMap { $0["id"] as? String }).count == 19)
        let now = Date().timeIntervalSince1970 * 1000
        var lastTime: [String: Double] = [:]
        for position in positions {
            let id = try #require(position["id"] as? String)
            let time = try #require(position["timeMs"] as? Int)
            // Milliseconds (at or above 2^31), from the run's start: at --speed 2 the devices'
            // clocks run twice as fast, so the last are 10 s ahead of the wall clock.
            #expect(Double(time) > now - 120_000 && Double(time) <= now + 12_000)
            #expect(Double(time) >= lastTime[id] ?? 0, "\(id) in order")
            lastTime[id] = Double(time)
            #expect(position["lat"] is Double && position["lon"] is Double)
            // Knots: the sample routes stay under 110 knots (200 km/h).
            #expect((position["speed"] as? Double).map { $0 >= 0 && $0 < 110 } ?? true)
            #expect((position["course"] as? Double).map { $0 >= 0 && $0 < 360 } ?? true)
            #expect((position["accuracy"] as? Double).map { $0 > 0 && $0 < 100 } == true)
            #expect((position["batt"] as? Double).map { $0 >= 1 && $0 <= 100 } == true)
        }
    }

    @Test("no server: exit 69 and one line")
    func unreachable() async throws {
        let port = try HeldLocalPort()
        let run = try await TrailcastBinary.run(arguments: [
            "fleet", "gpx/", "--devices", "3", "--osmand", "http://127.0.0.1:\(port.port)", "--duration", "5s",
        ])
        #expect(run.status == 69)
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.hasPrefix("fleet: cannot reach the OsmAnd server at 127.0.0.1:\(port.port)"))
    }
}
