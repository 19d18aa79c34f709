import TrailcastBasics
public import TrailcastTimeline
import TrailcastDevice

/// The report of a run being recorded (`replay --report`): each event goes in as its JSON
/// Lines record, the very thing `trailcast report` reads back, so both give the same page.
public final class ReportCollector: Sendable {
    private let report = LockedValue(RunReport())
    /// Laid under the maps of ``map(width:height:)`` and ``page()``; nil keeps them offline.
    public let tiles: MapTiles?

    public init(tiles: MapTiles? = nil) {
        self.tiles = tiles
    }

    public func add(_ event: TimelineEvent) {
        // Locations are nearly every line of a big run: they skip the JSON round trip, with
        // their numbers rounded as JSON Lines writes them (the test that compares this page
        // with `trailcast report`'s of the same run keeps the two equal).
        if case .location(let fix) = event.kind {
            report.withLock { report in
                report.addLocation(
                    offset: Self.rounded(event.offsetSeconds, 3), latitude: Self.rounded(fix.latitude, 7),
                    longitude: Self.rounded(fix.longitude, 7),
                    horizontalAccuracy: fix.horizontalAccuracyMeters.isFinite ? Self.rounded(fix.horizontalAccuracyMeters, 2) : nil,
                    index: fix.sourceIndex,
                    truth: fix.truth.map { (Self.rounded($0.latitude, 7), Self.rounded($0.longitude, 7)) })
            }
            return
        }
        let record = TimelineRecord(event)
        report.withLock { $0.add(record) }
    }

    /// `value` as a JSON Lines number with `decimals` places reads back: half away from
    /// zero, then the nearest double to that decimal (which a division by a power of ten
    /// gives exactly as a parser does).
    static func rounded(_ value: Double, _ decimals: Int) -> Double {
        guard value.isFinite else { return value }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let units = (value.magnitude * scale).rounded()
        guard units < 9e15 else { return value }
        return (value < 0 ? -units : units) / scale
    }

    /// The map of everything added so far, as the report draws it, with its projection on
    /// the `<svg>` for a live page to place the device on (`GET /map.svg` of `--serve`).
    public func map(width: Double = 960, height: Double = 560) -> String {
        let snapshot = report.withLock { $0 }
        var finished = snapshot
        finished.finish()
        return MapView(width: width, height: height, rowPrefix: "live-", exposesProjection: true, tiles: tiles)
            .render(finished)
    }

    /// The report's style sheet, for a live page that shows its map.
    public static var styleSheet: String { PageStyle.css }

    /// The page of everything added so far (the run may have been interrupted).
    public func page() -> String {
        report.withLock { report in
            var finished = report
            finished.finish()
            return RunReportPage.render(finished, tiles: tiles)
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
