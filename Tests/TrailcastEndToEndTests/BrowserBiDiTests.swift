// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// `replay --browser` against Debian's headless Firefox ESR, over WebDriver BiDi (Firefox
/// dropped the DevTools protocol): the feed finds the protocol itself. The page watches as
/// a web app does and reports everything it hears to a server of its own origin (only one
/// BiDi session may drive a Firefox, and the feed holds it), each with its moment, so the
/// test reads it back in order.
@Suite("replay --browser: web pages' geolocation in headless Firefox, over WebDriver BiDi", .serialized)
struct BrowserBiDiTests {
    static let page = """
        <!doctype html><meta charset="utf-8"><title>watch</title><script>
        let watch = null, askedOnce = false;
        // Ordered by the moment told, on a clock that goes on across the page's reload (a count
        // would start again at 0 in the reloaded document), with the document that told it.
        const tell = entry => fetch("/heard?" + encodeURIComponent(JSON.stringify([performance.timeOrigin + performance.now(), performance.timeOrigin, ...entry])));
        // The document's load: the moment Firefox's browsingContext.load tells the feed of.
        window.addEventListener("load", () => tell(["loaded"]));
        function startWatching() {
          if (watch !== null) navigator.geolocation.clearWatch(watch);
          watch = navigator.geolocation.watchPosition(position => {
            const c = position.coords;
            tell(["fix", c.latitude, c.longitude, c.accuracy, c.altitude, c.altitudeAccuracy, c.heading, c.speed]);
            if (!askedOnce) {
              askedOnce = true;
              navigator.geolocation.getCurrentPosition(p => tell(["once", p.coords.latitude, p.coords.longitude]),
                e => tell(["once-error", e.code]), {maximumAge: 0, timeout: 10000});
            }
          }, error => tell(["error", error.code]), {enableHighAccuracy: true, maximumAge: 0});
        }
        navigator.permissions.query({name: "geolocation"}).then(status => {
          tell(["permission", status.state]);
          status.onchange = () => { tell(["permission", status.state]); if (status.state === "granted") startWatching(); };
          if (status.state === "granted") startWatching();
        });
        </script>
        """

    /// What the page told, in its own order, each with its moment (milliseconds since 1970) and
    /// the document (its time origin) that told it.
    static func told(_ server: TileServer) -> [(moment: Double, document: Double, entry: [Any])] {
        server.requestedPaths.compactMap { path -> [Any]? in
            guard path.hasPrefix("/heard?"), let json = String(path.dropFirst("/heard?".count)).removingPercentEncoding
            else { return nil }
            return try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any]
        }
        .sorted { ($0.first as? Double ?? 0) < ($1.first as? Double ?? 0) }
        .map {
            (
                moment: $0.first as? Double ?? 0, document: $0.count > 1 ? $0[1] as? Double ?? 0 : 0,
                entry: Array($0.dropFirst(2))
            )
        }
    }

    /// What the page told, in its own order.
    static func heard(_ server: TileServer) -> [[Any]] { told(server).map(\.entry) }

    @Test(
        "a page open before the run is reloaded and hears every fix with its fields; denial and re-grant reach the Permissions API; a one-shot request is answered; a loss is said once"
    )
    func fixesAndPermission() async throws {
        let server = try await TileServer.start(pages: ["/watch.html": Self.page])
        let browser = try await HeadlessFirefox(showing: "http://127.0.0.1:\(server.port)/watch.html")
        try await BrowserFeedTests.waitFor("the page's script") { !Self.heard(server).isEmpty }
        let (scratch, gpx) = try BrowserFeedTests.route(seconds: 300)
        defer { scratch.remove() }
        // The page's reload (below) takes real time, the events virtual time: at 20x the
        // loss at 120 s leaves the reload six seconds, three times what a clean clone's CI
        // took when it was given less (80 fixes at 40x, where the loss came at 60 s).
        let events = [
            "--event", "120s:signal=lost", "--event", "140s:signal=restored",
            "--event", "200s:authorization=denied", "--event", "230s:authorization=whenInUse",
        ]
        let result = try await TrailcastBinary.run(
            arguments: [
                "replay", gpx, "--format", "jsonl", "--speed", "20", "--seed", "3", "--browser", browser.endpoint,
            ] + events)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderrLines
        #expect(lines.first?.hasPrefix("trailcast: driving the geolocation of firefox ") == true, "\(result.stderr)")
        #expect(lines.first?.hasSuffix("'s pages over WebDriver BiDi") == true)
        #expect(
            lines.dropFirst().filter { $0.contains("cannot show a lost signal") }.count == 1,
            "the loss, said once: \(result.stderr)")
        #expect(lines.count == 2, "\(result.stderr)")

        // The route's n-th point is 0.000034 degrees of longitude east of the first.
        let index = { (fix: [Double?]) in Int((((fix[1] ?? 0) + 122.3942) / 0.000034).rounded()) }
        let timeline = try ReplayTimeline(result: result)
        // The page's report of the last fix may still be on its way when trailcast exits.
        let lastGiven = try #require(timeline.locations.last?["index"]?.intValue)
        try await BrowserFeedTests.waitFor("the page's report of the last fix") {
            Self.heard(server).contains {
                $0.first as? String == "fix" && index($0.dropFirst().map { $0 as? Double }) == lastGiven
            }
        }
        let heard = Self.heard(server)
        let fixes = heard.filter { $0.first as? String == "fix" }.map { $0.dropFirst().map { $0 as? Double } }
        // The page, open before the run, is reloaded once the first position is set (a
        // document older than Firefox's override never hears it): it hears its first fix
        // before the loss at 120 s (at 20x the reload takes about five fixes; under
        // AddressSanitizer on a busy machine, about twenty-five; in a clean clone's CI once,
        // forty)...
        // The old document may hear a fix or two as the reload begins, and those it heard are
        // lost with it; the reloaded document, the last to tell, is the one that hears the run.
        let told = Self.told(server)
        let reloaded = try #require(told.last?.document)
        let reloadedFixes = told.filter { $0.document == reloaded && $0.entry.first as? String == "fix" }
            .map { index($0.entry.dropFirst().map { $0 as? Double }) }
        let first = try #require(reloadedFixes.first)
        #expect(first < 120, "\(fixes.prefix(3))")
        // ...and, once the reload has settled (5 fixes on, and past the fixes that came while
        // it reloaded: replaced by the newest, the reloaded document's second fix at most),
        // exactly the fixes the app was given, in order: Firefox adds no error before a fix,
        // and the feed sends nothing while the app is denied (Firefox would go on delivering
        // to a watch it has allowed) or the signal is lost.
        // The feed hears of the load a moment after the page (the event's way over BiDi): a
        // fix that came meanwhile may still have been replaced, as one did in a clean
        // clone's CI after the reloaded document's second fix. From half a second after the
        // page's load (10 fixes at 20x), nothing may be missing.
        let loaded = try #require(
            told.first { $0.document == reloaded && $0.entry.first as? String == "loaded" }?.moment,
            "the reloaded page's load")
        let afterLoad = told.first {
            $0.document == reloaded && $0.moment >= loaded + 500 && $0.entry.first as? String == "fix"
        }
        .map { index($0.entry.dropFirst().map { $0 as? Double }) }
        let settled = max(first + 5, (reloadedFixes.dropFirst().first ?? first) + 1, afterLoad ?? 0)
        // Fresh fixes only: the last known one handed over again at the re-grant is a repeat.
        let given = timeline.locations.filter { $0["cached"] == .null }.compactMap { $0["index"]?.intValue }.filter {
            $0 >= settled
        }
        #expect(given.count > 100)
        // On the re-grant the page's new watch may first be answered with the position Firefox
        // holds, the last from before the denial (docs/browser.md): a repeat, set apart here.
        var newest = -1
        var repeats: [Int] = []
        let fresh = fixes.map(index).filter { $0 >= settled }.filter { heardIndex in
            guard heardIndex > newest else {
                repeats.append(heardIndex)
                return false
            }
            newest = heardIndex
            return true
        }
        #expect(
            fresh == given, "the reloaded document's first fix: \(first); documents: \(Set(told.map(\.document)).count)"
        )
        let lastBeforeDenial = given.last { $0 < 200 }
        #expect(
            repeats.allSatisfy { $0 == lastBeforeDenial },
            "\(repeats), the last before the denial: \(lastBeforeDenial ?? -1)")
        #expect(!fixes.map(index).contains { (200..<230).contains($0) }, "no position of the denied stretch")
        let export = try await TrailcastBinary.run(
            arguments: ["export", gpx, "--to", "csv", "--seed", "3"] + events.prefix(4))
        try #require(export.status == 0, "\(export.stderr)")
        // time,lat,lon,altitude,horizontalAccuracy,verticalAccuracy,speed,course,index,truthLat,truthLon
        let device = export.stdoutLines.dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        }
        for fix in fixes where index(fix) >= settled {
            let row = try #require(
                device.first { abs(($0[1] ?? 0) - (fix[0] ?? 0)) < 1e-7 && abs(($0[2] ?? 0) - (fix[1] ?? 0)) < 1e-7 })
            #expect(fix[2] == row[4], "accuracy")
            #expect(abs((fix[3] ?? 0) - (row[3] ?? 0)) < 0.01, "altitude")
            #expect(fix[4] == row[5], "altitudeAccuracy")
            #expect(abs((fix[6] ?? -1) - (row[6] ?? 0)) < 0.01, "speed")
            if (row[6] ?? 0) > 0 { #expect(abs((fix[5] ?? -1) - (row[7] ?? 0)) < 0.01, "heading") }
        }
        // The states in turn (the reloaded page reads the permission again: a repeat, not a change).
        let permissions = heard.compactMap { $0.first as? String == "permission" ? $0[1] as? String : nil }
            .reduce(into: [String]()) { states, state in if states.last != state { states.append(state) } }
        #expect(
            Array(permissions.drop { $0 != "granted" }.prefix(3)) == ["granted", "denied", "granted"], "\(permissions)")
        let deniedAt = try #require(
            heard.firstIndex { $0.first as? String == "permission" && $0[1] as? String == "denied" })
        let regrantedAt = try #require(
            heard[deniedAt...].firstIndex { $0.first as? String == "permission" && $0[1] as? String == "granted" })
        #expect(heard[regrantedAt...].contains { $0.first as? String == "fix" }, "fixes again once granted")
        let once = try #require(heard.first { ($0.first as? String)?.hasPrefix("once") == true })
        #expect(once.first as? String == "once", "getCurrentPosition answered with a position: \(once)")
        browser.quit()
        await server.close()
    }

    /// Watches, and once it has a fix asks twice a second what a "find me now" button would get,
    /// with the permission's state: what the page sees after the run, read without a session.
    static let afterPage = """
        <!doctype html><meta charset="utf-8"><title>after</title><script>
        const tell = entry => fetch("/heard?" + encodeURIComponent(JSON.stringify([performance.timeOrigin + performance.now(), performance.timeOrigin, ...entry])));
        let asking = false;
        navigator.permissions.query({name: "geolocation"}).then(status => {
          const watch = () => navigator.geolocation.watchPosition(p => {
            tell(["fix", p.coords.latitude, p.coords.longitude]);
            if (asking) return;
            asking = true;
            setInterval(() => navigator.geolocation.getCurrentPosition(
              p => tell(["now", status.state, p.coords.latitude, p.coords.longitude]),
              e => tell(["now-error", status.state, e.code]), {maximumAge: 0, timeout: 2000}), 500);
          }, e => tell(["error", e.code]));
          if (status.state === "granted") watch(); else status.onchange = () => { if (status.state === "granted") watch(); };
        });
        </script>
        """

    @Test(
        "the end of the run: Firefox keeps the permission and the last position once the session ends; the watch hears no error and a one-shot request after the run gets the last fix"
    )
    func afterTheRun() async throws {
        let server = try await TileServer.start(pages: ["/after.html": Self.afterPage])
        let browser = try await HeadlessFirefox(showing: "http://127.0.0.1:\(server.port)/after.html")
        let (scratch, gpx) = try BrowserFeedTests.route(seconds: 20)
        defer { scratch.remove() }
        let result = try await TrailcastBinary.run(arguments: [
            "replay", gpx, "--format", "jsonl", "--speed", "10", "--seed", "3", "--browser", browser.endpoint,
        ])
        let ended = Date().timeIntervalSince1970 * 1000
        #expect(result.status == 0, "\(result.stderr)")
        let last = try #require(try ReplayTimeline(result: result).locations.last)
        // Two answers asked for after the run ended (the page's clock is this machine's).
        try await BrowserFeedTests.waitFor("the page's questions after the run") {
            Self.heardAfter(ended, server).filter { ($0.first as? String)?.hasPrefix("now") == true }.count >= 2
        }
        let after = Self.heardAfter(ended, server)
        #expect(!after.contains { $0.first as? String == "error" }, "no error to the watch: \(after)")
        for answer in after where (answer.first as? String)?.hasPrefix("now") == true {
            #expect(answer.first as? String == "now", "\(answer)")
            #expect(answer[1] as? String == "granted")
            #expect(
                answer.count == 4 && answer[2] as? Double == last["lat"]?.doubleValue
                    && answer[3] as? Double == last["lon"]?.doubleValue,
                "the run's last fix, \(last): \(answer)")
        }
        browser.quit()
        await server.close()
    }

    /// What the page told after `moment` (milliseconds since 1970, the page's clock).
    static func heardAfter(_ moment: Double, _ server: TileServer) -> [[Any]] {
        told(server).filter { $0.moment > moment }.map(\.entry)
    }

    @Test("--browser-protocol forces the protocol: cdp against Firefox is refused in one line (69)")
    func forcedProtocol() async throws {
        let server = try await TileServer.start(pages: ["/watch.html": Self.page])
        let browser = try await HeadlessFirefox(showing: "http://127.0.0.1:\(server.port)/watch.html")
        let (scratch, gpx) = try BrowserFeedTests.route(seconds: 5)
        defer { scratch.remove() }
        let wrong = try await TrailcastBinary.run(arguments: [
            "replay", gpx, "--speed", "10", "--browser", browser.endpoint, "--browser-protocol", "cdp",
        ])
        #expect(wrong.status == 69)
        #expect(
            wrong.stderrLines == [
                "trailcast: error: \(browser.endpoint)/json/version answered 404: not a DevTools endpoint"
            ], "\(wrong.stderr)")
        browser.quit()
        await server.close()
    }
}
