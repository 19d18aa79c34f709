// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
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
        try LauncherThread.shared.perform {
            // A child inherits the mask of the thread that spawns it, and the runner's threads
            // block nearly every signal (SIGCHLD and SIGTERM among them): Firefox under
            // geckodriver then waited 60 s to quit (its parent never heard its processes end),
            // and every peer and `trailcast` ran with signals blocked that a shell delivers. The
            // children start with none blocked, as from a shell; this thread only while it spawns.
            var none = sigset_t()
            var previous = sigset_t()
            sigemptyset(&none)
            pthread_sigmask(SIG_SETMASK, &none, &previous)
            defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
            try process.run()
        }
        #else
        try process.run()
        #endif
    }

    private static let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
}

#if os(Linux)
/// The one thread that starts children, for the life of the runner.
private final class LauncherThread: @unchecked Sendable {
    // @unchecked: `jobs` and each job's result are only touched with `condition` locked.
    static let shared = LauncherThread()

    private let condition = NSCondition()
    private var jobs: [Job] = []

    private init() {
        let thread = Thread { [self] in serve() }
        thread.name = "trailcast-test-launcher"
        thread.start()
    }

    /// Runs `body` on the launcher thread and waits for it (a spawn takes milliseconds). The
    /// wait is on an `NSCondition`, a pthread lock and condition that ThreadSanitizer sees
    /// (a semaphore's futex on Linux it does not).
    func perform(_ body: @escaping () throws -> Void) throws {
        let job = Job(body)
        condition.lock()
        jobs.append(job)
        condition.broadcast()
        while !job.isDone { condition.wait() }
        condition.unlock()
        if let error = job.error { throw error }
    }

    private func serve() -> Never {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            let error: (any Error)?
            do {
                try job.body()
                error = nil
            } catch let thrown {
                error = thrown
            }
            condition.lock()
            job.error = error
            job.isDone = true
            condition.broadcast()
            condition.unlock()
        }
    }

    /// One start: what to run, and (under `condition`) whether it ran and what it threw.
    private final class Job: @unchecked Sendable {
        let body: () throws -> Void
        var isDone = false
        var error: (any Error)?

        init(_ body: @escaping () throws -> Void) { self.body = body }
    }
}
#endif
