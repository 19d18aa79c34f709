// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The three ways to a report, through the binary: `replay --report`, `report FILE|-` and
/// `check --format html`; the same timeline gives the same page whichever way.
@Suite("trailcast report")
struct ReportCommandTests {
    static let walk = "gpx/sf-waterfront-walk.gpx"
    static let noisyRun = [
        "--gps", "urban-canyon", "--seed", "3", "--event", "20m:app=background", "--event", "35m:app=foreground",
        "--event", "60m:authorization=denied",
    ]

    static func text(_ url: URL) -> String { String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self) }

    @Test("replay --report, report FILE and report - give byte-identical pages of one run")
    func threeWaysOnePage() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let jsonl = scratch.url.appendingPathComponent("run.jsonl")
        let live = scratch.url.appendingPathComponent("live.html")
        let replay = try await TrailcastBinary.run(
            arguments: ["replay", Self.walk, "--format", "jsonl", "--output", jsonl.path, "--report", live.path]
                + Self.noisyRun)
        try #require(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout == "")

        let fromFile = scratch.url.appendingPathComponent("file.html")
        let report = try await TrailcastBinary.run(arguments: ["report", jsonl.path, "--output", fromFile.path])
        #expect(report.status == 0 && report.stderr == "" && report.stdout == "")
        let piped = try await TrailcastBinary.run(arguments: ["report", "-"], stdin: try Data(contentsOf: jsonl))
        #expect(piped.status == 0)

        let page = Self.text(live)
        #expect(page.hasPrefix("<!DOCTYPE html>\n") && page.hasSuffix("</html>\n"))
        #expect(page == Self.text(fromFile), "replay --report and report FILE differ")
        #expect(page == piped.stdout, "report - differs")
        for drawn in [
            "seg-delivered", "seg-background", "seg-notAuthorized", "class=\"truth\"", "m-alert", "band band-delivery",
            "line-temperature",
        ] {
            #expect(page.contains(drawn), "no \(drawn)")
        }
    }

    @Test(
        "--tiles: replay --report and report FILE give the same page with the tiles under its map; templates that cannot work and --tiles with no map to lay them under are 64"
    )
    func tiles() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let jsonl = scratch.url.appendingPathComponent("run.jsonl")
        let live = scratch.url.appendingPathComponent("live.html")
        let template = "https://tiles.example.org/{z}/{x}/{y}.png"
        let tiles = ["--tiles", template, "--tiles-attribution", "Tiles: example.org"]
        let replay = try await TrailcastBinary.run(
            arguments: ["replay", Self.walk, "--format", "jsonl", "--output", jsonl.path, "--report", live.path] + tiles
        )
        try #require(replay.status == 0, "\(replay.stderr)")
        let report = try await TrailcastBinary.run(arguments: ["report", jsonl.path] + tiles)
        #expect(report.status == 0)
        #expect(report.stdout == Self.text(live), "replay --report and report differ")
        #expect(report.stdout.contains("<image href=\"https://tiles.example.org/1"))
        #expect(report.stdout.contains(">Tiles: example.org</text>"))
        let plain = try await TrailcastBinary.run(arguments: ["report", jsonl.path])
        #expect(!plain.stdout.contains("<image") && !plain.stdout.contains("example.org"), "offline without --tiles")

        let usage: [([String], String)] = [
            (
                ["replay", Self.walk, "--tiles", template],
                "trailcast: error: --tiles lays tiles under the map of the live page or the report: add --serve or --report"
            ),
            (
                ["report", jsonl.path, "--tiles", "https://{s}.tile.example.org/{z}/{x}/{y}.png"],
                "trailcast: error: --tiles: the tile URL template takes only {z}, {x} and {y} (name one server, not {s} subdomains): https://{s}.tile.example.org/{z}/{x}/{y}.png"
            ),
            (
                ["report", jsonl.path, "--tiles", "tile.example.org/{z}/{x}/{y}.png"],
                "trailcast: error: --tiles: the tile URL template must start with http:// or https://, not tile.example.org/{z}/{x}/{y}.png"
            ),
            (
                ["report", jsonl.path, "--tiles-attribution", "me"],
                "trailcast: error: --tiles-attribution goes with --tiles URL_TEMPLATE"
            ),
        ]
        for (arguments, message) in usage {
            let result = try await TrailcastBinary.run(arguments: arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderrLines.first == message)
        }
    }

    @Test("a line that is not a timeline event: FILE:LINE:1 and 65; no file 66; no events 65")
    func badInput() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let timeline = try await TrailcastBinary.run(arguments: [
            "replay", Self.walk, "--format", "jsonl", "--weather", "none",
        ])
        var lines = timeline.stdoutLines
        lines[2] = "not json at all"
        let broken = try scratch.file(named: "broken.jsonl", text: lines.joined(separator: "\n") + "\n")
        let result = try await TrailcastBinary.run(arguments: ["report", broken.path])
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "\(broken.path):3:1: error: not a timeline event (a JSON object with `type` and `offset`, as `replay --format jsonl` writes)\n"
        )

        let absent = scratch.url.appendingPathComponent("none.jsonl").path
        let missing = try await TrailcastBinary.run(arguments: ["report", absent])
        #expect(missing.status == 66)
        #expect(missing.stderr == "\(absent): error: no such file\n")

        let empty = try scratch.file(named: "empty.jsonl", text: "\n\n")
        let nothing = try await TrailcastBinary.run(arguments: ["report", empty.path])
        #expect(nothing.status == 65)
        #expect(
            nothing.stderr == "\(empty.path):1:1: error: no timeline events (write one with `replay --format jsonl`)\n")

        // A copy taken mid-run ends in half a line: a warning, and the page of the rest.
        let cut = try scratch.file(
            named: "cut.jsonl", text: lines.prefix(2).joined(separator: "\n") + "\n" + String(lines[3].prefix(40)))
        let partial = try await TrailcastBinary.run(arguments: ["report", cut.path])
        #expect(partial.status == 0)
        #expect(partial.stderr == "\(cut.path):3:1: warning: the last line is cut short; left out\n")
        #expect(partial.stdout.hasSuffix("</html>\n"))
    }

    /// 16 MiB is the longest line read (and then found not to be a timeline event); one
    /// byte more is refused before it is read whole.
    @Test("a line of exactly 16 MiB is read (and is no event); 16 MiB and a byte is too long")
    func lineAtTheLimit() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let timeline = try await TrailcastBinary.run(arguments: [
            "replay", Self.walk, "--format", "jsonl", "--weather", "none",
        ])
        let lines = timeline.stdoutLines
        for extra in [0, 1] {
            var bytes = Data((lines.prefix(2).joined(separator: "\n") + "\n").utf8)
            bytes.append(Data(repeating: UInt8(ascii: "x"), count: (16 << 20) + extra))
            bytes.append(Data(("\n" + lines.dropFirst(2).joined(separator: "\n") + "\n").utf8))
            let file = try scratch.file(named: "limit-\(extra).jsonl", contents: bytes)
            let result = try await TrailcastBinary.run(arguments: ["report", file.path])
            #expect(result.status == 65)
            #expect(result.stdout == "")
            let reason =
                extra == 0
                ? "not a timeline event (a JSON object with `type` and `offset`, as `replay --format jsonl` writes)"
                : "a line longer than 16 MiB"
            #expect(result.stderr == "\(file.path):3:1: error: \(reason)\n")
        }
    }

    @Test("a line over 16 MiB: 65, naming that line, not the one before it")
    func overlongLine() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let timeline = try await TrailcastBinary.run(arguments: [
            "replay", Self.walk, "--format", "jsonl", "--weather", "none",
        ])
        // Two good lines, then one of 17 MiB: a runaway writer, or a file that is not a timeline.
        var bytes = Data((timeline.stdoutLines.prefix(2).joined(separator: "\n") + "\n").utf8)
        bytes.append(Data(repeating: UInt8(ascii: "x"), count: 17 << 20))
        let long = try scratch.file(named: "long.jsonl", contents: bytes)
        let result = try await TrailcastBinary.run(arguments: ["report", long.path])
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr == "\(long.path):3:1: error: a line longer than 16 MiB\n")
        // The very first line: line 1, not 0.
        let first = try scratch.file(
            named: "first.jsonl", contents: Data(repeating: UInt8(ascii: "x"), count: 17 << 20))
        let atOnce = try await TrailcastBinary.run(arguments: ["report", first.path])
        #expect(atOnce.status == 65)
        #expect(atOnce.stderr == "\(first.path):1:1: error: a line longer than 16 MiB\n")
    }

    @Test("a report that cannot be created: 73 before the run starts")
    func cannotCreate() async throws {
        let result = try await TrailcastBinary.run(arguments: [
            "replay", Self.walk, "--report", "/nonexistent-dir/run.html",
        ])
        #expect(result.status == 73)
        #expect(result.stdout == "")
        #expect(
            result.stderr == "/nonexistent-dir/run.html: error: cannot create the report: No such file or directory\n")
    }

    @Test("Ctrl-C mid-run: 130, and the page of what happened so far, whole")
    func interrupted() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let page = scratch.url.appendingPathComponent("run.html")
        let jsonl = scratch.url.appendingPathComponent("run.jsonl")
        let process = try ReplayProcess(
            arguments: [
                "replay", Self.walk, "--speed", "1", "--format", "jsonl", "--output", jsonl.path, "--report", page.path,
            ],
            output: .discarded)
        try await process.wait(for: "the first line", until: { Self.text(jsonl).contains("\n") })
        process.send(SIGINT)
        let (status, _) = try await process.waitForExit()
        #expect(status == 130)
        let html = Self.text(page)
        #expect(html.hasSuffix("</html>\n"))
        #expect(
            html.contains("<h3>End of the run</h3>\n<table class=\"kv\" id=\"totals\">"),
            "the interrupted run's end totals")
        let fromFile = try await TrailcastBinary.run(arguments: ["report", jsonl.path])
        #expect(fromFile.stdout == html)
    }

    @Test("check --format html: one page, a section per scenario with its map and bands, the verdict on stderr")
    func checkPage() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let page = scratch.url.appendingPathComponent("check.html")
        let scenarios = ["gpx/scenarios/denied-at-first-prompt.yaml", "gpx/scenarios/tunnel.yaml"]
        let result = try await TrailcastBinary.run(
            arguments: ["check"] + scenarios + ["--format", "html", "--output", page.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "2 scenarios: 2 passed, 0 failed, 0 broken (15 expectations, 0 failed)\n")
        let html = Self.text(page)
        #expect(html.contains("<p class=\"sub\" id=\"check-summary\">2 scenarios: 2 passed, 0 failed, 0 broken</p>"))
        #expect(html.components(separatedBy: "<section class=\"scenario passed\"").count == 3)
        #expect(html.contains("id=\"s0-e-map\"") && html.contains("id=\"s1-e-map\""))
        #expect(html.contains("seg-notAuthorized"), "the denied walk, missed for want of authorization")
        #expect(html.contains("seg-noSignal"), "the tunnel")
        #expect(!html.contains("<td>fail</td>"))
        let again = try await TrailcastBinary.run(arguments: ["check"] + scenarios + ["--format", "html"])
        // Each run's `end` has its own wall-clock figure; the rest is the same, byte for byte.
        #expect(
            Self.withoutWallSeconds(again.stdout) == Self.withoutWallSeconds(html),
            "the same scenarios give the same page")
    }

    static func withoutWallSeconds(_ html: String) -> String {
        html.replacingOccurrences(
            of: #"wallSeconds</td><td class="num">[0-9.]+"#, with: "wallSeconds</td><td>_", options: .regularExpression
        )
        .replacingOccurrences(of: #"&quot;wallSeconds&quot;:[0-9.]+"#, with: "_", options: .regularExpression)
        .replacingOccurrences(of: #"wallSeconds: [0-9.]+"#, with: "_", options: .regularExpression)
    }
}
