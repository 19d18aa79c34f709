import Foundation
import Testing

/// `replay --simulator` on Linux: a fake `xcrun` first on PATH records every command line,
/// so the exact simctl commands and their order are checked; without one, a clear 69.
@Suite("trailcast replay --simulator (a recording xcrun)")
struct SimulatorFeedTests {
    /// A folder holding an `xcrun` that appends its arguments, one call a line, to a log
    /// (and fails when asked to, for `failing`).
    static func fakeXcrun(in scratch: ScratchDirectory, failing: String? = nil) throws -> (folder: URL, log: URL) {
        let folder = scratch.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let log = scratch.url.appendingPathComponent("xcrun.log")
        var script = "#!/bin/sh\necho \"$*\" >> '\(log.path)'\n"
        if let failing { script += "case \"$*\" in *'\(failing)'*) echo 'simctl: no such device' >&2; exit 148;; esac\n" }
        let xcrun = folder.appendingPathComponent("xcrun")
        try Data(script.utf8).write(to: xcrun)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: xcrun.path)
        return (folder, log)
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
        let (folder, log) = try Self.fakeXcrun(in: scratch)
        let replay = try ReplayProcess(
            arguments: Self.run + ["--simulator", "booted", "--bundle-id", "com.example.Weather"],
            environment: Self.environment(folder))
        let (status, _) = try await replay.waitForExit()
        #expect(status == 0, "\(replay.stderr)")
        // The device's fixes, which reach the Simulator whatever the app may see: the same
        // run for an app that receives them all.
        let device = try await ReplayTimeline.run("gpx/sf-waterfront-walk.gpx", [
            "--interval", "60", "--weather", "none", "--authorization", "always",
        ])
        let calls = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        let privacy = calls.filter { $0.hasPrefix("simctl privacy") }
        #expect(privacy == [
            "simctl privacy booted grant location com.example.Weather",          // whenInUse at launch
            "simctl privacy booted revoke location com.example.Weather",         // 10m
            "simctl privacy booted grant location-always com.example.Weather",   // 20m
            "simctl privacy booted reset location com.example.Weather",          // 30m
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
                let index = try #require(places[next...].firstIndex { candidate in
                    let c = candidate.split(separator: ",").map { Double($0)! }
                    return abs(c[0] - parts[0]) < 1e-7 && abs(c[1] - parts[1]) < 1e-7
                }, "\(call) is not a later device fix")
                next = index + 1
            } else {
                lastOffsetBefore.append(next)
            }
        }
        #expect(next == places.count, "the last fix is set last")
        #expect(calls.filter { $0.hasPrefix("simctl location") }.count > places.count / 2)
        // The revocation at 10m comes after the fixes up to 10m, before the later ones.
        let offsets = device.locations.map { $0["offset"]!.doubleValue! }
        #expect(lastOffsetBefore.count == 4)
        if lastOffsetBefore.count == 4 {
            #expect(offsets[..<lastOffsetBefore[1]].allSatisfy { $0 <= 600 })
        }
    }

    @Test("no xcrun (not macOS): one line and 69; a failing simctl: one line and 69; --bundle-id alone: 64")
    func failures() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let empty = scratch.url.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let missing = try ReplayProcess(arguments: Self.run + ["--simulator", "booted"], environment: ["PATH": empty.path])
        let (status, _) = try await missing.waitForExit()
        #expect(status == 69)
        #expect(missing.stderr == "error: --simulator needs Xcode's xcrun, which is not on PATH (the iOS Simulator runs on macOS only)\n")

        let (folder, _) = try Self.fakeXcrun(in: scratch, failing: "location")
        let failing = try ReplayProcess(arguments: Self.run + ["--simulator", "booted"], environment: Self.environment(folder))
        let (failed, _) = try await failing.waitForExit()
        #expect(failed == 69)
        // simctl's own complaint (on the inherited stderr), then trailcast's one line.
        let lines = failing.stderr.split(separator: "\n")
        #expect(lines.first == "simctl: no such device")
        #expect(lines.last?.hasPrefix("error: xcrun simctl location booted set ") == true)
        #expect(lines.last?.hasSuffix(" failed (exit status 148)") == true)
        #expect(lines.filter { $0.hasPrefix("error:") }.count == 1)

        let alone = try await TrailcastBinary.run(arguments: ["replay", "gpx/sf-waterfront-walk.gpx", "--speed", "60", "--bundle-id", "x"])
        #expect(alone.status == 64)
    }
}
