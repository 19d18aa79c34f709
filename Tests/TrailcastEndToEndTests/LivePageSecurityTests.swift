// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import NIOHTTP1
import Testing

/// The live page cannot be framed by another site (a decoy over it, one click, and the run
/// recorded `authorization=denied`), runs only its own script, and the controls' token can
/// be sent from a page of the user's own in a header (its preflight is answered).
@Suite("Live page (--serve): no framing, its own script, the token's preflight")
struct LivePageSecurityTests {
    @Test("every answer forbids framing; the page's policy is default-src 'self'; its script is /live.js")
    func headers() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let (process, port, _) = try await LiveStreamTests.startLoopingRun(scratch)
        let client = LiveClient(port: port)
        let page = try await client.request(.GET, "/")
        #expect(
            page.headers["Content-Security-Policy"] == [
                "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src * data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
            ])
        #expect(page.body.contains(#"<script src="live.js"></script>"#))
        #expect(!page.body.contains("<script>"), "no inline script")
        let script = try await client.request(.GET, "/live.js")
        #expect(script.status == 200 && script.headers["Content-Type"] == ["text/javascript; charset=utf-8"])
        #expect(script.body.contains("new EventSource"))
        for path in ["/", "/live.js", "/map.svg", "/location", "/health", "/nowhere"] {
            let answer = try await client.request(.GET, path)
            #expect(answer.headers["X-Frame-Options"] == ["DENY"], "\(path)")
            #expect(
                answer.headers["Content-Security-Policy"].first?.contains("frame-ancestors 'none'") == true, "\(path)")
            #expect(answer.headers["X-Content-Type-Options"] == ["nosniff"], "\(path)")
        }
        // The page and what it draws are answered fresh each time, each as what it is.
        for (path, type) in [
            ("/", "text/html; charset=utf-8"), ("/index.html", "text/html; charset=utf-8"),
            ("/live.js", "text/javascript; charset=utf-8"), ("/map.svg", "image/svg+xml"),
            ("/legend", "text/html; charset=utf-8"),
        ] {
            let answer = try await client.request(.GET, path)
            #expect(answer.status == 200 && answer.headers["Content-Type"] == [type], "\(path)")
            #expect(answer.headers["Cache-Control"] == ["no-store"], "\(path)")
        }
        process.send(SIGINT)
        #expect(try await process.waitForExit().status == 130)
    }

    @Test(
        "a page elsewhere may send the token in a header: the preflight is answered, the POST lets it in; without the token it is still refused"
    )
    func preflight() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let (process, port, _) = try await LiveStreamTests.startLoopingRun(scratch)
        let token = try #require(process.liveToken)
        let anyone = LiveClient(port: port)
        let origin = ("Origin", "http://localhost:5173")
        let asked = try await anyone.request(
            .OPTIONS, "/pause",
            headers: [
                origin, ("Access-Control-Request-Method", "POST"),
                ("Access-Control-Request-Headers", "x-trailcast-token"),
            ])
        #expect(asked.status == 204)
        #expect(asked.headers["Access-Control-Allow-Origin"] == ["*"])
        #expect(asked.headers["Access-Control-Allow-Methods"] == ["POST"])
        #expect(asked.headers["Access-Control-Allow-Headers"] == ["Authorization, X-Trailcast-Token"])
        let sent = try await anyone.request(.POST, "/pause", headers: [origin, ("X-Trailcast-Token", token)])
        #expect(sent.status == 200 && sent.headers["Access-Control-Allow-Origin"] == ["*"])
        #expect(try await anyone.request(.POST, "/resume", headers: [origin]).status == 403)
        process.send(SIGINT)
        #expect(try await process.waitForExit().status == 130)
    }

    @Test(
        "headless Chromium refuses to show the live page in another origin's frame, and shows it on its own with no script error"
    )
    func framingRefused() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let (process, port, _) = try await LiveStreamTests.startLoopingRun(scratch, speed: 100)
        // Without site isolation a cross-site frame stays in the page's process and frame tree,
        // where its URL can be read (with it, the tree shows "" for both frames).
        let browser = try await HeadlessChromium(extraArguments: [
            "--disable-site-isolation-trials", "--disable-features=IsolateOrigins,site-per-process",
        ])
        let live = "http://127.0.0.1:\(port)/"
        // A page of another origin (another port: Chromium's local network access refuses a
        // loopback frame in a page from nowhere, a data: URL) frames the live page, and beside
        // it a tile, which says nothing against framing: the tile's frame shows the framer's
        // pages can be framed at all.
        let tileServer = try await TileServer.start(pages: [
            "/framer.html":
                "<iframe name=tile src=\"/15/5241/12663.png\"></iframe><iframe name=live src=\"\(live)\" width=800 height=600></iframe>"
        ])
        let tile = "http://127.0.0.1:\(tileServer.port)/15/5241/12663.png"
        let framer = try await browser.open("http://127.0.0.1:\(tileServer.port)/framer.html")
        var frames: [String: [String: Any]] = [:]
        try await BrowserFeedTests.waitFor("both frames to have their answers") {
            let tree = try await framer.call(method: "Page.getFrameTree")
            let children =
                ((tree["result"] as? [String: Any])?["frameTree"] as? [String: Any])?["childFrames"] as? [[String: Any]]
                ?? []
            for child in children {
                if let frame = child["frame"] as? [String: Any], let name = frame["name"] as? String {
                    frames[name] = frame
                }
            }
            return frames["tile"]?["url"] as? String == tile && !(frames["live"]?["url"] as? String ?? "").isEmpty
        }
        // Chromium leaves a frame that X-Frame-Options or frame-ancestors refuse without the page.
        let liveFrame = try #require(frames["live"])
        #expect(liveFrame["url"] as? String == "chrome-error://chromewebdata/", "\(liveFrame)")
        #expect(liveFrame["unreachableUrl"] as? String == live, "\(liveFrame)")
        #expect(!tileServer.requestedPaths.isEmpty)
        await tileServer.close()

        let page = try await browser.open(live)
        try await BrowserFeedTests.waitFor("the page's script to hear events") {
            Int(try await page.evaluate("String(window.trailcastLive ? trailcastLive.lastId : 0)")) ?? 0 > 0
        }
        #expect(try await page.evaluate("JSON.stringify(trailcastLive.errors)") == "[]", "no script errors")
        browser.quit()
        process.send(SIGINT)
        #expect(try await process.waitForExit().status == 130)
    }

    @Test(
        "the marker stays on the map: a position beyond the map's frame redraws the map at once, which holds it; the legend names what the map draws"
    )
    func markerOnTheMap() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        // At 30x, ten times as fast as the map's two-second redraw follows a walk.
        let (process, port, _) = try await LiveStreamTests.startLoopingRun(scratch, speed: 30)
        let browser = try await HeadlessChromium()
        let page = try await browser.open("http://127.0.0.1:\(port)/")
        try await BrowserFeedTests.waitFor("200 positions and 3 maps on the live page") {
            let seen = try await page.evaluate(
                "String(window.trailcastLive ? Math.min(Number(document.getElementById('locations').textContent), 67 * trailcastLive.mapRefreshes) : 0)"
            )
            return Int(seen) ?? 0 >= 200
        }
        let counts = try await page.evaluate(
            "JSON.stringify([trailcastLive.offMap, trailcastLive.offMapAfterRefresh, trailcastLive.mapRefreshes])")
        let numbers = try #require(try JSONSerialization.jsonObject(with: Data(counts.utf8)) as? [Int])
        #expect(numbers[1] == 0, "a freshly drawn map always holds the position: \(numbers)")
        #expect(numbers[2] > 0)
        let legend = try await page.evaluate("document.getElementById('legend').textContent")
        #expect(legend.contains("delivered to the app"), "\(legend)")
        #expect(try await page.evaluate("JSON.stringify(trailcastLive.errors)") == "[]", "no script errors")
        browser.quit()
        process.send(SIGINT)
        #expect(try await process.waitForExit().status == 130)
    }
}
