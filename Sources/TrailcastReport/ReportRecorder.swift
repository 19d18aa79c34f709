import TrailcastBasics
package import TrailcastTimeline
import TrailcastDevice

/// The report of a run being recorded (`replay --report`): each event goes in as its JSON
/// Lines record, the very thing `trailcast report` reads back, so both give the same page.
package final class ReportCollector: Sendable {
    /// The report so far, and how many events it has had (the version of what it draws).
    private let report = LockedValue((report: RunReport(), events: 0))
    /// The last map drawn, for the events it drew: every live page asks for the map every
    /// 2 s, and a hundred pages must not mean fifty drawings a second.
    private let lastMap = LockedValue<(events: Int, width: Double, height: Double, svg: String)?>(nil)
    /// How many maps were drawn (for the tests of the cache).
    let mapsDrawn = LockedValue(0)
    /// The last legend, for the events it shows: every page asks for it with the map.
    private let lastLegend = LockedValue<(events: Int, html: String)?>(nil)
    /// How many legends were written (for the tests of the cache).
    let legendsWritten = LockedValue(0)
    /// Laid under the maps of ``map(width:height:)`` and ``page()``; nil keeps them offline.
    package let tiles: MapTiles?

    package init(tiles: MapTiles? = nil) {
        self.tiles = tiles
    }

    package func add(_ event: TimelineEvent) {
        // Locations are nearly every line of a big run: they skip the JSON round trip, with
        // their numbers rounded as JSON Lines writes them (the test that compares this page
        // with `trailcast report`'s of the same run keeps the two equal).
        if case .location(let fix) = event.kind {
            report.withLock { state in
                state.events += 1
                state.report.addLocation(
                    offset: Self.rounded(event.offsetSeconds, 3), latitude: Self.rounded(fix.latitude, 7),
                    longitude: Self.rounded(fix.longitude, 7),
                    horizontalAccuracy: fix.horizontalAccuracyMeters.isFinite ? Self.rounded(fix.horizontalAccuracyMeters, 2) : nil,
                    index: fix.sourceIndex,
                    truth: fix.truth.map { (Self.rounded($0.latitude, 7), Self.rounded($0.longitude, 7)) })
            }
            return
        }
        let record = TimelineRecord(event)
        report.withLock { state in
            state.events += 1
            state.report.add(record)
        }
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
    /// Drawn at most once per event added, whoever asks.
    package func map(width: Double = 960, height: Double = 560) -> String {
        let (snapshot, events) = report.withLock { $0 }
        if let last = lastMap.withLock({ $0 }), last.events == events, last.width == width, last.height == height {
            return last.svg
        }
        var finished = snapshot
        finished.finish()
        let svg = MapView(width: width, height: height, rowPrefix: "live-", exposesProjection: true, tiles: tiles)
            .render(finished)
        lastMap.withLock { $0 = (events, width, height, svg) }
        mapsDrawn.withLock { $0 += 1 }
        return svg
    }

    /// The legend of what the map draws so far, as the report's (`GET /legend` of `--serve`).
    /// Written at most once per event added, as the map is drawn: a hundred live pages ask
    /// for it fifty times a second, and each writing finishes a copy of the whole report
    /// (found measuring issue 40's hundred pages: the requests of curl, which asked for the
    /// map only, cost the run 1.7 ms at p99, the pages' 29.6 ms).
    package func mapLegend() -> String {
        let (snapshot, events) = report.withLock { $0 }
        if let last = lastLegend.withLock({ $0 }), last.events == events { return last.html }
        var finished = snapshot
        finished.finish()
        let html = PageHTML.mapLegend(finished)
        lastLegend.withLock { $0 = (events, html) }
        legendsWritten.withLock { $0 += 1 }
        return html
    }

    /// The report's style sheet, for a live page that shows its map.
    package static var styleSheet: String { PageStyle.css }

    /// The page of everything added so far (the run may have been interrupted).
    package func page() -> String {
        report.withLock { state in
            var finished = state.report
            finished.finish()
            return RunReportPage.render(finished, tiles: tiles)
        }
    }
}

/// A ``TimelineRecorder`` that hands every event to a ``ReportCollector``, when there is one.
package struct ReportRecorder: TimelineRecorder {
    package let collector: ReportCollector?

    package init(_ collector: ReportCollector?) {
        self.collector = collector
    }

    package mutating func record(_ event: TimelineEvent) throws {
        collector?.add(event)
    }

    package mutating func flush() throws {}
}
