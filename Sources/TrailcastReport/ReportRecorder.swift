// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
package import TrailcastTimeline
import TrailcastDevice

/// The report of a run being recorded (`replay --report`): each event goes in as its JSON
/// Lines record, the very thing `trailcast report` reads back, so both give the same page.
package final class ReportCollector: Sendable {
    /// The report so far, how many events it has had (the version of what it draws), and
    /// where the locations added since the last drawing began lie (see ``map(width:height:)``).
    private let report = LockedValue(
        (report: RunReport(), events: 0, locationsSinceDrawing: MercatorBox(), drawingBegan: 0))
    /// The last map drawn: every live page asks for the map every 2 s, and a hundred pages
    /// must not mean fifty drawings a second.
    private let lastMap = LockedValue<DrawnMap?>(nil)
    /// How many maps were drawn (for the tests of the cache).
    let mapsDrawn = LockedValue(0)
    /// The last legend, for the events it shows: every page asks for it with the map.
    private let lastLegend = LockedValue<(events: Int, at: Duration, html: String)?>(nil)
    /// How many legends were written (for the tests of the cache).
    let legendsWritten = LockedValue(0)
    /// Laid under the maps of ``map(width:height:)`` and ``page()``; nil keeps them offline.
    package let tiles: MapTiles?
    /// How long a map or legend is served after events have come that it does not show.
    let redrawInterval: Duration
    /// The time now, from any fixed origin (wall time; a test's own in tests).
    let now: @Sendable () -> Duration

    /// - Parameters:
    ///   - redrawInterval: a map or legend is drawn again once events have come since it
    ///     was drawn and this long has passed (or, for the map, at once when a location
    ///     falls beyond it). Zero draws at most once per event added.
    ///   - now: the time now, from any fixed origin; wall time by default.
    package init(
        tiles: MapTiles? = nil, redrawInterval: Duration = .zero,
        now: @escaping @Sendable () -> Duration = ReportCollector.wallTime
    ) {
        self.tiles = tiles
        self.redrawInterval = redrawInterval
        self.now = now
    }

    /// Wall time since the first time it was asked.
    package static let wallTime: @Sendable () -> Duration = {
        let origin = ContinuousClock.now
        return { ContinuousClock.now - origin }
    }()

    /// One drawing of the live map, and what it shows.
    private struct DrawnMap {
        var events: Int
        var width: Double
        var height: Double
        var at: Duration
        /// The part of the world the drawing shows, in Web Mercator units.
        var shows: MercatorBox
        var svg: String
    }

    package func add(_ event: TimelineEvent) {
        // Locations are nearly every line of a big run: they skip the JSON round trip, with
        // their numbers rounded as JSON Lines writes them (the test that compares this page
        // with `trailcast report`'s of the same run keeps the two equal).
        if case .location(let fix) = event.kind {
            // Where the page places it: from the numbers of its JSON line.
            let x = WebMercator.x(longitude: Self.rounded(fix.longitude, 7)),
                y = WebMercator.y(latitude: Self.rounded(fix.latitude, 7))
            report.withLock { state in
                state.events += 1
                state.locationsSinceDrawing.include(x, y)
                state.report.addLocation(
                    offset: Self.rounded(event.offsetSeconds, 3), latitude: Self.rounded(fix.latitude, 7),
                    longitude: Self.rounded(fix.longitude, 7),
                    horizontalAccuracy: fix.horizontalAccuracyMeters.isFinite
                        ? Self.rounded(fix.horizontalAccuracyMeters, 2) : nil,
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
    ///
    /// Drawn at most once per event added, whoever asks, and while events keep coming, at
    /// most once per ``redrawInterval``: a drawing finishes a copy of the whole report and
    /// writes every point, and a hundred live pages asking on a pool thread of the run's
    /// core cost its pacing 0.8 ms at p99 when each request drew (issue 40's measure). A
    /// location that falls beyond the last drawing draws again at once, so that the map
    /// always holds every position a page has been told of, as the page expects when it
    /// asks again for a marker beyond its map.
    package func map(width: Double = 960, height: Double = 560) -> String {
        let time = now()
        let last = lastMap.withLock { $0 }
        let taken: (report: RunReport, events: Int)? = report.withLock { state in
            if let last, last.width == width, last.height == height, last.events <= state.events {
                if last.events == state.events { return nil }
                let recent = time - last.at < redrawInterval
                // The box holds every location after the drawing only if it began no later.
                let held = state.drawingBegan <= last.events && last.shows.contains(state.locationsSinceDrawing)
                if recent && held { return nil }
            }
            state.locationsSinceDrawing = MercatorBox()
            state.drawingBegan = state.events
            return (state.report, state.events)
        }
        guard let taken else { return last!.svg }
        var finished = taken.report
        finished.finish()
        let view = MapView(width: width, height: height, rowPrefix: "live-", exposesProjection: true, tiles: tiles)
        let drawn = DrawnMap(
            events: taken.events, width: width, height: height, at: time,
            shows: view.shownArea(finished) ?? MercatorBox(),
            svg: view.render(finished))
        lastMap.withLock { cached in
            // Two drawings at once: the later events stay.
            if let cached, cached.events > drawn.events, cached.width == width, cached.height == height { return }
            cached = drawn
        }
        mapsDrawn.withLock { $0 += 1 }
        return drawn.svg
    }

    /// The legend of what the map draws so far, as the report's (`GET /legend` of `--serve`).
    /// Written at most once per event added and, while events keep coming, once per
    /// ``redrawInterval``, as the map is drawn: a hundred live pages ask for it fifty times a
    /// second, and each writing finishes a copy of the whole report (found measuring issue
    /// 40's hundred pages: the requests of curl, which asked for the map only, cost the run
    /// 1.7 ms at p99, the pages' 29.6 ms).
    package func mapLegend() -> String {
        let time = now()
        let (snapshot, events) = report.withLock { ($0.report, $0.events) }
        if let last = lastLegend.withLock({ $0 }),
            last.events == events || (last.events < events && time - last.at < redrawInterval)
        {
            return last.html
        }
        var finished = snapshot
        finished.finish()
        let html = PageHTML.mapLegend(finished)
        lastLegend.withLock { $0 = (events, time, html) }
        legendsWritten.withLock { $0 += 1 }
        return html
    }

    /// The report's style sheet, for a live page that shows its map.
    package static var styleSheet: String { PageStyle.css }

    /// The page of everything added so far (the run may have been interrupted).
    package func page() -> String {
        var finished = report.withLock { $0.report }
        finished.finish()
        return RunReportPage.render(finished, tiles: tiles)
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
