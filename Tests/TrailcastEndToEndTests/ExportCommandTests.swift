// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
import TrailcastRoutes

/// `trailcast export`: the device stream as files that real tools read back, checked with
/// those tools (gpsbabel, gpxpy, trailcast inspect), not a parser of our own.
@Suite("trailcast export: files other tools read")
struct ExportCommandTests {
    static let walk = "gpx/sf-waterfront-walk.gpx"

    /// The fixes the device made, from a replay whose app receives them all.
    static func deviceFixes(_ arguments: [String] = []) async throws -> [(lat: Double, lon: Double, t: String)] {
        let timeline = try await ReplayTimeline.run(
            Self.walk, ["--authorization", "always", "--weather", "none"] + arguments)
        return timeline.locations.map {
            ($0["lat"]!.doubleValue!, $0["lon"]!.doubleValue!, $0["t"]!.stringValue!)
        }
    }

    /// A gpxpy script's JSON answer: [[lat, lon, "time"], ...] of waypoints or track points.
    static func gpxpyPoints(_ file: URL, waypoints: Bool) async throws -> [[Any]] {
        let points = waypoints ? "g.waypoints" : "[p for t in g.tracks for s in t.segments for p in s.points]"
        let script =
            "import gpxpy,sys,json; g=gpxpy.parse(open(sys.argv[1])); "
            + "print(json.dumps([[p.latitude,p.longitude,p.time.isoformat() if p.time else None] for p in \(points)]))"
        let result = try await TrailcastBinary.runTool("python3", ["-c", script, file.path])
        try #require(result.status == 0, "gpxpy (pip install gpxpy, as .ci/run does): \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[Any]])
    }

    static func seconds(_ iso: String) -> Double {
        // "2026-06-13T16:00:03.000Z" or gpxpy's "2026-06-13T16:00:03+00:00": seconds of the day.
        let time = iso.split(separator: "T")[1]
        let parts = time.prefix(while: { $0 != "Z" && $0 != "+" }).split(separator: ":")
        return Double(parts[0])! * 3600 + Double(parts[1])! * 60 + Double(parts[2])!
    }

    @Test("xcode-gpx: timed <wpt>s only, in time order, and gpxpy and inspect read back every fix")
    func xcodeGPX() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let output = scratch.url.appendingPathComponent("walk-xcode.gpx")
        let export = try await TrailcastBinary.run(arguments: [
            "export", Self.walk, "--to", "xcode-gpx", "--output", output.path,
        ])
        #expect(export.status == 0)
        #expect(export.stderr == "")
        let text = try String(contentsOf: output, encoding: .utf8)
        #expect(!text.contains("<trk") && !text.contains("<rte"), "Xcode reads waypoints only")

        let inspect = try await TrailcastBinary.run(arguments: ["inspect", "--format", "json", output.path])
        #expect(inspect.status == 0)
        let summary = try OrderedJSON(parsing: inspect.stdout.trimmingCharacters(in: .newlines))
        #expect(summary["waypoints"] == .number("1840"))
        #expect(summary["warnings"] == .array([]))

        let expected = try await Self.deviceFixes()
        let points = try await Self.gpxpyPoints(output, waypoints: true)
        #expect(points.count == expected.count)
        for (point, fix) in zip(points, expected) {
            #expect(abs((point[0] as! Double) - fix.lat) < 1e-9 && abs((point[1] as! Double) - fix.lon) < 1e-9)
            #expect(abs(Self.seconds(point[2] as! String) - Self.seconds(fix.t)) < 1e-6)
        }
        let times = points.map { Self.seconds($0[2] as! String) }
        #expect(times == times.sorted())
    }

    @Test("an untimed route becomes waypoints at the travel speed's pace, which Xcode replays")
    func untimedRouteGetsTimes() async throws {
        let result = try await TrailcastBinary.run(arguments: [
            "export", "gpx/route-no-times.gpx", "--to", "xcode-gpx", "--travel-speed", "2",
        ])
        #expect(result.status == 0)
        #expect(
            result.stdout.components(separatedBy: "<time>2001-01-01T").count - 1 == 24, "one waypoint per route point")
    }

    @Test("nmea: gpsbabel reads the log back to the same points, within NMEA's rounding")
    func nmeaThroughGPSBabel() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let log = scratch.url.appendingPathComponent("walk.nmea")
        let back = scratch.url.appendingPathComponent("back.gpx")
        let arguments = ["--gps", "open-sky", "--seed", "5"]
        let export = try await TrailcastBinary.run(
            arguments: ["export", Self.walk, "--to", "nmea", "--output", log.path] + arguments)
        #expect(export.status == 0)
        let babel = try await TrailcastBinary.runTool(
            "gpsbabel", ["-i", "nmea", "-f", log.path, "-o", "gpx", "-F", back.path])
        try #require(babel.status == 0, "gpsbabel (apt-get install gpsbabel, as .ci/run does): \(babel.stderr)")
        let expected = try await Self.deviceFixes(arguments)
        let points = try await Self.gpxpyPoints(back, waypoints: false)
        #expect(points.count == expected.count)
        for (point, fix) in zip(points, expected) {
            // ddmm.mmmm: a ten-thousandth of a minute is 1.7e-6 degrees.
            #expect(abs((point[0] as! Double) - fix.lat) < 2e-6)
            #expect(abs((point[1] as! Double) - fix.lon) < 2e-6)
            #expect(abs(Self.seconds(point[2] as! String) - Self.seconds(fix.t)) < 0.011)
        }
    }

    @Test("nmea: the same device stream from replay --nmea as from export; no-fix sentences while the signal is lost")
    func replayFeedEqualsExport() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let fromReplay = scratch.url.appendingPathComponent("replay.nmea")
        let device = [
            "--gps", "urban-canyon", "--seed", "2", "--interval", "1", "--event", "10m:signal=lost", "--event",
            "12m:signal=restored",
        ]
        let replay = try await TrailcastBinary.run(
            arguments: ["replay", Self.walk, "--nmea", fromReplay.path, "--output", "/dev/null"] + device)
        #expect(replay.status == 0)
        let export = try await TrailcastBinary.run(arguments: ["export", Self.walk, "--to", "nmea"] + device)
        #expect(export.status == 0)
        let replayed = try String(contentsOf: fromReplay, encoding: .utf8)
        #expect(replayed == export.stdout)
        let rmc = replayed.split(separator: "\r\n").filter { $0.hasPrefix("$GPRMC") }
        #expect(rmc.count == 5167, "one epoch a second, the signal lost or not")
        let lost = rmc.filter { $0.split(separator: ",", omittingEmptySubsequences: false)[2] == "V" }
        #expect(lost.count == 204, "two minutes of the tunnel (120), plus the canyon's dropouts with this seed")
        #expect(rmc.contains { $0.hasPrefix("$GPRMC,161000.00,V,") })
        #expect(rmc.contains { $0.hasPrefix("$GPRMC,161200.00,A,") })
    }

    @Test("geojson: an RFC 7946 FeatureCollection, a LineString with its times, then a Point per fix")
    func geoJSON() async throws {
        let result = try await TrailcastBinary.run(arguments: ["export", Self.walk, "--to", "geojson"])
        #expect(result.status == 0)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(root["type"] as? String == "FeatureCollection")
        #expect(root["crs"] == nil, "RFC 7946 removed crs: WGS 84 only")
        let features = try #require(root["features"] as? [[String: Any]])
        #expect(features.count == 1 + 1840)
        func position(_ value: Any) -> Bool {
            guard let numbers = value as? [Double], (2...3).contains(numbers.count) else { return false }
            return (-180...180).contains(numbers[0]) && (-90...90).contains(numbers[1])
        }
        for feature in features {
            #expect(feature["type"] as? String == "Feature")
            #expect(feature["properties"] is [String: Any])
            let geometry = try #require(feature["geometry"] as? [String: Any])
            switch geometry["type"] as? String {
            case "LineString":
                let coordinates = try #require(geometry["coordinates"] as? [Any])
                #expect(coordinates.count >= 2 && coordinates.allSatisfy(position))
                let times = (feature["properties"] as? [String: Any])?["coordTimes"] as? [String]
                #expect(times?.count == coordinates.count)
            case "Point":
                #expect(position(geometry["coordinates"] as Any))
                #expect((feature["properties"] as? [String: Any])?["time"] is String)
            default:
                Issue.record("unexpected geometry \(geometry)")
            }
        }
        let first = try #require((features[1]["geometry"] as? [String: Any])?["coordinates"] as? [Double])
        #expect(first == [-122.394253, 37.795403, 4.5], "longitude first")
    }

    /// Core Location's speed is negative only when it is invalid (`CLLocation.speed`): a
    /// device standing still moves at 0 m/s, a valid speed, which GeoJSON writes as 0; only
    /// an unknown speed or course is `null`. Due north is a course of 0, not an unknown one.
    @Test("geojson: a fix standing still has speed 0, not null; its unknown course is null; north is 0")
    func geoJSONStandingStill() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let route = try Self.standThenEastThenNorth(in: scratch)
        let result = try await TrailcastBinary.run(arguments: ["export", route.path, "--to", "geojson"])
        try #require(result.status == 0, "\(result.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let points = try #require(root["features"] as? [[String: Any]]).dropFirst().compactMap {
            $0["properties"] as? [String: Any]
        }
        try #require(points.count == 4)
        #expect(points[0]["speed"] as? Double == 0)
        #expect(points[0]["course"] is NSNull)
        #expect(points[1]["speed"] as? Double == 1.51 && points[1]["course"] as? Double == 90)
        #expect(points[2]["speed"] as? Double == 1.11 && points[2]["course"] as? Double == 0)
    }

    /// TCX's `<Speed>` (ActivityExtension v2) is written for every known speed, the standing
    /// device's 0 included: a trackpoint without one is a speed the watch did not know.
    @Test("tcx: every trackpoint has its speed, a standing one 0; the lap its time, distance and fastest speed")
    func tcxStandingStill() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let route = try Self.standThenEastThenNorth(in: scratch)
        let result = try await TrailcastBinary.run(arguments: ["export", route.path, "--to", "tcx"])
        try #require(result.status == 0, "\(result.stderr)")
        let speeds = result.stdout.components(separatedBy: "<Speed>").dropFirst().map {
            Double($0.prefix { $0 != "<" })
        }
        #expect(result.stdout.components(separatedBy: "<Trackpoint>").count - 1 == 4)
        #expect(speeds == [0, 1.51, 1.11, 1.11])
        // The lap's maximum is the fastest fix's, not the last's; its time and distance the
        // whole route's: 30 s, 15.08 m east and 11.12 m north.
        #expect(result.stdout.contains("<MaximumSpeed>1.51</MaximumSpeed>"), "\(result.stdout)")
        #expect(result.stdout.contains("<TotalTimeSeconds>30</TotalTimeSeconds>"), "\(result.stdout)")
        #expect(result.stdout.contains("<DistanceMeters>26.2</DistanceMeters>"), "\(result.stdout)")
    }

    /// Ten seconds at one spot, then 15.08 m east in ten seconds, then 11.12 m north.
    static func standThenEastThenNorth(in scratch: ScratchDirectory) throws -> URL {
        try scratch.file(
            named: "still.gpx",
            text: """
                <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
                <trkpt lat="47.3" lon="8.5"><time>2026-05-01T10:00:00Z</time></trkpt>
                <trkpt lat="47.3" lon="8.5"><time>2026-05-01T10:00:10Z</time></trkpt>
                <trkpt lat="47.3" lon="8.5002"><time>2026-05-01T10:00:20Z</time></trkpt>
                <trkpt lat="47.3001" lon="8.5002"><time>2026-05-01T10:00:30Z</time></trkpt>
                </trkseg></trk></gpx>
                """)
    }

    /// The timeline's precision, 7 decimals (about a centimetre), in every export: a route
    /// given to 8 decimals is rounded, not cut, and not rounded further.
    @Test(
        "every format writes degrees to 7 decimals, rounded", arguments: ["xcode-gpx", "geojson", "csv", "kml", "tcx"])
    func coordinateDigits(format: String) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let route = try scratch.file(
            named: "precise.gpx",
            text: #"<gpx version="1.1" creator="t"><trk><trkseg><trkpt lat="37.80123456" lon="-122.40543214">"#
                + #"<time>2026-06-13T16:00:00Z</time></trkpt><trkpt lat="37.80133456" lon="-122.40553214">"#
                + #"<time>2026-06-13T16:00:10Z</time></trkpt></trkseg></trk></gpx>"# + "\n")
        let result = try await TrailcastBinary.run(arguments: ["export", route.path, "--to", format])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("37.8012346") && result.stdout.contains("-122.4054321"), "\(result.stdout)")
        #expect(!result.stdout.contains("37.80123456") && !result.stdout.contains("37.801235,"))
    }

    @Test("csv: a header and one row per fix, the truth last")
    func csv() async throws {
        let result = try await TrailcastBinary.run(arguments: ["export", Self.walk, "--to", "csv", "--gps", "suburban"])
        #expect(result.status == 0)
        let lines = result.stdoutLines
        #expect(
            lines.first
                == "time,lat,lon,altitude,horizontalAccuracy,verticalAccuracy,speed,course,index,truthLat,truthLon")
        #expect(
            lines.count == 1 + 1833, "the header and one row per fix (the suburban receiver misses 7 of 1840 epochs)")
        #expect(lines.dropFirst().allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == 11 })
        // The truth is where the noisy fix was meant to be: metres away, latitude beside latitude.
        for line in lines.dropFirst() {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
            try #require(cells.count == 11 && [1, 2, 9, 10].allSatisfy { cells[$0] != nil }, "\(line)")
            #expect(abs(cells[9]! - cells[1]!) < 0.005 && abs(cells[10]! - cells[2]!) < 0.005, "\(line)")
        }
    }

    struct BadInput: Sendable {
        var arguments: [String]
        var status: Int32
        /// The first stderr line, exactly.
        var message: String
    }

    @Test(
        "bad input: 64 for flags, 66 for a missing file, 73 for an output that cannot be made",
        arguments: [
            BadInput(
                arguments: ["export", "gpx/sf-waterfront-walk.gpx", "--to", "shp"], status: 64,
                message: "trailcast: error: --to must be one of xcode-gpx, nmea, geojson, csv, kml, tcx, not 'shp'"),
            BadInput(
                arguments: ["export", "gpx/sf-waterfront-walk.gpx", "--to", "csv", "--input-format", "shp"], status: 64,
                message:
                    "trailcast: error: --input-format must be one of \(RouteFormat.names), not 'shp'"
            ),
            BadInput(
                arguments: ["export", "gpx/sf-waterfront-walk.gpx", "--to", "csv", "--event", "1m:app=background"],
                status: 64,
                message:
                    "trailcast: error: --event 1m:app=background: export writes the device stream, which only signal=lost|restored changes"
            ),
            BadInput(
                arguments: ["export", "gpx/sf-waterfront-walk.gpx"], status: 64,
                message: "trailcast: error: --format is needed: one of xcode-gpx, nmea, geojson, csv, kml, tcx"),
            BadInput(
                arguments: ["export", "gpx/no-such-file.gpx", "--to", "csv"], status: 66,
                message: "gpx/no-such-file.gpx: error: no such file"),
            BadInput(
                arguments: [
                    "export", "gpx/sf-waterfront-walk.gpx", "--to", "csv", "--output", "/no-such-folder/x.csv",
                ], status: 73,
                message: "/no-such-folder/x.csv: error: cannot create the export: No such file or directory"),
        ])
    func badInput(_ input: BadInput) async throws {
        let arguments = input.arguments
        let status = input.status
        let result = try await TrailcastBinary.run(arguments: arguments)
        #expect(result.status == status)
        #expect(result.stdout == "")
        #expect(result.stderrLines.first == input.message, "\(result.stderr)")
    }

    @Test("a KML placemark's TimeSpan times its line in export and replay, spread as GPSBabel spreads it")
    func timeSpanReachesTheCommands() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let kml = try scratch.file(
            named: "span.kml",
            text: """
                <?xml version="1.0" encoding="UTF-8"?>
                <kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>drawn</name>
                <TimeSpan><begin>2017-08-21T17:00:05Z</begin><end>2017-08-21T17:22:32Z</end></TimeSpan>
                <LineString><coordinates>8.5,47.3,400 8.51,47.3,401 8.52,47.3</coordinates></LineString>
                </Placemark></Document></kml>
                """)
        let export = try await TrailcastBinary.run(arguments: ["export", kml.path, "--format", "csv"])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(
            export.stdoutLines.dropFirst().map { String($0.prefix(24)) } == [
                "2017-08-21T17:00:05.000Z", "2017-08-21T17:11:18.500Z", "2017-08-21T17:22:32.000Z",
            ])
        let replay = try await TrailcastBinary.run(arguments: [
            "replay", kml.path, "--format", "jsonl", "--weather", "none",
        ])
        #expect(replay.status == 0, "\(replay.stderr)")
        let timeline = try ReplayTimeline(result: replay)
        #expect(
            timeline.locations.map { $0["t"] } == [
                .string("2017-08-21T17:00:05.000Z"), .string("2017-08-21T17:11:18.500Z"),
                .string("2017-08-21T17:22:32.000Z"),
            ])
    }

    @Test("waypoints whose times go back are all written, in the file's order, each timed forward (issue 60)")
    func waypointsOutOfTimeOrder() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        // Places listed by name, their times in another order.
        let times = ["10:00:00", "09:00:00", "10:10:00", "08:00:00", "10:20:00"]
        var text = "<gpx version=\"1.1\" creator=\"test\">\n"
        for (index, time) in times.enumerated() {
            text +=
                "<wpt lat=\"47.\(index)\" lon=\"8.0\"><time>2026-01-01T\(time)Z</time><name>P\(index)</name></wpt>\n"
        }
        let file = try scratch.file(named: "places.gpx", text: text + "</gpx>\n")
        let export = try await TrailcastBinary.run(arguments: [
            "export", file.path, "--format", "csv", "--source", "waypoints",
        ])
        #expect(export.status == 0, "\(export.stderr)")
        let rows = export.stdoutLines.dropFirst().map { $0.split(separator: ",").map(String.init) }
        #expect(rows.map { $0[1] } == ["47", "47.1", "47.2", "47.3", "47.4"], "every place, in the file's order")
        // The places whose times go forward keep them; the others are timed between them.
        #expect(
            [0, 2, 4].map { String(rows[$0][0].prefix(19)) } == [
                "2026-01-01T10:00:00", "2026-01-01T10:10:00", "2026-01-01T10:20:00",
            ])
        let written = rows.map { $0[0] }
        #expect(written == written.sorted() && Set(written).count == 5, "each timed forward: \(written)")
        #expect(export.stderrLines.count == 2, "one warning per place whose time went back: \(export.stderr)")
        #expect(export.stderrLines.allSatisfy { $0.hasSuffix("; position kept, time dropped") })
    }
}
