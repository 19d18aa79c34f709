// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// A route that breaks partway (a FIT file cut short, a GPX whose end is missing): the fixes
/// before the break are replayed, and the timeline still ends, its `end` saying why in every
/// format, so `report`, `check` and any reader of the file see a run that finished early
/// rather than one that never finished. The exit status stays the error's, 65.
@Suite("trailcast replay: a route that breaks partway still ends its timeline")
struct ReplayRouteBreaksTests {
    /// The first half of a Fenix 5's run (python-fitparse's file): it ends inside a record.
    static func cutFIT(in scratch: ScratchDirectory) throws -> URL {
        let whole = try Data(contentsOf: Repository.url("Tests/Fixtures/fit/garmin-fenix-5-run.fit"))
        return try scratch.file(named: "cut.fit", contents: whole.prefix(2800))
    }

    static let fitError = "cut.fit: byte 2800: error: the file ends inside a data message: it is truncated"

    @Test(
        "JSON Lines: the fixes read, then `end` with reason error and the error's line; exit 65, the same line on stderr"
    )
    func jsonLines() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try Self.cutFIT(in: scratch)
        let result = try await TrailcastBinary.run(arguments: ["replay", file.path, "--format", "jsonl"])
        #expect(result.status == 65)
        #expect(result.stderrLines == ["\(scratch.url.path)/\(Self.fitError)"])
        let timeline = try ReplayTimeline(result: result)
        timeline.expectWellFormed()
        #expect(timeline.locations.count == 12, "every point read before the cut, the last one too")
        let end = try #require(timeline.end)
        #expect(end["points"]?.intValue == 12)
        #expect(end["reason"] == .string("error"))
        #expect(end["message"] == .string("\(scratch.url.path)/\(Self.fitError)"))
    }

    @Test("CSV and text say it too; a whole route says `finished`")
    func csvAndText() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try Self.cutFIT(in: scratch)
        let csv = try await TrailcastBinary.run(arguments: ["replay", file.path, "--format", "csv"])
        #expect(csv.status == 65)
        let header = try #require(csv.stdoutLines.first).split(separator: ",").map(String.init)
        let endRow = try #require(csv.stdoutLines.last)
        #expect(endRow.contains(",end,"))
        let reasonColumn = try #require(header.firstIndex(of: "reason"))
        let messageColumn = try #require(header.firstIndex(of: "message"))
        // The message holds no comma, so a plain split finds its cell.
        let cells = endRow.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        #expect(cells[reasonColumn] == "error")
        #expect(cells[messageColumn] == "\(scratch.url.path)/\(Self.fitError)")

        let text = try await TrailcastBinary.run(arguments: ["replay", file.path, "--format", "text"])
        #expect(text.status == 65)
        let last = try #require(text.stdoutLines.last)
        #expect(last.contains("  end  "))
        #expect(last.hasSuffix(" s wall (stopped by an error: \(scratch.url.path)/\(Self.fitError))"))

        let whole = try await TrailcastBinary.run(arguments: [
            "replay", "gpx/sf-waterfront-walk.gpx", "--format", "jsonl",
        ])
        #expect(try ReplayTimeline(result: whole).end?["reason"] == .string("finished"))
    }

    @Test("a GPX cut mid-file: its line and column in `end`, after the points before the cut")
    func cutGPX() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var text = "<gpx version=\"1.1\" creator=\"test\"><trk><trkseg>\n"
        for second in 0..<3000 {
            text +=
                "<trkpt lat=\"47.\(String(format: "%06d", second))\" lon=\"8.0\"><time>2026-01-01T10:\(String(format: "%02d:%02d", second / 60 % 60, second % 60))Z</time></trkpt>\n"
        }
        text += "<trkpt lat=\"47.1\" lon=\"8.0\"><time>2026-01-01T11:00:00Z</ti"
        let file = try scratch.file(named: "cut.gpx", text: text)
        let result = try await TrailcastBinary.run(arguments: [
            "replay", file.path, "--format", "jsonl", "--weather", "none",
        ])
        #expect(result.status == 65)
        let error = try #require(result.stderrLines.only, "\(result.stderr)")
        #expect(error.hasPrefix("\(file.path):3002:"))
        let timeline = try ReplayTimeline(result: result)
        #expect(timeline.locations.count == 3000)
        #expect(timeline.end?["reason"] == .string("error"))
        #expect(timeline.end?["message"] == .string(error))
    }

    @Test(
        "a file of routes or waypoints only, cut before its end: under auto, those points, then `end` with the error",
        arguments: [
            "rte", "wpt",
        ])
    func cutWithoutTracks(kind: String) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        // A waypoint first in both: `auto` must not settle for it while route points follow.
        var text = "<gpx version=\"1.1\" creator=\"test\">\n<wpt lat=\"47.5\" lon=\"8.5\"><name>start</name></wpt>\n"
        if kind == "rte" { text += "<rte>\n" }
        let element = kind == "rte" ? "rtept" : "wpt"
        for second in 0..<200 {
            text +=
                "<\(element) lat=\"47.\(String(format: "%04d", second))\" lon=\"8.0\"><time>2026-01-01T10:\(String(format: "%02d:%02d", second / 60, second % 60))Z</time></\(element)>\n"
        }
        text += "<\(element) lat=\"47.5\" lon=\"8.0\"><ti"
        let file = try scratch.file(named: "cut.gpx", text: text)
        let output = scratch.url.appendingPathComponent("timeline.jsonl")
        let result = try await TrailcastBinary.run(arguments: [
            "replay", file.path, "--format", "jsonl", "--weather", "none", "--output", output.path,
        ])
        #expect(result.status == 65)
        let error = try #require(result.stderrLines.only, "\(result.stderr)")
        #expect(error.hasPrefix("\(file.path):\(kind == "rte" ? 204 : 203):"), "\(error)")
        // The timeline is written whole, as for a cut track.
        let lines = try String(contentsOf: output, encoding: .utf8)
        let timeline = try ReplayTimeline(result: CommandResult(status: 65, stdout: lines, stderr: ""))
        timeline.expectWellFormed()
        #expect(timeline.locations.count == (kind == "rte" ? 200 : 201), "every \(element) before the cut")
        #expect(timeline.end?["reason"] == .string("error"))
        #expect(timeline.end?["message"] == .string(error))
    }
}
