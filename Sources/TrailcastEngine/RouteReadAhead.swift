// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TrailcastRoutes
import TrailcastDevice
import TrailcastSettings

/// A ``RouteFixStream`` read on a thread of its own, a few batches ahead of the replay.
///
/// Reading the file (libxml2 and the route's timing) is about half of a virtual-time
/// replay's work, the session and the timeline writer the other half; on two cores the
/// halves overlap instead of taking turns. At most ``capacity`` batches wait, so memory
/// stays bounded whatever the file's size, and the order of fixes, warnings and errors is
/// the stream's own: a run gives the same timeline as reading in line.
///
/// The stream belongs to the thread once handed over. ``stop()`` (also at deinit of the
/// reader's owner) lets the thread end after its current batch.
final class RouteReadAhead: @unchecked Sendable {
    /// Fixes in file order, the warnings met while reading them, and, in the last batch,
    /// the end of the route or the error that ended it.
    struct Batch {
        var fixes: [RouteFix] = []
        var warnings: [RouteWarning] = []
        var ended = false
        var error: RouteError?
        /// The stream's source and count after this batch (`auto` decided by the first fix).
        var source: ReplaySource = .auto
        var pointsRead = 0
    }

    /// Batches that may wait: enough to keep both threads busy, few enough to stay small.
    static let capacity = 4

    private var stream: RouteFixStream
    private let batchSize: Int
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private let changed: UnsafeMutablePointer<pthread_cond_t>
    // Guarded by `lock`.
    /// Batches read and not yet taken, at most ``capacity``. A batch leaves the queue as
    /// it is taken: the consumer then holds the only reference to its fixes (emptied in
    /// place, no copy), and a reader that stays ahead cannot pile up taken batches.
    private var ready: [Batch] = []
    private var stopped = false
    private var readerEnded = false
    /// Emptied batch arrays handed back by the consumer, reused by the reader: the two
    /// threads then trade the same few buffers instead of allocating a batch each time.
    private var spare: [[RouteFix]] = []
    /// Set when no thread could be started: each `next` then reads its batch itself.
    private var readsInLine = false

    /// Starts reading `stream` at once.
    init(_ stream: RouteFixStream, batchSize: Int) {
        self.stream = stream
        self.batchSize = batchSize
        lock = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        changed = .allocate(capacity: 1)
        pthread_cond_init(changed, nil)
        startThread()
    }

    deinit {
        pthread_cond_destroy(changed)
        changed.deallocate()
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// The next batch, waiting for the reader if need be. Every `pollInterval` of waiting
    /// it asks `shouldGiveUp` (a cancelled task: a pipe that sends nothing must not keep
    /// Ctrl-C from ending the run); nil then.
    func next(shouldGiveUp: () -> Bool) -> Batch? {
        if readsInLine { return makeBatch() }
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while ready.isEmpty {
            if shouldGiveUp() { return nil }
            var deadline = timespec()
            clock_gettime(CLOCK_REALTIME, &deadline)
            deadline.tv_nsec += Self.pollNanoseconds
            if deadline.tv_nsec >= 1_000_000_000 {
                deadline.tv_sec += 1
                deadline.tv_nsec -= 1_000_000_000
            }
            pthread_cond_timedwait(changed, lock, &deadline)
        }
        // At most `capacity` elements move up: cheaper than any ring's bookkeeping.
        let batch = ready.removeFirst()
        pthread_cond_broadcast(changed)
        return batch
    }

    /// Hands back a delivered batch's array for the reader to fill again.
    func recycle(_ fixes: inout [RouteFix]) {
        fixes.removeAll(keepingCapacity: true)
        pthread_mutex_lock(lock)
        if spare.count < Self.capacity + 2 { spare.append(fixes) }
        pthread_mutex_unlock(lock)
        fixes = []
    }

    /// Lets the reader end: it reads no further batch.
    func stop() {
        pthread_mutex_lock(lock)
        stopped = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
    }

    /// Batches waiting to be taken. Never above ``capacity``.
    var waitingBatchCount: Int {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return ready.count
    }

    /// Blocks until the reader waits for room (the queue is full) or has ended: lets a test
    /// put the reader ahead of the consumer on purpose, the case that once piled up batches.
    func waitUntilReaderIsAhead() {
        pthread_mutex_lock(lock)
        while ready.count < Self.capacity && !readerEnded && !readsInLine {
            pthread_cond_wait(changed, lock)
        }
        pthread_mutex_unlock(lock)
    }

    private static let pollNanoseconds = 50_000_000

    private func makeBatch() -> Batch {
        var batch = Batch()
        pthread_mutex_lock(lock)
        if let fixes = spare.popLast() { batch.fixes = fixes }
        pthread_mutex_unlock(lock)
        batch.fixes.reserveCapacity(batchSize)
        do {
            let more = try stream.fill(&batch.fixes, upTo: batchSize) { batch.warnings.append($0) }
            batch.ended = !more
        } catch {
            batch.error = error
            batch.ended = true
        }
        batch.source = stream.source
        batch.pointsRead = stream.pointsRead
        return batch
    }

    /// The reader thread's loop.
    private func read() {
        defer {
            pthread_mutex_lock(lock)
            readerEnded = true
            pthread_cond_broadcast(changed)
            pthread_mutex_unlock(lock)
        }
        while true {
            let batch = makeBatch()
            pthread_mutex_lock(lock)
            while ready.count >= Self.capacity && !stopped {
                pthread_cond_wait(changed, lock)
            }
            if stopped {
                pthread_mutex_unlock(lock)
                return
            }
            ready.append(batch)
            pthread_cond_broadcast(changed)
            pthread_mutex_unlock(lock)
            if batch.ended { return }
        }
    }

    private func startThread() {
        // The thread holds a reference until its loop ends.
        let context = Unmanaged.passRetained(self).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        let result = pthread_create(
            &thread, nil,
            { context in
                Unmanaged<RouteReadAhead>.fromOpaque(context).takeRetainedValue().read()
                return nil
            }, context)
        if result == 0, let thread { pthread_detach(thread) }
        #else
        var thread = pthread_t()
        let result = pthread_create(
            &thread, nil,
            { context in
                Unmanaged<RouteReadAhead>.fromOpaque(context!).takeRetainedValue().read()
                return nil
            }, context)
        if result == 0 { pthread_detach(thread) }
        #endif
        if result != 0 {
            // No thread to be had: read in line, on the caller's calls.
            Unmanaged<RouteReadAhead>.fromOpaque(context).release()
            readsInLine = true
        }
    }
}
