// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
import TrailcastBasics

/// What one run of `trailcast` produced.
struct CommandResult: Sendable {
    /// The exit status (or the signal number, if the process was killed).
    var status: Int32
    var stdout: String
    var stderr: String

    /// The stderr lines, without their newlines.
    var stderrLines: [String] {
        stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// The stdout lines, without their newlines.
    var stdoutLines: [String] {
        stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

/// The built `trailcast` executable, run the way a user would run it.
///
/// The test target depends on the `trailcast` product, so SwiftPM builds it into the
/// same products directory as the test bundle before the tests run.
enum TrailcastBinary {
    /// Where the executable is: next to the test bundle.
    static var url: URL {
        #if os(macOS)
        // On macOS the tests run inside `TrailcastPackageTests.xctest`, a bundle
        // in the products directory.
        let testBundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") } ?? Bundle.main
        return testBundle.bundleURL.deletingLastPathComponent().appendingPathComponent("trailcast")
        #else
        // On Linux the test runner is itself an executable in the products directory,
        // and `Bundle.main.bundleURL` is that directory.
        return Bundle.main.bundleURL.appendingPathComponent("trailcast")
        #endif
    }

    /// The environment `trailcast` runs in: the test runner's, with `changes` added (or, with
    /// a nil value, removed).
    ///
    /// Under AddressSanitizer, CI runs the test runner without leak checks (XCTest's and
    /// Foundation's own objects are still allocated at its exit) and the binary with them:
    /// `TRAILCAST_BINARY_ASAN_OPTIONS`, when set, becomes the binary's `ASAN_OPTIONS`, so a
    /// leak in `trailcast` fails the test that ran it (a leak report changes the exit
    /// status and fills stderr).
    static func environment(_ changes: [String: String?] = [:]) -> [String: String] {
        var variables = ProcessInfo.processInfo.environment
        if let binaryOptions = variables["TRAILCAST_BINARY_ASAN_OPTIONS"] {
            variables["ASAN_OPTIONS"] = binaryOptions
        }
        for (name, value) in changes { variables[name] = value }
        return variables
    }

    /// Whether the binary is built with AddressSanitizer (`swift test --sanitize=address`
    /// builds it and this test runner alike): its allocator keeps freed memory in
    /// quarantine and adds shadow memory, so a bound on `trailcast`'s resident memory would
    /// measure the sanitizer.
    static let isBuiltWithAddressSanitizer: Bool = {
        let program = dlopen(nil, RTLD_NOW)
        defer { if let program { dlclose(program) } }
        return dlsym(program, "__asan_init") != nil
    }()

    /// Whether the binary is built with ThreadSanitizer (`swift test --sanitize=thread`):
    /// every memory access is several times slower and each test shares the machine with
    /// instrumented browsers and brokers, so a time bound there would measure the
    /// sanitizer. The same tests' plain run asserts their bounds; the sanitized one, races.
    static let isBuiltWithThreadSanitizer: Bool = {
        let program = dlopen(nil, RTLD_NOW)
        defer { if let program { dlclose(program) } }
        return dlsym(program, "__tsan_init") != nil
    }()

    /// Runs `trailcast` with `arguments` in the package root, feeding it `stdin`
    /// (nothing, if nil), with `changes` to its environment, and waits for it to exit.
    ///
    /// stdout and stderr go to temporary files rather than pipes: a child that
    /// fills a pipe nobody is reading would block forever, and files need no
    /// reader running concurrently.
    ///
    /// These runs are throughput: at most ``concurrentRuns`` at a time, each at a lower
    /// priority (`nice -n 10`). The tests that wait on a clock (a server that must answer, a
    /// signal that must be handled) start their processes with ``ReplayProcess`` at normal
    /// priority. Niceness alone did not protect them: Swift Testing starts every test at
    /// once, and a hundred niced runs outweigh one normal process on two cores (a held
    /// request's server took 68 s to print its first line in the full suite, 0.2 s alone).
    ///
    /// A test whose point is runs at the same moment (two writers of one cache) passes
    /// `waitsForASlot: false`: taking a slot each, they would usually run one after the other.
    ///
    /// A run still going `deadline` after it started (not counting the wait for a slot) is
    /// killed, and the call throws ``ExitDeadlinePassed``: a hang fails its test, naming the
    /// command, instead of holding the suite.
    static func run(
        arguments: [String], stdin: Data? = nil, in directory: URL = Repository.root,
        environment changes: [String: String?] = [:], waitsForASlot: Bool = true, deadline: Duration = Patience.run
    ) async throws -> CommandResult {
        try #require(FileManager.default.isExecutableFile(atPath: url.path), "trailcast is not built at \(url.path)")
        let start = {
            try await run(
                executable: URL(fileURLWithPath: "/usr/bin/env"),
                arguments: ["nice", "-n", "10", url.path] + arguments,
                stdin: stdin, in: directory, environment: environment(changes), deadline: deadline)
        }
        return waitsForASlot ? try await concurrentRuns.whileHeld(start) : try await start()
    }

    /// As many throughput runs at once as there are cores.
    static let concurrentRuns = RunSlots(ProcessInfo.processInfo.activeProcessorCount)

    /// Runs another program the same way: a real peer (gpsbabel, gpxpy) found on `PATH`.
    /// With `environment`, in that environment rather than the test runner's.
    static func runTool(
        _ tool: String, _ arguments: [String], in directory: URL = Repository.root,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws -> CommandResult {
        try Peer.require(tool, environment: environment)
        return try await concurrentRuns.whileHeld {
            try await run(
                executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: [tool] + arguments, stdin: nil,
                in: directory, environment: environment, deadline: Patience.run)
        }
    }

    private static func run(
        executable: URL, arguments: [String], stdin: Data?, in directory: URL,
        environment: [String: String] = ProcessInfo.processInfo.environment, deadline: Duration
    ) async throws -> CommandResult {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let stdoutFile = try scratch.emptyFile(named: "stdout")
        let stderrFile = try scratch.emptyFile(named: "stderr")
        let stdoutHandle = try FileHandle(forWritingTo: stdoutFile)
        let stderrHandle = try FileHandle(forWritingTo: stderrFile)
        // Never inherit the test runner's stdin: `trailcast inspect -` would wait on it.
        let stdinHandle: FileHandle
        if let stdin {
            stdinHandle = try FileHandle(forReadingFrom: try scratch.file(named: "stdin", contents: stdin))
        } else {
            stdinHandle = FileHandle.nullDevice
        }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = directory
        process.standardInput = stdinHandle
        process.standardOutput = stdoutHandle
        process.standardError = stderrHandle

        // The child's pid once it runs; the watchdog kills it at the deadline.
        let started = LockedValue<Int32?>(nil)
        let watchdog = Task {
            try await Task.sleep(for: deadline)
            if let pid = started.withLock({ $0 }) { kill(pid, SIGKILL) }
        }
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { finished in
                continuation.resume(returning: finished.terminationStatus)
            }
            do {
                try ChildProcess.start(process)
                started.withLock { $0 = process.processIdentifier }
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        watchdog.cancel()
        try stdoutHandle.close()
        try stderrHandle.close()
        if stdin != nil { try stdinHandle.close() }
        if case .success = await watchdog.result {
            Issue.record("\(arguments.joined(separator: " ")) ran past its deadline of \(deadline); killed")
            throw ExitDeadlinePassed(arguments: arguments, deadline: deadline)
        }

        return CommandResult(
            status: status,
            stdout: String(decoding: try Data(contentsOf: stdoutFile), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: stderrFile), as: UTF8.self))
    }
}

/// A fixed number of slots that tasks wait for in turn, without holding a thread.
actor RunSlots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(_ count: Int) { free = max(count, 1) }

    /// Runs `body` once a slot is free, and frees it after.
    nonisolated func whileHeld<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
        await acquire()
        do {
            let result = try await body()
            await release()
            return result
        } catch {
            await release()
            throw error
        }
    }

    private func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
