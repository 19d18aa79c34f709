// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastDevice
@testable import TrailcastReport
import Testing
import TrailcastBasics
import TrailcastTimeline

/// `replay --report` reads locations without a JSON round trip; its numbers must be the
/// ones `trailcast report` reads back from the JSON line, bit for bit.
@Suite("Report recorder")
struct ReportRecorderTests {
    @Test("rounding like JSON Lines gives the very doubles a JSON parser reads back, 20,000 values")
    func roundingMatchesTheJSONLine() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            // SplitMix64, to cover the range without a dependency.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
        let start = Timestamp(iso8601: "2026-06-13T16:00:00Z")!
        for _ in 0..<20_000 {
            let latitude = next() * 180 - 90, longitude = next() * 360 - 180
            let offset = next() * 1e6, accuracy = next() * 5000
            let fix = LocationFix(
                time: start, latitude: latitude, longitude: longitude, horizontalAccuracyMeters: accuracy,
                sourceIndex: 1)
            let record = TimelineRecord(TimelineEvent(time: start, offsetSeconds: offset, kind: .location(fix)))
            #expect(record.fields["lat"] == .number(ReportCollector.rounded(latitude, 7)))
            #expect(record.fields["lon"] == .number(ReportCollector.rounded(longitude, 7)))
            #expect(record.fields["horizontalAccuracy"] == .number(ReportCollector.rounded(accuracy, 2)))
            #expect(record.offsetSeconds == ReportCollector.rounded(offset, 3))
        }
    }

    @Test("the recorder's page equals the page of the same events read as records")
    func sameAsRecords() throws {
        let collector = ReportCollector()
        var recorder = ReportRecorder(collector)
        for event in CraftedRun.events { try recorder.record(event) }
        var report = RunReport()
        for record in CraftedRun.records { report.add(record) }
        report.finish()
        #expect(collector.page() == RunReportPage.render(report))
    }

    @Test(
        "the live map is drawn once per event added, however many ask: the same drawing until the next event or another size"
    )
    func mapDrawnOncePerEvent() throws {
        let collector = ReportCollector()
        var recorder = ReportRecorder(collector)
        let events = CraftedRun.events
        for event in events.dropLast() { try recorder.record(event) }
        let first = collector.map()
        for _ in 0..<50 { #expect(collector.map() == first) }
        #expect(collector.mapsDrawn.withLock { $0 } == 1)
        try recorder.record(events.last!)
        let second = collector.map()
        #expect(collector.mapsDrawn.withLock { $0 } == 2)
        #expect(second == ReportCollector.uncachedMap(of: events), "the drawing of every event, not the cached one")
        #expect(collector.map(width: 480, height: 280) != second)
        #expect(collector.mapsDrawn.withLock { $0 } == 3)
    }

    @Test(
        "while events keep coming the live map is drawn once per interval, but at once when a location falls beyond it")
    func mapDrawnOncePerInterval() throws {
        let clock = LockedValue(Duration.zero)
        let collector = ReportCollector(redrawInterval: .milliseconds(500), now: { clock.withLock { $0 } })
        var recorder = ReportRecorder(collector)
        var offset = 0.0
        func walk(to step: Double) throws {
            offset += 1
            try recorder.record(CraftedRun.fix(offset, step, index: Int(offset)))
        }
        for step in 0...10 { try walk(to: Double(step)) }
        let first = collector.map()
        #expect(collector.mapsDrawn.withLock { $0 } == 1)

        try walk(to: 5)
        clock.withLock { $0 = .milliseconds(499) }
        #expect(collector.map() == first, "a location inside the drawing, within the interval: the same drawing")
        #expect(collector.mapsDrawn.withLock { $0 } == 1)

        try walk(to: 100)
        let beyond = collector.map()
        #expect(collector.mapsDrawn.withLock { $0 } == 2, "a location beyond the drawing draws again at once")
        #expect(beyond != first)

        try walk(to: 50)
        #expect(collector.map() == beyond)
        clock.withLock { $0 = .milliseconds(999) }
        let late = collector.map()
        #expect(collector.mapsDrawn.withLock { $0 } == 3, "the interval passed with an event not drawn")
        var everything: [TimelineEvent] = []
        offset = 0
        for step in [0.0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 5, 100, 50] {
            offset += 1
            everything.append(CraftedRun.fix(offset, step, index: Int(offset)))
        }
        #expect(late == ReportCollector.uncachedMap(of: everything))

        clock.withLock { $0 = .seconds(60) }
        #expect(collector.map() == late, "no event since: never drawn again")
        #expect(collector.mapsDrawn.withLock { $0 } == 3)
    }

    @Test("while events keep coming the live legend is written once per interval")
    func legendWrittenOncePerInterval() throws {
        let clock = LockedValue(Duration.zero)
        let collector = ReportCollector(redrawInterval: .milliseconds(500), now: { clock.withLock { $0 } })
        var recorder = ReportRecorder(collector)
        let events = CraftedRun.events
        for event in events.dropLast() { try recorder.record(event) }
        let first = collector.mapLegend()
        try recorder.record(events.last!)
        clock.withLock { $0 = .milliseconds(499) }
        #expect(collector.mapLegend() == first)
        #expect(collector.legendsWritten.withLock { $0 } == 1)
        clock.withLock { $0 = .milliseconds(500) }
        _ = collector.mapLegend()
        #expect(collector.legendsWritten.withLock { $0 } == 2)
        clock.withLock { $0 = .seconds(60) }
        _ = collector.mapLegend()
        #expect(collector.legendsWritten.withLock { $0 } == 2, "no event since: never written again")
    }

    @Test("the live legend is written once per event added, however many ask, and is the legend of every event")
    func legendWrittenOncePerEvent() throws {
        let collector = ReportCollector()
        var recorder = ReportRecorder(collector)
        let events = CraftedRun.events
        for event in events.dropLast() { try recorder.record(event) }
        let first = collector.mapLegend()
        for _ in 0..<50 { #expect(collector.mapLegend() == first) }
        #expect(collector.legendsWritten.withLock { $0 } == 1)
        try recorder.record(events.last!)
        let second = collector.mapLegend()
        #expect(collector.legendsWritten.withLock { $0 } == 2)
        var report = RunReport()
        for event in events { report.add(TimelineRecord(event)) }
        report.finish()
        #expect(second == PageHTML.mapLegend(report), "the legend of every event, not the cached one")
    }
}

extension ReportCollector {
    /// The live map of `events`, drawn by a new collector.
    static func uncachedMap(of events: [TimelineEvent]) -> String {
        let fresh = ReportCollector()
        var recorder = ReportRecorder(fresh)
        for event in events { try? recorder.record(event) }
        return fresh.map()
    }
}

/// `trailcast report` reads location lines without a JSON parser: the same page as the
/// records give, and a fallback for lines written otherwise.
@Suite("Report: location lines read fast")
struct LocationLineTests {
    static func noisyFixes() -> [TimelineEvent] {
        let start = CraftedRun.start
        return (0..<300).map { step in
            var fix = LocationFix(
                time: start.adding(seconds: Double(step)), latitude: 37.8 + Double(step) * 1.2345e-5,
                longitude: -122.4 - Double(step) * 2.3456e-5,
                altitudeMeters: step % 3 == 0 ? nil : Double(step) / 7,
                horizontalAccuracyMeters: 3 + Double(step % 17) / 3, sourceIndex: step)
            if step % 2 == 0 {
                fix.truth = Coordinate(latitude: fix.latitude + 3.3e-6, longitude: fix.longitude - 1.7e-6)
            }
            return TimelineEvent(time: fix.time, offsetSeconds: Double(step) + 0.125, kind: .location(fix))
        }
    }

    @Test("the page from lines equals the page from records, truth and null altitude included")
    func samePage() throws {
        let events = Array(CraftedRun.events.prefix(5)) + Self.noisyFixes() + [CraftedRun.events.last!]
        let records = events.map(TimelineRecord.init)
        var fromRecords = RunReport()
        for record in records { fromRecords.add(record) }
        fromRecords.finish()
        var fromLines = RunReport()
        for record in records {
            let taken = fromLines.add(line: record.line)
            #expect(taken)
        }
        fromLines.finish()
        #expect(RunReportPage.render(fromLines) == RunReportPage.render(fromRecords))
        #expect(LocationLine.parse(records[10].line) != nil, "a location line is read the fast way")
    }

    @Test("lines written another way go through the JSON parser; not JSON is refused")
    func fallback() {
        var report = RunReport()
        let reordered = report.add(line: #"{"type":"location","offset":3,"lon":8.5,"lat":47.3,"index":0,"truth":null}"#)
        #expect(reordered)
        #expect(LocationLine.parse(#"{"type":"location","offset":3,"lon":8.5,"lat":47.3}"#) == nil)
        let notJSON = report.add(line: "not json")
        #expect(!notJSON)
        #expect(report.counts["location"] == 1)
    }
}
