/// Sends every event to two recorders: a timeline and, say, a weather log beside it.
public struct TimelineTee<First: TimelineRecorder, Second: TimelineRecorder>: TimelineRecorder {
    public var first: First
    public var second: Second

    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public mutating func record(_ event: TimelineEvent) throws {
        try first.record(event)
        try second.record(event)
    }

    public mutating func flush() throws {
        try first.flush()
        try second.flush()
    }
}
