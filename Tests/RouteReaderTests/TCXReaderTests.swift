// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics
import TrailcastRoutes

/// TCX read into GPX's events: activities and courses as tracks, `<Track>`s as segments.
@Suite("TCX reader")
struct TCXReaderTests {
    static func trackpoint(_ time: String, _ lat: String, _ lon: String, extra: String = "") -> String {
        """
        <Trackpoint><Time>\(time)</Time><Position><LatitudeDegrees>\(lat)</LatitudeDegrees>\
        <LongitudeDegrees>\(lon)</LongitudeDegrees></Position>\(extra)</Trackpoint>
        """
    }

    static let activity = """
        <?xml version="1.0" encoding="UTF-8"?>
        <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
          <Activities>
            <Activity Sport="Running">
              <Id>2026-06-13T16:00:00Z</Id>
              <Lap StartTime="2026-06-13T16:00:00Z">
                <TotalTimeSeconds>2</TotalTimeSeconds>
                <DistanceMeters>99999</DistanceMeters>
                <Track>
                  \(trackpoint("2026-06-13T16:00:00Z", "47.3769", "8.5417", extra: "<AltitudeMeters>408.2</AltitudeMeters><DistanceMeters>0</DistanceMeters><HeartRateBpm><Value>121</Value></HeartRateBpm><Cadence>80</Cadence><Extensions><TPX xmlns=\"http://www.garmin.com/xmlschemas/ActivityExtension/v2\"><Speed>2.5</Speed></TPX></Extensions>"))
                  <Trackpoint><Time>2026-06-13T16:00:01Z</Time><HeartRateBpm><Value>122</Value></HeartRateBpm></Trackpoint>
                  \(trackpoint("2026-06-13T16:00:02Z", "47.3770", "8.5418"))
                </Track>
              </Lap>
              <Lap StartTime="2026-06-13T16:00:10Z">
                <Track>
                  \(trackpoint("2026-06-13T16:00:10Z", "47.3771", "8.5419"))
                  <Trackpoint><Time>2026-06-13T16:00:11Z</Time></Trackpoint>
                </Track>
              </Lap>
            </Activity>
          </Activities>
        </TrainingCenterDatabase>
        """

    @Test(
        "an activity is a track, each lap's <Track> a segment; heart rate, cadence and speed read, DistanceMeters not")
    func activity() throws {
        let (events, error) = readUntilError(Self.activity, as: .tcx)
        #expect(error == nil)
        #expect(
            events.map(\.caseName) == [
                "metadata", "beginTrack", "beginSegment", "trackPoint", "warning", "trackPoint", "endSegment",
                "beginSegment", "trackPoint", "endSegment", "endTrack",
            ])
        guard case .beginTrack(let info) = events[1] else { return }
        #expect(info.type == "Running")
        let first = try #require(events[3].point)
        #expect(first.latitude == 47.3769 && first.longitude == 8.5417)
        #expect(first.elevationMeters == 408.2)
        #expect(first.time == Timestamp(secondsSince1970: 1_781_366_400))
        #expect(first.heartRateBeatsPerMinute == 121)
        #expect(first.cadenceRevolutionsPerMinute == 80)
        #expect(first.speedMetersPerSecond == 2.5)
        // One warning for the two points without a position: a watch records them indoors.
        guard case .warning(let warning) = events[4] else { return }
        #expect(warning.message.hasPrefix("<Trackpoint> has no <Position>"))
    }

    @Test("the same events read 16 bytes at a time as in one chunk")
    func chunkSizeDoesNotMatter() {
        let whole = readUntilError(Self.activity, as: .tcx)
        let small = readUntilError(Self.activity, as: .tcx, options: .init(chunkSize: 16))
        #expect(small.events == whole.events)
        #expect(small.error == nil)
    }

    @Test("a course: its name names the track, its course points are waypoints")
    func course() throws {
        let course = """
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Courses><Course>
            <Name>Lake loop</Name><Lap><TotalTimeSeconds>4</TotalTimeSeconds></Lap>
            <Track>\(Self.trackpoint("2026-06-13T16:00:00Z", "47.1", "8.1"))</Track>
            <CoursePoint><Name>Water</Name><Time>2026-06-13T16:00:00Z</Time><Position><LatitudeDegrees>47.1</LatitudeDegrees>\
            <LongitudeDegrees>8.1</LongitudeDegrees></Position><PointType>Water</PointType></CoursePoint>
            </Course></Courses></TrainingCenterDatabase>
            """
        let (events, error) = readUntilError(course, as: .tcx)
        #expect(error == nil)
        #expect(
            events.map(\.caseName) == [
                "metadata", "beginTrack", "beginSegment", "trackPoint", "endSegment", "waypoint", "endTrack",
            ])
        guard case .beginTrack(let info) = events[1], case .waypoint(let water) = events[5] else { return }
        #expect(info.name == "Lake loop")
        #expect(water.name == "Water" && water.type == "Water")
    }

    /// TCX's CoursePoint_t: Name, Time, Position, AltitudeMeters, PointType and Notes, each
    /// read into the waypoint's own field (Notes is its description).
    @Test("a course point's every field: name, time, position, altitude, point type and notes")
    func coursePointFields() throws {
        let course = """
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Courses><Course>
            <Name>Lake loop</Name>
            <CoursePoint><Name>Summit</Name><Time>2026-06-13T16:20:30Z</Time><Position><LatitudeDegrees>47.25</LatitudeDegrees>\
            <LongitudeDegrees>8.75</LongitudeDegrees></Position><AltitudeMeters>1098.5</AltitudeMeters><PointType>Summit</PointType>\
            <Notes> Steep last 200 m &amp; a bench </Notes></CoursePoint>
            <CoursePoint><Name>Bridge</Name><Position><LatitudeDegrees>47.3</LatitudeDegrees>\
            <LongitudeDegrees>8.8</LongitudeDegrees></Position><PointType>Generic</PointType></CoursePoint>
            </Course></Courses></TrainingCenterDatabase>
            """
        let (events, error) = readUntilError(course, as: .tcx)
        #expect(error == nil)
        #expect(events.warnings.isEmpty)
        let waypoints = events.waypoints
        #expect(waypoints.map(\.name) == ["Summit", "Bridge"])
        #expect(waypoints.map(\.description) == ["Steep last 200 m & a bench", nil])
        #expect(waypoints.map(\.type) == ["Summit", "Generic"])
        #expect(waypoints.map(\.latitude) == [47.25, 47.3])
        #expect(waypoints.map(\.longitude) == [8.75, 8.8])
        #expect(waypoints.map(\.elevationMeters) == [1098.5, nil])
        #expect(waypoints.map(\.time) == [Timestamp(iso8601: "2026-06-13T16:20:30Z"), nil])
    }

    @Test(
        "coordinates at and past their limits: ±90 and ±180 kept (San Francisco's -122.4 and Tokyo's 139.7 among them), past them one warning each and the point skipped"
    )
    func coordinateLimits() {
        let positions = [
            ("91", "8.1"), ("47", "8.1"), ("90", "-180"), ("-90", "180"), ("37.8", "-122.4"), ("35.7", "139.7"),
            ("47", "180.5"), ("-90.01", "0"),
        ]
        let text =
            "<TrainingCenterDatabase><Activities><Activity><Lap><Track>"
            + positions.enumerated().map { index, position in
                Self.trackpoint("2026-06-13T16:00:0\(index)Z", position.0, position.1)
            }.joined()
            + "</Track></Lap></Activity></Activities></TrainingCenterDatabase>"
        let (events, error) = readUntilError(text, as: .tcx)
        #expect(error == nil)
        let warnings = events.compactMap { if case .warning(let warning) = $0 { warning } else { nil } }
        #expect(
            warnings.map(\.message) == [
                "<LatitudeDegrees> is 91.0, not within ±90 degrees; point skipped",
                "<LongitudeDegrees> is 180.5, not within ±180 degrees; point skipped",
                "<LatitudeDegrees> is -90.01, not within ±90 degrees; point skipped",
            ])
        let points = events.compactMap(\.point)
        #expect(points.map(\.latitude) == [47, 90, -90, 37.8, 35.7])
        #expect(points.map(\.longitude) == [8.1, -180, 180, -122.4, 139.7])
    }

    @Test("a <Track> outside any activity's lap is not read: the events stay balanced")
    func strayTrack() {
        let text =
            "<TrainingCenterDatabase><Activities><Track>\(Self.trackpoint("2026-06-13T16:00:00Z", "47", "8"))</Track>"
            + "</Activities></TrainingCenterDatabase>"
        let (events, error) = readUntilError(text, as: .tcx)
        #expect(error == nil)
        #expect(events.map(\.caseName) == ["metadata"])
    }

    @Test("another root element: one located error naming the format")
    func wrongRoot() {
        let (_, error) = readUntilError("<gpx version=\"1.1\"></gpx>", as: .tcx, name: "walk.tcx")
        #expect(
            error?.description
                == "walk.tcx:1:19: error: the root element is <gpx>, not <TrainingCenterDatabase>: this is not a TCX file"
        )
    }

    @Test("strict reading makes the first warning an error")
    func strict() {
        let (_, error) = readUntilError(Self.activity, as: .tcx, options: .init(strict: true))
        guard case .invalidContent(_, _, _, let message)? = error else {
            Issue.record("expected invalidContent, got \(String(describing: error))")
            return
        }
        #expect(message.hasPrefix("<Trackpoint> has no <Position>"))
    }

    /// Found by fuzzing (kept in Fuzz/Crashes/route-formats/): text running to the end of a
    /// cut file was placed one column short when read 16 bytes at a time (libxml2 stops its
    /// push parser wherever it was). A truncated file is placed at its end, on every cut.
    @Test("a file cut inside a text is placed at its end, whatever the chunk size")
    func truncatedInText() {
        let head =
            "<TrainingCenterDatabase><Activities><Activity Sport=\"Running\"><Id>x</Id>\n<Lap><Track><Trackpoint><Time>"
        let text = "2026-06-13T16:00:00Z and more text > with a greater-than sign"
        for length in 1...text.count {
            let cut = head + text.prefix(length)
            let expected =
                "cut.tcx:2:\(30 + length + 1): error: the file ends before </TrainingCenterDatabase>: it is truncated or incomplete"
            for chunkSize in [16, 17, 64 * 1024] {
                let (_, error) = readUntilError(cut, as: .tcx, name: "cut.tcx", options: .init(chunkSize: chunkSize))
                #expect(
                    error?.description == expected, "cut after \(length) characters of text, \(chunkSize)-byte chunks")
            }
        }
    }

    /// Columns count characters, as libxml2's do, not bytes: a file cut in text of two-,
    /// three- and four-byte UTF-8 characters is placed one column per character after the last.
    @Test("a file cut inside non-ASCII text is placed at its end in characters, whatever the chunk size")
    func truncatedInNonASCIIText() {
        let head =
            "<TrainingCenterDatabase><Activities><Activity Sport=\"Running\"><Id>x</Id>\n<Lap><Track><Trackpoint><Notes>"
        let text = "Zürich > café — 🚲 > über den Üetliberg"
        for length in 1...text.unicodeScalars.count {
            let cut = head + String(String.UnicodeScalarView(text.unicodeScalars.prefix(length)))
            let column = cut.split(separator: "\n").last!.unicodeScalars.count + 1
            let expected =
                "cut.tcx:2:\(column): error: the file ends before </TrainingCenterDatabase>: it is truncated or incomplete"
            for chunkSize in [16, 17, 64 * 1024] {
                let (_, error) = readUntilError(cut, as: .tcx, name: "cut.tcx", options: .init(chunkSize: chunkSize))
                #expect(error?.description == expected, "cut after \(length) characters, \(chunkSize)-byte chunks")
            }
        }
    }
}
