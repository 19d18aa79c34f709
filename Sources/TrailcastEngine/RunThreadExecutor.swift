#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A task executor with one thread of its own, for a real-time run's engine: a paced run
/// prefers it (`withTaskExecutorPreference`), so that when the timer thread wakes the run
/// at a fix's moment, the run goes on at once instead of queueing on the cooperative pool
/// behind whatever else the process is doing there: a hundred live pages' event streams,
/// their map requests, a feed's WebSocket. Measured with bench/live-pages.py: without it,
/// a run's p99 lateness rose from 0.56 to 5.16 ms with 100 pages open.
///
/// The thread starts with the first job and stays for the process; jobs run in the order
/// they came. Child tasks of a run started on it (its task groups) prefer it too.
public final class RunThreadExecutor: TaskExecutor, @unchecked Sendable {
    // @unchecked: `queue` is guarded by `lock`; the rest is set once in init.

    /// The one run thread of the process.
    public static let shared = RunThreadExecutor()

    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private let changed: UnsafeMutablePointer<pthread_cond_t>
    private var queue: [UnownedJob] = []
    private var queueStart = 0
    /// Whether the thread started; if not, jobs run on the global executor.
    private(set) var isRunning = false

    private init() {
        // pthread primitives rather than Synchronization's Mutex: ThreadSanitizer on Linux
        // does not see the latter (TimerThread does the same).
        lock = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        changed = .allocate(capacity: 1)
        pthread_cond_init(changed, nil)
        isRunning = startThread()
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        guard isRunning else {
            job.runSynchronously(on: globalConcurrentExecutor.asUnownedTaskExecutor())
            return
        }
        pthread_mutex_lock(lock)
        queue.append(job)
        pthread_cond_signal(changed)
        pthread_mutex_unlock(lock)
    }

    private func run() {
        pthread_mutex_lock(lock)
        while true {
            while queueStart == queue.count {
                queue.removeAll(keepingCapacity: true)
                queueStart = 0
                pthread_cond_wait(changed, lock)
            }
            let job = queue[queueStart]
            queueStart += 1
            pthread_mutex_unlock(lock)
            job.runSynchronously(on: asUnownedTaskExecutor())
            pthread_mutex_lock(lock)
        }
    }

    private func startThread() -> Bool {
        // The shared instance lives for the process; the thread borrows it.
        let context = Unmanaged.passUnretained(self).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        guard pthread_create(&thread, nil, { context in
            Unmanaged<RunThreadExecutor>.fromOpaque(context).takeUnretainedValue().run()
            return nil
        }, context) == 0, let thread else { return false }
        pthread_detach(thread)
        #else
        var thread = pthread_t()
        guard pthread_create(&thread, nil, { context in
            Unmanaged<RunThreadExecutor>.fromOpaque(context!).takeUnretainedValue().run()
            return nil
        }, context) == 0 else { return false }
        pthread_detach(thread)
        #endif
        return true
    }
}
