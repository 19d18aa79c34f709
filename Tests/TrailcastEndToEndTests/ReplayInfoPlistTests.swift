// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// The app's Info.plist through `trailcast replay` (docs/replay.md, "The app's Info.plist"):
/// `--plist-missing` and `--plist-default-accuracy-reduced`, and the scenario keys of the
/// same names. A request without its purpose string does nothing and the timeline says why;
/// background updates without the background mode crash the app: the run ends there, exit 70.
@Suite("trailcast replay: the app's Info.plist")
struct ReplayInfoPlistTests {
    static let walk = "gpx/sf-waterfront-walk.gpx"
    static let crash =
        "The app's Info.plist has no location in UIBackgroundModes: setting allowsBackgroundLocationUpdates to true is a fatal error that terminates the app."

    static func plistError(_ offset: Int, _ method: String, reason: String, message: String) -> String {
        let t = String(format: "2026-06-13T16:%02d:%02d.000Z", offset / 60, offset % 60)
        return
            #"{"t":"\#(t)","offset":\#(offset),"type":"plistError","method":"\#(method)","manager":0,"reason":"\#(reason)","message":"\#(message)"}"#
    }

    static let initial =
        #"{"t":"2026-06-13T16:00:00.000Z","offset":0,"type":"authorization","from":"notDetermined","to":"notDetermined","accuracy":"full","servicesEnabled":true,"cause":"initial"}"#

    @Test(
        "no NSLocationWhenInUseUsageDescription: no prompt at launch or back in the foreground, a plistError each time, no location"
    )
    func noWhenInUsePurposeString() async throws {
        let timeline = try await ReplayTimeline.run(
            Self.walk,
            [
                "--plist-missing", "NSLocationWhenInUseUsageDescription", "--event", "1m:app=background", "--event",
                "2m:app=foreground",
            ])
        let refused =
            "The app's Info.plist has no NSLocationWhenInUseUsageDescription: requestWhenInUseAuthorization() does nothing (no prompt)."
        #expect(
            timeline.storyLines.dropLast() == [
                Self.initial,
                Self.plistError(
                    0, "requestWhenInUseAuthorization", reason: "NSLocationWhenInUseUsageDescription", message: refused),
                #"{"t":"2026-06-13T16:01:00.000Z","offset":60,"type":"app","state":"background"}"#,
                #"{"t":"2026-06-13T16:02:00.000Z","offset":120,"type":"app","state":"foreground"}"#,
                Self.plistError(
                    120, "requestWhenInUseAuthorization", reason: "NSLocationWhenInUseUsageDescription",
                    message: refused),
            ])
        #expect(timeline.locations.isEmpty)
        #expect(timeline.end?["reason"]?.stringValue == "finished")
        #expect(timeline.events(ofType: "missed").map { $0["reason"]?.stringValue } == ["notAuthorized"])
        #expect(
            timeline.events.first?["settings"]?["plistMissing"]
                == .array([.string("NSLocationWhenInUseUsageDescription")]))
    }

    @Test(
        "--request always without NSLocationAlwaysAndWhenInUseUsageDescription: nothing; with both keys the same run prompts"
    )
    func noAlwaysPurposeString() async throws {
        let timeline = try await ReplayTimeline.run(
            Self.walk,
            [
                "--request", "always", "--plist-missing", "NSLocationAlwaysAndWhenInUseUsageDescription",
            ])
        #expect(
            timeline.storyLines.dropLast() == [
                Self.initial,
                Self.plistError(
                    0, "requestAlwaysAuthorization", reason: "NSLocationAlwaysAndWhenInUseUsageDescription",
                    message:
                        "The app's Info.plist has no NSLocationAlwaysAndWhenInUseUsageDescription: requestAlwaysAuthorization() does nothing (no prompt)."
                ),
            ])
        #expect(timeline.locations.isEmpty)
        let complete = try await ReplayTimeline.run(
            Self.walk, ["--request", "always", "--plist-missing", "UIBackgroundModes"])
        #expect(complete.types.contains("prompt"), "the background mode is no purpose string")
        #expect(complete.events(ofType: "plistError").isEmpty)
        #expect(complete.locations.count == 1840)
    }

    @Test(
        "--background-updates without the location background mode: the app crashes at launch, the timeline ends there, exit 70",
        arguments: [false, true])
    func backgroundUpdatesWithoutTheBackgroundMode(toFile: Bool) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let output = scratch.url.appendingPathComponent("run.jsonl").path
        let result = try await TrailcastBinary.run(
            arguments: [
                "replay", Self.walk, "--format", "jsonl", "--background-updates", "--plist-missing",
                "UIBackgroundModes",
            ] + (toFile ? ["--output", output] : []))
        #expect(result.status == 70)
        #expect(result.stderrLines == ["trailcast: error: the app crashed: \(Self.crash)"])
        let text = toFile ? try String(contentsOfFile: output, encoding: .utf8) : result.stdout
        let timeline = try ReplayTimeline(text: text)
        timeline.expectWellFormed()
        #expect(timeline.types == ["start", "plistError", "end"], "the app crashed before its first callback")
        #expect(
            timeline.storyLines.first
                == Self.plistError(
                    0, "allowsBackgroundLocationUpdates", reason: "UIBackgroundModes", message: Self.crash))
        #expect(timeline.end?["reason"]?.stringValue == "error")
        #expect(timeline.end?["message"]?.stringValue == "error: the app crashed: \(Self.crash)")
        #expect(timeline.end?["locations"]?.intValue == 0)
    }

    @Test("the text timeline says the crash once, and --background-updates with the mode runs as before")
    func crashInText() async throws {
        let result = try await TrailcastBinary.run(arguments: [
            "replay", Self.walk, "--color", "never", "--background-updates", "--plist-missing", "UIBackgroundModes",
        ])
        #expect(result.status == 70)
        let end = try #require(result.stdoutLines.last)
        #expect(end.hasSuffix("s wall (stopped by an error: the app crashed: \(Self.crash))"), "\(end)")
        let running = try await ReplayTimeline.run(Self.walk, ["--background-updates"])
        #expect(running.events(ofType: "plistError").isEmpty)
        #expect(running.locations.count == 1840)
    }

    @Test("--plist-default-accuracy-reduced: the prompt grants approximate location")
    func defaultAccuracyReduced() async throws {
        let timeline = try await ReplayTimeline.run(Self.walk, ["--plist-default-accuracy-reduced"])
        #expect(
            timeline.storyLines[2]
                == #"{"t":"2026-06-13T16:00:00.000Z","offset":0,"type":"authorization","from":"notDetermined","to":"authorizedWhenInUse","accuracy":"reduced","servicesEnabled":true,"cause":"prompt"}"#
        )
        #expect(timeline.locations.count == 6, "one approximate fix per 15 minutes over 86 minutes")
        #expect(timeline.locations.allSatisfy { ($0["horizontalAccuracy"]?.doubleValue ?? 0) >= 3000 })
        #expect(timeline.events.first?["settings"]?["plistDefaultAccuracyReduced"] == .bool(true))
        #expect(
            timeline.events.first?["settings"]?["accuracy"] == .string("full"),
            "the stored setting; the grant is what is reduced")
    }

    @Test(
        "scenario keys: check judges a crashed run by its expectations; replay --scenario exits 70; a key that is not Apple's is refused"
    )
    func scenarioKeys() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let crashing = try scratch.scenario(
            "crash.yaml",
            """
            name: background updates without the background mode
            gpx: \(ScenarioFiles.waypoints)
            backgroundUpdates: true
            plistMissing: [UIBackgroundModes]
            expect:
              - event: plistError
              - none: location
              - end: {reason: error}
            """)
        let check = try await scratch.run(["check", crashing])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdoutLines.last == ScenarioFiles.summary(scenarios: 1, passed: 1, expectations: 3))
        let replay = try await scratch.run(["replay", "--scenario", crashing, "--format", "jsonl"])
        #expect(replay.status == 70)
        #expect(try ReplayTimeline(result: replay).types == ["start", "plistError", "end"])
        let reduced = try scratch.scenario(
            "reduced.yaml",
            """
            gpx: \(ScenarioFiles.waypoints)
            plistDefaultAccuracyReduced: true
            plistMissing: [NSLocationAlwaysAndWhenInUseUsageDescription]
            expect:
              - event: authorization
                fields: {to: authorizedWhenInUse, accuracy: reduced}
              - none: plistError
            """)
        let reducedCheck = try await scratch.run(["check", reduced])
        #expect(reducedCheck.status == 0, "\(reducedCheck.stdout)")
        // A flag adds to the scenario's missing entries; it never puts one back.
        let both = try await scratch.run([
            "replay", "--scenario", reduced, "--format", "jsonl", "--plist-missing",
            "NSLocationWhenInUseUsageDescription",
        ])
        #expect(both.status == 0)
        let settings = try ReplayTimeline(result: both).events.first?["settings"]
        #expect(
            settings?["plistMissing"]
                == .array([
                    .string("NSLocationAlwaysAndWhenInUseUsageDescription"),
                    .string("NSLocationWhenInUseUsageDescription"),
                ]))
        #expect(settings?["plistDefaultAccuracyReduced"] == .bool(true))
        let broken = try scratch.scenario(
            "broken.yaml", "gpx: \(ScenarioFiles.waypoints)\nplistMissing: [NSLocationUsageDescription]\n")
        let brokenCheck = try await scratch.run(["check", broken])
        #expect(brokenCheck.status == 65)
        #expect(brokenCheck.stdout.contains("broken.yaml:2:"), "\(brokenCheck.stdout)")
        #expect(
            brokenCheck.stdout.contains("NSLocationWhenInUseUsageDescription"), "the choices: \(brokenCheck.stdout)")
    }
}
