// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import os
#endif

/// A value shared between threads, reached only while its lock is held.
///
/// Why not `Synchronization.Mutex`: on Linux it waits on a futex that ThreadSanitizer
/// cannot see, so every value it guards looks raced (CI's TSan run halted on a `withLock`
/// in a test), and on Apple platforms it needs iOS 18 and macOS 15. This one is a
/// `pthread_mutex_t` on Linux and an `os_unfair_lock` on Apple platforms: both are known to
/// the sanitizers, and both exist wherever the testing library builds.
///
/// ```swift
/// let woken = LockedValue<[Int]>([])
/// woken.withLock { $0.append(7) }
/// let count = woken.withLock { $0.count }
/// ```
package final class LockedValue<Value>: @unchecked Sendable {
    // @unchecked: `value` is read and written only inside `withLock`, under `lock`.
    private var value: Value
    #if canImport(Darwin)
    private let lock = OSAllocatedUnfairLock()
    #else
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    package init(_ value: sending Value) {
        self.value = value
        #if !canImport(Darwin)
        lock = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        #endif
    }

    deinit {
        #if !canImport(Darwin)
        pthread_mutex_destroy(lock)
        lock.deallocate()
        #endif
    }

    /// Runs `body` with the value, holding the lock; what `body` returns is returned.
    package func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        #if canImport(Darwin)
        lock.lock()
        defer { lock.unlock() }
        #else
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        #endif
        return try body(&value)
    }
}
