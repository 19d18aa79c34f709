// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// `trailcast fleet --virtual` through the built binary: what a backend would be sent, as
/// lines, the same on every run and the same cut into shards.
@Suite("trailcast fleet --virtual")
struct FleetCommandTests {
    static let fleet = [
        "fleet", "gpx/", "--devices", "300", "--virtual", "--duration", "90s",
        "--gps-mix", "open-sky:60,urban-canyon:30,indoor:10", "--event", "30s:authorization=denied@10%",
    ]

    @Test("two runs write the same bytes; each line is TOPIC and an OwnTracks location payload")
    func deterministic() async throws {
        let first = try await TrailcastBinary.run(arguments: Self.fleet)
        let second = try await TrailcastBinary.run(arguments: Self.fleet)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == second.stdout)
        let lines = first.stdoutLines
        #expect(lines.count > 10_000)
        var lastTime: [String: Int] = [:]
        for line in lines.prefix(2000) {
            let parts = line.split(separator: " ", maxSplits: 1)
            let topic = String(parts[0])
            #expect(topic.hasPrefix("owntracks/fleet/device-"))
            let payload = try #require(JSONSerialization.jsonObject(with: Data(parts[1].utf8)) as? [String: Any])
            #expect(payload["_type"] as? String == "location")
            #expect(payload["tid"] as? String == String(topic.suffix(2)))
            let time = try #require(payload["tst"] as? Int)
            #expect(time >= lastTime[topic] ?? 0, "a device's messages are in time order")
            lastTime[topic] = time
            #expect(payload["lat"] is Double && payload["lon"] is Double && payload["acc"] is Int)
        }
    }

    @Test("a tenth of the fleet, denied at 30 s, publishes nothing after it; the rest go on")
    func revokedDevicesGoQuiet() async throws {
        let run = try await TrailcastBinary.run(arguments: Self.fleet)
        let start = 1_767_225_600
        var after: Set<Substring> = []
        var before: Set<Substring> = []
        for line in run.stdoutLines {
            let topic = line.prefix { $0 != " " }
            let tst = try #require(Int(line.split(separator: "\"tst\":")[1].prefix { $0.isNumber }))
            if tst <= start + 29 { before.insert(topic) } else if tst > start + 31 { after.insert(topic) }
        }
        #expect(before.count == 148, "devices start every 0.2 s (60 s over 300): 148 by 29.5 s, when tst rounds to 29")
        #expect(after.count == 270, "300 devices, 30 of them denied")
    }

    @Test("--shard 0/4 ... 3/4 together are the unsharded run, line for line; JOB_COMPLETION_INDEX picks the shard")
    func shards() async throws {
        let whole = try await TrailcastBinary.run(arguments: Self.fleet)
        var union: [String] = []
        for index in 0..<4 {
            let shard = try await TrailcastBinary.run(arguments: Self.fleet + ["--shard", "\(index)/4"])
            #expect(shard.status == 0)
            union += shard.stdoutLines
        }
        #expect(union.sorted() == whole.stdoutLines.sorted())
        let indexed = try await TrailcastBinary.run(
            arguments: Self.fleet + ["--shards", "4"], environment: ["JOB_COMPLETION_INDEX": "1"])
        let explicit = try await TrailcastBinary.run(arguments: Self.fleet + ["--shard", "1/4"])
        #expect(indexed.stdout == explicit.stdout)
    }

    @Test("bad input: missing route 66, malformed route 65 with its place, bad flags 64, unwritable output 73")
    func failures() async throws {
        let missing = try await TrailcastBinary.run(arguments: [
            "fleet", "nope.gpx", "--devices", "2", "--virtual", "--duration", "1s",
        ])
        #expect(missing.status == 66)
        #expect(missing.stderrLines == ["nope.gpx: error: no such file"])
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let bad = try scratch.file(
            named: "bad.gpx", text: "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"></trkseg></trk></gpx>\n")
        let malformed = try await TrailcastBinary.run(arguments: [
            "fleet", bad.path, "--devices", "2", "--virtual", "--duration", "1s",
        ])
        #expect(malformed.status == 65)
        #expect(malformed.stderrLines.count == 1)
        #expect(malformed.stderr.hasPrefix("\(bad.path):1:"))
        for flags in [
            ["--devices", "0"], ["--event", "1m:tap=refresh"], ["--event", "1m:signal=lost@200%"],
            ["--gps-mix", "moon"],
            ["--shard", "3/3"], ["--shards", "2"], ["--interval", "0"],
        ] {
            let run = try await TrailcastBinary.run(
                arguments: ["fleet", "gpx/", "--devices", "2", "--virtual", "--duration", "1s"] + flags,
                environment: ["JOB_COMPLETION_INDEX": nil])
            #expect(run.status == 64, "\(flags)")
        }
        let noDuration = try await TrailcastBinary.run(arguments: ["fleet", "gpx/", "--devices", "2", "--virtual"])
        #expect(noDuration.status == 64)
        let unwritable = try await TrailcastBinary.run(
            arguments: [
                "fleet", "gpx/", "--devices", "2", "--virtual", "--duration", "1s", "--output", "/nonexistent/x",
            ])
        #expect(unwritable.status == 73)
    }

    /// A --virtual run sends nothing: there is no summary of sending to write and nothing to
    /// verify, so each is a usage error (64, one line) and the summary file is not written.
    @Test(
        "--virtual with --summary or --verify: 64 and one line; no summary written",
        arguments: [
            (
                ["--summary"],
                "trailcast: error: --verify, --verify-store and --summary are for a run that sends (--mqtt)"
            ),
            (["--verify"], "trailcast: error: --verify subscribes to the MQTT broker: it needs --mqtt"),
            (["--verify", "--summary"], "trailcast: error: --verify subscribes to the MQTT broker: it needs --mqtt"),
        ])
    func virtualRefusesWhatIsForSending(flags: [String], line: String) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let summary = scratch.url.appendingPathComponent("summary.json")
        let arguments = flags.flatMap { $0 == "--summary" ? [$0, summary.path] : [$0] }
        let run = try await TrailcastBinary.run(
            arguments: ["fleet", "gpx/", "--devices", "2", "--virtual", "--duration", "1s"] + arguments)
        #expect(run.status == 64)
        #expect(run.stdout == "")
        #expect(run.stderrLines == [line])
        #expect(!FileManager.default.fileExists(atPath: summary.path))
    }

    @Test("a route with nothing to drive is malformed input: 65 and one line naming it, not 66 as if it were missing")
    func emptyRoute() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let empty = try scratch.file(
            named: "empty.gpx",
            text:
                "<gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg></trkseg></trk></gpx>\n"
        )
        let run = try await TrailcastBinary.run(arguments: [
            "fleet", empty.path, "--devices", "2", "--virtual", "--duration", "1s",
        ])
        #expect(run.status == 65)
        #expect(run.stdout == "")
        #expect(run.stderrLines == ["\(empty.path): error: no track, route or waypoint to drive"])
    }

    @Test(
        "a folder of routes: its GPX and NMEA files by name, not its CSV or JSON (a spreadsheet, a manifest) nor hidden files (macOS's ._ copies); none, one line naming the kinds"
    )
    func folderOfRoutes() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let folder = scratch.url.appendingPathComponent("routes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        _ = try scratch.file(named: "routes/notes.csv", text: "name,x\na,1\n")
        _ = try scratch.file(named: "routes/manifest.json", text: "{}\n")
        // What macOS leaves beside a file copied to a foreign disk: AppleDouble, not GPX.
        _ = try scratch.file(named: "routes/._walk.gpx", text: "\u{0}\u{5}\u{16}\u{7}\u{0}\u{2}Mac OS X        ")
        let none = try await TrailcastBinary.run(arguments: [
            "fleet", folder.path, "--devices", "1", "--virtual", "--duration", "1s",
        ])
        #expect(none.status == 66)
        #expect(
            none.stderrLines == [
                "\(folder.path): error: no route file (.gpx, .kml, .kmz, .geojson, .tcx, .fit, .nmea) in this directory"
            ])
        let log = scratch.url.appendingPathComponent("routes/drive.nmea").path
        let export = try await TrailcastBinary.run(arguments: [
            "export", "gpx/sf-waterfront-walk.gpx", "--to", "nmea", "--output", log,
        ])
        try #require(export.status == 0, "\(export.stderr)")
        let run = try await TrailcastBinary.run(arguments: [
            "fleet", folder.path, "--devices", "2", "--virtual", "--duration", "3s",
        ])
        // The CSV read as a route would have stopped the run: "not a route CSV", 65.
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        #expect(run.stdoutLines.filter { !$0.isEmpty }.allSatisfy { $0.hasPrefix("owntracks/fleet/device-") })
        #expect(!run.stdout.isEmpty)
    }

    /// The edges of fleet's numbers, against a broker that is not there: a value taken gets
    /// as far as connecting (69, the broker's refusal in its words), a value refused is 64.
    @Test(
        "--speed up to 1000, --qos 0 or 1: the edges taken, one past them refused in one line",
        arguments: [
            (
                ["--speed", "1000"], 69,
                "trailcast: error: cannot reach the MQTT broker at 127.0.0.1:1: connection refused"
            ),
            (["--speed", "1000.5"], 64, "trailcast: error: --speed must be from 0 to 1000, not 1000.5"),
            (["--qos", "1"], 69, "trailcast: error: cannot reach the MQTT broker at 127.0.0.1:1: connection refused"),
            (["--qos", "0"], 69, "trailcast: error: cannot reach the MQTT broker at 127.0.0.1:1: connection refused"),
            (["--qos", "2"], 64, "trailcast: error: --qos must be 0 or 1 (QoS 2 is not supported), not 2"),
        ])
    func numberEdges(flags: [String], status: Int32, line: String) async throws {
        let run = try await TrailcastBinary.run(
            arguments: ["fleet", "gpx/", "--devices", "1", "--duration", "1s", "--mqtt", "mqtt://127.0.0.1:1"] + flags)
        #expect(run.status == status, "\(run.stderr)")
        #expect(run.stderrLines.first == line)
    }

    @Test("Ctrl-C: a long virtual run stops at once with exit 130, every line written whole")
    func interrupted() async throws {
        let run = try ReplayProcess(arguments: [
            "fleet", "gpx/", "--devices", "2000", "--virtual", "--duration", "100h",
        ])
        try await run.waitForFirstLine()
        run.send(SIGINT)
        let (status, _) = try await run.waitForExit()
        #expect(status == 130)
        let output = run.stdout
        #expect(output.hasSuffix("}\n"), "the last line is whole")
        for line in output.split(separator: "\n").suffix(100) {
            #expect(line.hasPrefix("owntracks/fleet/device-") && line.hasSuffix("}"))
        }
    }
}
