// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastRoutes
import Testing
import TrailcastBasics

/// `Options.fields`: skipped fields are not decoded, kept ones read as usual.
@Suite("Field selection")
struct RouteFieldSelectionTests {
    static let document = """
        <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"
             xmlns:tpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">
        <trk><trkseg>
        <trkpt lat="47.1" lon="8.2"><ele>412.5</ele><time>2026-06-14T07:30:00Z</time><name>A</name>
          <sym>Flag</sym><sat>7</sat><hdop>1.5</hdop><vdop>2</vdop><pdop>3</pdop>
          <extensions><tpx:TrackPointExtension><tpx:hr>141</tpx:hr><tpx:speed>4.5</tpx:speed>
          <tpx:course>90</tpx:course></tpx:TrackPointExtension><other>x</other></extensions></trkpt>
        <trkpt lat="47.2" lon="8.3"><ele>not a number</ele></trkpt>
        </trkseg></trk></gpx>
        """

    static func points(_ fields: RouteFieldSelection) throws -> (points: [RoutePoint], warnings: Int) {
        let events = try readAllEvents(ofGPX: document, options: .init(fields: fields))
        let points = events.compactMap { event -> RoutePoint? in
            if case .trackPoint(let point) = event { return point }
            return nil
        }
        let warnings = events.filter { if case .warning = $0 { return true } else { return false } }.count
        return (points, warnings)
    }

    @Test func motionKeepsWhatAFixNeedsAndSkipsTheRest() throws {
        let (points, warnings) = try Self.points(.motion)
        let point = try #require(points.first)
        #expect(points.count == 2)
        #expect(point.latitude == 47.1 && point.longitude == 8.2)
        #expect(point.elevationMeters == 412.5)
        #expect(point.time == Timestamp(iso8601: "2026-06-14T07:30:00Z"))
        #expect(point.horizontalDilution == 1.5 && point.verticalDilution == 2)
        #expect(point.speedMetersPerSecond == 4.5 && point.courseDegrees == 90)
        #expect(point.name == nil && point.symbol == nil && point.satellites == nil && point.positionDilution == nil)
        #expect(point.heartRateBeatsPerMinute == nil && point.extensions.isEmpty)
        #expect(warnings == 1)  // the unparsable <ele> of the second point is still a motion field
    }

    @Test func coordinatesSkipsEveryFieldAndItsWarnings() throws {
        let (points, warnings) = try Self.points(.coordinates)
        #expect(points.map(\.latitude) == [47.1, 47.2])
        #expect(points.allSatisfy { $0.time == nil && $0.elevationMeters == nil && $0.horizontalDilution == nil })
        #expect(warnings == 0)
    }

    @Test func allIsTheDefaultAndReadsEverything() throws {
        let (points, warnings) = try Self.points(.all)
        let point = try #require(points.first)
        #expect(point.name == "A" && point.symbol == "Flag" && point.satellites == 7 && point.positionDilution == 3)
        #expect(point.heartRateBeatsPerMinute == 141)
        #expect(point.extensions.count == 1)
        #expect(warnings == 1)
        #expect(GPXStreamReader.Options().fields == .all)
    }
}
