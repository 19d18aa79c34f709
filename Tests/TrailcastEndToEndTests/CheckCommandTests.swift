// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// `trailcast check`: the sample scenarios (what CI runs), failing expectations with their
/// details, broken scenario files with their `FILE:LINE:COL` errors, exit statuses, and the
/// JUnit report read back with Foundation's XML parser.
@Suite("trailcast check")
struct CheckCommandTests {
    // MARK: - The samples

    @Test("gpx/scenarios/*.yaml: exit 0, one PASS line per file in order, then the summary")
    func samplesPass() async throws {
        let samples = try ScenarioFiles.samples()
        // The issue asks for at least these eight flows.
        for name in [
            "happy-path", "denied-at-first-prompt", "denied-at-launch", "revoked-halfway",
            "allow-once-background", "approximate-location", "location-services-off", "flaky-weather-server",
            // and the simulated GPS's two.
            "tunnel", "urban-canyon",
        ] {
            #expect(samples.contains("gpx/scenarios/\(name).yaml"))
        }
        let result = try await TrailcastBinary.run(arguments: ["check"] + samples)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr == "")
        let lines = result.stdoutLines
        try #require(lines.count == samples.count + 1, "\(result.stdout)")
        // One line per sample, in file-name order, with its name and its number of expectations.
        #expect(samples.count == 19)
        #expect(
            Array(lines.dropLast()) == [
                "PASS  gpx/scenarios/allow-once-background.yaml: Allow Once, app to the background and back (7 expectations)",
                "PASS  gpx/scenarios/approximate-location.yaml: approximate location (6 expectations)",
                "PASS  gpx/scenarios/denied-at-first-prompt.yaml: denied at the first prompt (7 expectations)",
                "PASS  gpx/scenarios/denied-at-launch.yaml: already denied at launch (7 expectations)",
                "PASS  gpx/scenarios/flaky-weather-server.yaml: the weather server fails half of the requests (6 expectations)",
                "PASS  gpx/scenarios/happy-path.yaml: happy path, allowed, weather along the route (8 expectations)",
                "PASS  gpx/scenarios/location-services-off.yaml: location services off, then on (8 expectations)",
                "PASS  gpx/scenarios/places-denied.yaml: places, denied, asked again (7 expectations)",
                "PASS  gpx/scenarios/places-nearest.yaml: places, nearest changes along the walk (5 expectations)",
                "PASS  gpx/scenarios/places-open-settings.yaml: places, open Settings and allow (6 expectations)",
                "PASS  gpx/scenarios/recorded-weather-offline.yaml: recorded weather, offline (5 expectations)",
                "PASS  gpx/scenarios/regions-arrive-and-leave.yaml: regions, arrive at the pharmacy and leave (7 expectations)",
                "PASS  gpx/scenarios/regions-the-21st.yaml: regions, the 21st fails (4 expectations)",
                "PASS  gpx/scenarios/regions-when-in-use-background.yaml: regions, When In Use misses a visit made in the background (4 expectations)",
                "PASS  gpx/scenarios/reminders-arrive-at-the-pharmacy.yaml: reminders, arrive at the pharmacy with the app closed (6 expectations)",
                "PASS  gpx/scenarios/revoked-halfway.yaml: revoked halfway, then re-granted (8 expectations)",
                "PASS  gpx/scenarios/significant-changes-on-a-ride.yaml: significant changes on a ride (5 expectations)",
                "PASS  gpx/scenarios/tunnel.yaml: a tunnel, signal lost for 2 minutes (8 expectations)",
                "PASS  gpx/scenarios/urban-canyon.yaml: urban canyon, weather fetches stay bounded (8 expectations)",
            ])
        #expect(lines.last == ScenarioFiles.summary(scenarios: 19, passed: 19, expectations: 122))
    }

    @Test("the text report of the samples is byte-identical across runs (no timings in it)")
    func deterministicText() async throws {
        let arguments = ["check"] + (try ScenarioFiles.samples())
        let first = try await TrailcastBinary.run(arguments: arguments)
        let second = try await TrailcastBinary.run(arguments: arguments)
        #expect(first.status == 0)
        #expect(second.status == 0)
        #expect(first.stdout == second.stdout)
        #expect(first.stdoutLines.count == 20, "a PASS line for each of the 19 samples, then the summary")
    }

    // MARK: - Failing expectations

    /// The waypoints file with the permission revoked at 1m and granted again at 2m:
    /// 12 locations (4 before, the last of them again from Core Location's cache as updates
    /// start at 2m, 7 after), one alert, two weather fetches, no app events.
    static let revokedEvents = ["1m:authorization=denied", "2m:authorization=whenInUse"]

    /// Every kind of expectation failing at least once, between ones that hold; the line
    /// numbers in the expected report below are this file's.
    static let failingYAML = """
        name: every kind failing
        gpx: \(ScenarioFiles.waypoints)
        events:
          - 1m:authorization=denied
          - 2m:authorization=whenInUse
        expect:
          - count: location
            exactly: 12
          - count: alert
            exactly: 2
          - count: location
            atMost: 3
          - count: location
            atLeast: 1
            from: 1m
            to: 1m59s
          - none: location
            after: 1m
            before: 2m
          - none: location
            after: 2m
          - none: weather
          - event: alert
            at: 30s
            tolerance: 10s
          - event: alert
            at: 1m
          - event: authorization
            fields: {to: restricted}
          - event: app
          - event: authorization
            fields: {to: denied}
            at: 2m
            tolerance: 5s
          - order: [prompt, alert]
          - order: [weather, prompt]
          - order: [alert, app]
          - end: {locations: 12}
          - end: {weatherErrors: 1, locations: ">= 100"}

        """

    static let passingYAML = """
        name: still passing
        gpx: \(ScenarioFiles.waypoints)
        expect:
          - count: location
            exactly: 14
          - end: {locations: 14, weatherErrors: 0}

        """

    /// The failing scenario's expected text report, its details quoting the lines
    /// `trailcast replay --format jsonl` prints for the same run.
    static func expectedFailingReport() async throws -> [String] {
        let timeline = try await ReplayTimeline.run(
            ScenarioFiles.waypoints, revokedEvents.flatMap { ["--event", $0] })
        let pairs = Array(zip(timeline.lines, timeline.events))
        func lines(_ type: String, where condition: (OrderedJSON) -> Bool = { _ in true }) -> [String] {
            pairs.filter { $1["type"]?.stringValue == type && condition($1) }.map(\.0)
        }
        let locations = lines("location")
        let authorizations = lines("authorization")
        let weatherLines = lines("weather"), alerts = lines("alert"), prompts = lines("prompt")
        let deniedLines = lines("authorization") { $0["to"]?.stringValue == "denied" }
        let laterLocations = lines("location") { ($0["offset"]?.doubleValue ?? 0) > 120 }
        try #require(locations.count == 12)
        let weather = try #require(weatherLines.first)
        let alert = try #require(alerts.first)
        let prompt = try #require(prompts.first)
        let denied = try #require(deniedLines.first)
        let afterTwoMinutes = try #require(laterLocations.first)
        return [
            "FAIL  failing.yaml: every kind failing (12 of 17 expectations failed)",
            "      line 9: count alert == 2",
            "        found 1: at 1m",
            "      line 11: count location <= 3",
            "        found 12; the 4th (over the limit): \(locations[3])",
            "      line 13: count location >= 1 from 1m to 1m59s",
            "        found 0 (12 more outside the window)",
            "      line 20: no location after 2m",
            "        first offending event: \(afterTwoMinutes)",
            "      line 22: no weather",
            "        first offending event: \(weather)",
            "      line 23: an event alert at 30s +- 10s",
            "        none at 30s +- 10s; nearest at 1m: \(alert)",
            #"      line 28: an event authorization {to: "restricted"}"#,
            #"        no authorization {to: "restricted"} at all; nearest miss: \#(authorizations[0])"#,
            "      line 30: an event app",
            "        no app at all",
            #"      line 31: an event authorization {to: "denied"} at 2m +- 5s"#,
            "        none at 2m +- 5s; nearest at 1m: \(denied)",
            "      line 36: weather before prompt",
            "        the first prompt (at 0s) came before the first weather (at 0s): \(prompt) then \(weather)",
            "      line 37: alert before app",
            "        no app at all",
            "      line 39: end {weatherErrors: 1, locations: >= 100}",
            "        weatherErrors is 0, expected 1; locations is 12, expected >= 100",
        ]
    }

    @Test(
        "failing expectations of every kind: exit 1, the FAIL line, each failure's line and detail; PASS still printed")
    func failingExpectations() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let passing = try scratch.scenario("passing.yaml", Self.passingYAML)
        let failing = try scratch.scenario("failing.yaml", Self.failingYAML)
        let result = try await scratch.run(["check", passing, failing])
        #expect(result.status == 1)
        #expect(result.stderr == "")
        let expected =
            ["PASS  passing.yaml: still passing (2 expectations)"]
            + (try await Self.expectedFailingReport())
            + [ScenarioFiles.summary(scenarios: 2, passed: 1, failed: 1, expectations: 19, failedExpectations: 12)]
        #expect(result.stdoutLines == expected)
        for (line, wanted) in zip(result.stdoutLines, expected) where line != wanted {
            Issue.record("got      \(line)\nexpected \(wanted)")
        }
    }

    static let location =
        #"{"t":"2026-06-13T17:00:00.000Z","offset":0,"type":"location","lat":37.3327,"lon":-122.0053,"altitude":null,"horizontalAccuracy":5,"verticalAccuracy":null,"speed":7.81,"course":18.3,"index":0,"cached":null,"truth":null}"#
    static let prompt =
        #"{"t":"2026-06-13T17:00:00.000Z","offset":0,"type":"prompt","request":"whenInUse","answer":"allow"}"#

    /// Each kind of expectation failing on its own, with the exact lines that say why.
    static let failures: [(expectation: String, headline: String, detail: String)] = [
        ("- count: alert\n    atLeast: 1", "count alert >= 1", "found 0"),
        ("- none: location", "no location", "first offending event: \(location)"),
        (
            "- event: prompt\n    at: 1s\n    tolerance: 500ms", "an event prompt at 1s +- 500ms",
            "none at 1s +- 500ms; nearest at 0s: \(prompt)"
        ),
        (
            "- order: [location, prompt]", "location before prompt",
            "the first prompt (at 0s) came before the first location (at 0s): \(prompt) then \(location)"
        ),
        ("- end: {locations: 0}", "end {locations: 0}", "locations is 14, expected 0"),
    ]

    @Test("one failing expectation of each kind on its own: exit 1, its line and why", arguments: failures)
    func eachKindFails(failure: (expectation: String, headline: String, detail: String)) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.scenario(
            "one.yaml", "gpx: \(ScenarioFiles.waypoints)\nexpect:\n  \(failure.expectation)\n")
        let result = try await scratch.run(["check", file])
        #expect(result.status == 1, "\(result.stdout)")
        let lines = result.stdoutLines
        try #require(lines.count == 4, "\(result.stdout)")
        #expect(lines[0] == "FAIL  one.yaml: one (1 of 1 expectation failed)")
        #expect(lines[1] == "      line 3: \(failure.headline)")
        #expect(lines[2] == "        \(failure.detail)")
        #expect(
            lines[3]
                == ScenarioFiles.summary(
                    scenarios: 1, passed: 0, failed: 1, expectations: 1, failedExpectations: 1))
    }

    // MARK: - JUnit

    /// The text report's failures of one scenario, as (`line N: EXPECTATION`, detail).
    static func failures(inTextReport lines: [String]) -> [(name: String, detail: String)] {
        var failures: [(name: String, detail: String)] = []
        for (index, line) in lines.enumerated() where line.hasPrefix("      line ") {
            failures.append((String(line.dropFirst(6)), String(lines[index + 1].dropFirst(8))))
        }
        return failures
    }

    @Test("--format junit: valid XML, one testsuite per file, one testcase per expectation, failures with their detail")
    func junit() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.scenario("passing.yaml", Self.passingYAML)
        try scratch.scenario("failing.yaml", Self.failingYAML)
        try scratch.scenario("broken.yaml", "gpx: \(ScenarioFiles.waypoints)\nloop: many\n")
        let files = ["passing.yaml", "failing.yaml", "broken.yaml"]
        let result = try await scratch.run(["check"] + files + ["--format", "junit"])
        #expect(result.status == 65)
        #expect(result.stderrLines == ["broken.yaml:2:7: error: loop: expected a whole number, not 'many'"])
        #expect(result.stdout.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"))
        let text = try await scratch.run(["check", "failing.yaml"])
        let textFailures = Self.failures(inTextReport: text.stdoutLines)
        #expect(textFailures.count == 12)

        let root = try XMLTree.parse(result.stdout)
        #expect(root.name == "testsuites")
        #expect(root["tests"] == "20")  // 2 + 17 expectations, and the broken file
        #expect(root["failures"] == "12")
        #expect(root["errors"] == "1")
        #expect(root["time"].flatMap(Double.init) != nil)
        #expect(root.children.map(\.name) == ["testsuite", "testsuite", "testsuite"])
        let suites = root.children(named: "testsuite")
        #expect(suites.map { $0["name"] ?? "" } == files)
        try #require(suites.count == 3)

        let passing = suites[0]
        #expect(passing["tests"] == "2")
        #expect(passing["failures"] == "0")
        #expect(passing["errors"] == "0")
        #expect(
            passing.children(named: "testcase").map { $0["name"] } == [
                "line 4: count location == 14", "line 6: end {locations: 14, weatherErrors: 0}",
            ])
        #expect(
            passing.children(named: "testcase").allSatisfy { $0.children.isEmpty && $0["classname"] == "still passing" }
        )

        let failing = suites[1]
        #expect(failing["tests"] == "17")
        #expect(failing["failures"] == "12")
        let cases = failing.children(named: "testcase")
        #expect(cases.count == 17)
        #expect(cases.allSatisfy { $0["classname"] == "every kind failing" && $0["name"]?.hasPrefix("line ") == true })
        let failed = cases.filter { !$0.children.isEmpty }
        #expect(failed.map { $0["name"] ?? "" } == textFailures.map(\.name))
        for (testcase, expected) in zip(failed, textFailures) {
            let failure = try #require(testcase.children(named: "failure").first)
            #expect(failure["type"] == "expectation")
            #expect(failure["message"] == expected.detail)
            #expect(failure.text == expected.detail)
        }

        let broken = suites[2]
        #expect(broken["tests"] == "1")
        #expect(broken["errors"] == "1")
        let brokenCase = try #require(broken.children(named: "testcase").first)
        #expect(brokenCase["name"] == "scenario file")
        #expect(
            brokenCase.children(named: "error").first?["message"]
                == "broken.yaml:2:7: error: loop: expected a whole number, not 'many'")
    }

    @Test(
        "--output FILE: the report goes there; JUnit leaves only the summary line on stderr",
        arguments: ["junit", "text"])
    func output(format: String) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let files = try ScenarioFiles.samples().map { Repository.url($0).path }
        let toStdout = try await scratch.run(["check"] + files + ["--format", format])
        let result = try await scratch.run(["check"] + files + ["--format", format, "--output", "report.out"])
        #expect(result.status == 0)
        #expect(result.stdout == "")
        let written = try String(contentsOf: scratch.url.appendingPathComponent("report.out"), encoding: .utf8)
        if format == "junit" {
            let summary = ScenarioFiles.summary(
                scenarios: files.count, passed: files.count,
                expectations: try XMLTree.parse(written).children(named: "testsuite").map { $0.children.count }.reduce(
                    0, +))
            #expect(result.stderr == summary + "\n")
            // Times differ between runs; everything else is the same document.
            #expect(Self.withoutTimes(written) == Self.withoutTimes(toStdout.stdout))
        } else {
            #expect(written == toStdout.stdout)
        }
    }

    static func withoutTimes(_ xml: String) -> String {
        xml.replacing(/time="[0-9.]+"/, with: #"time="_""#)
    }

    @Test("--output that cannot be created: 73, one error line, nothing on stdout", arguments: ["text", "junit"])
    func uncreatableOutput(format: String) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let passing = try scratch.scenario("passing.yaml", Self.passingYAML)
        let result = try await scratch.run([
            "check", passing, "--format", format, "--output", "no/such/folder/report.xml",
        ])
        #expect(result.status == 73)
        #expect(result.stdout == "")
        #expect(
            result.stderr == "no/such/folder/report.xml: error: cannot create the report: No such file or directory\n")
    }
}
