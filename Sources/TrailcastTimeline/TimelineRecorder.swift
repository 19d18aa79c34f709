/// Where a replay writes its timeline: a file in some format, a test's array, a UI.
public protocol TimelineRecorder {
    /// Takes the next event. Events arrive in order, `start` first and `end` last.
    mutating func record(_ event: TimelineEvent) throws
    /// Makes everything recorded so far visible to readers; called before every
    /// real-time wait and at the end.
    mutating func flush() throws
}

/// Keeps every event in memory: for tests and for small routes driven from code.
public struct TimelineCollector: TimelineRecorder, Sendable {
    public private(set) var events: [TimelineEvent] = []
    /// How many times ``flush()`` was called, and how many events had arrived by then.
    public private(set) var flushedEventCounts: [Int] = []

    public init() {}

    public mutating func record(_ event: TimelineEvent) {
        events.append(event)
    }

    public mutating func flush() {
        flushedEventCounts.append(events.count)
    }
}
