import Device
import GPXReader
import LocationReplay
@testable import Report
import TimelineExpectations
import Testing

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
            let fix = LocationFix(time: start, latitude: latitude, longitude: longitude, horizontalAccuracyMeters: accuracy, sourceIndex: 1)
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
}
