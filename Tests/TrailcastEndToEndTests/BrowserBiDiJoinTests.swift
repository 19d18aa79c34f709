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

    @Test("the feed joins the runner's session: the page hears the run, the runner reads it all along, and its session outlives the feed")
    func joinsTheRunnersSession() async throws {
        try Peer.requireModules(["websocket"], python: "python3", install: "pip install websocket-client==1.9.2")
        let server = try await TileServer.start(pages: ["/count.html": Self.page])
        let browser = try await HeadlessFirefox(showing: "http://127.0.0.1:\(server.port)/count.html", marionette: true)
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let done = scratch.url.appendingPathComponent("done")
        let runner = try ToolProcess("python3", [
            Repository.url("Tests/Fixtures/peers/bidi_runner.py").path, "--marionette-port", String(try #require(browser.marionettePort)),
            "--expression", "window.fixes === undefined ? -1 : window.fixes", "--until-file", done.path,
        ])
        defer { runner.stop() }
        try await runner.wait(for: "the runner's first evaluation") { runner.output.contains("evaluated 1 ") }
        let socketURL = try #require(runner.output.split(separator: "\n").first { $0.hasPrefix("webSocketUrl ") }?.split(separator: " ").last)
        #expect(socketURL.hasPrefix("ws://127.0.0.1:\(browser.port)/session/"), "\(socketURL)")
        let before = runner.output.split(separator: "\n").count

        let (routeScratch, gpx) = try BrowserFeedTests.route(seconds: 60)
        defer { routeScratch.remove() }
        let result = try await TrailcastBinary.run(arguments: [
            "replay", gpx, "--format", "jsonl", "--speed", "20", "--seed", "3", "--browser", String(socketURL),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let session = socketURL.split(separator: "/").last.map(String.init) ?? ""
        #expect(result.stderrLines == ["trailcast: driving the geolocation of pages in the joined WebDriver BiDi session \(session)"])
        let during = runner.output.split(separator: "\n").dropFirst(before)
        #expect(during.contains { $0.hasPrefix("evaluated ") }, "the runner worked while the feed ran: \(runner.output.suffix(2000))")

        #expect(FileManager.default.createFile(atPath: done.path, contents: nil))
        try await runner.wait(for: "the runner's last evaluation, after the feed") { runner.output.contains("session alive") }
        let after = try #require(runner.output.split(separator: "\n").first { $0.hasPrefix("after ") })
        let heard = try #require(Int(after.dropFirst("after ".count)))
        // The runner, on its own connection, reads what the feed's positions did to the page.
        let timeline = try ReplayTimeline(result: result)
        #expect(heard > 0 && heard <= timeline.locations.count, "the page heard \(heard) of \(timeline.locations.count)")
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
        let runner = try ToolProcess("python3", [
            Repository.url("Tests/Fixtures/peers/bidi_runner.py").path, "--marionette-port", String(try #require(browser.marionettePort)),
            "--expression", "window.fixes === undefined ? -1 : window.fixes", "--until-file", done.path,
            "--user-context-url", url.replacingOccurrences(of: "127.0.0.1", with: "localhost"),
        ])
        defer { runner.stop() }
        try await runner.wait(for: "the runner's first evaluation") { runner.output.contains("evaluated 1 ") }
        let socketURL = try #require(runner.output.split(separator: "\n").first { $0.hasPrefix("webSocketUrl ") }?.split(separator: " ").last)
        let (routeScratch, gpx) = try BrowserFeedTests.route(seconds: 60)
        defer { routeScratch.remove() }
        let result = try await TrailcastBinary.run(arguments: ["replay", gpx, "--format", "jsonl", "--speed", "20", "--browser", String(socketURL)])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderrLines.count == 1, "no command refused: \(result.stderr)")
        #expect(FileManager.default.createFile(atPath: done.path, contents: nil))
        try await runner.wait(for: "the runner's last evaluation") { runner.output.contains("session alive") }
        let after = try #require(runner.output.split(separator: "\n").first { $0.hasPrefix("after ") })
        let counts = try #require(try JSONSerialization.jsonObject(with: Data(after.dropFirst("after ".count).utf8)) as? [Int])
        #expect(counts.count == 2 && counts.allSatisfy { $0 > 0 }, "the default page and the user context's heard: \(counts)")
    }

    /// Puppeteer and Playwright's BiDi mode start their session with `session.new`, which
    /// takes the one session Firefox allows and cannot be joined.
    @Test("Firefox's one session taken by a client's session.new: exit 69 in one line, saying how to share it, no warning")
    func sessionTaken() async throws {
        try Peer.requireModules(["websocket"], python: "python3", install: "pip install websocket-client==1.9.2")
        let browser = try await HeadlessFirefox(showing: "about:blank")
        let holder = try ToolProcess("python3", ["-c", """
            import json, sys, time, websocket
            ws = websocket.create_connection(sys.argv[1], suppress_origin=True, timeout=60)
            ws.send(json.dumps({"id": 1, "method": "session.new", "params": {"capabilities": {}}}))
            print(json.loads(ws.recv())["type"], flush=True)
            time.sleep(3600)
            """, "ws://127.0.0.1:\(browser.port)/session"])
        defer { holder.stop() }
        try await holder.wait(for: "the other client's session") { holder.output.contains("success") }
        let (routeScratch, gpx) = try BrowserFeedTests.route(seconds: 30)
        defer { routeScratch.remove() }
        let result = try await TrailcastBinary.run(arguments: ["replay", gpx, "--speed", "10", "--browser", browser.endpoint])
        #expect(result.status == 69)
        #expect(result.stderrLines == [
            "trailcast: error: the browser refused a WebDriver BiDi session: session not created: Maximum number of active sessions "
                + "(Firefox allows one, and another client has it: to share it, give --browser that client's session, "
                + "ws://HOST:PORT/session/ID, the webSocketUrl a WebDriver classic session asked with webSocketUrl: true has, "
                + "as Selenium and WebdriverIO ask)"
        ])
    }
}
