// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// The simulation's clock, for an app that is given its clock (`any Clock<Duration>`, as
/// swift-clocks and swift-dependencies inject one): `now` is the simulated present, and a
/// `sleep` ends when the test moves the simulation past its deadline, never on its own.
///
/// ```swift
/// let model = TrackerModel(location: manager, clock: simulation.clock)  // app: ContinuousClock()
/// try simulation.advance(by: 60)   // a sleep of 30 s in the app has ended
/// ```
///
/// A sleeper is woken when ``Simulation`` reaches its deadline, and then runs on its own
/// task: it has run by the time the test next awaits something that waits for it (the
/// app's own tasks), not when ``Simulation/advance(by:)-(Double)`` returns. When the
/// simulation finishes (or goes away), sleepers still waiting are woken with
/// `CancellationError`: their time never comes.
public struct SimulationClock: Clock, Sendable {
    /// A moment of the simulation: time since the route's first fix.
    public struct Instant: InstantProtocol, Sendable {
        /// Time since the route's first fix, to the nanosecond; `now`'s is the simulation's `elapsedSeconds`.
        public var offset: Duration

        /// The moment `offset` after the route's first fix.
        public init(offset: Duration) { self.offset = offset }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let reading: SimulatedTimeReading
    private let start: Timestamp

    init(reading: SimulatedTimeReading, start: Timestamp) {
        self.reading = reading
        self.start = start
    }

    public var now: Instant { Instant(offset: reading.offset) }

    /// A nanosecond: the simulation's times are kept to the nanosecond.
    public var minimumResolution: Duration { .nanoseconds(1) }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await reading.sleep(until: start.advanced(by: deadline.offset))
    }
}
