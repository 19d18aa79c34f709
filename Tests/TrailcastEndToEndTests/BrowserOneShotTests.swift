// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// A "find me now" button, as web teams write it, while the page also watches: in Chromium a
/// one-shot request pending when the position changes fails (docs/browser.md says why, from
/// Chromium's code); the retry docs/browser.md gives is what the page runs here, taken from
/// the docs themselves, and every request succeeds, at 30x and in real time.
@Suite("replay --browser: one-shot getCurrentPosition in headless Chromium, with the documented retry", .serialized)
struct BrowserOneShotTests {
    /// The `js` block of docs/browser.md that defines `locateOnce`.
    static func documentedRetry() throws -> String {
        try Repository.codeBlock("js", in: "docs/browser.md", containing: "function locateOnce")
            .split(separator: "\n").map { $0.drop { $0 == " " } }.joined(separator: "\n")
    }

    static func page() throws -> String {
        """
        <!doctype html><meta charset="utf-8"><title>find me now</title><script>
        \(try documentedRetry())
        window.heard = [];
        let watching = false;
        navigator.permissions.query({name: "geolocation"}).then(status => {
          const start = () => {
            if (watching || status.state !== "granted") return;
            watching = true;
            navigator.geolocation.watchPosition(() => {}, () => {}, {maximumAge: 0});
            // The button, pressed every 300 ms while the page watches.
            setInterval(() => locateOnce().then(
              position => heard.push(["ok", position.coords.longitude]), error => heard.push(["fail", error.code, error.message])), 300);
          };
          status.onchange = start;
          start();
        });
        </script>
        """
    }

    @Test("every request answered with a position, none failed", arguments: [30, 1])
    func findMeNow(speed: Int) async throws {
        let server = try await TileServer.start(pages: ["/find.html": try Self.page()])
        let browser = try await HeadlessChromium()
        let page = try await browser.open("http://127.0.0.1:\(server.port)/find.html")
        try await BrowserFeedTests.waitFor("the page's script") {
            try await page.evaluate("String(Array.isArray(window.heard))") == "true"
        }
        // Eight seconds of the run, whatever the speed.
        let (scratch, gpx) = try BrowserFeedTests.route(seconds: 8 * speed)
        defer { scratch.remove() }
        // Held at the end (Chromium takes the permission back as the connection closes, and
        // the button's next press would be refused): the page is read before that.
        let replay = try ReplayProcess(arguments: [
            "replay", gpx, "--format", "jsonl", "--speed", "\(speed)", "--weather", "none", "--browser",
            browser.endpoint,
            "--browser-hold", "0",
        ])
        try await replay.wait(
            for: "the run's end", onlyWhileRunning: true,
            until: { replay.stderr.contains("the feeds keep the last position") })
        let heard = try #require(
            try JSONSerialization.jsonObject(with: Data(try await page.evaluate("JSON.stringify(heard)").utf8))
                as? [[Any]])
        replay.send(SIGINT)
        #expect(try await replay.waitForExit().status == 130)
        let answered = heard.filter { $0.first as? String == "ok" }
        #expect(answered.count >= 15, "\(heard.count) requests")
        #expect(!heard.contains { $0.first as? String == "fail" }, "\(heard.filter { $0.first as? String == "fail" })")
        // Each answer is a position of the route (the n-th point is 0.000034 degrees east).
        #expect(
            answered.allSatisfy {
                abs(
                    ((($0[1] as? Double ?? 0) + 122.3942) / 0.000034).rounded() - (($0[1] as? Double ?? 0) + 122.3942)
                        / 0.000034) < 1e-3
            })
        browser.quit()
        await server.close()
    }
}
