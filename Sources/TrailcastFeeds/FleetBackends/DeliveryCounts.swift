/// What happened to the messages sent to one backend, for one class of devices or all.
public struct DeliveryCounts: Sendable, Equatable {
    /// Handed to the connection (written to its socket).
    public var sent = 0
    /// Acknowledged by the backend: PUBACKs at QoS 1, 2xx answers over HTTP.
    public var acknowledged = 0
    /// Not sent because the connection could not take it now: its socket buffer full, too
    /// many awaiting acknowledgement (the run never waits for a slow backend).
    public var refused = 0
    /// Lost to a connection that was down: dropped from a full queue while (re)connecting,
    /// or sent and never acknowledged before the connection closed.
    public var lost = 0
    /// Answers that were errors (non-2xx, timeouts).
    public var errors = 0

    public init() {}

    public static func + (left: DeliveryCounts, right: DeliveryCounts) -> DeliveryCounts {
        var sum = left
        sum.sent += right.sent
        sum.acknowledged += right.acknowledged
        sum.refused += right.refused
        sum.lost += right.lost
        sum.errors += right.errors
        return sum
    }
}

/// What happened to a backend's connections.
public struct ConnectionCounts: Sendable, Equatable {
    /// Connections open now.
    public var open = 0
    /// Connections made again after one was dropped.
    public var reconnects = 0
    /// Attempts that failed (refused, unreachable, timed out).
    public var failedAttempts = 0

    public init() {}
}
