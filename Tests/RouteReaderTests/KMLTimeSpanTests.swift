// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics
import TrailcastRoutes

/// KML's two ways of timing more than one point besides `gx:Track`: a placemark's
/// `<TimeSpan>` over its `<LineString>` (spread evenly by point, as GPSBabel spreads it),
/// and a `<gx:MultiTrack>`'s `<gx:interpolate>` (1: its tracks are one segment).
@Suite("KML reader: TimeSpan over a LineString, gx:interpolate")
struct KMLTimeSpanTests {
    static func routePoints(_ events: [RouteEvent]) -> [RoutePoint] {
        events.compactMap { if case .routePoint(let point) = $0 { point } else { nil } }
    }

    static func line(
        span: String, after: Bool = false, tuples: String = "8.5,47.3,400 8.51,47.3,401 8.52,47.3 8.53,47.31"
    ) -> String {
        let line = "<LineString><coordinates>\(tuples)</coordinates></LineString>"
        return KMLReaderTests.kml("<Placemark><name>drawn</name>\(after ? line + span : span + line)</Placemark>")
    }

    @Test("four points over 17:00:05-17:22:32: 449 s apart (whole milliseconds), the times GPSBabel gives them")
    func spread() {
        let span = "<TimeSpan><begin>2017-08-21T17:00:05Z</begin><end>2017-08-21T17:22:32Z</end></TimeSpan>"
        let (events, error) = readUntilError(Self.line(span: span), as: .kml)
        #expect(error == nil)
        #expect(
            Self.routePoints(events).map { $0.time?.description } == [
                "2017-08-21T17:00:05.000Z", "2017-08-21T17:07:34.000Z", "2017-08-21T17:15:03.000Z",
                "2017-08-21T17:22:32.000Z",
            ])
        #expect(Self.routePoints(events).map(\.elevationMeters) == [400, 401, nil, nil])
        #expect(!events.contains { $0.caseName == "warning" })
    }

    @Test("a span of 1 s over 4 points: 333 ms steps, the last short of the end, as GPSBabel truncates")
    func truncatedSteps() {
        let span = "<TimeSpan><begin>2017-08-21T17:00:05Z</begin><end>2017-08-21T17:00:06Z</end></TimeSpan>"
        let times = Self.routePoints(readUntilError(Self.line(span: span), as: .kml).events).map {
            $0.time?.description
        }
        #expect(
            times == [
                "2017-08-21T17:00:05.000Z", "2017-08-21T17:00:05.333Z", "2017-08-21T17:00:05.666Z",
                "2017-08-21T17:00:05.999Z",
            ])
    }

    @Test(
        "a span after the line, or with one end only, leaves it untimed",
        arguments: [
            ("<TimeSpan><begin>2017-08-21T17:00:05Z</begin><end>2017-08-21T17:22:32Z</end></TimeSpan>", true),
            ("<TimeSpan><begin>2017-08-21T17:00:05Z</begin></TimeSpan>", false),
        ])
    func untimed(span: String, after: Bool) {
        let points = Self.routePoints(readUntilError(Self.line(span: span, after: after), as: .kml).events)
        #expect(points.count == 4)
        #expect(points.allSatisfy { $0.time == nil })
    }

    @Test("a line of 10,000 points with a span: every point timed, in order, past the queue's memory")
    func longLine() {
        let tuples = (0..<10_000).map { "\(8.5 + Double($0) * 1e-5),47.3" }.joined(separator: " ")
        let span = "<TimeSpan><begin>2024-05-01T10:00:00Z</begin><end>2024-05-01T12:46:39Z</end></TimeSpan>"
        let points = Self.routePoints(readUntilError(Self.line(span: span, tuples: tuples), as: .kml).events)
        #expect(points.count == 10_000)
        #expect(points.first?.time == Timestamp(secondsSince1970: 1_714_557_600))
        #expect(points.last?.time == Timestamp(secondsSince1970: 1_714_557_600 + 9_999))
        #expect(abs(points[5_000].longitude - 8.55) < 1e-12)
    }

    static func multiTrack(interpolate: String) -> String {
        KMLReaderTests.kml(
            """
            <Placemark><name>ride</name><gx:MultiTrack>\(interpolate)
            <gx:Track><when>2024-05-01T10:00:00Z</when><gx:coord>8.5 47.3 400</gx:coord>
            <when>2024-05-01T10:00:01Z</when><gx:coord>8.5001 47.3 400</gx:coord></gx:Track>
            <gx:Track><when>2024-05-01T10:05:00Z</when><gx:coord>8.6 47.3 400</gx:coord></gx:Track>
            </gx:MultiTrack></Placemark>
            """)
    }

    @Test(
        "gx:interpolate 1 joins the MultiTrack's tracks into one segment; 0 or none keeps them apart",
        arguments: [
            (
                "<gx:interpolate>1</gx:interpolate>",
                ["beginTrack", "beginSegment", "trackPoint", "trackPoint", "trackPoint", "endSegment", "endTrack"]
            ),
            (
                "<gx:interpolate>0</gx:interpolate>",
                [
                    "beginTrack", "beginSegment", "trackPoint", "trackPoint", "endSegment",
                    "beginSegment", "trackPoint", "endSegment", "endTrack",
                ]
            ),
            (
                "",
                [
                    "beginTrack", "beginSegment", "trackPoint", "trackPoint", "endSegment", "beginSegment",
                    "trackPoint", "endSegment", "endTrack",
                ]
            ),
        ])
    func interpolate(element: String, expected: [String]) {
        let (events, error) = readUntilError(Self.multiTrack(interpolate: element), as: .kml)
        #expect(error == nil)
        #expect(events.map(\.caseName).filter { $0 != "metadata" } == expected)
    }
}
