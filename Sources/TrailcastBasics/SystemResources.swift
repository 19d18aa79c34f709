// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The wall clock, for the fixes' times on a real-time run.
package enum WallClock {
    package static func now() -> Timestamp {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Timestamp(secondsSince1970: Int64(time.tv_sec), nanoseconds: Int32(time.tv_nsec))
    }
}

/// What this process uses of the machine.
package enum ProcessResources {
    /// The CPU time used so far (user and system), for CPU per message.
    package static func cpuSeconds() -> Double {
        var usage = rusage()
        #if os(Linux)
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Raises the soft limit of open files toward `wanted`, as far as the hard limit allows:
    /// a fleet's connection per device needs a descriptor per device, and the soft limit
    /// is often 1024.
    package static func raiseOpenFileLimit(toAtLeast wanted: Int) {
        #if os(Linux)
        let resource = Int32(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur < rlim_t(wanted) else { return }
        limit.rlim_cur = min(rlim_t(wanted), limit.rlim_max)
        _ = setrlimit(resource, &limit)
    }
}
