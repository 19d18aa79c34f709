// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A test runner that dies leaves no child running: CI once had two `replay --loop 0`
/// children run on for 28 minutes after ThreadSanitizer aborted the runner.
@Suite("the test runner's children")
struct ChildProcessTests {
    /// Set only in the second runner that ``childrenDieWithTheRunner()`` starts.
    static let holderPIDFile = ProcessInfo.processInfo.environment["TRAILCAST_TEST_CHILD_PID_FILE"]

    @Test(
        "a runner killed with SIGKILL takes its `replay --loop 0` child with it",
        .enabled(if: BaselineTests.isLinux, "macOS has no parent-death signal; children start as they are there"))
    func childrenDieWithTheRunner() async throws {
        #if os(Linux)
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let pidFile = try scratch.emptyFile(named: "child.pid")
        // A second runner of this same test bundle, running only the holder below: it starts
        // a looping replay through ``ChildProcess`` and writes its pid.
        let runner = Process()
        runner.executableURL = Bundle.main.executableURL
        runner.arguments = ["--testing-library", "swift-testing", "--filter", "ChildProcessTests/holdALoopingReplay"]
        runner.environment = TrailcastBinary.environment(["TRAILCAST_TEST_CHILD_PID_FILE": pidFile.path])
        runner.standardInput = FileHandle.nullDevice
        runner.standardOutput = FileHandle.nullDevice
        runner.standardError = FileHandle.nullDevice
        try ChildProcess.start(runner)
        defer { kill(runner.processIdentifier, SIGKILL) }

        var child: Int32?
        try await poll(for: "the second runner's child pid") {
            child = (try? String(contentsOf: pidFile, encoding: .utf8)).flatMap { Int32($0) }
            return child != nil
        }
        let pid = try #require(child)
        #expect(Self.isAlive(pid), "the replay should still be looping")

        kill(runner.processIdentifier, SIGKILL)
        try await poll(for: "replay \(pid) to die with its runner") { !Self.isAlive(pid) }
        #endif
    }

    @Test(
        "(helper) starts a looping replay and holds it until the runner is killed",
        .enabled(if: holderPIDFile != nil, "runs only in the runner childrenDieWithTheRunner starts"))
    func holdALoopingReplay() async throws {
        // Its timeline goes to a file, not to a pipe this runner reads: a child writing to a
        // dead runner's pipe would die of SIGPIPE anyway, which proves nothing.
        let scratch = try ScratchDirectory()
        let replay = try ReplayProcess(
            arguments: [
                "replay", "--loop", "0", "--speed", "1", "--output",
                scratch.url.appendingPathComponent("timeline.jsonl").path,
                "gpx/sf-waterfront-walk.gpx",
            ],
            output: .discarded)
        try String(replay.processIdentifier).write(
            toFile: try #require(Self.holderPIDFile), atomically: true, encoding: .utf8)
        // Held until the other runner kills this one; bounded, so it never outlives a CI run.
        try await Task.sleep(for: .seconds(600))
    }

    /// Whether `pid` is a process that has not ended (a zombie has).
    private static func isAlive(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let afterName = stat.lastIndex(of: ")")
        else { return true }
        return !stat[afterName...].dropFirst(2).hasPrefix("Z")
    }

    private func poll(for what: String, until condition: () -> Bool) async throws {
        let end = ContinuousClock.now.advanced(by: Patience.hang)
        while !condition() {
            guard ContinuousClock.now < end else {
                Issue.record("timed out waiting for \(what)")
                throw ReplayProcess.TimedOut(what: what)
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
