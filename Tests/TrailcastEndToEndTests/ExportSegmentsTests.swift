// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// A route in several segments exports in as many (KML's `gx:MultiTrack`, GeoJSON's
/// MultiLineString, TCX's `<Track>`s in a lap): the gaps between them are not walked, so
/// the export's length is the route's. A 54-segment ride used to export as one line, 2.05%
/// longer.
@Suite("export keeps a route's segments")
struct ExportSegmentsTests {
    /// `count` segments of 40 points, each a short walk east, five minutes and 500 m apart.
    static func threeSegments(in scratch: ScratchDirectory, count: Int = 3) throws -> URL {
        var gpx = #"<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk>"#
        for segment in 0..<count {
            gpx += "<trkseg>\n"
            for step in 0..<40 {
                let seconds = segment * 700 + step * 10
                let longitude = 8.5 + Double(segment) * 0.01 + Double(step) * 0.0002
                gpx += #"<trkpt lat="47.3" lon="\#(String(format: "%.7f", longitude))"><ele>400</ele>"#
                gpx +=
                    "<time>2026-05-01T10:\(String(format: "%02d:%02d", seconds / 60, seconds % 60))Z</time></trkpt>\n"
            }
            gpx += "</trkseg>\n"
        }
        return try scratch.file(named: "three.gpx", text: gpx + "</trk></gpx>\n")
    }

    static func inspect(_ path: String) async throws -> [String: Any] {
        try await RouteFormatsRoundTripTests.summary(path)
    }

    @Test(
        "kml, geojson and tcx: two or three segments read back, every point, the route's own length",
        arguments: ["kml", "geojson", "tcx"], [2, 3])
    func segmentsKept(format: String, segments: Int) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let route = try Self.threeSegments(in: scratch, count: segments).path
        let exported = scratch.url.appendingPathComponent("route.\(format)").path
        let export = try await TrailcastBinary.run(arguments: ["export", route, "--to", format, "--output", exported])
        try #require(export.status == 0, "\(export.stderr)")
        if format == "geojson" {
            // RFC 7946 3.1.5: several lines are a MultiLineString, its coordinates one array per line.
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: exported)))
            let features =
                (object as? [String: Any])?["features"] as? [[String: Any]] ?? [object as? [String: Any] ?? [:]]
            let geometry = try #require(features.compactMap { $0["geometry"] as? [String: Any] }.first)
            #expect(geometry["type"] as? String == "MultiLineString")
            #expect((geometry["coordinates"] as? [[[Double]]])?.map(\.count) == Array(repeating: 40, count: segments))
        }
        let original = try await Self.inspect(route)
        let back = try await Self.inspect(exported)
        #expect(back["segments"] as? Int == segments)
        #expect(back["trackPoints"] as? Int == 40 * segments)
        let length = try #require(original["length2DMeters"] as? Double)
        // Positions are written to 1e-7 degrees: well within a centimetre over 117 legs.
        #expect(abs((back["length2DMeters"] as? Double ?? 0) - length) < 0.01, "\(back)")
        #expect(back["warnings"] as? [Any] == nil || (back["warnings"] as? [Any])?.isEmpty == true)
    }

    /// TCXExport: "the distance does not count the gaps". Each trackpoint's running
    /// `<DistanceMeters>` and the lap's total are the route's walked length (117 legs of
    /// 15.08 m), not that plus the 166 m jumps from one segment to the next.
    @Test("tcx: the lap's DistanceMeters and each trackpoint's leave out the gaps between segments")
    func tcxDistanceSkipsGaps() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let route = try Self.threeSegments(in: scratch).path
        let export = try await TrailcastBinary.run(arguments: ["export", route, "--to", "tcx"])
        try #require(export.status == 0, "\(export.stderr)")
        func distances(_ text: some StringProtocol) -> [Double] {
            text.components(separatedBy: "<DistanceMeters>").dropFirst().compactMap { Double($0.prefix { $0 != "<" }) }
        }
        let tracks = export.stdout.components(separatedBy: "<Track>").dropFirst().map(distances)
        try #require(tracks.map(\.count) == [40, 40, 40])
        let length = try #require(try await Self.inspect(route)["length2DMeters"] as? Double)
        let lap = try #require(distances(export.stdout.components(separatedBy: "<Track>")[0]).only)
        #expect(abs(lap - length) < 0.01, "lap \(lap), route \(length)")
        #expect(tracks.last?.last == lap)
        // A segment starts where the one before it ended: the gap adds nothing.
        #expect(
            tracks[1].first == tracks[0].last && tracks[2].first == tracks[1].last,
            "\(tracks.map { [$0.first, $0.last] })")
        #expect(tracks[0].first == 0)
    }

    /// GPSBabel's TCX reader (gtrnctr.cc) makes one track of an activity, whatever its laps
    /// and tracks: it reads every point, in one segment.
    @Test(
        "GPSBabel reads the KML's MultiTrack as three segments, and the TCX's 120 points",
        arguments: [
            ("kml", "[40, 40, 40]\n"), ("tcx", "[120]\n"),
        ])
    func gpsbabelSeesSegments(format: String, segments expected: String) async throws {
        try Peer.require("gpsbabel")
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let route = try Self.threeSegments(in: scratch).path
        let exported = scratch.url.appendingPathComponent("route.\(format)").path
        let export = try await TrailcastBinary.run(arguments: ["export", route, "--to", format, "--output", exported])
        try #require(export.status == 0, "\(export.stderr)")
        let back = scratch.url.appendingPathComponent("back.gpx").path
        let babel = try await TrailcastBinary.runTool(
            "gpsbabel", ["-t", "-i", format == "kml" ? "kml" : "gtrnctr", "-f", exported, "-o", "gpx", "-F", back])
        try #require(babel.status == 0, "gpsbabel: \(babel.stderr)")
        let script =
            "import gpxpy,sys; g=gpxpy.parse(open(sys.argv[1])); "
            + "print([len(s.points) for t in g.tracks for s in t.segments])"
        let segments = try await TrailcastBinary.runTool("python3", ["-c", script, back])
        #expect(segments.stdout == expected, "\(segments.stderr)")
    }

    @Test("the signal lost and restored starts a segment too; one stretch stays one gx:Track")
    func lossAndLoops() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let exported = scratch.url.appendingPathComponent("walk.kml").path
        let lost = try await TrailcastBinary.run(arguments: [
            "export", "gpx/sf-waterfront-walk.gpx", "--to", "kml", "--output", exported,
            "--event", "10m:signal=lost", "--event", "12m:signal=restored",
        ])
        try #require(lost.status == 0, "\(lost.stderr)")
        #expect(try await Self.inspect(exported)["segments"] as? Int == 2)
        let whole = try await TrailcastBinary.run(arguments: ["export", "gpx/sf-waterfront-walk.gpx", "--to", "kml"])
        #expect(!whole.stdout.contains("MultiTrack"))
        #expect(whole.stdout.components(separatedBy: "<gx:Track>").count == 2)
    }

    @Test("the last fix before a pause moves as it arrived, not at the pace of the gap after it")
    func speedBeforePause() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let route = try Self.threeSegments(in: scratch).path
        let csv = try await TrailcastBinary.run(arguments: ["export", route, "--to", "csv"])
        try #require(csv.status == 0, "\(csv.stderr)")
        let header = try #require(csv.stdoutLines.first).split(separator: ",").map(String.init)
        let speed = try #require(header.firstIndex(of: "speed"))
        let speeds = csv.stdoutLines.dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false)[speed]
        }
        // 0.0002 degrees of longitude at 47.3 degrees north every 10 s: 1.51 m/s. The gaps
        // after points 39 and 79 (166 m in 310 s) would say 0.53.
        #expect(
            speeds[38] == "1.51" && speeds[39] == "1.51" && speeds[79] == "1.51",
            "\(speeds[37...40]) \(speeds[78...80])")
    }
}
