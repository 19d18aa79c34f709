// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which simulation answers `SimulatedLocationManager.locationServicesEnabled()`, a class
/// method that names no manager: the one the calling thread last created or moved on.
/// Callbacks come on the thread that moves the simulation on, so in a callback it is always
/// the simulation making it; in a test's body, the one the test made, unless the same
/// thread made another since (tests in parallel run on threads of their own between
/// suspensions).
extension Simulation {
    static var current: Simulation? {
        let thread = currentThreadID()
        return currentByThread.withLock { $0[thread]?.simulation }
    }

    /// This simulation answers for the calling thread from now on.
    func becomeCurrent() {
        let thread = currentThreadID(), entry = WeakSimulation(simulation: self)
        currentByThread.withLock { table in
            table = table.filter { $0.value.simulation != nil }
            table[thread] = entry
        }
    }
}

/// A simulation each thread last used, held weakly so that the table keeps none alive.
private let currentByThread = LockedValue<[UInt: WeakSimulation]>([:])

// @unchecked: a simulation is read back only by the thread that stored it (the table is
// keyed by thread); other threads only test whether the weak reference is nil, which
// Swift's weak references allow from any thread.
private struct WeakSimulation: @unchecked Sendable {
    weak var simulation: Simulation?
}

/// The calling thread's `pthread_t`: an integer with glibc, a pointer on Darwin and with Musl.
private func currentThreadID() -> UInt {
    #if canImport(Glibc)
    UInt(pthread_self())
    #else
    UInt(bitPattern: pthread_self())
    #endif
}
