// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `replay --browser-share [HOST:]PORT`: the feed holds Firefox's one WebDriver BiDi session
/// and offers it to a test runner that starts its own there, as Puppeteer
/// (`protocol: "webDriverBiDi"`) and Playwright's BiDi mode do. The runner
/// (Tests/Fixtures/peers/bidi_session_runner.py sends what Puppeteer's BiDi connection sends,
/// in its order) reads the page on its own connection while the feed runs and during the
/// hold; its `session.end` ends its part only; a second runner comes after it.
///
/// Nested in the joining tests' serialized suite: one of these Firefox tests at a time (on a
/// machine three times slower, two Firefoxes and a runner's beside the whole suite did not
/// start within the tests' patience).
extension BrowserBiDiJoinTests {
    @Suite("replay --browser-share: a test runner's own session in the feed's Firefox")
    struct BrowserBiDiShareTests {
        @Test(
            "a runner's session.new at the share: it reads the page while the feed runs and during the hold, its session.end ends only its part"
        )
        func runnerBesideTheFeed() async throws {
            try Peer.requireModules(["websocket"], python: "python3", install: "pip install websocket-client==1.9.2")
            let server = try await TileServer.start(pages: ["/count.html": BrowserBiDiJoinTests.page])
            let browser = try await HeadlessFirefox(showing: "http://127.0.0.1:\(server.port)/count.html")
            defer { browser.quit() }
            let (routeScratch, gpx) = try BrowserFeedTests.route(seconds: 120)
            defer { routeScratch.remove() }
            let replay = try ReplayProcess(arguments: [
                "replay", gpx, "--format", "jsonl", "--speed", "10", "--browser", browser.endpoint, "--browser-share",
                "127.0.0.1:0",
                "--browser-hold", "0",
            ])
            try await replay.wait(for: "the share's endpoint") {
                replay.stderr.contains("sharing its WebDriver BiDi session at ") || !replay.isRunning
            }
            let line = try #require(
                replay.stderr.split(separator: "\n").first { $0.contains("sharing its WebDriver BiDi session at ") },
                "running: \(replay.isRunning); stderr: \(replay.stderr); stdout: \(replay.stdout.prefix(300))")
            let endpoint = try #require(line.split(separator: " ").first { $0.hasPrefix("ws://") }.map(String.init))
            #expect(endpoint.hasPrefix("ws://127.0.0.1:") && endpoint.hasSuffix("/session"), "\(line)")

            let scratch = try ScratchDirectory()
            defer { scratch.remove() }
            let done = scratch.url.appendingPathComponent("done")
            let runner = try ToolProcess(
                "python3",
                [
                    Repository.url("Tests/Fixtures/peers/bidi_session_runner.py").path, "--endpoint", endpoint,
                    "--expression", "window.fixes === undefined ? -1 : window.fixes", "--until-file", done.path,
                    "--open-tab",
                ])
            defer { runner.stop() }
            // Or its end: a runner refused on the way exits, with the refusal in its output.
            try await runner.wait(for: "the runner's first evaluation") {
                runner.output.contains("evaluated 1 ") || !runner.isRunning
            }
            try #require(runner.output.contains("evaluated 1 "), "\(runner.output.suffix(1000))")
            #expect(
                runner.output.hasPrefix("session firefox "),
                "its session.new answered as Firefox's: \(runner.output.prefix(300))")
            try await replay.wait(for: "the run's end and the hold") {
                replay.stdout.contains(#""type":"end""#) || !replay.isRunning
            }
            let duringRun = Self.values(runner.output)
            #expect(!duringRun.isEmpty, "the runner read the page while the feed ran: \(runner.output.suffix(1500))")

            // The hold: the runner still reads the page (which hears the run's fixes, late on a
            // busy machine), then ends its session.
            let evaluationsBefore = duringRun.count
            try await runner.wait(for: "evaluations during the hold, the page having heard the run") {
                (Self.values(runner.output).count > evaluationsBefore + 2
                    && Self.values(runner.output).contains { $0 > 0 })
                    || !runner.isRunning
            }
            let values = Self.values(runner.output)
            #expect(
                values.contains { $0 > 0 }, "the runner read the page hearing the run: \(runner.output.suffix(1500))")
            #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 }, "\(values)")
            #expect(FileManager.default.createFile(atPath: done.path, contents: nil))
            try await runner.wait(for: "the runner's session.end") { !runner.isRunning }
            let output = runner.output
            #expect(
                output.contains("\nended\n"),
                "the share closed the runner's connection after its session.end: \(output.suffix(500))")
            #expect(
                !output.contains("stray"),
                "every answer under its command's number, every event one it subscribed to: \(output)")
            let events = try #require(output.split(separator: "\n").first { $0.hasPrefix("events ") })
            #expect(
                events.contains("browsingContext.contextCreated")
                    && events.contains("browsingContext.contextDestroyed"), "\(events)")
            let after = try #require(output.split(separator: "\n").first { $0.hasPrefix("after ") })
            let heard = try #require(Int(after.dropFirst("after ".count)))

            // The session outlived the runner's session.end: a second runner starts one and reads the same page.
            let secondDone = scratch.url.appendingPathComponent("second-done")
            #expect(FileManager.default.createFile(atPath: secondDone.path, contents: nil))
            let second = try ToolProcess(
                "python3",
                [
                    Repository.url("Tests/Fixtures/peers/bidi_session_runner.py").path, "--endpoint", endpoint,
                    "--expression", "window.fixes === undefined ? -1 : window.fixes", "--until-file", secondDone.path,
                ])
            defer { second.stop() }
            try await second.wait(for: "the second runner's end") { !second.isRunning }
            // The page as the first runner left it, or further on: on a busy machine the overrides
            // queued while Firefox was slow still arrive during the hold.
            let secondAfter = try #require(second.output.split(separator: "\n").first { $0.hasPrefix("after ") })
            let final = try #require(Int(secondAfter.dropFirst("after ".count)), "\(second.output)")
            #expect(final >= heard, "\(second.output)")
            #expect(second.output.hasSuffix("ended\n") && !second.output.contains("stray"), "\(second.output)")

            replay.send(SIGINT)
            #expect(try await replay.waitForExit().status == 130)
            let timeline = try ReplayTimeline(text: replay.stdout)
            #expect(
                heard > 0 && final <= timeline.locations.count,
                "the page heard \(heard), then \(final), of \(timeline.locations.count)")
            #expect(!replay.stderr.contains("warning"), "\(replay.stderr)")
        }

        @Test("--browser-share refused with a DevTools endpoint or without --browser: 64, one line")
        func misuse() async throws {
            let alone = try await TrailcastBinary.run(arguments: [
                "replay", "gpx/sf-waterfront-walk.gpx", "--speed", "10", "--browser-share", "0",
            ])
            #expect(alone.status == 64)
            #expect(alone.stderrLines.first == "trailcast: error: --browser-share goes with --browser URL")
            let cdp = try await TrailcastBinary.run(arguments: [
                "replay", "gpx/sf-waterfront-walk.gpx", "--speed", "10", "--browser", "http://127.0.0.1:9",
                "--browser-protocol", "cdp",
                "--browser-share", "0",
            ])
            #expect(cdp.status == 64)
            #expect(
                cdp.stderrLines.first
                    == "trailcast: error: --browser-share shares a WebDriver BiDi session (Firefox); a DevTools endpoint takes other clients itself"
            )
        }

        /// The `evaluated N VALUE` answers so far, in order.
        static func values(_ output: String) -> [Int] {
            output.split(separator: "\n").compactMap { line in
                guard line.hasPrefix("evaluated ") else { return nil }
                return line.split(separator: " ").last.flatMap { Int($0) }
            }
        }
    }
}
