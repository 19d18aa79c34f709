// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's CPU time, which the fleet's summary divides by its messages, and the lock
/// every shared state of the run is kept under.
@Suite("CPU time, and the lock")
struct ProcessResourcesAndLockTests {
    /// getrusage's user and system time is the CPU the C library's own clock() counts for the
    /// same process (both the kernel's per-process accounting, every thread's): read between
    /// two readings of clock(), it lies between them, give or take a tick.
    @Test func cpuSecondsIsTheProcessesCPUTime() {
        var spin = 0.0
        for step in 0..<2_000_000 { spin += Double(step).squareRoot() }
        let before = Double(clock()) / Double(CLOCKS_PER_SEC)
        let cpu = ProcessResources.cpuSeconds()
        let after = Double(clock()) / Double(CLOCKS_PER_SEC)
        #expect(spin > 0)
        #expect(cpu >= before - 0.02 && cpu <= after + 0.02, "getrusage says \(cpu) s, clock() \(before)-\(after) s")
    }

    // Linux's lock is the pthread mutex these threads contend for (Apple platforms' is an
    // os_unfair_lock, and their pthread_create spells its types otherwise).
    #if os(Linux)
    /// Four POSIX threads of their own at once (not the test's task pool, whose width may be
    /// one), each entering 2,000 times and staying a while: never two inside together, and
    /// not one addition lost.
    @Test func oneAtATimeInsideTheLock() {
        let room = LockedValue(Room())
        var threads: [pthread_t] = []
        for _ in 0..<4 {
            let box = Unmanaged.passRetained(room)
            var thread = pthread_t()
            let started = pthread_create(
                &thread, nil,
                { argument in
                    let room = Unmanaged<LockedValue<Room>>.fromOpaque(argument!).takeRetainedValue()
                    for _ in 0..<2_000 {
                        room.withLock { room in
                            if room.inside { room.together += 1 }
                            room.inside = true
                            // A while inside, for another thread to try the door.
                            var spin = 0.0
                            for step in 0..<200 { spin += Double(step).squareRoot() }
                            room.count += spin > 0 ? 1 : 0
                            room.inside = false
                        }
                    }
                    return nil
                }, box.toOpaque())
            #expect(started == 0)
            threads.append(thread)
        }
        for thread in threads { pthread_join(thread, nil) }
        #expect(room.withLock { $0.together } == 0)
        #expect(room.withLock { $0.count } == 8_000)
    }
    #endif
}

#if os(Linux)
/// Who is inside the lock, whether two ever were, and how many came through.
private struct Room {
    var inside = false
    var together = 0
    var count = 0
}
#endif
