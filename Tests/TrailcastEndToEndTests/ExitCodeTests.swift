// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// Exit statuses a script can rely on: 0 ok, 64 usage, 65 bad data, 66 no input.
@Suite("trailcast exit codes")
struct ExitCodeTests {
    @Test(
        "a missing file: 66, one line `PATH: error: no such file`, nothing on stdout",
        arguments: ["text", "json"])
    func missingFile(format: String) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = scratch.url.appendingPathComponent("does-not-exist.gpx").path

        let result = try await TrailcastBinary.run(arguments: ["inspect", "--format", format, path])

        #expect(result.status == 66)
        #expect(result.stderr == "\(path): error: no such file\n")
        #expect(result.stdout == "")
    }

    @Test("a relative missing path is reported as given")
    func missingRelativeFile() async throws {
        let result = try await TrailcastBinary.run(arguments: ["inspect", "gpx/no-such-sample.gpx"])
        #expect(result.status == 66)
        #expect(result.stderr == "gpx/no-such-sample.gpx: error: no such file\n")
        #expect(result.stdout == "")
    }

    @Test("a directory: 66 with one `PATH: error: ...` line")
    func directory() async throws {
        let result = try await TrailcastBinary.run(arguments: ["inspect", "--format", "json", "gpx"])
        #expect(result.status == 66)
        let line = try #require(result.stderrLines.only, "\(result.stderr)")
        #expect(line == "gpx: error: is a directory, not a route file")
        #expect(result.stdout == "")
    }

    @Test(
        "a good file and a missing one: the good summary is still printed, exit 66",
        arguments: [false, true])
    func goodAndMissing(missingFirst: Bool) async throws {
        let good = "gpx/xcode-waypoints.gpx"
        let missing = "gpx/missing.gpx"
        let result = try await TrailcastBinary.run(
            arguments: ["inspect", "--format", "json"] + (missingFirst ? [missing, good] : [good, missing]))

        #expect(result.status == 66)
        #expect(result.stderr == "\(missing): error: no such file\n")
        let summary = try OrderedJSON(parsing: try #require(result.stdoutLines.only, "\(result.stdout)"))
        #expect(summary["file"]?.stringValue == good)
        #expect(summary["waypoints"]?.intValue == 14)
    }

    /// docs/inspect.md: "With several files, every readable file is still reported and the
    /// exit status is the first failure's."
    @Test(
        "a malformed file and a missing one: both reported, the exit status the first failure's",
        arguments: [false, true])
    func firstFailureStatus(missingFirst: Bool) async throws {
        let broken = "docs/examples/broken.gpx"
        let missing = "gpx/missing.gpx"
        let result = try await TrailcastBinary.run(
            arguments: ["inspect"] + (missingFirst ? [missing, broken] : [broken, missing]))

        #expect(result.status == (missingFirst ? 66 : 65))
        let prefixes =
            missingFirst
            ? ["\(missing): error: ", "\(broken):2:33: error: "] : ["\(broken):2:33: error: ", "\(missing): error: "]
        try #require(result.stderrLines.count == 2, "\(result.stderr)")
        #expect(zip(result.stderrLines, prefixes).allSatisfy { $0.hasPrefix($1) }, "\(result.stderr)")
        #expect(result.stdout == "")
    }

    @Test(
        "bad usage exits 64 with its message first on stderr and nothing on stdout",
        arguments: [
            (
                ["inspect", "--format", "xml", "gpx/sf-waterfront-walk.gpx"],
                "trailcast: error: --format must be one of text, jsonl, not 'xml'"
            ),
            (
                ["inspect", "--format"],
                "trailcast: error: missing value for '--format <format>' (see 'trailcast inspect --help')"
            ),
            // The unknown option first, though the parser stops at the missing file.
            (["inspect", "--bogus"], "trailcast: error: unknown option '--bogus' (see 'trailcast inspect --help')"),
            (
                ["inspect", "--bogus", "gpx/sf-waterfront-walk.gpx"],
                "trailcast: error: unknown option '--bogus' (see 'trailcast inspect --help')"
            ),
            (
                ["inspect"],
                "trailcast: error: missing expected argument '<route-file> ...' (see 'trailcast inspect --help')"
            ),
            (
                ["inspect", "--format", "json"],
                "trailcast: error: missing expected argument '<route-file> ...' (see 'trailcast inspect --help')"
            ),
            (
                ["inspect", "--strict"],
                "trailcast: error: missing expected argument '<route-file> ...' (see 'trailcast inspect --help')"
            ),
            (
                ["frobnicate"],
                "trailcast: error: unknown command 'frobnicate'; the commands are replay, report, check, inspect, export, fleet, serve-weather (see 'trailcast --help')"
            ),
            (
                ["frobnicate", "gpx/sf-waterfront-walk.gpx"],
                "trailcast: error: unknown command 'frobnicate'; the commands are replay, report, check, inspect, export, fleet, serve-weather (see 'trailcast --help')"
            ),
        ])
    func badUsage(arguments: [String], message: String) async throws {
        let result = try await TrailcastBinary.run(arguments: arguments)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderrLines.first == message)
    }

    @Test(
        "help exits 0 and prints usage on stdout",
        arguments: [
            ["--help"], ["-h"], ["inspect", "--help"], ["help", "inspect"],
        ])
    func help(arguments: [String]) async throws {
        let result = try await TrailcastBinary.run(arguments: arguments)
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE"))
        #expect(result.stdout.contains("inspect"))
    }

    /// Each command's help as a terminal-less reader gets it (80 columns, argument-parser
    /// wraps longer lines): found once with serve-weather's last sentences joined by a
    /// dozen spaces, and examples too long for a line (their tails wrapped to the margin, or
    /// a comment alone on the next line).
    @Test(
        "every command's help reads cleanly: no run of spaces in prose, no example wrapped",
        arguments: ["", "replay", "report", "check", "inspect", "export", "serve-weather"])
    func helpText(command: String) async throws {
        let result = try await TrailcastBinary.run(
            arguments: (command.isEmpty ? [] : [command]) + ["--help"], environment: ["COLUMNS": nil])
        #expect(result.status == 0)
        var previous = ""
        for line in result.stdoutLines where !line.hasPrefix("USAGE:") {
            #expect(line.count <= 80, "\(line.count) columns: \(line)")
            if line.hasPrefix(" ") {
                // Indented lines align columns (examples, options).
                #expect(
                    !line.trimmingCharacters(in: .whitespaces).hasPrefix("# "),
                    "a comment wrapped off its example: \(line)")
            } else if !line.isEmpty {
                #expect(!line.contains("  "), "a run of spaces: \(line)")
                #expect(!previous.hasPrefix(" "), "an indented line wrapped: \(previous) / \(line)")
            }
            previous = line
        }
    }

    @Test("--version exits 0, printing the newest version CHANGELOG.md names")
    func version() async throws {
        let result = try await TrailcastBinary.run(arguments: ["--version"])
        #expect(result.status == 0)
        let changelog = try String(contentsOf: Repository.url("CHANGELOG.md"), encoding: .utf8)
        // The first released section: `## 0.1.0 - 2026-11-26` (Unreleased comes before it).
        let newest = changelog.split(separator: "\n").first {
            $0.hasPrefix("## ") && $0.dropFirst(3).first?.isNumber == true
        }
        let version = try #require(newest?.dropFirst(3).split(separator: " ").first)
        #expect(result.stdout == "\(version)\n")
        #expect(result.stderr == "")
    }
}
