// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// `trailcast replay -`: the file is read once, so a pipe works like a file; what needs a
/// second read (a file without track points under `auto`, `--loop`, `--strict`, the
/// lookahead of untimed points) reads the copy kept on disk.
@Suite("replay - (standard input)")
struct ReplayStandardInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        var flags: [String]
        /// The locations the app gets.
        var locations: Int
        var testDescription: String { ([file] + flags).joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(file: "gpx/sf-waterfront-walk.gpx", flags: [], locations: 1840),
        // Waypoints only: `auto` reads to the end for track points, then again for waypoints.
        Case(file: "gpx/xcode-waypoints.gpx", flags: ["--loop", "3"], locations: 42),
        // Route points without times: the timer's lookahead is a second reader.
        Case(file: "gpx/route-no-times.gpx", flags: ["--interval", "2"], locations: 893),
        // Waypoints before the track: skipped without a second read.
        Case(
            file: "Tests/Fixtures/realworld/multi-track.gpx", flags: ["--gps", "urban-canyon", "--seed", "4"],
            locations: 125),
        Case(file: "Tests/Fixtures/realworld/utf16.gpx", flags: ["--strict"], locations: 30),
        Case(file: "Tests/Fixtures/realworld/gpsbabel-gpx10.gpx", flags: ["--source", "route"], locations: 6),
    ]

    /// A timeline line with the file's name and the wall time taken out.
    private static func normalised(_ lines: [String], file: String) -> [String] {
        lines.map {
            ReplayTimeline.withoutWallSeconds($0)
                .replacingOccurrences(of: #""file":"\#(file)""#, with: #""file":"-""#)
        }
    }

    @Test("the same timeline as the file's", arguments: cases)
    func sameAsTheFile(_ run: Case) async throws {
        let fromFile = try await TrailcastBinary.run(arguments: ["replay", run.file, "--format", "jsonl"] + run.flags)
        let fromPipe = try await TrailcastBinary.run(
            arguments: ["replay", "-", "--format", "jsonl"] + run.flags,
            stdin: try Data(contentsOf: Repository.url(run.file)))
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(fromPipe.status == 0, "\(fromPipe.stderr)")
        #expect(fromPipe.stderr == fromFile.stderr.replacingOccurrences(of: run.file + ":", with: "-:"))
        let timeline = try ReplayTimeline(result: fromPipe)
        timeline.expectWellFormed()
        #expect(timeline.events.first?["file"] == .string("-"))
        #expect(timeline.events.first?["points"] == .null)
        #expect(timeline.locations.count == run.locations)
        #expect(
            Self.normalised(fromPipe.stdoutLines, file: "-") == Self.normalised(fromFile.stdoutLines, file: run.file))
    }

    @Test("a pipe is replayed as it arrives: locations before the rest of the file is written")
    func replaysAsItArrives() async throws {
        let bytes = Array(try Data(contentsOf: Repository.url("gpx/sf-waterfront-walk.gpx")))
        // Cut after the 600th point: more than two of the replay's batches of 256 fixes.
        let closing = Array("</trkpt>".utf8)
        var cut = 0
        for _ in 0..<600 {
            cut = try #require(Self.firstRange(of: closing, in: bytes, from: cut)) + closing.count
        }
        let process = try ReplayProcess(
            arguments: ["replay", "-", "--format", "jsonl", "--speed", "100000", "--weather", "none"],
            feedsStandardInput: true)
        try process.writeToStandardInput(bytes[..<cut])
        try await process.wait(for: "a location line while stdin is still open", onlyWhileRunning: true) {
            process.stdout.contains(#""type":"location""#)
        }
        #expect(process.isRunning, "the run cannot end before its input does")
        #expect(!process.stdout.contains(#""type":"end""#))
        try process.writeToStandardInput(bytes[cut...])
        process.closeStandardInput()
        let (status, _) = try await process.waitForExit()
        #expect(status == 0, "\(process.stderr)")
        let timeline = try ReplayTimeline(text: process.stdout)
        timeline.expectWellFormed()
        #expect(timeline.locations.count == 1840)
        #expect(timeline.end?["points"] == .number("1840"))
    }

    @Test("Ctrl-C while the pipe sends nothing more: 130, whole lines, `end` says interrupted")
    func interruptedWhileThePipeStalls() async throws {
        let bytes = Array(try Data(contentsOf: Repository.url("gpx/sf-waterfront-walk.gpx")))
        let process = try ReplayProcess(
            arguments: ["replay", "-", "--format", "jsonl", "--speed", "100000", "--weather", "none"],
            feedsStandardInput: true)
        // Half the file, then nothing: the reader waits in read(2) for the rest.
        try process.writeToStandardInput(bytes[..<(bytes.count / 2)])
        try await process.wait(for: "a location line", onlyWhileRunning: true) {
            process.stdout.contains(#""type":"location""#)
        }
        process.send(SIGINT)
        let (status, _) = try await process.waitForExit()
        #expect(status == 130, "\(process.stderr)")
        #expect(process.stdout.hasSuffix("}\n"))
        let timeline = try ReplayTimeline(text: process.stdout)
        #expect(timeline.types.last == "end")
        let points = try #require(timeline.end?["points"]?.intValue)
        #expect(points > 0 && points < 1840, "only the points that arrived: \(points)")
        #expect(timeline.locations.count <= points)
    }

    @Test("--strict reads all of standard input before `start`: a time going back fails with no timeline")
    func strictFailsBeforeStart() async throws {
        let document = """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            <trkpt lat="1" lon="2"><time>2026-01-01T10:00:00Z</time></trkpt>
            <trkpt lat="1.001" lon="2"><time>2026-01-01T09:00:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        let result = try await TrailcastBinary.run(
            arguments: ["replay", "-", "--strict", "--format", "jsonl"], stdin: Data(document.utf8))
        #expect(result.status == 65)
        #expect(result.stdout == "")
        let error = try #require(result.stderrLines.only, "\(result.stderr)")
        #expect(
            error
                == "-:4:27: error: time 2026-01-01T09:00:00.000Z is earlier than the previous fix's 2026-01-01T10:00:00.000Z; position kept, time dropped"
        )
    }

    @Test("nothing to replay or not a GPX document on standard input: 65, one located line")
    func badInput() async throws {
        let empty = try await TrailcastBinary.run(arguments: ["replay", "-"], stdin: Data("<gpx/>".utf8))
        #expect(empty.status == 65)
        #expect(empty.stdout == "")
        #expect(
            empty.stderr == "-: error: nothing to replay: the file has no track points, route points or waypoints\n")
        let broken = try await TrailcastBinary.run(arguments: ["replay", "-"], stdin: Data("<gpx><trk>".utf8))
        #expect(broken.status == 65)
        #expect(broken.stdout == "")
        #expect(broken.stderr == "-:1:11: error: the file ends before </gpx>: it is truncated or incomplete\n")
    }

    private static func firstRange(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index] == needle[0] && Array(haystack[index..<index + needle.count]) == needle { return index }
            index += 1
        }
        return nil
    }
}
