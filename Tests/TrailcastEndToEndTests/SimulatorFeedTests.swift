// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// `replay --simulator` on Linux: a fake `xcrun` first on PATH records every command line,
/// so the exact simctl commands and their order are checked; without one, a clear 69.
@Suite("trailcast replay --simulator (a recording xcrun)")
struct SimulatorFeedTests {
    /// A folder holding an `xcrun` that runs Tests/Fixtures/feeds/fake-xcrun.py: it logs
    /// each call's arguments, refuses what simctl refuses (a device it does not have among
    /// `devices`, `NAME|UDID|STATE;...`, or the fake's own two if nil), and takes 0.3 s over
    /// every `slowEvery`th call.
    static func fakeXcrun(in scratch: ScratchDirectory, devices: String? = nil, slowEvery: Int = 0) throws -> (
        folder: URL, log: URL
    ) {
        let folder = scratch.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let log = scratch.url.appendingPathComponent("xcrun.log")
        let signals = scratch.url.appendingPathComponent("xcrun.signals")
        // The signals it was started with ignored, as the shell has them before Python
        // changes its own (Python ignores SIGPIPE itself): the SigIgn line of /proc. (Not
        // the blocked ones: the shell blocks signals while it forks and waits for grep, and
        // grep reads that, as a clean clone's CI once saw.)
        let script = """
            #!/bin/sh
            grep '^SigIgn:' /proc/$$/status > '\(signals.path)'
            FAKE_XCRUN_LOG='\(log.path)' FAKE_XCRUN_DEVICES='\(devices ?? "")' FAKE_XCRUN_SLOW=\(slowEvery) \\
              exec python3 '\(Repository.url("Tests/Fixtures/feeds/fake-xcrun.py").path)' "$@"

            """
        let xcrun = folder.appendingPathComponent("xcrun")
        try Data(script.utf8).write(to: xcrun)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: xcrun.path)
        return (folder, log)
    }

    /// The calls the fake xcrun logged, each one's arguments whole.
    static func calls(in log: URL) throws -> [[String]] {
        try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String])
        }
    }

    static let run = [
        "replay", "gpx/sf-waterfront-walk.gpx", "--speed", "600", "--interval", "60", "--weather", "none",
        "--format", "jsonl", "--authorization", "whenInUse",
        "--event", "10m:authorization=denied", "--event", "20m:authorization=always",
        "--event", "30m:authorization=notDetermined",
    ]

    static func environment(_ folder: URL) -> [String: String?] {
        ["PATH": folder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
    }

    @Test("locations set in order; each permission change mirrored with simctl privacy, between the right locations")
    func commandsAndOrder() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        // Every fourth call slow, as simctl sometimes is: a newer location replaces one
        // still waiting, and the order must hold all the same.
        let (folder, log) = try Self.fakeXcrun(in: scratch, slowEvery: 4)
        let replay = try ReplayProcess(
            arguments: Self.run + ["--simulator", "booted", "--bundle-id", "com.example.Weather"],
            environment: Self.environment(folder))
        let (status, _) = try await replay.waitForExit()
        #expect(status == 0, "\(replay.stderr)")
        // The device's fixes, which reach the Simulator whatever the app may see: the same
        // run for an app that receives them all.
        let device = try await ReplayTimeline.run(
            "gpx/sf-waterfront-walk.gpx",
            [
                "--interval", "60", "--weather", "none", "--authorization", "always",
            ])
        let calls = try Self.calls(in: log).map { $0.joined(separator: " ") }
        let privacy = calls.filter { $0.hasPrefix("simctl privacy") }
        #expect(
            privacy == [
                "simctl privacy booted grant location com.example.Weather",  // whenInUse at launch
                "simctl privacy booted revoke location com.example.Weather",  // 10m
                "simctl privacy booted grant location-always com.example.Weather",  // 20m
                "simctl privacy booted reset location com.example.Weather",  // 30m
            ])
        // Locations: in the device's order (a newer one may replace one still waiting), the
        // last fix last, and every permission change after the locations before it.
        let places = device.locations.map { "\($0["lat"]!.doubleValue!),\($0["lon"]!.doubleValue!)" }
        var next = 0
        var lastOffsetBefore: [Int] = []
        for call in calls {
            if call.hasPrefix("simctl location booted set ") {
                let place = String(call.dropFirst("simctl location booted set ".count))
                let parts = place.split(separator: ",").map { Double($0)! }
                let index = try #require(
                    places[next...].firstIndex { candidate in
                        let c = candidate.split(separator: ",").map { Double($0)! }
                        return abs(c[0] - parts[0]) < 1e-7 && abs(c[1] - parts[1]) < 1e-7
                    }, "\(call) is not a later device fix")
                next = index + 1
            } else {
                lastOffsetBefore.append(next)
            }
        }
        #expect(next == places.count, "the last fix is set last")
        // The revocation at 10m comes after the fixes up to 10m, before the later ones.
        let offsets = device.locations.map { $0["offset"]!.doubleValue! }
        #expect(lastOffsetBefore.count == 4)
        if lastOffsetBefore.count == 4 {
            #expect(offsets[..<lastOffsetBefore[1]].allSatisfy { $0 <= 600 })
        }
    }

    /// trailcast's process ignores SIGPIPE and SIGQUIT (the Swift runtime and NIO set them),
    /// and an ignored signal stays ignored across exec: simctl once started with both.
    /// (SIGINT and SIGTERM are caught, through Dispatch, and so reset by exec.)
    @Test("simctl starts with the signals a shell gives it: none of SIGINT, SIGTERM, SIGPIPE, SIGHUP, SIGQUIT ignored")
    func childSignals() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let (folder, _) = try Self.fakeXcrun(in: scratch)
        let replay = try ReplayProcess(
            arguments: Self.run + ["--simulator", "booted"], environment: Self.environment(folder))
        let (status, _) = try await replay.waitForExit()
        #expect(status == 0, "\(replay.stderr)")
        let lines = try String(contentsOf: scratch.url.appendingPathComponent("xcrun.signals"), encoding: .utf8).split(
            separator: "\n")
        func mask(_ name: String) throws -> UInt64 {
            let line = try #require(lines.first { $0.hasPrefix(name + ":") }, "\(lines)")
            return try #require(UInt64(line.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces), radix: 16))
        }
        let ignored = try mask("SigIgn")
        for number in [SIGINT, SIGTERM, SIGPIPE, SIGHUP, SIGQUIT] {
            #expect(
                ignored & (1 << (number - 1)) == 0, "signal \(number) ignored: SigIgn \(String(ignored, radix: 16))")
        }
    }

    @Test("no xcrun (not macOS): one line and 69; a failing simctl: one line and 69; --bundle-id alone: 64")
    func failures() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let empty = scratch.url.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let missing = try ReplayProcess(
            arguments: Self.run + ["--simulator", "booted"], environment: ["PATH": empty.path])
        let (status, _) = try await missing.waitForExit()
        #expect(status == 69)
        #expect(
            missing.stderr
                == "trailcast: error: --simulator needs Xcode's xcrun, which is not on PATH (the iOS Simulator runs on macOS only)\n"
        )

        let failingScratch = try ScratchDirectory()
        defer { failingScratch.remove() }
        let (folder, log) = try Self.fakeXcrun(in: failingScratch)
        let failing = try ReplayProcess(
            arguments: Self.run + ["--simulator", "iPhone 99"], environment: Self.environment(folder))
        let (failed, _) = try await failing.waitForExit()
        #expect(failed == 69)
        // simctl's own complaint (on the inherited stderr), then trailcast's one line.
        let lines = failing.stderr.split(separator: "\n")
        #expect(lines.first == "Invalid device: iPhone 99")
        #expect(lines.last?.hasPrefix("trailcast: error: xcrun simctl location iPhone 99 set ") == true)
        #expect(lines.last?.hasSuffix(" failed (exit status 148)") == true)
        #expect(lines.filter { $0.hasPrefix("trailcast: error:") }.count == 1)
        // Nothing runs after the failure (a second call once ran on after trailcast had
        // exited, its complaint printed after trailcast's error line).
        #expect(try Self.calls(in: log).count == 1)

        let alone = try await TrailcastBinary.run(arguments: [
            "replay", "gpx/sf-waterfront-walk.gpx", "--speed", "60", "--bundle-id", "x",
        ])
        #expect(alone.status == 64)
        #expect(
            alone.stderrLines.first == "trailcast: error: --bundle-id goes with --simulator DEVICE", "\(alone.stderr)")
    }

    @Test("a device named with spaces reaches simctl as one argument; the fake refuses a malformed command")
    func deviceNameWithSpaces() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let (folder, log) = try Self.fakeXcrun(in: scratch)
        let replay = try ReplayProcess(
            arguments: Self.run + ["--simulator", "iPhone 15 Pro", "--bundle-id", "com.example.Weather"],
            environment: Self.environment(folder))
        let (status, _) = try await replay.waitForExit()
        #expect(status == 0, "\(replay.stderr)")
        let calls = try Self.calls(in: log)
        #expect(!calls.isEmpty)
        #expect(calls.allSatisfy { $0.count >= 4 && $0[2] == "iPhone 15 Pro" }, "\(calls.prefix(3))")

        // The fake must fail what simctl fails, or the test above proves little.
        let xcrun = folder.appendingPathComponent("xcrun").path
        for malformed in [
            ["simctl", "location", "booted", "set", "37.8"],
            ["simctl", "location", "booted", "set", "91,0"],
            ["simctl", "location", "booted", "move", "37.8,-122.4"],
            ["simctl", "privacy", "booted", "grant", "location"],
            ["simctl", "privacy", "booted", "allow", "location", "com.example.Weather"],
        ] {
            let result = try await TrailcastBinary.runTool(xcrun, malformed)
            #expect(result.status == 1, "\(malformed)")
            #expect(result.stderr.contains("Usage: simctl "), "\(malformed)")
        }
        let wellFormed = try await TrailcastBinary.runTool(xcrun, ["simctl", "privacy", "booted", "reset", "location"])
        #expect(wellFormed.status == 0, "\(wellFormed.stderr)")
    }

    /// What simctl says of devices and services, in its words as public pages quote them
    /// (docs/research/android-console-and-simctl.md gives each page): the fake must say it too.
    @Test("the fake simctl looks devices up as simctl does: unknown, none booted, shut down, an unknown service")
    func theFakeLooksUpDevices() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let (folder, _) = try Self.fakeXcrun(in: scratch)
        let xcrun = folder.appendingPathComponent("xcrun").path
        let set = ["set", "37.8,-122.4"]
        let unknown = try await TrailcastBinary.runTool(xcrun, ["simctl", "location", "iPhone 99"] + set)
        #expect(unknown.status == 148 && unknown.stderr == "Invalid device: iPhone 99\n")
        let shutDown = try await TrailcastBinary.runTool(
            xcrun, ["simctl", "privacy", "iPad Air 11-inch (M2)", "grant", "location", "com.example.Weather"])
        #expect(shutDown.status == 149)
        #expect(
            shutDown.stderr == """
                An error was encountered processing the command (domain=com.apple.CoreSimulator.SimError, code=405):
                Unable to lookup in current state: Shutdown

                """)
        let service = try await TrailcastBinary.runTool(
            xcrun, ["simctl", "privacy", "booted", "grant", "health", "com.example.Weather"])
        #expect(service.status == 1)
        #expect(
            service.stderr.hasPrefix(
                "An error was encountered processing the command (domain=NSPOSIXErrorDomain, code=1):\n"))
        #expect(service.stderr.contains("Failed to create TCC authorization record"))
        // By UDID as by name; and no bundle lookup: a grant to an app not installed succeeds.
        let byUDID = try await TrailcastBinary.runTool(
            xcrun, ["simctl", "location", "5C2E7A0B-8D4F-4B1A-9E63-0F2D9C7B1A34"] + set)
        #expect(byUDID.status == 0, "\(byUDID.stderr)")
        let notInstalled = try await TrailcastBinary.runTool(
            xcrun, ["simctl", "privacy", "booted", "grant", "location", "com.example.Nothing"])
        #expect(notInstalled.status == 0, "\(notInstalled.stderr)")

        let noneBooted = try ScratchDirectory()
        defer { noneBooted.remove() }
        let (idle, _) = try Self.fakeXcrun(
            in: noneBooted, devices: "iPhone 15 Pro|5C2E7A0B-8D4F-4B1A-9E63-0F2D9C7B1A34|Shutdown")
        let booted = try await TrailcastBinary.runTool(
            idle.appendingPathComponent("xcrun").path, ["simctl", "location", "booted"] + set)
        #expect(booted.status == 149 && booted.stderr == "No devices are booted.\n")
        // And trailcast says so in one line, after simctl's own, with 69.
        let replay = try ReplayProcess(
            arguments: Self.run + ["--simulator", "booted"], environment: Self.environment(idle))
        let (status, _) = try await replay.waitForExit()
        #expect(status == 69)
        #expect(replay.stderr.split(separator: "\n").first == "No devices are booted.")
        #expect(
            replay.stderr.split(separator: "\n").last?.hasSuffix(" failed (exit status 149)") == true,
            "\(replay.stderr)")
    }
}
