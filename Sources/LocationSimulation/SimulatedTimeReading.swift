import TrailcastBasics

/// The simulation's present, for code on other tasks that must follow the virtual clock
/// (a local weather server answering "now" and "today"): a simulation is used from the
/// test's own task, this reading from anywhere.
public final class SimulatedTimeReading: Sendable {
    private let time = LockedValue(Timestamp(secondsSince1970: 0))

    public init() {}

    public var now: Timestamp { time.withLock { $0 } }

    func set(_ timestamp: Timestamp) {
        time.withLock { $0 = timestamp }
    }
}
