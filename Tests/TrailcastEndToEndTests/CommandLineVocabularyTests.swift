// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// One vocabulary across the commands: `-f`/`--format` for every output format (export's
/// `--to` kept as its older name), `-o`/`--output` in every command that writes a file,
/// `jsonl` for JSON Lines everywhere, `--virtual` for virtual time in replay and fleet, and
/// progress only for a person watching (`--progress` to ask, `-q` to silence).
@Suite("One vocabulary: the same flag for the same idea in every command")
struct CommandLineVocabularyTests {
    static let walk = "gpx/sf-waterfront-walk.gpx"

    @Test("export: -f, --format and --to are one option; -o is --output")
    func exportFormat() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var written: [Data] = []
        for arguments in [["--to", "csv", "--output"], ["--format", "csv", "--output"], ["-f", "csv", "-o"]] {
            let file = scratch.url.appendingPathComponent("fixes-\(written.count).csv")
            let run = try await TrailcastBinary.run(arguments: ["export", Self.walk] + arguments + [file.path])
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            written.append(try Data(contentsOf: file))
        }
        #expect(written[0].starts(with: Data("time,lat,lon,".utf8)))
        #expect(written[1] == written[0] && written[2] == written[0])
    }

    @Test("inspect: jsonl (json its older name), -f, and -o writing the file whole")
    func inspectJSONLines() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let jsonl = try await TrailcastBinary.run(arguments: ["inspect", "--format", "jsonl", Self.walk])
        let json = try await TrailcastBinary.run(arguments: ["inspect", "-f", "json", Self.walk])
        #expect(jsonl.status == 0 && json.status == 0)
        #expect(jsonl.stdoutLines.count == 1 && jsonl.stdout.hasPrefix(#"{"file":"gpx/sf-waterfront-walk.gpx","#))
        #expect(json.stdout == jsonl.stdout)
        let file = scratch.url.appendingPathComponent("summary.jsonl")
        let written = try await TrailcastBinary.run(arguments: ["inspect", "-f", "jsonl", "-o", file.path, Self.walk])
        #expect(written.status == 0 && written.stdout == "")
        #expect(try String(contentsOf: file, encoding: .utf8) == jsonl.stdout)
        // An output that is one of the files read is refused before anything is opened.
        let copy = scratch.url.appendingPathComponent("walk.gpx")
        try Data(contentsOf: Repository.url(Self.walk)).write(to: copy)
        let same = try await TrailcastBinary.run(arguments: ["inspect", "-o", copy.path, copy.path])
        #expect(same.status == 64, "\(same.stderr)")
        #expect(
            same.stderrLines == [
                "\(copy.path): error: the summary (--output) would overwrite the route \(copy.path): choose another output path"
            ])
        #expect(try Data(contentsOf: copy) == Data(contentsOf: Repository.url(Self.walk)))
    }

    @Test("replay and check: -f and -o are --format and --output")
    func shortFlags() async throws {
        let long = try await TrailcastBinary.run(arguments: ["replay", Self.walk, "--format", "jsonl", "--output", "-"])
        let short = try await TrailcastBinary.run(arguments: ["replay", Self.walk, "-f", "jsonl", "-o", "-"])
        #expect(long.status == 0 && short.status == 0)
        #expect(Self.withoutWallTime(short.stdout) == Self.withoutWallTime(long.stdout))
        let check = try await TrailcastBinary.run(arguments: [
            "check", "-f", "junit", "-o", "-", "gpx/scenarios/tunnel.yaml",
        ])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.hasPrefix("<?xml"))
    }

    @Test("--virtual asks for virtual time in replay as in fleet; --speed 0 says which flag that is")
    func virtualTime() async throws {
        let virtual = try await TrailcastBinary.run(arguments: ["replay", Self.walk, "--virtual", "-f", "jsonl"])
        let plain = try await TrailcastBinary.run(arguments: ["replay", Self.walk, "-f", "jsonl"])
        #expect(virtual.status == 0)
        #expect(Self.withoutWallTime(virtual.stdout) == Self.withoutWallTime(plain.stdout))
        let both = try await TrailcastBinary.run(arguments: ["replay", Self.walk, "--virtual", "--speed", "2"])
        #expect(both.stderrLines == ["trailcast: error: --virtual and --speed 2 ask for different clocks: give one"])
        let fleet = try await TrailcastBinary.run(arguments: [
            "fleet", Self.walk, "--devices", "2", "--osmand", "http://127.0.0.1:9", "--speed", "0",
        ])
        #expect(fleet.status == 64)
        #expect(
            fleet.stderrLines == ["trailcast: error: --speed 0 is virtual time, which is --virtual here (as in replay)"]
        )
    }

    @Test("the same default seed everywhere: 1")
    func oneDefaultSeed() async throws {
        for command in ["replay", "fleet", "serve-weather"] {
            let help = try await TrailcastBinary.run(arguments: [command, "--help"])
            let seed = try #require(help.stdoutLines.firstIndex { $0.hasPrefix("  --seed <N>") }, "\(command)")
            let text = help.stdoutLines[seed...].prefix(3).joined(separator: " ")
            #expect(
                text.contains("(default: 1)") || text.contains("(1, as in replay and fleet)"), "\(command): \(text)")
        }
    }

    @Test("a live fleet's progress: only when asked (or on a terminal); -q with --progress is refused")
    func progressOnlyWhenAsked() async throws {
        let receiver = try await OsmAndReceiver.start(devices: OsmAndReceiver.deviceIDs(2))
        defer { receiver.remove() }
        let plan = [
            "fleet", "gpx/", "--devices", "2", "--osmand", "http://127.0.0.1:\(receiver.port)", "--duration", "2s",
            "--stagger", "0s",
        ]
        let unasked = try await TrailcastBinary.run(arguments: plan, waitsForASlot: false)
        #expect(unasked.status == 0, "\(unasked.stderr)")
        #expect(unasked.stderr == "", "stderr is a pipe here: no progress unless asked")
        let asked = try await TrailcastBinary.run(
            arguments: plan + ["--progress", "--summary", "-"], waitsForASlot: false)
        #expect(asked.status == 0)
        // A line for each whole second the fleet's clock passed before the end, then the
        // end's line with the summary's own totals.
        #expect(asked.stderrLines.first?.hasPrefix("fleet: 1s active 2 ") == true, "\(asked.stderr)")
        #expect(
            asked.stderrLines.dropLast().allSatisfy { $0.hasPrefix("fleet: ") && $0.contains(" active ") },
            "\(asked.stderr)")
        let done = try #require(asked.stderrLines.last)
        #expect(done.hasPrefix("fleet: done in "), "\(done)")
        let summary = try #require(JSONSerialization.jsonObject(with: Data(asked.stdout.utf8)) as? [String: Any])
        let totals = try BackendTotals(summary: summary, backend: "osmand")
        #expect(
            done.contains(
                "| osmand connected 0 sent \(totals.sent) acknowledged \(totals.acknowledged) refused 0 lost 0 errors 0 inFlight 0 failedConnects 0 |"
            ),
            "\(done)")
        #expect(totals.sent == 4 && totals.acknowledged == 4, "\(totals)")
        let both = try await TrailcastBinary.run(arguments: plan + ["--progress", "-q"])
        #expect(both.status == 64)
        #expect(both.stderrLines == ["trailcast: error: give --quiet or --progress, not both"])
    }

    @Test("on a terminal the text timeline fits COLUMNS; into a pipe, one line per event")
    func timelineFitsTheTerminal() async throws {
        try Peer.require("script")
        let binary = TrailcastBinary.url.path
        let terminal = try await TrailcastBinary.runTool(
            "script", ["-qec", "COLUMNS=72 \(binary) replay \(Self.walk) --color never", "/dev/null"])
        #expect(terminal.status == 0, "\(terminal.stderr)")
        let lines = terminal.stdout.replacingOccurrences(of: "\r", with: "").split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.count <= 72 }, "\(lines.filter { $0.count > 72 }.prefix(3))")
        let piped = try await TrailcastBinary.run(arguments: ["replay", Self.walk])
        // The same events: each continuation line is indented under the details.
        #expect(lines.filter { !$0.hasPrefix(String(repeating: " ", count: 30)) }.count == piped.stdoutLines.count)
        #expect(piped.stdoutLines.contains { $0.count > 100 }, "a weather line is wider than any terminal's default")
        let weather = try #require(piped.stdoutLines.first { $0.contains("  weather  ") })
        #expect(weather.contains("19.4 °C (feels 18.0 °C)"), "\(weather)")
    }

    /// COLUMNS is taken from 40 up (40 leaves the details, at column 30, too little room to
    /// wrap: one line per event); under 40 it is no terminal's real width, and 100 is used.
    @Test("COLUMNS=40 is taken (too narrow to wrap), COLUMNS=39 is not (100 columns)")
    func narrowestColumns() async throws {
        try Peer.require("script")
        let binary = TrailcastBinary.url.path
        let piped = try await TrailcastBinary.run(arguments: ["replay", Self.walk])
        for (columns, wraps) in [(40, false), (39, true)] {
            let terminal = try await TrailcastBinary.runTool(
                "script", ["-qec", "COLUMNS=\(columns) \(binary) replay \(Self.walk) --color never", "/dev/null"])
            #expect(terminal.status == 0, "\(terminal.stderr)")
            let lines = terminal.stdout.replacingOccurrences(of: "\r", with: "").split(separator: "\n")
            #expect((lines.count > piped.stdoutLines.count) == wraps, "COLUMNS=\(columns)")
            if wraps { #expect(lines.allSatisfy { $0.count <= 100 }, "COLUMNS=\(columns)") }
        }
    }

    static func withoutWallTime(_ text: String) -> String {
        text.replacingOccurrences(
            of: #""wallSeconds":[-+0-9.eE]+"#, with: #""wallSeconds":_"#, options: .regularExpression)
    }
}
