// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A clock on `ContinuousClock`'s instants whose sleeps are woken by one dedicated thread
/// waiting for absolute deadlines (`CLOCK_MONOTONIC`), not by the concurrency runtime's
/// timers: a real-time replay's wake-ups then do not depend on how busy the cooperative
/// pool is, or on how the runtime's timers coalesce. What a paced `replay --speed N` runs on.
///
/// The thread starts with the first sleep and stays for the process. A cancelled sleep
/// throws `CancellationError` at once.
///
/// The run itself can live on that thread too (``onTimerThread(_:)``): a sleep's wake-up
/// then goes on with the run on the thread that woke it, instead of queueing for a thread of
/// the cooperative pool, where the live server's requests may be (`--serve`'s pages).
package struct TimerThreadClock: Clock {
    package typealias Instant = ContinuousClock.Instant
    package typealias Duration = Swift.Duration

    package init() {}

    package var now: Instant { ContinuousClock.now }
    package var minimumResolution: Duration { ContinuousClock().minimumResolution }

    package func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let timers = TimerThread.shared
        guard timers.isRunning else {
            // No thread could be started: the runtime's own timers, rather than none.
            return try await ContinuousClock().sleep(until: deadline, tolerance: tolerance)
        }
        let ticket = timers.newTicket()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                timers.add(ticket: ticket, deadline: deadline, continuation: continuation)
            }
        } onCancel: {
            timers.cancel(ticket: ticket)
        }
    }

    /// Runs `operation`, and the child tasks it makes, on the timer thread (as its tasks'
    /// preferred executor), where the executor preference exists (macOS 15, iOS 18) and the
    /// thread could start; elsewhere as the caller would.
    ///
    /// For the paced run: woken at its deadline, the run goes on at once on the thread that
    /// woke it. On the cooperative pool, each wake-up was three or four hops (the sleep's
    /// child task, the task group's parent, the control's waiter) that each waited behind
    /// whatever the pool's threads were doing. What the operation does between its sleeps
    /// delays the thread's other sleepers, so it is for one paced run, not for a fleet.
    package static func onTimerThread<T, Failure: Error>(_ operation: () async throws(Failure) -> T)
        async throws(Failure) -> T
    {
        let timers = TimerThread.shared
        if #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *), timers.isRunning {
            return try await withTaskExecutorPreference(timers, operation: operation)
        }
        return try await operation()
    }
}

/// The one thread that wakes sleepers at their deadlines, and runs the jobs of the tasks
/// that prefer it (``TimerThreadClock/onTimerThread(_:)``).
final class TimerThread: @unchecked Sendable {
    static let shared = TimerThread()

    private struct Sleeper {
        var ticket: UInt64
        var deadline: ContinuousClock.Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private let changed: UnsafeMutablePointer<pthread_cond_t>
    // Guarded by `lock`.
    private var sleepers: [Sleeper] = []
    private var cancelledEarly: Set<UInt64> = []
    private var nextTicket: UInt64 = 0
    /// Jobs of the tasks that prefer this thread, in the order they came.
    private var jobs: [UnownedJob] = []
    /// Whether the thread started (set once, in init).
    private(set) var isRunning = false

    private init() {
        lock = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        changed = .allocate(capacity: 1)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        #if !canImport(Darwin)
        // Deadlines are absolute on the monotonic clock, unaffected by wall-clock steps.
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        #endif
        pthread_cond_init(changed, &attributes)
        pthread_condattr_destroy(&attributes)
        isRunning = startThread()
    }

    func newTicket() -> UInt64 {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        nextTicket += 1
        return nextTicket
    }

    func add(ticket: UInt64, deadline: ContinuousClock.Instant, continuation: CheckedContinuation<Void, any Error>) {
        pthread_mutex_lock(lock)
        if cancelledEarly.remove(ticket) != nil {
            pthread_mutex_unlock(lock)
            continuation.resume(throwing: CancellationError())
            return
        }
        sleepers.append(Sleeper(ticket: ticket, deadline: deadline, continuation: continuation))
        pthread_cond_signal(changed)
        pthread_mutex_unlock(lock)
    }

    /// A job of a task that prefers this thread: run after the ones before it.
    func enqueue(_ job: UnownedJob) {
        pthread_mutex_lock(lock)
        jobs.append(job)
        pthread_cond_signal(changed)
        pthread_mutex_unlock(lock)
    }

    func cancel(ticket: UInt64) {
        pthread_mutex_lock(lock)
        guard let index = sleepers.firstIndex(where: { $0.ticket == ticket }) else {
            // Not added yet (the handler ran first), or already woken.
            cancelledEarly.insert(ticket)
            pthread_mutex_unlock(lock)
            return
        }
        let sleeper = sleepers.remove(at: index)
        pthread_mutex_unlock(lock)
        sleeper.continuation.resume(throwing: CancellationError())
    }

    private func run() {
        pthread_mutex_lock(lock)
        while true {
            let now = ContinuousClock.now
            var due: [CheckedContinuation<Void, any Error>] = []
            sleepers.removeAll { sleeper in
                guard sleeper.deadline <= now else { return false }
                due.append(sleeper.continuation)
                return true
            }
            // A woken ticket can no longer be cancelled early: forget stale marks.
            if sleepers.isEmpty { cancelledEarly.removeAll() }
            if !due.isEmpty {
                pthread_mutex_unlock(lock)
                for continuation in due { continuation.resume() }
                pthread_mutex_lock(lock)
                continue
            }
            if !jobs.isEmpty {
                let ready = jobs
                jobs.removeAll(keepingCapacity: true)
                pthread_mutex_unlock(lock)
                for job in ready { runJob(job) }
                pthread_mutex_lock(lock)
                continue
            }
            if let earliest = sleepers.map(\.deadline).min() {
                var deadline = Self.monotonicTimespec(after: now.duration(to: earliest))
                pthread_cond_timedwait(changed, lock, &deadline)
            } else {
                pthread_cond_wait(changed, lock)
            }
        }
    }

    private func runJob(_ job: UnownedJob) {
        // Jobs come only through the TaskExecutor conformance, which has the same availability.
        if #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// The monotonic clock's reading `duration` from now, as `pthread_cond_timedwait`
    /// takes it (the realtime clock's on Darwin, which has no condition clock attribute).
    private static func monotonicTimespec(after duration: Duration) -> timespec {
        var now = timespec()
        #if canImport(Darwin)
        clock_gettime(CLOCK_REALTIME, &now)
        #else
        clock_gettime(CLOCK_MONOTONIC, &now)
        #endif
        let (seconds, attoseconds) = duration.components
        var total = Int64(now.tv_sec) + max(seconds, 0)
        var nanoseconds = Int64(now.tv_nsec) + max(attoseconds / 1_000_000_000, 0)
        if seconds < 0 { nanoseconds = Int64(now.tv_nsec) }
        total += nanoseconds / 1_000_000_000
        nanoseconds %= 1_000_000_000
        var result = timespec()
        result.tv_sec = .init(total)
        result.tv_nsec = .init(nanoseconds)
        return result
    }

    private func startThread() -> Bool {
        // The shared instance lives for the process; the thread borrows it.
        let context = Unmanaged.passUnretained(self).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        guard
            pthread_create(
                &thread, nil,
                { context in
                    Unmanaged<TimerThread>.fromOpaque(context).takeUnretainedValue().run()
                    return nil
                }, context) == 0, let thread
        else { return false }
        pthread_detach(thread)
        #else
        var thread = pthread_t()
        guard
            pthread_create(
                &thread, nil,
                { context in
                    Unmanaged<TimerThread>.fromOpaque(context!).takeUnretainedValue().run()
                    return nil
                }, context) == 0
        else { return false }
        pthread_detach(thread)
        #endif
        return true
    }
}

@available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
extension TimerThread: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        enqueue(UnownedJob(job))
    }
}
