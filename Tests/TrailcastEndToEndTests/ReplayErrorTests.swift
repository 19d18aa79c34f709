// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// `trailcast replay`'s exit statuses and error messages: 64 usage, 65 bad data or
/// nothing to replay, 66 no input, 73 cannot create the output file.
@Suite("trailcast replay: exit codes and errors")
struct ReplayErrorTests {
    struct Usage: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        /// The first stderr line, exactly.
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(
        "bad usage: 64, `Error: ...` first on stderr, nothing on stdout",
        arguments: [
            Usage(
                arguments: ["--event", "bogus"],
                message:
                    "trailcast: error: invalid event 'bogus': expected OFFSET:KEY=VALUE, such as 10m:authorization=denied"
            ),
            Usage(
                arguments: ["--event", "10m:authorization=maybe"],
                message:
                    "trailcast: error: invalid event '10m:authorization=maybe': 'maybe' is not a valid authorization; use notDetermined, restricted, denied, whenInUse, always"
            ),
            Usage(
                arguments: ["--event", "5m1h:app=background"],
                message:
                    "trailcast: error: invalid event '5m1h:app=background': '5m1h' is not an offset; use forms like 45s, 10m, 1h5m, 250ms"
            ),
            Usage(
                arguments: ["--event", "5m:wifi=on"],
                message:
                    "trailcast: error: invalid event '5m:wifi=on': unknown key 'wifi'; use authorization, accuracy, services, app, signal or tap"
            ),
            Usage(
                arguments: ["--event", "5m:services"],
                message: "trailcast: error: invalid event '5m:services': expected KEY=VALUE after the offset"),
            Usage(
                arguments: ["--event", "10m:authorization=denied", "--event", "1m:app=sideways"],
                message:
                    "trailcast: error: invalid event '1m:app=sideways': 'sideways' is not a valid app; use background, foreground, terminated"
            ),
            Usage(
                arguments: ["--loop", "0"],
                message: "trailcast: error: --loop 0 (forever) needs real time: add --speed N"),
            Usage(
                arguments: ["--interval", "0"],
                message: "trailcast: error: --interval must be at least 0.001 seconds, not 0"),
            Usage(
                arguments: ["--travel-speed", "0"],
                message: "trailcast: error: --travel-speed must be a positive number of metres per second, not 0"),
            Usage(
                arguments: ["--format", "xml"],
                message: "trailcast: error: --format must be one of text, jsonl, csv, not 'xml'"),
            Usage(
                arguments: ["--authorization", "sometimes"],
                message:
                    "trailcast: error: --authorization must be one of notDetermined, restricted, denied, whenInUse, always, not 'sometimes'"
            ),
            Usage(
                arguments: ["--no-such-flag-anywhere"],
                message: "trailcast: error: unknown option '--no-such-flag-anywhere' (see 'trailcast replay --help')"),
        ])
    func badUsage(usage: Usage) async throws {
        let result = try await TrailcastBinary.run(
            arguments: ["replay", "gpx/sf-waterfront-walk.gpx", "--format", "jsonl"] + usage.arguments)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderrLines.first == usage.message, "\(result.stderr)")
    }

    @Test("--authorization takes the short and the Core Location spellings")
    func authorizationSpellings() async throws {
        for spelling in ["whenInUse", "authorizedWhenInUse"] {
            let timeline = try await ReplayTimeline.run("gpx/xcode-waypoints.gpx", ["--authorization", spelling])
            #expect(timeline.events[1]["to"] == .string("authorizedWhenInUse"))
            #expect(timeline.events[0]["settings"]?["authorization"] == .string("whenInUse"))
        }
    }

    @Test("a missing file: 66 and one line; a directory: 66", arguments: ["jsonl", "text", "csv"])
    func missingInput(format: String) async throws {
        let missing = try await TrailcastBinary.run(arguments: ["replay", "gpx/no-such-walk.gpx", "--format", format])
        #expect(missing.status == 66)
        #expect(missing.stdout == "")
        #expect(missing.stderr == "gpx/no-such-walk.gpx: error: no such file\n")

        let directory = try await TrailcastBinary.run(arguments: ["replay", "gpx", "--format", format])
        #expect(directory.status == 66)
        #expect(directory.stdout == "")
        #expect(directory.stderr == "gpx: error: is a directory, not a route file\n")

        // A path through a file is not a directory: the system's words, not the directory's.
        let through = try await TrailcastBinary.run(arguments: [
            "replay", "gpx/sf-waterfront-walk.gpx/walk.gpx", "--format", format,
        ])
        #expect(through.status == 66)
        #expect(through.stdout == "")
        #expect(through.stderr == "gpx/sf-waterfront-walk.gpx/walk.gpx: error: Not a directory\n")
    }

    @Test("a read that fails (standard input a directory: EISDIR): 74, one line with the system's reason, no timeline")
    func readFailure() async throws {
        // Through a shell: the route on standard input is a directory, which opens but cannot
        // be read, as a failing disk or a vanished network file fails part way.
        let result = try await TrailcastBinary.runTool(
            "sh", ["-c", "exec \"$0\" replay - --format jsonl < gpx", TrailcastBinary.url.path])
        #expect(result.status == 74)
        #expect(result.stdout == "")
        #expect(result.stderr == "-: error: Is a directory\n")
    }

    @Test("malformed GPX: 65, `FILE:LINE:COL: error: ...` on one line, and no timeline")
    func malformed() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file(
            named: "broken.gpx",
            text: """
                <gpx version="1.1"><trk><trkseg>
                <trkpt lat="1" lon="2"></trkseg></trk></gpx>
                """)
        let result = try await TrailcastBinary.run(arguments: ["replay", file.path, "--format", "jsonl"])
        #expect(result.status == 65)
        #expect(result.stdout == "")
        let line = try #require(result.stderrLines.only, "\(result.stderr)")
        #expect(line == "\(file.path):2:33: error: Opening and ending tag mismatch: trkpt line 2 and trkseg")
    }

    @Test("a file with no points at all: 65, nothing to replay")
    func nothingToReplay() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file(named: "empty.gpx", text: #"<gpx version="1.1" creator="test"></gpx>"#)
        let result = try await TrailcastBinary.run(arguments: ["replay", file.path])
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(
            result.stderr == """
                \(file.path): error: nothing to replay: the file has no track points, route points or waypoints\n
                """)
    }

    @Test("--strict: a point going back in time is an error (65); without it, a warning and exit 0")
    func strictTimeOrder() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file(
            named: "backwards.gpx",
            text: """
                <gpx version="1.1" creator="test"><trk><trkseg>
                <trkpt lat="47.0" lon="8.0"><time>2026-01-01T10:00:00Z</time></trkpt>
                <trkpt lat="47.001" lon="8.0"><time>2026-01-01T10:00:10Z</time></trkpt>
                <trkpt lat="47.002" lon="8.0"><time>2026-01-01T10:00:05Z</time></trkpt>
                <trkpt lat="47.003" lon="8.0"><time>2026-01-01T10:00:20Z</time></trkpt>
                </trkseg></trk></gpx>
                """)
        let lenient = try await TrailcastBinary.run(arguments: ["replay", file.path, "--format", "jsonl"])
        #expect(lenient.status == 0)
        let warning = try #require(lenient.stderrLines.only, "\(lenient.stderr)")
        #expect(
            warning
                == "\(file.path):4:30: warning: time 2026-01-01T10:00:05.000Z is earlier than the previous fix's 2026-01-01T10:00:10.000Z; position kept, time dropped"
        )
        let timeline = try ReplayTimeline(result: lenient)
        timeline.expectWellFormed()
        // Its position kept, timed between its neighbours by distance (halfway: 15 s).
        #expect(timeline.locations.compactMap { $0["index"]?.intValue } == [0, 1, 2, 3])
        #expect(
            timeline.locations.map { $0["t"] } == [
                .string("2026-01-01T10:00:00.000Z"), .string("2026-01-01T10:00:10.000Z"),
                .string("2026-01-01T10:00:15.000Z"),
                .string("2026-01-01T10:00:20.000Z"),
            ])

        let strict = try await TrailcastBinary.run(arguments: ["replay", file.path, "--format", "jsonl", "--strict"])
        #expect(strict.status == 65)
        let error = try #require(strict.stderrLines.only, "\(strict.stderr)")
        #expect(
            error
                == "\(file.path):4:30: error: time 2026-01-01T10:00:05.000Z is earlier than the previous fix's 2026-01-01T10:00:10.000Z; position kept, time dropped"
        )
    }

    /// With the default `--source auto` a file with no track is read twice (once to find
    /// there is none, once for its route): its warnings are said the first time only.
    @Test("a route without a track, replayed with --source auto: each warning said once")
    func routeWarningsOnce() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file(
            named: "route.gpx",
            text: """
                <gpx version="1.1" creator="test"><rte>
                <rtept lat="47.0" lon="8.0"><time>2026-01-01T10:00:00</time></rtept>
                <rtept lat="47.001" lon="8.0"><time>2026-01-01T10:00:10Z</time></rtept>
                <rtept lat="47.002" lon="8.0"><ele>abc</ele><time>2026-01-01T10:00:20Z</time></rtept>
                </rte></gpx>
                """)
        let result = try await TrailcastBinary.run(arguments: ["replay", file.path, "--format", "jsonl"])
        #expect(result.status == 0)
        // The reader's own warnings, each once (the first read says them; the second does not).
        #expect(
            result.stderrLines == [
                "\(file.path):2:61: warning: time \"2026-01-01T10:00:00\" has no zone; times without a zone are read as UTC",
                "\(file.path):4:45: warning: <ele> is \"abc\", not a number; value dropped",
            ])
        let timeline = try ReplayTimeline(result: result)
        #expect(timeline.locations.count == 3)
    }

    @Test("an output file that cannot be created: 73, one line naming it, and no run")
    func cannotCreateOutput() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = scratch.url.appendingPathComponent("no/such/dir/run.jsonl").path
        let result = try await TrailcastBinary.run(
            arguments: ["replay", "gpx/sf-waterfront-walk.gpx", "--format", "jsonl", "--output", path])
        #expect(result.status == 73)
        #expect(result.stdout == "")
        #expect(result.stderr == "\(path): error: cannot create the timeline file: No such file or directory\n")
    }

    /// Each file a command writes, named in its own words when it cannot be made.
    @Test(
        "an NMEA file or a fleet's messages file that cannot be created: 73, one line naming it in its words",
        arguments: [
            (["replay", "gpx/sf-waterfront-walk.gpx", "--nmea"], "the NMEA file"),
            (
                ["fleet", "gpx/sf-waterfront-walk.gpx", "--devices", "1", "--virtual", "--duration", "1s", "--output"],
                "the messages file"
            ),
        ])
    func cannotCreateOtherOutputs(arguments: [String], what: String) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = scratch.url.appendingPathComponent("no/such/dir/out.txt").path
        let result = try await TrailcastBinary.run(arguments: arguments + [path])
        #expect(result.status == 73)
        #expect(result.stdout == "")
        #expect(result.stderr == "\(path): error: cannot create \(what): No such file or directory\n")
    }

    @Test("help lists the replay options and exits 0")
    func help() async throws {
        let result = try await TrailcastBinary.run(arguments: ["replay", "--help"])
        #expect(result.status == 0)
        for flag in [
            "--source", "--travel-speed", "--interval", "--speed", "--loop", "--authorization", "--accuracy",
            "--services", "--prompt", "--prompt-always", "--request", "--distance-filter", "--event", "--format",
            "--output", "--color", "--strict",
        ] {
            #expect(result.stdout.contains(" \(flag) "), "\(flag)")
        }
        // The values help shows are the ones the flag's own help documents.
        #expect(!result.stdout.contains("authorizedWhenInUse"))
    }
}
