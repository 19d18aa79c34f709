// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastRoutes
import TrailcastBasics

/// Problems inside well-formed documents: warnings with their lines, and `strict` reading.
@Suite("Warnings and strict reading")
struct RouteWarningTests {
    struct WarningCase: Sendable, CustomTestStringConvertible {
        let name: String
        /// Line 5 of a track whose line 4 is a point at 2026-01-01T00:00:00Z and line 6 a good point.
        let problemLine: String
        /// Text the warning message must contain.
        let messageContains: String
        /// Track points delivered: 3 when the problem point is kept, 2 when skipped.
        let trackPoints: Int
        var testDescription: String { name }
    }

    static let cases: [WarningCase] = [
        WarningCase(
            name: "lat out of range", problemLine: #"<trkpt lat="91.5" lon="8.0"/>"#,
            messageContains: #"lat="91.5""#, trackPoints: 2),
        WarningCase(
            name: "lat below range", problemLine: #"<trkpt lat="-90.001" lon="8.0"/>"#,
            messageContains: #"lat="-90.001""#, trackPoints: 2),
        WarningCase(
            name: "lon out of range", problemLine: #"<trkpt lat="47.0" lon="-180.5"/>"#,
            messageContains: #"lon="-180.5""#, trackPoints: 2),
        WarningCase(
            name: "missing lat", problemLine: #"<trkpt lon="8.0"/>"#,
            messageContains: "no lat", trackPoints: 2),
        WarningCase(
            name: "missing lon", problemLine: #"<trkpt lat="47.0"/>"#,
            messageContains: "no lon", trackPoints: 2),
        WarningCase(
            name: "unparsable lat", problemLine: #"<trkpt lat="47,5" lon="8.0"/>"#,
            messageContains: #"lat="47,5""#, trackPoints: 2),
        WarningCase(
            name: "empty lat", problemLine: #"<trkpt lat="" lon="8.0"/>"#,
            messageContains: #"lat="""#, trackPoints: 2),
        WarningCase(
            name: "NaN lon", problemLine: #"<trkpt lat="47.0" lon="NaN"/>"#,
            messageContains: #"lon="NaN""#, trackPoints: 2),
        WarningCase(
            name: "unparsable time",
            problemLine: #"<trkpt lat="47.0" lon="8.0001"><time>yesterday</time></trkpt>"#,
            messageContains: #""yesterday""#, trackPoints: 3),
        WarningCase(
            name: "time without zone",
            problemLine: #"<trkpt lat="47.0" lon="8.0001"><time>2026-01-01T00:00:01</time></trkpt>"#,
            messageContains: "no zone", trackPoints: 3),
        WarningCase(
            name: "time going backwards",
            problemLine: #"<trkpt lat="47.0" lon="8.0001"><time>2025-12-31T23:59:59Z</time></trkpt>"#,
            messageContains: "earlier than the previous", trackPoints: 3),
        WarningCase(
            name: "unparsable ele",
            problemLine: #"<trkpt lat="47.0" lon="8.0001"><ele>high</ele></trkpt>"#,
            messageContains: #"<ele> is "high""#, trackPoints: 3),
        WarningCase(
            name: "unparsable hdop",
            problemLine: #"<trkpt lat="47.0" lon="8.0001"><hdop>n/a</hdop></trkpt>"#,
            messageContains: "<hdop>", trackPoints: 3),
    ]

    private static func document(_ problemLine: String) -> String {
        gpx11(
            """
            <trk><trkseg>
            <trkpt lat="47.0" lon="8.0"><time>2026-01-01T00:00:00Z</time></trkpt>
            \(problemLine)
            <trkpt lat="47.0" lon="8.0002"><time>2026-01-01T00:00:02Z</time></trkpt>
            </trkseg></trk>
            """)
    }

    @Test(arguments: cases)
    func warningNamesTheProblemAndItsLine(_ testCase: WarningCase) throws {
        let events = try readAllEvents(ofGPX: Self.document(testCase.problemLine))
        #expect(events.warnings.count == 1)
        let warning = try #require(events.warnings.first)
        #expect(warning.line == 5)
        #expect(warning.column > 0)
        #expect(warning.message.contains(testCase.messageContains), "\(warning.message)")
        #expect(warning.description == "5:\(warning.column): warning: \(warning.message)")
        #expect(events.trackPoints.count == testCase.trackPoints)
        // The reader went on: the point after the problem is there with its time.
        #expect(events.trackPoints.last?.time == Timestamp(iso8601: "2026-01-01T00:00:02Z"))
    }

    @Test(arguments: cases)
    func strictReadingThrowsTheFirstWarningWithItsLine(_ testCase: WarningCase) throws {
        let (events, error) = readUntilError(
            ofGPX: Self.document(testCase.problemLine), name: "walk.gpx", options: .init(strict: true))
        guard case .invalidContent(let file, let line, let column, let message)? = error else {
            Issue.record("expected invalidContent, got \(String(describing: error))")
            return
        }
        #expect(file == "walk.gpx")
        #expect(line == 5)
        #expect(message.contains(testCase.messageContains))
        #expect(error?.description == "walk.gpx:5:\(column): error: \(message)")
        // Everything before the problem was delivered; nothing after it.
        #expect(events.warnings == [])
        #expect(events.trackPoints.map(\.longitude) == [8.0])
    }

    @Test func pointsKeepTheirOtherFieldsWhenTheTimeIsDropped() throws {
        let events = try readAllEvents(
            ofGPX: Self.document(
                """
                <trkpt lat="47.0" lon="8.0001"><ele>412</ele><time>2026-13-01T00:00:00Z</time><name>kept</name></trkpt>
                """))
        let point = try #require(events.trackPoints.dropFirst().first)
        #expect(point.time == nil)
        #expect(point.elevationMeters == 412)
        #expect(point.name == "kept")
        #expect(point.longitude == 8.0001)
    }

    @Test func timeWithoutZoneIsWarnedOnceAndReadAsUTC() throws {
        let events = try readAllEvents(
            ofGPX: gpx11(
                """
                <metadata><time>2026-01-01T08:00:00</time></metadata>
                <trk><trkseg>
                <trkpt lat="1" lon="1"><time>2026-01-01T09:00:00</time></trkpt>
                <trkpt lat="1" lon="1"><time>2026-01-01T09:00:01.5</time></trkpt>
                </trkseg></trk>
                """))
        #expect(events.warnings.count == 1)
        #expect(events.warnings.first?.line == 3)
        #expect(events.metadata.first?.time == Timestamp(iso8601: "2026-01-01T08:00:00Z"))
        #expect(
            events.trackPoints.map(\.time) == [
                Timestamp(iso8601: "2026-01-01T09:00:00Z"), Timestamp(iso8601: "2026-01-01T09:00:01.500Z"),
            ])
    }

    @Test func timesAreComparedWithinASegmentOnly() throws {
        let events = try readAllEvents(
            ofGPX: gpx11(
                """
                <trk>
                <trkseg>
                <trkpt lat="1" lon="1"><time>2026-01-01T10:00:00Z</time></trkpt>
                <trkpt lat="1" lon="1"><time>2026-01-01T10:00:00Z</time></trkpt>
                <trkpt lat="1" lon="1"><time>2026-01-01T09:00:00Z</time></trkpt>
                <trkpt lat="1" lon="1"><time>2026-01-01T09:30:00Z</time></trkpt>
                </trkseg>
                <trkseg>
                <trkpt lat="1" lon="1"><time>2026-01-01T08:00:00Z</time></trkpt>
                </trkseg>
                </trk>
                """))
        // Equal times are fine; 09:00 is dropped; 09:30 is compared with 10:00 (the last kept).
        #expect(events.warnings.map(\.line) == [7, 8])
        #expect(
            events.trackPoints.map { $0.time?.iso8601(fractionDigits: 0) } == [
                "2026-01-01T10:00:00Z", "2026-01-01T10:00:00Z", nil, nil, "2026-01-01T08:00:00Z",
            ])
    }

    /// A receiver logging several fixes a second can step back by less than a second: that
    /// is still going backwards, and the time compared next is the last one kept.
    @Test("a time going back by a fraction of a second is warned and dropped")
    func timeGoingBackWithinOneSecond() throws {
        let events = try readAllEvents(
            ofGPX: gpx11(
                """
                <trk><trkseg>
                <trkpt lat="1" lon="1"><time>2026-01-01T10:00:10.8Z</time></trkpt>
                <trkpt lat="1" lon="2"><time>2026-01-01T10:00:10.2Z</time></trkpt>
                <trkpt lat="1" lon="3"><time>2026-01-01T10:00:10.9Z</time></trkpt>
                <trkpt lat="1" lon="4"><time>2026-01-01T10:00:10.85Z</time></trkpt>
                </trkseg></trk>
                """))
        #expect(
            events.warnings.map(\.description) == [
                "5:23: warning: <trkpt> time 2026-01-01T10:00:10.200Z is earlier than the previous point's "
                    + "2026-01-01T10:00:10.800Z; position kept, time dropped",
                "7:23: warning: <trkpt> time 2026-01-01T10:00:10.850Z is earlier than the previous point's "
                    + "2026-01-01T10:00:10.900Z; position kept, time dropped",
            ])
        #expect(events.trackPoints.map(\.longitude) == [1, 2, 3, 4])
        #expect(
            events.trackPoints.map { $0.time?.iso8601() } == [
                "2026-01-01T10:00:10.800Z", nil, "2026-01-01T10:00:10.900Z", nil,
            ])
    }

    @Test func routePointTimesGoingBackwardsAreDropped() throws {
        let events = try readAllEvents(
            ofGPX: gpx11(
                """
                <rte>
                <rtept lat="1" lon="1"><time>2026-01-01T10:00:00Z</time></rtept>
                <rtept lat="1" lon="1"><time>2026-01-01T09:00:00Z</time></rtept>
                </rte>
                <rte>
                <rtept lat="1" lon="1"><time>2026-01-01T08:00:00Z</time></rtept>
                </rte>
                """))
        #expect(events.warnings.map(\.line) == [5])
        #expect(events.routePoints.map { $0.time == nil } == [false, true, false])
    }

    @Test func emptySegmentIsWarnedAtItsEnd() throws {
        let events = try readAllEvents(
            ofGPX: gpx11(
                """
                <trk>
                <trkseg>
                </trkseg>
                <trkseg><trkpt lat="91" lon="1"/></trkseg>
                <trkseg><trkpt lat="1" lon="1"/></trkseg>
                </trk>
                """))
        #expect(
            events.outline == [
                "metadata", "trk -",
                "seg", "warning", "/seg",
                "seg", "warning", "warning", "/seg",
                "seg", "trkpt -", "/seg",
                "/trk",
            ])
        let messages = events.warnings.map(\.message)
        #expect(events.warnings.map(\.line) == [5, 6, 6])
        #expect(messages[0].contains("empty track segment"))
        #expect(messages[2].contains("empty track segment"))
    }

    @Test func strictReadingOfACleanFileThrowsNothing() throws {
        let events = try readAllEvents(
            ofFile: RepositoryFiles.path("gpx/sf-waterfront-walk.gpx"), options: .init(strict: true))
        #expect(events.trackPoints.count == 1840)
    }

    @Test func strictReadingStopsAtTheFirstOfSeveralWarnings() {
        let (events, error) = readUntilError(
            ofGPX: gpx11(
                """
                <wpt lat="1" lon="1"><name>A</name></wpt>
                <wpt lat="1" lon="1"><ele>x</ele></wpt>
                <wpt lat="99" lon="1"/>
                """), options: .init(strict: true))
        guard case .invalidContent(_, let line, _, let message)? = error else {
            Issue.record("expected invalidContent, got \(String(describing: error))")
            return
        }
        #expect(line == 4)
        #expect(message.contains("<ele>"))
        #expect(events.outline == ["metadata", "wpt A"])
    }
}
