// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// `trailcast check` on files it cannot check: broken scenarios, routes that cannot be
/// replayed, missing files, a mix of them, and bad usage.
@Suite("trailcast check: broken and missing files")
struct CheckCommandErrorTests {

    struct Broken: Sendable, CustomTestStringConvertible {
        var what: String
        var yaml: String
        /// The error after `broken.yaml:`, exactly: `LINE:COL: error: KEY: ...`.
        var error: String
        var testDescription: String { what }
    }

    static let walk = ScenarioFiles.walk
    static let brokenFiles: [Broken] = [
        Broken(
            what: "an unknown top-level key, with a suggestion",
            yaml: "gpx: \(walk)\nprompts: deny\n",
            error:
                "2:1: error: unknown key 'prompts' (did you mean 'prompt'?); known keys: name, gpx, source, inputFormat, travelSpeed, interval, loop, authorization, accuracy, services, prompt, promptAlways, request, distanceFilter, events, strict, weather, gps, gpsSigma, gpsCorrelation, gpsMultipath, seed, jitter, maxGap, app, places, placesLimit, regions, significantChanges, visits, backgroundUpdates, plistMissing, plistDefaultAccuracyReduced, expect"
        ),
        Broken(
            what: "an unknown nested key, with its path",
            yaml: "gpx: \(walk)\nweather:\n  server:\n    failrate: 0.5\n",
            error:
                "4:5: error: weather.server: unknown key 'failrate' (did you mean 'failRate'?); known keys: failRate, latency, timeoutRate, malformedRate, rateLimit, seed"
        ),
        Broken(
            what: "a key given twice",
            yaml: "gpx: \(walk)\nprompt: deny\nprompt: allow\n",
            error: "2:1: error: 'prompt' given twice"),
        Broken(
            what: "no gpx",
            yaml: "name: nowhere\nprompt: deny\n",
            error: "1:1: error: 'gpx' is missing: which route to replay"),
        Broken(
            what: "an empty file",
            yaml: "# nothing yet\n",
            error: "1:1: error: the file is empty; a scenario needs at least 'gpx'"),
        Broken(
            what: "a list instead of a mapping",
            yaml: "- gpx: \(walk)\n",
            error: "1:1: error: expected a mapping of keys, not a list"),
        Broken(
            what: "a wrong type: loop: many",
            yaml: "gpx: \(walk)\nloop: many\n",
            error: "2:7: error: loop: expected a whole number, not 'many'"),
        Broken(
            what: "a quoted whole number is text",
            yaml: "gpx: \(walk)\nloop: \"2\"\n",
            error: "2:7: error: loop: expected a whole number, not '2'"),
        Broken(
            what: "a quoted number is text",
            yaml: "gpx: \(walk)\ntravelSpeed: \"2\"\n",
            error: "2:14: error: travelSpeed: expected a number, not '2'"),
        Broken(
            what: "a value not in the list",
            yaml: "gpx: \(walk)\nprompt: maybe\n",
            error: "2:9: error: prompt: expected one of allow, once, deny, not 'maybe'"),
        Broken(
            what: "an impossible share: weather.server.failRate: 1.5",
            yaml: "gpx: \(walk)\nweather:\n  server:\n    failRate: 1.5\n",
            error: "4:15: error: weather.server.failRate: must be a share between 0 and 1, not '1.5'"),
        Broken(
            what: "loop: 0 (forever cannot run on virtual time)",
            yaml: "gpx: \(walk)\nloop: 0\n",
            error: "2:7: error: loop: must be at least 1: a scenario runs on virtual time"),
        Broken(
            what: "interval: -1",
            yaml: "gpx: \(walk)\ninterval: -1\n",
            error: "2:11: error: interval: must be greater than 0, not '-1'"),
        Broken(
            what: "a negative distance filter",
            yaml: "gpx: \(walk)\ndistanceFilter: -3\n",
            error: "2:17: error: distanceFilter: must not be negative, not '-3'"),
        Broken(
            what: "a duration that is not one",
            yaml: "gpx: \(walk)\nweather:\n  ttl: forever\n",
            error: "3:8: error: weather.ttl: expected a duration such as 45s, 10m, 1h5m or 250ms, not 'forever'"),
        Broken(
            what: "server faults without a local server",
            yaml: "gpx: \(walk)\nweather:\n  source: builtin\n  server:\n    failRate: 0.5\n",
            error: "5:5: error: weather.server: a local server's faults need 'source: local', not 'builtin'"),
        Broken(
            what: "an unknown event type in an expectation",
            yaml: "gpx: \(walk)\nexpect:\n  - count: locaton\n    exactly: 1\n",
            error:
                "3:12: error: expect[0].count: unknown event type 'locaton' (did you mean 'location'?); types: start, authorization, prompt, location, missed, locationError, region, regionError, visit, pause, resume, indicator, alert, tap, places, app, launch, signal, control, call, plistError, weather, weatherError, end"
        ),
        Broken(
            what: "a field the event type does not have",
            yaml: "gpx: \(walk)\nexpect:\n  - event: alert\n    fields: {code: denied}\n",
            error: "4:14: error: expect[0].fields: unknown key 'code'; known keys: t, offset, type, message"),
        Broken(
            what: "a field end does not have",
            yaml: "gpx: \(walk)\nexpect:\n  - none: alert\n  - end: {lokations: 1}\n",
            error:
                "4:11: error: expect[1].end: unknown key 'lokations' (did you mean 'locations'?); known keys: t, offset, type, points, locations, distanceMeters, simulatedSeconds, wallSeconds, weatherLookups, weatherNetworkFetches, weatherCacheHits, weatherErrors, reason, message"
        ),
        Broken(
            what: "a misspelt expectation key",
            yaml: "gpx: \(walk)\nexpect:\n  - count: alert\n    exactli: 1\n",
            error:
                "4:5: error: expect[0]: unknown key 'exactli' (did you mean 'exactly'?); known keys: count, fields, exactly, atLeast, atMost, from, to"
        ),
        Broken(
            what: "an expectation of two kinds",
            yaml: "gpx: \(walk)\nexpect:\n  - count: alert\n    none: weather\n    exactly: 1\n",
            error:
                "3:5: error: expect[0]: an expectation needs exactly one of count, none, event, order, end; found count and none"
        ),
        Broken(
            what: "a count without a rule",
            yaml: "gpx: \(walk)\nexpect:\n  - count: alert\n",
            error: "3:5: error: expect[0]: a count needs 'exactly', or 'atLeast' and/or 'atMost'"),
        Broken(
            what: "a tolerance without at",
            yaml: "gpx: \(walk)\nexpect:\n  - event: alert\n    tolerance: 1s\n",
            error: "4:16: error: expect[0].tolerance: a tolerance needs 'at'"),
        Broken(
            what: "an empty window",
            yaml: "gpx: \(walk)\nexpect:\n  - none: alert\n    after: 10m\n    before: 5m\n",
            error: "5:13: error: expect[0].before: nothing lies strictly between 10m and 5m"),
        Broken(
            what: "an order of one",
            yaml: "gpx: \(walk)\nexpect:\n  - order: [alert]\n",
            error: "3:12: error: expect[0].order: expected two events, [first, then], not 1"),
        Broken(
            what: "a malformed tolerance",
            yaml: "gpx: \(walk)\nexpect:\n  - count: location\n    fields: {speed: \"1 +- x\"}\n    atLeast: 1\n",
            error: "4:21: error: expect[0].fields.speed: expected 'NUMBER +- TOLERANCE', not '1 +- x'"),
        Broken(
            what: "a tab in the indentation",
            yaml: "gpx: \(walk)\nexpect:\n\t- none: alert\n",
            error: "3:1: error: not valid YAML: found character that cannot start any token"),
        Broken(
            what: "an indentation error",
            yaml: "gpx: \(walk)\nexpect:\n  - none: alert\n   - none: weather\n",
            error: "4:4: error: not valid YAML: did not find expected '-' indicator"),
        Broken(
            what: "a gpx file that does not exist",
            yaml: "gpx: nothere.gpx\n",
            error: "1:6: error: gpx: no such file: nothere.gpx (a relative path starts at the scenario file's folder)"),
        Broken(
            what: "a gpx that is a folder",
            yaml: "gpx: \(Repository.url("gpx").path)\n",
            error: "1:6: error: gpx: \(Repository.url("gpx").path) is a directory, not a route file"),
        Broken(
            what: "gpx as a list",
            yaml: "gpx: [a.gpx, b.gpx]\n",
            error: "1:6: error: gpx: expected text, not a list"),
        Broken(
            what: "a bad events entry",
            yaml: "gpx: \(walk)\nevents:\n  - 10m:wifi=on\n",
            error:
                "3:5: error: events[0]: invalid event '10m:wifi=on': unknown key 'wifi'; use authorization, accuracy, services, app, signal or tap"
        ),
        Broken(
            what: "an events entry that is not text",
            yaml: "gpx: \(walk)\nevents:\n  - 10m:app=background\n  - {at: 12m}\n",
            error: "4:5: error: events[1]: expected text, not a mapping"),
        Broken(
            what: "events as one string instead of a list",
            yaml: "gpx: \(walk)\nevents: 10m:app=background\n",
            error: "2:9: error: events: expected a list, not '10m:app=background'"),
    ]

    @Test(
        "a broken scenario: 65 and one `FILE:LINE:COL: error: KEY: ...` line, from check and replay --scenario",
        arguments: brokenFiles)
    func brokenFile(broken: Broken) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.scenario("broken.yaml", broken.yaml)
        let check = try await scratch.run(["check", file])
        #expect(check.status == 65)
        // The error on standard error, as every error; in the report too.
        #expect(check.stderrLines == ["broken.yaml:\(broken.error)"])
        #expect(
            check.stdoutLines == [
                "ERROR broken.yaml:\(broken.error)",
                ScenarioFiles.summary(scenarios: 1, passed: 0, broken: 1, expectations: 0),
            ])
        let replay = try await scratch.run(["replay", "--scenario", file])
        #expect(replay.status == 65)
        #expect(replay.stdout == "")
        #expect(replay.stderr == "broken.yaml:\(broken.error)\n")
    }

    /// The scenario is right and the file system is not: 66, as replay gives a route it
    /// cannot read, not 65 as for a mistake in the scenario. Run as nobody when the tests
    /// run as root, who can read any file.
    @Test("a route that exists but cannot be read: 66 from check and replay --scenario, not 65")
    func unreadableRoute() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let route = try scratch.file(
            named: "locked.gpx", contents: try Data(contentsOf: URL(fileURLWithPath: Self.walk)))
        let scenario = try scratch.file(named: "locked.yaml", text: "gpx: locked.gpx\nexpect:\n  - none: alert\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.url.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: scenario.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: route.path)
        let error = "\(scenario.path):1:6: error: gpx: \(route.path) cannot be read (permission denied)"
        let check = try await FleetUnprivilegedTests.runUnprivileged(["check", scenario.path])
        #expect(check.status == 66, "\(check.stderr)")
        #expect(check.stderrLines == [error])
        #expect(
            check.stdoutLines == [
                "ERROR \(error)", ScenarioFiles.summary(scenarios: 1, passed: 0, broken: 1, expectations: 0),
            ])
        let replay = try await FleetUnprivilegedTests.runUnprivileged(["replay", "--scenario", scenario.path])
        #expect(replay.status == 66, "\(replay.stderr)")
        #expect(replay.stdout == "")
        #expect(replay.stderrLines == [error])
    }

    @Test(
        "a scenario whose route cannot be replayed is broken too: 65, the GPX error",
        arguments: [
            (
                "<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"1\" lon=\"2\">\n</gpx>\n",
                "route.gpx:2:7: error: Opening and ending tag mismatch: trkpt line 1 and gpx"
            ),
            (
                "<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"></gpx>\n",
                "route.gpx: error: nothing to replay: the file has no track points, route points or waypoints"
            ),
        ])
    func brokenRoute(gpx: String, error: String) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.file(named: "route.gpx", text: gpx)
        let file = try scratch.scenario("route.yaml", "gpx: route.gpx\nexpect:\n  - none: alert\n")
        let check = try await scratch.run(["check", file])
        #expect(check.status == 65)
        #expect(
            check.stdoutLines == [
                "ERROR route.yaml: \(error)",
                ScenarioFiles.summary(scenarios: 1, passed: 0, broken: 1, expectations: 0),
            ])
        let replay = try await scratch.run(["replay", "--scenario", file])
        #expect(replay.status == 65)
        #expect(replay.stderr == "\(error)\n")
    }

    @Test("check - reads the scenario from standard input, its paths from the working directory")
    func standardInput() async throws {
        let yaml = "name: from stdin\ngpx: gpx/sf-waterfront-walk.gpx\nexpect:\n  - event: prompt\n    at: 0s\n"
        let result = try await TrailcastBinary.run(arguments: ["check", "-"], stdin: Data(yaml.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutLines.first == "PASS  -: from stdin (1 expectation)", "\(result.stdout)")
        let broken = try await TrailcastBinary.run(arguments: ["check", "-"], stdin: Data("gpx: [1]\n".utf8))
        #expect(broken.status == 65)
        #expect(broken.stderrLines.count == 1)
        #expect(broken.stderrLines.first?.hasPrefix("-:1:6: error: gpx:") == true, "\(broken.stderr)")
    }

    @Test("a missing scenario file: 66; a folder: 66")
    func unreadable() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("folder.yaml"), withIntermediateDirectories: false)
        for (file, reason) in [("missing.yaml", "no such file"), ("folder.yaml", "is a directory")] {
            let result = try await scratch.run(["check", file])
            #expect(result.status == 66)
            #expect(result.stderrLines == ["\(file): error: \(reason)"])
            #expect(
                result.stdoutLines == [
                    "ERROR \(file): error: \(reason)",
                    ScenarioFiles.summary(scenarios: 1, passed: 0, broken: 1, expectations: 0),
                ])
        }
    }

    struct Mix: Sendable, CustomTestStringConvertible {
        var files: [String]
        var status: Int32
        var testDescription: String { files.joined(separator: " ") }
    }

    @Test(
        "several files: every one is reported in order; broken beats missing beats failing",
        arguments: [
            Mix(files: ["passing.yaml", "broken.yaml", "failing.yaml", "missing.yaml"], status: 65),
            Mix(files: ["missing.yaml", "broken.yaml"], status: 65),
            Mix(files: ["passing.yaml", "missing.yaml", "failing.yaml"], status: 66),
            Mix(files: ["failing.yaml", "passing.yaml"], status: 1),
            Mix(files: ["passing.yaml", "passing.yaml"], status: 0),
        ])
    func severalFiles(mix: Mix) async throws {
        let files = mix.files
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.scenario("passing.yaml", CheckCommandTests.passingYAML)
        try scratch.scenario(
            "failing.yaml", "name: one failing\ngpx: \(ScenarioFiles.waypoints)\nexpect:\n  - none: location\n")
        try scratch.scenario("broken.yaml", "gpx: \(ScenarioFiles.waypoints)\nloop: many\n")
        let result = try await scratch.run(["check"] + files)
        #expect(result.status == mix.status, "\(result.stdout)")
        let verdicts = result.stdoutLines.filter { !$0.hasPrefix(" ") }.dropLast()
        #expect(
            verdicts.map { String($0.prefix(6)) }
                == files.map { file in
                    switch file {
                    case "passing.yaml": "PASS  "
                    case "failing.yaml": "FAIL  "
                    default: "ERROR "
                    }
                })
        #expect(verdicts.map { $0.dropFirst(6).prefix { $0 != ":" } } == files.map { Substring($0) })
        let broken = files.filter { $0 == "broken.yaml" || $0 == "missing.yaml" }.count
        let failing = files.filter { $0 == "failing.yaml" }.count
        let passing = files.count - broken - failing
        #expect(
            result.stdoutLines.last
                == ScenarioFiles.summary(
                    scenarios: files.count, passed: passing, failed: failing, broken: broken,
                    expectations: passing * 2 + failing, failedExpectations: failing))
    }

    @Test(
        "usage errors: 64",
        arguments: [
            (
                ["check"],
                "trailcast: error: missing expected argument '<scenario.yaml> ...' (see 'trailcast check --help')"
            ),
            (
                ["check", "--format", "xml", "gpx/scenarios/happy-path.yaml"],
                "trailcast: error: --format must be one of text, junit, html, not 'xml'"
            ),
        ])
    func usage(arguments: [String], message: String) async throws {
        let result = try await TrailcastBinary.run(arguments: arguments)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderrLines.first == message)
    }
}
