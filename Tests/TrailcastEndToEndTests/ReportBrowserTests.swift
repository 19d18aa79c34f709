// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// The sample reports in a real browser: Debian's Chromium, headless. A screenshot that is
/// not blank and shows the route's colours, no script error in the log, and a DOM that
/// holds the map and the bands after the page's script ran. The screenshots are kept
/// under `.build/report-screenshots/` (CI artefacts, not committed).
///
/// CI installs `chromium`; there a missing browser fails the test instead of skipping it.
@Suite("Reports in Chromium", .enabled(if: Chromium.path != nil || ProcessInfo.processInfo.environment["CI"] != nil))
struct ReportBrowserTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        /// Colours that must show on screen (#rrggbb), each in more than 200 pixels.
        var colours: [String]
        var testDescription: String { name }
    }

    static let samples = [
        Sample(
            name: "walk",
            arguments: [
                "replay", "gpx/sf-waterfront-walk.gpx", "--gps", "urban-canyon", "--event", "20m:app=background",
                "--event", "35m:app=foreground", "--event", "60m:authorization=denied", "--format", "jsonl",
            ], colours: ["#1a7f37", "#8250df", "#cf222e"]),
        Sample(
            name: "check",
            arguments: [
                "check", "gpx/scenarios/denied-at-first-prompt.yaml", "gpx/scenarios/tunnel.yaml", "--format", "html",
            ], colours: ["#1a7f37", "#cf222e", "#24292f"]),
    ]

    @Test(
        "rendered headless: not blank, the route's colours, no script error, the map and bands in the DOM",
        arguments: samples)
    func render(sample: Sample) async throws {
        let browser = try #require(Chromium.path, "chromium is not installed (apt-get install chromium)")
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let page = scratch.url.appendingPathComponent("\(sample.name).html")
        if sample.arguments.first == "replay" {
            let jsonl = scratch.url.appendingPathComponent("\(sample.name).jsonl")
            let run = try await TrailcastBinary.run(
                arguments: sample.arguments + ["--output", jsonl.path, "--report", page.path])
            try #require(run.status == 0, "\(run.stderr)")
        } else {
            let run = try await TrailcastBinary.run(arguments: sample.arguments + ["--output", page.path])
            try #require(run.status == 0, "\(run.stderr)")
        }

        let screenshot = scratch.url.appendingPathComponent("\(sample.name).png")
        let shot = try await Chromium.run(
            browser, ["--window-size=1100,1300", "--screenshot=\(screenshot.path)", page.absoluteString],
            profile: scratch.url)
        #expect(shot.status == 0, "\(shot.stderr)")
        Chromium.expectNoScriptErrors(shot.stderr)
        let stats = try await PixelStatistics.of(screenshot, near: sample.colours)
        #expect(stats.width == 1100 && stats.height == 1300)
        #expect(stats.inkedFraction > 0.05, "the page looks blank: \(stats.inkedFraction) of pixels inked")
        #expect(stats.distinctColours > 50)
        for colour in sample.colours {
            #expect((stats.near[colour] ?? 0) > 200, "\(colour): \(stats.near[colour] ?? 0) pixels")
        }
        try Chromium.keep(screenshot, as: "\(sample.name).png")

        let dump = try await Chromium.run(browser, ["--dump-dom", page.absoluteString], profile: scratch.url)
        #expect(dump.status == 0)
        Chromium.expectNoScriptErrors(dump.stderr)
        let dom = dump.stdout
        #expect(dom.contains("data-report-ready=\"1\""), "the page's script did not run to its end")
        #expect(dom.contains("<svg class=\"map\""))
        for band in ["authorization", "accuracy", "app", "signal", "delivery"] {
            #expect(dom.contains("class=\"band band-\(band)\""), "no \(band) band")
        }
    }
}

enum Chromium {
    static let path: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Headless, its own profile, no sandbox (CI runs as root), console messages logged to
    /// stderr; `timeout` ends a browser that hangs instead of hanging the suite (9 minutes, short
    /// of `Patience.run`: a loaded machine can take minutes to start it), and `nice`
    /// keeps a multi-process browser from starving the tests running beside it on two cores
    /// (their wall-clock waits failed when it ran at normal priority).
    static func run(_ browser: String, _ arguments: [String], profile: URL) async throws -> CommandResult {
        try await TrailcastBinary.runTool(
            "nice",
            [
                "-n", "19", "timeout", "540", browser, "--headless", "--no-sandbox", "--disable-gpu",
                "--hide-scrollbars", "--no-first-run",
                "--disable-dev-shm-usage", "--user-data-dir=\(profile.path)/chromium-profile",
                "--enable-logging=stderr", "--v=0",
            ] + arguments)
    }

    /// Chromium logs each console message as `INFO:CONSOLE:LINE] "text", source: URL`
    /// (`"Uncaught ReferenceError: ..."` for a script error); the page logs nothing, so any
    /// is a failure.
    static func expectNoScriptErrors(_ log: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let messages = log.split(separator: "\n").filter { $0.contains(":CONSOLE") || $0.contains("Uncaught") }
        #expect(messages.isEmpty, "script messages: \(messages)", sourceLocation: sourceLocation)
    }

    /// Copies a screenshot to `.build/report-screenshots/` for CI to keep.
    static func keep(_ file: URL, as name: String) throws {
        let folder = Repository.root.appendingPathComponent(".build/report-screenshots")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let target = folder.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.copyItem(at: file, to: target)
    }
}

/// `Tests/Fixtures/report/png-stats.py`'s answer.
struct PixelStatistics: Decodable {
    var width: Int
    var height: Int
    var inkedFraction: Double
    var distinctColours: Int
    var near: [String: Int]

    static func of(_ png: URL, near colours: [String]) async throws -> PixelStatistics {
        // Pure Python decoding a few megapixels: low priority, as the browser.
        let result = try await TrailcastBinary.runTool(
            "nice",
            ["-n", "19", "python3", Repository.url("Tests/Fixtures/report/png-stats.py").path, png.path] + colours)
        try #require(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode(PixelStatistics.self, from: Data(result.stdout.utf8))
    }
}
