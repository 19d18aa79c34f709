import Dispatch
import Foundation

/// Starts the tests' child processes (trailcast, gpsd, Python peers) so that they die with the
/// test runner, however it ends.
///
/// A runner stopped by a sanitizer's abort runs no `deinit`, so a `replay --loop 0` it had
/// started ran on for half an hour after a CI run. On Linux each child therefore starts
/// through `setpriv --pdeathsig KILL` (util-linux): the kernel kills it when its parent goes.
/// "Its parent" is the thread that started it (prctl(2), PR_SET_PDEATHSIG), and the
/// concurrency runtime's threads may come and go, so every child is started from one thread
/// that lives as long as the runner. On macOS, which has no such signal, children are
/// started as they are.
enum ChildProcess {
    /// Starts `process` (its executable, arguments and streams already set).
    static func start(_ process: Process) throws {
        #if os(Linux)
        if let executable = process.executableURL, FileManager.default.isExecutableFile(atPath: setpriv.path) {
            process.arguments = ["--pdeathsig", "KILL", "--", executable.path] + (process.arguments ?? [])
            process.executableURL = setpriv
        }
        try LauncherThread.shared.perform { try process.run() }
        #else
        try process.run()
        #endif
    }

    private static let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
}

#if os(Linux)
/// The one thread that starts children, for the life of the runner.
private final class LauncherThread: @unchecked Sendable {
    // @unchecked: `jobs` is only touched with `condition` locked.
    static let shared = LauncherThread()

    private let condition = NSCondition()
    private var jobs: [() -> Void] = []

    private init() {
        let thread = Thread { [self] in serve() }
        thread.name = "trailcast-test-launcher"
        thread.start()
    }

    /// Runs `body` on the launcher thread and waits for it (a spawn takes milliseconds).
    func perform(_ body: @escaping () throws -> Void) throws {
        let done = DispatchSemaphore(value: 0)
        let failure = ThrownError()
        condition.lock()
        jobs.append {
            do { try body() } catch { failure.error = error }
            done.signal()
        }
        condition.signal()
        condition.unlock()
        done.wait()
        if let error = failure.error { throw error }
    }

    private func serve() -> Never {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let next = jobs.removeFirst()
            condition.unlock()
            next()
        }
    }

    /// What a job threw; written on the launcher thread before `done` is signalled, read after.
    private final class ThrownError: @unchecked Sendable {
        var error: (any Error)?
    }
}
#endif
