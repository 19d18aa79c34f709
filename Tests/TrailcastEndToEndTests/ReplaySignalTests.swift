// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Real-time runs: Ctrl-C and SIGTERM end them cleanly, and pacing delivers everything.
///
/// Nothing here sleeps to wait for the program: each test polls the output until what
/// it waits for has appeared (with a generous deadline), then acts.
@Suite("trailcast replay: signals and real-time pacing")
struct ReplaySignalTests {
    struct Stop: Sendable, CustomTestStringConvertible {
        var signal: Int32
        var status: Int32
        /// Whether the timeline goes to `--output FILE` (else to a stdout pipe).
        var toFile: Bool
        var testDescription: String {
            "\(signal == SIGINT ? "SIGINT" : "SIGTERM") -> \(status), \(toFile ? "--output FILE" : "stdout pipe")"
        }
    }

    @Test(
        "a signal mid-run writes a whole `end` line, flushes, and exits 128 + signal",
        arguments: [
            Stop(signal: SIGINT, status: 130, toFile: true),
            Stop(signal: SIGTERM, status: 143, toFile: false),
            Stop(signal: SIGINT, status: 130, toFile: false),
            Stop(signal: SIGTERM, status: 143, toFile: true),
        ])
    func signalEndsTheRun(stop: Stop) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = scratch.url.appendingPathComponent("run.jsonl")
        // Real time: the walk lasts 86 minutes, so the signal always comes mid-run.
        var arguments = ["replay", "gpx/sf-waterfront-walk.gpx", "--speed", "1", "--format", "jsonl"]
        if stop.toFile { arguments += ["--output", file.path] }
        let process = try ReplayProcess(arguments: arguments, output: stop.toFile ? .discarded : .pipe)
        func timelineText() -> String {
            stop.toFile ? String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self) : process.stdout
        }

        try await process.wait(for: "the first line", until: { timelineText().contains("\n") })
        process.send(stop.signal)
        let (status, reason) = try await process.waitForExit()

        #expect(reason == .exit, "killed by the signal instead of handling it")
        #expect(status == stop.status)
        #expect(process.stderr == "")
        let text = timelineText()
        #expect(text.hasSuffix("}\n"), "the last line is not whole: \(text.suffix(80))")
        if stop.toFile { #expect(process.stdout == "") }
        let timeline = try ReplayTimeline(text: text)
        timeline.expectWellFormed()
        #expect(Array(timeline.types.prefix(5)) == ["start", "authorization", "prompt", "authorization", "location"])
        // The signal came while waiting for the next fix: the run stops where it was.
        let end = try #require(timeline.end)
        #expect(end["locations"]?.intValue == timeline.locations.count)
        #expect((end["simulatedSeconds"]?.doubleValue ?? .infinity) < 5166)
        #expect(timeline.events.first?["settings"]?["speed"] == .number("1"))
    }

    @Test("text: the interrupted run's `end` line says so")
    func interruptedText() async throws {
        let process = try ReplayProcess(
            arguments: ["replay", "gpx/sf-waterfront-walk.gpx", "--speed", "1", "--color", "never"])
        try await process.waitForFirstLine()
        process.send(SIGINT)
        let (status, reason) = try await process.waitForExit()

        #expect(reason == .exit)
        #expect(status == 130)
        let last = try #require(process.stdout.split(separator: "\n").last)
        // Mid-run: before the walk's last fix at 1:26:06. (How far it got depends on how
        // soon a busy test runner sends the signal, so no tighter bound.)
        #expect(last.hasPrefix(" +0:") || last.hasPrefix(" +1:0") || last.hasPrefix(" +1:1"))
        #expect(last.contains("  end            "))
        #expect(last.hasSuffix(" s wall (interrupted)"))
    }

    @Test("--loop 0 repeats until stopped: past the first loop, then SIGTERM -> 143")
    func loopForeverUntilStopped() async throws {
        // 246 simulated seconds per loop at 600x: about 0.4 s each.
        let process = try ReplayProcess(arguments: [
            "replay", "gpx/xcode-waypoints.gpx", "--loop", "0", "--speed", "600", "--format", "jsonl",
        ])
        // Index 1 of the second loop: offset 246 + 1 (gap) + 18.
        try await process.wait(
            for: "the second loop", onlyWhileRunning: true, until: { process.stdout.contains("\"offset\":265,") })
        process.send(SIGTERM)
        let (status, reason) = try await process.waitForExit()

        #expect(reason == .exit)
        #expect(status == 143)
        let timeline = try ReplayTimeline(text: process.stdout)
        timeline.expectWellFormed()
        let indexes = timeline.locations.compactMap { $0["index"]?.intValue }
        #expect(Array(indexes.prefix(16)) == Array(0..<14) + [0, 1])
        #expect(timeline.events.first?["settings"]?["loop"] == .number("0"))
    }

    @Test("--speed 600: the same events as virtual time, in order, each line whole, no faster than 600x")
    func pacedRunMatchesVirtualTime() async throws {
        let paced = try await ReplayTimeline.run("gpx/xcode-waypoints.gpx", ["--speed", "600"])
        let virtual = try await ReplayTimeline.run("gpx/xcode-waypoints.gpx")

        #expect(paced.result.stdout.hasSuffix("}\n"))
        #expect(paced.lines.count == virtual.lines.count)
        // Only the recorded speed and the wall time differ.
        let pacedText = paced.stdoutWithoutWallSeconds.replacingOccurrences(of: "\"speed\":600,", with: "\"speed\":0,")
        #expect(pacedText == virtual.stdoutWithoutWallSeconds)
        // Pacing sleeps until each event's moment, so the run cannot be shorter than
        // 246 simulated seconds / 600; there is no upper bound to get wrong on a busy machine.
        let wall = try #require(paced.end?["wallSeconds"]?.doubleValue)
        #expect(wall >= 0.41)
    }
}
