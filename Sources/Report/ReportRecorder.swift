import LocationReplay
import Synchronization
import TimelineExpectations

/// The report of a run being recorded (`replay --report`): each event goes in as its JSON
/// Lines record, the very thing `trailcast report` reads back, so both give the same page.
public final class ReportCollector: Sendable {
    private let report = Mutex(RunReport())

    public init() {}

    public func add(_ event: TimelineEvent) {
        let record = TimelineRecord(event)
        report.withLock { $0.add(record) }
    }

    /// The page of everything added so far (the run may have been interrupted).
    public func page() -> String {
        report.withLock { report in
            var finished = report
            finished.finish()
            return RunReportPage.render(finished)
        }
    }
}

/// A ``TimelineRecorder`` that hands every event to a ``ReportCollector``, when there is one.
public struct ReportRecorder: TimelineRecorder {
    public let collector: ReportCollector?

    public init(_ collector: ReportCollector?) {
        self.collector = collector
    }

    public mutating func record(_ event: TimelineEvent) throws {
        collector?.add(event)
    }

    public mutating func flush() throws {}
}
