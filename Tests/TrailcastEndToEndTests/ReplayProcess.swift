// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import TrailcastBasics
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `trailcast` process the test talks to while it runs: reads its output as it
/// comes, sends it signals, and waits for it to exit.
///
/// ``TrailcastBinary/run(arguments:stdin:in:)`` waits for the exit before reading
/// anything; signal and pacing tests need to see the first line of a run that has
/// not finished, so stdout here is a pipe (or a pseudo-terminal) drained by a thread.
final class ReplayProcess: Sendable {
    /// Where the child's stdout goes.
    enum Output {
        /// A pipe, read as the child writes.
        case pipe
        /// A pseudo-terminal, so `isatty(1)` is true in the child.
        case terminal
        /// Wherever the arguments say (`--output FILE`); stdout itself goes to /dev/null.
        case discarded
    }

    /// Polling interval while waiting for output: short, and never a wait for something.
    private static let pollInterval = Duration.milliseconds(10)

    private let process: Process
    /// trailcast's arguments, as the test gave them.
    private let arguments: [String]
    private let output = LockedValue<[UInt8]>([])
    private let exit = LockedValue<ExitState>(ExitState())
    private let stderrFile: URL
    private let scratch: ScratchDirectory
    /// The write end of the child's stdin when the test feeds it (-1 once closed or unused).
    private let stdinWriteEnd = LockedValue<Int32>(-1)

    private struct ExitState {
        var status: (Int32, Process.TerminationReason)?
        var waiter: CheckedContinuation<(Int32, Process.TerminationReason), Never>?
        var readerFinished = false
    }

    /// Starts `trailcast ARGUMENTS` in the package root; `environment` entries are added
    /// to (or, with a nil value, removed from) ``TrailcastBinary/environment(_:)``. With
    /// `feedsStandardInput`, the child's stdin is a pipe the test writes with
    /// ``writeToStandardInput(_:)`` and ends with ``closeStandardInput()``.
    init(
        arguments: [String], output kind: Output = .pipe, environment: [String: String?] = [:],
        feedsStandardInput: Bool = false
    ) throws {
        let executable = TrailcastBinary.url
        try #require(FileManager.default.isExecutableFile(atPath: executable.path))
        scratch = try ScratchDirectory()
        stderrFile = try scratch.emptyFile(named: "stderr")
        self.arguments = arguments
        process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = Repository.root
        process.environment = TrailcastBinary.environment(environment)
        var stdinReadEnd: FileHandle?
        if feedsStandardInput {
            var descriptors: [Int32] = [0, 0]
            try #require(pipe(&descriptors) == 0)
            for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
            stdinReadEnd = FileHandle(fileDescriptor: descriptors[0], closeOnDealloc: true)
            stdinWriteEnd.withLock { $0 = descriptors[1] }
            process.standardInput = stdinReadEnd
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        process.standardError = try FileHandle(forWritingTo: stderrFile)

        let readEnd: Int32?
        let writeEnd: FileHandle?
        switch kind {
        case .pipe:
            // A raw pipe rather than Foundation's `Pipe`, whose handles would close the
            // read end a second time (someone else's descriptor by then) on deallocation.
            var descriptors: [Int32] = [0, 0]
            try #require(pipe(&descriptors) == 0)
            // Not inherited by children other tests start meanwhile: one holding our write
            // end would keep the reader from ever seeing the end of the output.
            for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
            readEnd = descriptors[0]
            writeEnd = FileHandle(fileDescriptor: descriptors[1], closeOnDealloc: true)
            process.standardOutput = writeEnd
        case .terminal:
            let (master, slave) = try Self.openTerminal()
            readEnd = master
            writeEnd = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
            process.standardOutput = writeEnd
        case .discarded:
            process.standardOutput = FileHandle.nullDevice
            readEnd = nil
            writeEnd = nil
        }
        process.terminationHandler = { [weak self] finished in
            let status = (finished.terminationStatus, finished.terminationReason)
            let waiter = self?.exit.withLock { state in
                state.status = status
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: status)
        }
        try ChildProcess.start(process)
        // The child has its copy; ours must close so the reader sees end of file.
        try writeEnd?.close()
        try stdinReadEnd?.close()
        if let readEnd {
            let thread = Thread { [weak self] in
                Self.drain(readEnd) { bytes in self?.output.withLock { $0.append(contentsOf: bytes) } }
                self?.exit.withLock { $0.readerFinished = true }
            }
            thread.start()
        } else {
            exit.withLock { $0.readerFinished = true }
        }
    }

    /// Writes all of `bytes` to the child's stdin (blocking while the pipe is full).
    func writeToStandardInput(_ bytes: some Collection<UInt8>) throws {
        let descriptor = stdinWriteEnd.withLock { $0 }
        try #require(descriptor >= 0, "stdin is not fed by the test, or already closed")
        let array = Array(bytes)
        var offset = 0
        while offset < array.count {
            let count = array[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            try #require(count > 0, "writing the child's stdin failed: errno \(errno)")
            offset += count
        }
    }

    /// Ends the child's stdin.
    func closeStandardInput() {
        let descriptor = stdinWriteEnd.withLock { descriptor in
            defer { descriptor = -1 }
            return descriptor
        }
        if descriptor >= 0 { close(descriptor) }
    }

    /// Everything read from stdout so far (carriage returns a terminal adds removed).
    var stdout: String {
        String(decoding: output.withLock { $0 }.filter { $0 != 0x0D }, as: UTF8.self)
    }

    var stderr: String {
        String(decoding: (try? Data(contentsOf: stderrFile)) ?? Data(), as: UTF8.self)
    }

    /// Waits, polling, until `condition` holds; fails the test after `deadline`.
    ///
    /// With `onlyWhileRunning`, for a condition on the child's own output (a port it prints,
    /// its first line): once the child has exited and its output is read to the end, nothing
    /// more can come, so the wait fails at once, saying how the child ended, instead of
    /// waiting out `deadline` (a run refused with 64 would otherwise cost its test minutes).
    func wait(
        for what: String, deadline: Duration = Patience.hang, onlyWhileRunning: Bool = false,
        until condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: deadline)
        while !condition() {
            guard clock.now < end else {
                Issue.record("timed out waiting for \(what)", sourceLocation: sourceLocation)
                throw TimedOut(what: what)
            }
            if onlyWhileRunning, let ended = exit.withLock({ $0.readerFinished ? $0.status : nil }), !condition() {
                Issue.record(
                    "trailcast exited (\(ended.0), \(ended.1)) before \(what); stderr: \(stderr)",
                    sourceLocation: sourceLocation)
                throw TimedOut(what: what)
            }
            try await Task.sleep(for: Self.pollInterval)
        }
    }

    /// Waits until stdout holds at least one whole line.
    func waitForFirstLine(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await wait(
            for: "the first line of output", onlyWhileRunning: true, until: { stdout.contains("\n") },
            sourceLocation: sourceLocation)
    }

    /// A wait that ran past its deadline (already recorded as an issue).
    struct TimedOut: Error {
        var what: String
    }

    /// The child's peak resident memory in KiB (`VmHWM` in /proc), where /proc exists.
    var peakResidentKiB: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }

    /// The child's process id.
    var processIdentifier: Int32 { process.processIdentifier }

    /// Whether the child is still running.
    var isRunning: Bool { exit.withLock { $0.status == nil } }

    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the process to exit and for its stdout to be read to the end. A process
    /// still running after `deadline` is killed and the wait throws: a broken signal path
    /// fails its test instead of hanging the suite.
    func waitForExit(deadline: Duration = Patience.hang) async throws -> (
        status: Int32, reason: Process.TerminationReason
    ) {
        let pid = process.processIdentifier
        let watchdog = Task {
            try await Task.sleep(for: deadline)
            kill(pid, SIGKILL)
        }
        let status = await withCheckedContinuation { continuation in
            let finished = exit.withLock { state in
                if state.status == nil { state.waiter = continuation }
                return state.status
            }
            if let finished { continuation.resume(returning: finished) }
        }
        watchdog.cancel()
        if case .success = await watchdog.result {
            throw ExitDeadlinePassed(arguments: arguments, deadline: deadline)
        }
        try await wait(for: "the end of stdout", until: { exit.withLock { $0.readerFinished } })
        return status
    }

    /// Kills a child a failed test left running; the scratch directory goes too.
    deinit {
        closeStandardInput()
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        scratch.remove()
    }

    private static func drain(_ descriptor: Int32, into append: (ArraySlice<UInt8>) -> Void) {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            // A terminal's master reads EIO once the child has closed its side.
            guard count > 0 else { break }
            append(chunk[0..<count])
        }
        close(descriptor)
    }

    /// A new pseudo-terminal: the master (ours) and the slave (the child's stdout).
    private static func openTerminal() throws -> (master: Int32, slave: Int32) {
        #if os(Linux)
        // Glibc's module hides posix_openpt and friends; these are what they do.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        try #require(master >= 0, "/dev/ptmx: \(String(cString: strerror(errno)))")
        var locked: Int32 = 0
        var number: UInt32 = 0
        let (setLock, getNumber): (UInt, UInt) = (0x4004_5431, 0x8004_5430)  // TIOCSPTLCK, TIOCGPTN
        try #require(ioctl(master, setLock, &locked) == 0)
        try #require(ioctl(master, getNumber, &number) == 0)
        let name = "/dev/pts/\(number)"
        #else
        let master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        try #require(master >= 0, "posix_openpt: \(String(cString: strerror(errno)))")
        try #require(grantpt(master) == 0 && unlockpt(master) == 0)
        let name = String(cString: try #require(ptsname(master)))
        #endif
        let slave = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        try #require(slave >= 0, "\(name): \(String(cString: strerror(errno)))")
        return (master, slave)
    }
}

extension ReplayProcess {
    /// The port of a `--nmea tcp://127.0.0.1:0` feed, from the line trailcast prints on stderr.
    func nmeaPort(sourceLocation: SourceLocation = #_sourceLocation) async throws -> Int {
        var port: Int?
        try await wait(
            for: "the feed's port on stderr", onlyWhileRunning: true,
            until: {
                port = stderr.split(separator: "\n")
                    .first { $0.hasPrefix("trailcast: serving NMEA on tcp://127.0.0.1:") }
                    .flatMap { Int($0.split(separator: ":").last ?? "") }
                return port != nil
            }, sourceLocation: sourceLocation)
        return port!
    }
}

/// A child did not exit within its deadline (and was killed).
struct ExitDeadlinePassed: Error, CustomStringConvertible {
    var arguments: [String]
    var deadline: Duration
    var description: String { "trailcast \(arguments.joined(separator: " ")) did not exit within \(deadline); killed" }
}

/// How long a test waits before calling something a hang.
///
/// A ceiling, never the verdict: far beyond any slowness of a loaded machine (two cores,
/// a sanitizer, a hundred children, a machine three times slower than the developers':
/// there Firefox took over a minute to start beside the rest of the suite), so that no
/// test passes or fails by the machine's speed. A real hang costs its test five minutes
/// and ends it, saying what it waited for; the other tests go on meanwhile.
enum Patience {
    /// For one thing a test waits for: a line, a connection, a process's exit.
    static let hang: Duration = .seconds(300)
    /// For a whole `trailcast` run of ``TrailcastBinary/run(arguments:stdin:in:environment:waitsForASlot:deadline:)``
    /// that does not say how long it should take (a run on virtual time, a conversion), from
    /// the moment it starts: a run that takes time by design passes its own length plus
    /// ``hang``.
    static let run: Duration = .seconds(600)
}
