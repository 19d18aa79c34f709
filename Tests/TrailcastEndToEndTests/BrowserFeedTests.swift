// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import NIOHTTP1
import Testing
import TrailcastLive

/// `replay --browser`: a web page's `navigator.geolocation`, in Debian's headless Chromium,
/// driven by the device stream over the DevTools protocol, its permission following the
/// app's authorization. The page (Tests/Fixtures/browser/watch.html) is what a web app does:
/// it watches while permitted and writes down what it hears.
@Suite("replay --browser: web pages' geolocation in headless Chromium", .serialized)
struct BrowserFeedTests {
    static let page = "file://" + Repository.root.appendingPathComponent("Tests/Fixtures/browser/watch.html").path

    /// `seconds` points a second apart going east at about 3 m/s from the waterfront,
    /// climbing 0.1 m a second: every fix has an altitude, a speed and a course.
    static func route(seconds: Int) throws -> (ScratchDirectory, String) {
        var text = #"<?xml version="1.0"?><gpx version="1.1" creator="test"><trk><trkseg>"# + "\n"
        for second in 0..<seconds {
            let time = Date(timeIntervalSince1970: 1_781_366_400 + Double(second)).ISO8601Format()
            let longitude = -122.3942 + Double(second) * 0.000034
            text +=
                #"<trkpt lat="37.7955" lon="\#(longitude)"><ele>\#(4 + Double(second) / 10)</ele><time>\#(time)</time></trkpt>"#
                + "\n"
        }
        let scratch = try ScratchDirectory()
        let file = try scratch.file(named: "walk.gpx", text: text + "</trkseg></trk></gpx>\n")
        return (scratch, file.path)
    }

    /// The page's fixes: latitude, longitude, accuracy, altitude, altitudeAccuracy, heading, speed.
    static func fixes(_ heard: [[Any]]) -> [[Double?]] {
        heard.filter { $0.first as? String == "fix" }.map { $0.dropFirst().map { $0 as? Double } }
    }

    @Test(
        "watchPosition hears the device's fixes with every field; a denial is PERMISSION_DENIED and the Permissions API's denied; a re-grant resumes; a loss delivers nothing"
    )
    func fixesAndPermission() async throws {
        let browser = try await HeadlessChromium()
        let page = try await browser.open(Self.page)
        try await Self.waitFor("the page's script") { !(try await page.heard()).isEmpty }
        let (scratch, gpx) = try Self.route(seconds: 240)
        defer { scratch.remove() }
        let result = try await TrailcastBinary.run(arguments: [
            "replay", gpx, "--format", "jsonl", "--speed", "40", "--seed", "3", "--browser", browser.endpoint,
            "--event", "60s:signal=lost", "--event", "80s:signal=restored",
            "--event", "150s:authorization=denied", "--event", "180s:authorization=whenInUse",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("trailcast: driving the geolocation of"), "\(result.stderr)")
        let timeline = try ReplayTimeline(result: result)
        let heard = try await page.heard()
        let pageFixes = Self.fixes(heard)
        let sent = timeline.locations
        // The app and the page are both permitted outside the denial, so the browser is given
        // at least the fixes the app was delivered; how many of them the page hears is the
        // machine's: Chromium hands a page the latest override when the page asks for the next
        // (Geolocation's hanging get), so two that arrive before it asks again are heard as one
        // (190 of 190 on a quiet machine, 189 of 190 with four busy loops on two cores, fewer
        // on a machine 3x slower). Not counted, then: the page hears fixes in every stretch it
        // is allowed (before the loss, between the loss and the denial, after the re-grant),
        // and which ones it hears are checked below, every one a device fix, in order.
        #expect(sent.count > 150)
        func second(_ fix: [Double?]) -> Double { ((fix[1] ?? 0) + 122.3942) / 0.000034 }
        for (stretch, seconds) in [
            ("before the loss", 0.0..<60), ("between the loss and the denial", 80..<150),
            ("after the re-grant", 180..<241),
        ] {
            #expect(pageFixes.contains { seconds.contains(second($0).rounded()) }, "the page heard no fix \(stretch)")
        }
        // Every fix the page heard is one the device reported, in order, with its fields. (On a
        // re-grant the page may hear the device's latest fix, which the app, denied, did not get:
        // so the reference is the device stream, which `export` writes for the same settings.)
        let export = try await TrailcastBinary.run(arguments: [
            "export", gpx, "--to", "csv", "--seed", "3", "--event", "60s:signal=lost", "--event", "80s:signal=restored",
        ])
        try #require(export.status == 0, "\(export.stderr)")
        let device = export.stdoutLines.dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        }
        // time,lat,lon,altitude,horizontalAccuracy,verticalAccuracy,speed,course,index,truthLat,truthLon
        var matched = 0
        var next = device.startIndex
        for fix in pageFixes {
            guard
                let index = device[next...].firstIndex(where: {
                    abs(($0[1] ?? 0) - (fix[0] ?? 0)) < 1e-7 && abs(($0[2] ?? 0) - (fix[1] ?? 0)) < 1e-7
                })
            else { continue }
            matched += 1
            next = device.index(after: index)
            let row = device[index]
            #expect(fix[2] == row[4], "accuracy")
            #expect(fix[3] != nil && abs((fix[3] ?? 0) - (row[3] ?? 0)) < 0.01, "altitude")
            #expect(fix[4] == row[5], "altitudeAccuracy")
            #expect(abs((fix[6] ?? -1) - (row[6] ?? 0)) < 0.01, "speed")
            if (row[6] ?? 0) > 0 { #expect(abs((fix[5] ?? -1) - (row[7] ?? 0)) < 0.01, "heading") }
        }
        #expect(matched == pageFixes.count, "every fix the page heard is one the device reported, in order")
        // The permission: granted at the prompt, denied at 150 s, granted again at 180 s.
        let permissions = heard.compactMap { $0.first as? String == "permission" ? $0[1] as? String : nil }
        #expect(
            Array(permissions.drop { $0 != "granted" }.prefix(3)) == ["granted", "denied", "granted"], "\(permissions)")
        let deniedAt = try #require(
            heard.firstIndex { $0.first as? String == "permission" && $0[1] as? String == "denied" })
        let regrantedAt = try #require(
            heard[deniedAt...].firstIndex { $0.first as? String == "permission" && $0[1] as? String == "granted" })
        // The watch's PERMISSION_DENIED may reach the page just before the Permissions API's
        // onchange, but never before the last fix it heard while allowed.
        let lastFixAllowed = heard[..<deniedAt].lastIndex { $0.first as? String == "fix" } ?? heard.startIndex
        #expect(
            heard[lastFixAllowed..<regrantedAt].contains { $0.first as? String == "error" && $0[1] as? Int == 1 },
            "PERMISSION_DENIED")
        #expect(!heard[deniedAt..<regrantedAt].contains { $0.first as? String == "fix" }, "no fix while denied")
        #expect(heard[regrantedAt...].contains { $0.first as? String == "fix" }, "fixes again once granted")
        // The loss: the 20 epochs from 60 s to 79 s had no fix, and the page heard none of the
        // positions the device never reported.
        let missedLoss = timeline.events(ofType: "missed").filter { $0["reason"]?.stringValue == "noSignal" }
        #expect(missedLoss.count == 1)
        #expect(missedLoss.first?["fixes"]?.doubleValue == 20)
        #expect(missedLoss.first?["since"]?.doubleValue == 60 && missedLoss.first?["until"]?.doubleValue == 79)
        let lostLongitudes = (60..<80).map { -122.3942 + Double($0) * 0.000034 }
        #expect(
            !pageFixes.contains { fix in lostLongitudes.contains { abs($0 - (fix[1] ?? 0)) < 1e-7 } },
            "a fix heard during the loss")
        #expect(heard.contains { $0.first as? String == "error" && $0[1] as? Int == 2 }, "POSITION_UNAVAILABLE")
    }

    @Test(
        "--browser-target: only matching pages, including one opened mid-run; a page closed mid-run is dropped with a warning; the browser quitting ends the feed, not the run"
    )
    func targetsClosedPagesAndAQuittingBrowser() async throws {
        let browser = try await HeadlessChromium()
        let first = try await browser.open(Self.page + "?first")
        let other = try await browser.open(Self.page + "?other")
        try await Self.waitFor("the pages' scripts") {
            let firstHeard = try await first.heard(), otherHeard = try await other.heard()
            return !firstHeard.isEmpty && !otherHeard.isEmpty
        }
        let (scratch, gpx) = try Self.route(seconds: 240)
        defer { scratch.remove() }
        let replay = try ReplayProcess(arguments: [
            "replay", gpx, "--format", "jsonl", "--speed", "20", "--browser", browser.endpoint, "--browser-target",
            "?first",
        ])
        do {
            try await Self.waitFor("fixes on the first page") { !Self.fixes(try await first.heard()).isEmpty }
        } catch {
            Issue.record("replay said: \(replay.stderr); the page heard: \(try await first.heard())")
            throw error
        }
        let late = try await browser.open(Self.page + "?first-late")
        try await Self.waitFor("fixes on the page opened mid-run") { !Self.fixes(try await late.heard()).isEmpty }
        #expect(Self.fixes(try await other.heard()).isEmpty, "a page the filter leaves out hears nothing")
        try await first.close()
        try await replay.wait(
            for: "the closed page's warning", onlyWhileRunning: true,
            until: { replay.stderr.contains("closed: dropped from the browser feed") }
        )
        #expect(replay.stderr.contains("watch.html?first closed"), "\(replay.stderr)")
        browser.quit()
        try await replay.wait(
            for: "the browser's warning", onlyWhileRunning: true,
            until: { replay.stderr.contains("the browser closed its DevTools connection") })
        let (status, _) = try await replay.waitForExit()
        #expect(status == 0, "the run goes on to its end: \(replay.stderr)")
        #expect(!replay.stderr.contains("not keeping up"), "nothing is queued for a browser that has gone")
        #expect(replay.stdout.contains(#""type":"end""#))
    }

    /// Polls an asynchronous condition (a page read over DevTools) until it holds.
    static func waitFor(
        _ what: String, deadline: Duration = Patience.hang, sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: () async throws -> Bool
    ) async throws {
        let end = ContinuousClock.now.advanced(by: deadline)
        while try await !condition() {
            guard ContinuousClock.now < end else {
                Issue.record("timed out waiting for \(what)", sourceLocation: sourceLocation)
                throw ReplayProcess.TimedOut(what: what)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    @Test("no DevTools endpoint: 69 and one line; --browser needs --speed (64); --browser-target needs --browser (64)")
    func usageAndUnreachable() async throws {
        let (scratch, gpx) = try Self.route(seconds: 30)
        defer { scratch.remove() }
        let port = try HeldLocalPort()
        let unreachable = try await TrailcastBinary.run(arguments: [
            "replay", gpx, "--speed", "10", "--browser", "http://127.0.0.1:\(port.port)",
        ])
        #expect(unreachable.status == 69)
        #expect(unreachable.stderr.split(separator: "\n").count == 1, "\(unreachable.stderr)")
        #expect(
            unreachable.stderrLines == [
                "trailcast: error: cannot reach the browser's remote debugging endpoint http://127.0.0.1:\(port.port): connection refused "
                    + "(is the browser started with --remote-debugging-port on that port? Firefox also needs --profile naming a folder that exists)"
            ])
        // Said in the protocol's own name when it is given.
        let bidi = try await TrailcastBinary.run(arguments: [
            "replay", gpx, "--speed", "10", "--browser", "http://127.0.0.1:\(port.port)", "--browser-protocol", "bidi",
        ])
        #expect(bidi.status == 69)
        #expect(
            bidi.stderrLines == [
                "trailcast: error: cannot reach the WebDriver BiDi endpoint ws://127.0.0.1:\(port.port)/session: connection refused "
                    + "(is Firefox started with --remote-debugging-port on that port, and --profile naming a folder that exists?)"
            ])
        let cdp = try await TrailcastBinary.run(arguments: [
            "replay", gpx, "--speed", "10", "--browser", "http://127.0.0.1:\(port.port)", "--browser-protocol", "cdp",
        ])
        #expect(cdp.status == 69)
        #expect(
            cdp.stderrLines == [
                "trailcast: error: cannot reach the DevTools endpoint http://127.0.0.1:\(port.port): connection refused "
                    + "(is the browser started with --remote-debugging-port on that port?)"
            ])
        let virtual = try await TrailcastBinary.run(arguments: ["replay", gpx, "--browser", "http://127.0.0.1:9222"])
        #expect(
            virtual.status == 64 && virtual.stderr.contains("--browser drives live pages and needs real time"),
            "\(virtual.stderr)")
        let alone = try await TrailcastBinary.run(arguments: ["replay", gpx, "--browser-target", "x"])
        #expect(
            alone.status == 64 && alone.stderr.contains("--browser-target goes with --browser URL"), "\(alone.stderr)")
    }
}

/// The live server seen from a real browser: Chromium's own `EventSource`, and a page of
/// another origin trying the controls.
@Suite("replay --serve in headless Chromium", .serialized)
struct LiveStreamBrowserTests {
    @Test(
        "EventSource reads the stream in order from start, every event with its id and type; a page from elsewhere cannot pause the run (403)"
    )
    func eventSourceAndAForeignPage() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let (process, port, _) = try await LiveStreamTests.startLoopingRun(scratch, speed: 100)
        let browser = try await HeadlessChromium()
        let page = try await browser.open(
            "file://" + Repository.root.appendingPathComponent("Tests/Fixtures/browser/live-reader.html").path
                + "?port=\(port)")
        var received: [[Any]] = []
        // The first 200 only: a page that starts late reads the journal from the start in one
        // burst, tens of thousands of events on a loaded machine.
        try await BrowserFeedTests.waitFor("200 events in the page") {
            let json = try await page.evaluate("JSON.stringify((window.received || []).slice(0, 200))")
            received = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[Any]] ?? []
            return received.count >= 200
        }
        let ids = received.compactMap { $0[0] as? Int }
        #expect(ids == Array(1...200), "every event once, in order")
        #expect(received.first?[1] as? String == "start")
        #expect(
            received.allSatisfy { ($0[1] as? String) == ($0[2] as? String) }, "each event's name is its data's type")
        try await BrowserFeedTests.waitFor("the page's pause attempt") {
            try await page.evaluate("String(window.pauseAnswer)") != "null"
        }
        #expect(try await page.evaluate("String(window.pauseAnswer)") == "403")
        let health = try await LiveClient(port: port).request(.GET, "/health")
        #expect(health.body.contains(#""paused":false"#), "the run was not paused")
        process.send(SIGINT)
        #expect(try await process.waitForExit().status == 130)
    }
}

/// The live page at `/`, in headless Chromium, as a person watching and steering a run.
@Suite("the live page (--serve, GET /) in headless Chromium", .serialized)
struct LivePageBrowserTests {
    @Test(
        "the position moves; Pause (clicked) is a control event and no fixes follow until Resume; a reconnect of the page's own and a dropped connection both resume without a gap; Deny (clicked) is made now and the state and log show it; no script errors"
    )
    func watchAndSteer() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let (process, port, _) = try await LiveStreamTests.startLoopingRun(scratch, speed: 100)
        // The page reaches the run through a relay that can drop its connections as a
        // network would.
        let relay = try await TCPRelay.start(to: port)
        let browser = try await HeadlessChromium()
        let page = try await browser.open("http://127.0.0.1:\(relay.port)/")
        func text(_ id: String) async throws -> String {
            try await page.evaluate("document.getElementById('\(id)').textContent")
        }
        func number(_ expression: String) async throws -> Double {
            Double(try await page.evaluate("String(\(expression))")) ?? .nan
        }
        // The marker is on the map, and moves.
        var first = ""
        try await BrowserFeedTests.waitFor("the position on the map") {
            first = try await page.evaluate(
                "String(document.querySelector('#live-position')?.getAttribute('cx')) + ',' + document.querySelector('#live-position')?.getAttribute('cy')"
            )
            return !first.contains("undefined") && !first.contains("null")
        }
        try await BrowserFeedTests.waitFor("the position to move") {
            let now = try await page.evaluate(
                "document.querySelector('#live-position').getAttribute('cx') + ',' + document.querySelector('#live-position').getAttribute('cy')"
            )
            return now != first
        }
        #expect(try await text("authorization") == "authorizedWhenInUse")
        // Pause, clicked: the run stops at a control event.
        _ = try await page.evaluate("document.getElementById('pause').click(), 1")
        try await BrowserFeedTests.waitFor("the run paused") { try await text("run-state") == "paused" }
        let pausedAt = try await number("trailcastLive.lastId")
        let health = try await LiveClient(port: port, token: process.liveToken).request(.GET, "/health")
        #expect(health.body.contains(#""paused":true"#))
        #expect(try await page.evaluate("document.querySelector('#log .entry').className") == "entry entry-control")
        _ = try await page.evaluate("document.getElementById('resume').click(), 1")
        try await BrowserFeedTests.waitFor("the run resumed") { try await text("run-state") == "playing" }
        // Nothing came between the pause and the resume: the resume is the next event. Asked of
        // the server's journal: the page's log keeps 300 entries, 3 s of this run, and a slow
        // machine's page can be further behind than that.
        let next = try await LiveClient(port: port).events(after: Int(pausedAt)) { _ in true }
        #expect(next.first?.id == Int(pausedAt) + 1, "paused at event \(pausedAt), then \(next)")
        #expect(next.first?.data.contains(#""action":"resume""#) == true, "\(next)")
        // The page drops its connection and opens a new one from the last event it had.
        let before = try await number("trailcastLive.lastId")
        _ = try await page.evaluate("trailcastLive.reconnect(), 1")
        try await BrowserFeedTests.waitFor("events after the reconnect") {
            try await number("trailcastLive.lastId") > before + 50
        }
        #expect(try await number("trailcastLive.reconnects") == 1)
        #expect(try await text("connection").hasPrefix("reconnected after event"))
        #expect(try await number("trailcastLive.gaps") == 0, "ids continuous across the reconnect")
        #expect(try await number("trailcastLive.mapRefreshes") >= 1)
        // The connection dropped under the page: EventSource reconnects by itself with
        // Last-Event-ID, and the page says so.
        let beforeDrop = try await number("trailcastLive.lastId")
        await relay.cutAll()
        try await BrowserFeedTests.waitFor("the page to see the drop and reconnect") {
            try await number("trailcastLive.reconnects") == 2
        }
        try await BrowserFeedTests.waitFor("events after the dropped connection") {
            try await number("trailcastLive.lastId") > beforeDrop + 50
        }
        #expect(try await text("connection").hasPrefix("reconnected after event"))
        #expect(try await number("trailcastLive.gaps") == 0, "ids continuous across the dropped connection")
        // A permission change, clicked: made now, and the page shows it.
        _ = try await page.evaluate("document.querySelector('[data-change=\"authorization=denied\"]').click(), 1")
        try await BrowserFeedTests.waitFor("the denial on the page") { try await text("authorization") == "denied" }
        #expect(
            try await page.evaluate("document.querySelector('#log .entry-control').textContent").contains(
                "authorization=denied"))
        // (The log keeps the newest 300 events: the launch's have scrolled away by now.)
        #expect(
            try await page.evaluate("document.querySelector('#log .entry-authorization').textContent").contains(
                "authorization denied"),
            "the log shows the authorization change")
        #expect(try await page.evaluate("JSON.stringify(trailcastLive.errors)") == "[]", "no script errors")
        process.send(SIGINT)
        #expect(try await process.waitForExit().status == 130)
        await relay.close()
    }

    @Test(
        "--tiles: the live page's map lays the tiles that cover it and the browser fetches each of them; the report of the run has them too"
    )
    func tiles() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let tileServer = try await TileServer.start()
        let report = scratch.url.appendingPathComponent("run.html")
        let (process, port, _) = try await LiveStreamTests.startLoopingRun(
            scratch, speed: 100, extraArguments: ["--tiles", tileServer.template, "--report", report.path])
        let browser = try await HeadlessChromium()
        let page = try await browser.open("http://127.0.0.1:\(port)/")
        var shown: [String] = []
        try await BrowserFeedTests.waitFor("tiles on the live page's map") {
            let json = try await page.evaluate(
                "JSON.stringify([...document.querySelectorAll('#map svg .tiles image')].map(image => image.getAttribute('href')))"
            )
            shown = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String] ?? []
            return !shown.isEmpty
        }
        let paths = shown.map { $0.replacingOccurrences(of: "http://127.0.0.1:\(tileServer.port)", with: "") }
        #expect(
            paths.allSatisfy { $0.wholeMatch(of: /\/1[4-9]\/\d+\/\d+\.png/) != nil }, "a street-level zoom: \(paths)")
        try await BrowserFeedTests.waitFor("the browser to fetch every tile shown") {
            Set(paths).isSubset(of: Set(tileServer.requestedPaths))
        }
        #expect(
            try await page.evaluate("document.querySelector('#map svg .tiles-attribution').textContent")
                == "© OpenStreetMap contributors")
        #expect(try await page.evaluate("JSON.stringify(trailcastLive.errors)") == "[]", "no script errors")
        process.send(SIGINT)
        #expect(try await process.waitForExit().status == 130)
        let reportHTML = try String(contentsOf: report, encoding: .utf8)
        #expect(
            reportHTML.contains("<g class=\"tiles\"")
                && reportHTML.contains(tileServer.template.replacingOccurrences(of: "{z}/{x}/{y}.png", with: "")))
        await tileServer.close()
    }
}
