// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// `--browser-hold`: the run's end is the user's choice. Chromium undoes a DevTools client's
/// geolocation override and permission when its connection closes, so a page sees the end of
/// a run as a revocation; held, the page keeps the last position and the permission until
/// the hold ends, and a test can read its final state.
@Suite("replay --browser-hold: the page's final state, read before the browser lets go", .serialized)
struct BrowserHoldTests {
    @Test(
        "held until Ctrl-C: the permission stays granted and the last fix is the route's last; after Ctrl-C (130) Chromium takes the permission back"
    )
    func holdUntilInterrupted() async throws {
        let browser = try await HeadlessChromium()
        let page = try await browser.open(BrowserFeedTests.page)
        try await BrowserFeedTests.waitFor("the page's script") { !(try await page.heard()).isEmpty }
        let (scratch, gpx) = try BrowserFeedTests.route(seconds: 30)
        defer { scratch.remove() }
        let replay = try ReplayProcess(arguments: [
            "replay", gpx, "--format", "jsonl", "--speed", "30", "--browser", browser.endpoint, "--browser-hold", "0",
        ])
        // The end line is written and flushed before the notice, but the two pipes are read
        // apart: the notice can be read first (it was, under ThreadSanitizer), so wait for both.
        try await replay.wait(
            for: "the hold's notice and the timeline's end",
            until: {
                replay.stderr.contains(
                    "trailcast: the run has ended; the feeds keep the last position and permission until Ctrl-C")
                    && replay.stdout.contains(#""type":"end""#)
            })
        #expect(replay.stdout.contains(#""reason":"finished""#), "the timeline has ended")
        let lastLongitude = -122.3942 + 29 * 0.000034
        try await BrowserFeedTests.waitFor("the route's last fix on the page") {
            abs((BrowserFeedTests.fixes(try await page.heard()).last?[1] ?? 0) - lastLongitude) < 1e-7
        }
        #expect(
            try await page.evaluate("navigator.permissions.query({name: 'geolocation'}).then(status => status.state)")
                == "granted")
        // Chromium's synthetic POSITION_UNAVAILABLE comes before each fix (docs/browser.md);
        // a PERMISSION_DENIED would be the end of the run seen as a revocation.
        let heardWhileHeld = try await page.heard()
        #expect(
            !heardWhileHeld.contains { $0.first as? String == "error" && $0[1] as? Int == 1 },
            "\(heardWhileHeld.suffix(3))")

        replay.send(SIGINT)
        #expect(try await replay.waitForExit().status == 130)
        // What a page sees without the hold: the permission back to prompt as the connection closes.
        var state = ""
        do {
            try await BrowserFeedTests.waitFor("Chromium to undo the permission") {
                state = try await page.evaluate(
                    "navigator.permissions.query({name: 'geolocation'}).then(status => status.state)")
                return state != "granted"
            }
        } catch {
            Issue.record("state \(state); heard \(try await page.heard().suffix(4))")
        }
        browser.quit()
    }

    /// A hold of a duration is announced as the flag spells durations (10m, not in
    /// milliseconds or seconds); Ctrl-C ends it sooner, as the notice says.
    @Test("held for 10m: the notice names the 10 minutes; Ctrl-C ends the hold sooner (130)")
    func holdForADuration() async throws {
        let browser = try await HeadlessChromium()
        let page = try await browser.open(BrowserFeedTests.page)
        try await BrowserFeedTests.waitFor("the page's script") { !(try await page.heard()).isEmpty }
        let (scratch, gpx) = try BrowserFeedTests.route(seconds: 10)
        defer { scratch.remove() }
        let replay = try ReplayProcess(arguments: [
            "replay", gpx, "--format", "jsonl", "--speed", "10", "--browser", browser.endpoint, "--browser-hold", "10m",
        ])
        try await replay.wait(
            for: "the hold's notice", onlyWhileRunning: true,
            until: { replay.stderr.contains("the feeds keep the last position") })
        let notice = replay.stderr.split(separator: "\n").filter { $0.contains("the feeds keep the last position") }
        #expect(
            notice == [
                "trailcast: the run has ended; the feeds keep the last position and permission for 10m (Ctrl-C ends it sooner)"
            ])
        replay.send(SIGINT)
        #expect(try await replay.waitForExit().status == 130)
        browser.quit()
    }

    @Test("--browser-hold without --browser, or not a duration: 64 and one line")
    func badHold() async throws {
        let alone = try await TrailcastBinary.run(arguments: [
            "replay", "gpx/sf-waterfront-walk.gpx", "--speed", "10", "--browser-hold", "10s",
        ])
        #expect(alone.status == 64)
        #expect(alone.stderrLines.first == "trailcast: error: --browser-hold goes with --browser URL")
        let bad = try await TrailcastBinary.run(arguments: [
            "replay", "gpx/sf-waterfront-walk.gpx", "--speed", "10", "--browser", "http://127.0.0.1:9",
            "--browser-hold", "soon",
        ])
        #expect(bad.status == 64)
        #expect(
            bad.stderrLines.first
                == "trailcast: error: --browser-hold must be a duration such as 45s, 10m, 1h5m or 0 for until Ctrl-C, not 'soon'"
        )
    }
}
