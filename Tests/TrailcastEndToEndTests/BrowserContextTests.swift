// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// Pages in browser contexts other than Chromium's default, as Playwright's usual setup makes
/// them (`browser.new_context()`, Tests/Fixtures/peers/playwright_new_context.py): the
/// permission must reach them too. `Browser.setPermission` without a `browserContextId`
/// reaches only the default context, so such a page was asked, and headless Chromium denied
/// it (no fix at all); with Playwright's own grant, the run's denial never reached it.
@Suite("replay --browser: pages in every browser context (Playwright's new_context)", .serialized)
struct BrowserContextTests {
    static let page = """
        <!doctype html><meta charset="utf-8"><title>contexts</title><script>
        window.heard = [];
        let watch = null;
        const start = () => {
          if (watch !== null) navigator.geolocation.clearWatch(watch);
          watch = navigator.geolocation.watchPosition(() => heard.push("fix"), e => heard.push("error " + e.code));
        };
        navigator.permissions.query({name: "geolocation"}).then(status => {
          heard.push("permission " + status.state);
          status.onchange = () => { heard.push("permission " + status.state); if (status.state === "granted") start(); };
          if (status.state === "granted") start();
        });
        </script>
        """

    @Test(
        "the run's permission and positions reach a page of a new context: granted, denied and granted again",
        arguments: [false, true])
    func newContext(playwrightGrants: Bool) async throws {
        try Peer.requireModules(["playwright.sync_api"], python: "python3", install: "pip install playwright==1.65.2")
        let server = try await TileServer.start(pages: ["/contexts.html": Self.page])
        let browser = try await HeadlessChromium()
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let done = scratch.url.appendingPathComponent("done")
        let playwright = try ToolProcess(
            "python3",
            [
                Repository.url("Tests/Fixtures/peers/playwright_new_context.py").path, "--endpoint", browser.endpoint,
                "--url", "http://127.0.0.1:\(server.port)/contexts.html", "--until-file", done.path,
            ] + (playwrightGrants ? ["--permissions"] : []))
        defer { playwright.stop() }
        try await playwright.wait(for: "Playwright's page in its new context") { playwright.output.contains("ready\n") }
        let (routeScratch, gpx) = try BrowserFeedTests.route(seconds: 120)
        defer { routeScratch.remove() }
        let result = try await TrailcastBinary.run(arguments: [
            "replay", gpx, "--format", "jsonl", "--speed", "20", "--seed", "3", "--browser", browser.endpoint,
            "--event", "40s:authorization=denied", "--event", "70s:authorization=whenInUse",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderrLines.count == 1, "no command refused: \(result.stderr)")
        #expect(FileManager.default.createFile(atPath: done.path, contents: nil))
        try await playwright.wait(for: "what the page heard") {
            playwright.output.split(separator: "\n").contains { $0.hasPrefix("[") }
        }
        let line = try #require(playwright.output.split(separator: "\n").first { $0.hasPrefix("[") })
        let heard = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String])
        let states = heard.filter { $0.hasPrefix("permission ") }
        // Its first states are the context's own (prompt, or Playwright's grant and then the
        // run's prompt before the app is asked); then the run's: granted, denied at 40 s,
        // granted at 70 s (and prompt when the feed lets go, as Chromium undoes what it set).
        let run = ["permission granted", "permission denied", "permission granted"]
        #expect(states.indices.contains { Array(states[$0...].prefix(3)) == run }, "\(heard)")
        let firstDenial = try #require(heard.firstIndex(of: "permission denied"))
        #expect(heard[..<firstDenial].contains("fix"), "fixes before the denial: \(heard)")
        #expect(heard[firstDenial...].contains("fix"), "fixes after the re-grant: \(heard)")
    }
}
