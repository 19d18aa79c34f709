// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing

/// The tests' own DevTools client (``HeadlessChromium``, ``DevToolsConnection``): what it
/// must read for the browser tests to measure the code, not the machine.
@Suite("The tests' DevTools client, against headless Chromium")
struct HeadlessChromiumTests {
    /// A clean clone on a loaded machine was red here: a page that had read a live run's
    /// journal from its start held 30,000 events, Chromium answered their JSON in one frame over
    /// the feed's 1 MiB, and swift-nio's decoder closed the socket (1009) twice, the page's
    /// reconnect included.
    @Test("an answer of 3 MiB, one frame over the feed's 1 MiB, is read whole, and the socket stays open")
    func answersOverAMebibyte() async throws {
        let browser = try await HeadlessChromium()
        let page = try await browser.open("about:blank")
        let answer = try await page.evaluate("'x'.repeat(3 << 20)")
        #expect(answer.utf8.count == 3 << 20)
        #expect(try await page.evaluate("String(6 * 7)") == "42")
    }
}
