// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// `trailcast inspect` on well-formed files: what it prints, in both formats.
@Suite("trailcast inspect output")
struct InspectCommandTests {
    @Test(
        "--format json: one line, documented keys in order, gpxpy's counts and times",
        arguments: Repository.samples)
    func jsonSummary(of path: String) async throws {
        let result = try await TrailcastBinary.run(arguments: ["inspect", "--format", "json", path])

        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasSuffix("}\n"))
        let line = try #require(result.stdoutLines.only, "expected exactly one line:\n\(result.stdout)")
        // A second, independent parser: the line must be JSON to Foundation too.
        #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any])
        let summary = try OrderedJSON(parsing: line)
        InspectSummaryShape.expectValid(summary)

        let reference = try #require(try GPXPyReference.load()[path], "no gpxpy reference for \(path)")
        #expect(summary["file"]?.stringValue == path)
        #expect(summary["version"]?.stringValue == reference.version)
        let counts: [(String, Int?)] = [
            ("waypoints", reference.waypoints), ("routes", reference.routes),
            ("routePoints", reference.routePoints), ("tracks", reference.tracks),
            ("segments", reference.segments), ("trackPoints", reference.trackPoints),
        ]
        for (key, expected) in counts {
            #expect(summary[key]?.intValue == expected, "\(key)")
        }
        for (key, expected) in [("startTime", reference.startTime), ("endTime", reference.endTime)] {
            #expect(summary[key] == expected.map(OrderedJSON.string) ?? .null, "\(key)")
        }
        if reference.startTime == nil {
            // Without track times there is nothing to measure a duration with.
            #expect(summary["durationSeconds"] == .null)
            #expect(summary["movingSeconds"] == .null)
        }

        // gpxpy's length_2d() uses an Earth radius of 6378.137 km (equatorial) and
        // Trailcast the mean radius 6371.0088 km, so Trailcast reads 0.11 % shorter;
        // anything beyond 0.5 % would be a real difference in what is measured.
        let length = try #require(summary["length2DMeters"]?.doubleValue)
        let referenceLength = try #require(reference.length2DMeters)
        #expect(
            abs(length - referenceLength) <= max(referenceLength * 0.005, 0.001),
            "length2DMeters \(length), gpxpy \(referenceLength)")
    }

    @Test("the route-only file has null times and a route length but no track length")
    func routeWithoutTimes() async throws {
        let result = try await TrailcastBinary.run(
            arguments: ["inspect", "--format", "json", "gpx/route-no-times.gpx"])
        let summary = try OrderedJSON(parsing: try #require(result.stdoutLines.only))
        for key in ["startTime", "endTime", "durationSeconds", "movingSeconds"] {
            #expect(summary[key] == .null, "\(key)")
        }
        #expect(summary["length2DMeters"] == .number("0"))
        #expect(summary["routeLength2DMeters"] == .number("2495.471"))
        #expect(summary["bounds"]?.keys == InspectSummaryShape.boundsKeys)
        // Each corner from its own coordinate (the route's rtept values, read by hand).
        for (key, value) in [
            ("minLat", "47.34943"), ("minLon", "8.4873"), ("maxLat", "47.36795"), ("maxLon", "8.4956"),
        ] {
            #expect(summary["bounds"]?[key] == .number(value), "\(key)")
        }
        #expect(summary["warnings"] == .array([]))
    }

    @Test("several files in one call: one JSON line each, in argument order")
    func severalFiles() async throws {
        // Not alphabetical, and one file twice, so sorting or deduplicating would show.
        let files = [
            "gpx/zurich-lake-ride.gpx", "gpx/route-no-times.gpx", "gpx/sf-waterfront-walk.gpx",
            "gpx/xcode-waypoints.gpx", "gpx/route-no-times.gpx",
        ]
        let result = try await TrailcastBinary.run(arguments: ["inspect", "--format", "json"] + files)

        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdoutLines
        try #require(lines.count == files.count, "\(result.stdout)")
        for (line, file) in zip(lines, files) {
            let summary = try OrderedJSON(parsing: line)
            InspectSummaryShape.expectValid(summary)
            #expect(summary["file"]?.stringValue == file)
        }
        // Each line is what a run on that file alone prints.
        let alone = try await TrailcastBinary.run(
            arguments: ["inspect", "--format", "json", "gpx/sf-waterfront-walk.gpx"])
        #expect(lines[2] + "\n" == alone.stdout)
        #expect(lines[1] == lines[4])
    }

    @Test(
        "text format: file name, counts, length in km and a warnings line",
        arguments: Repository.samples)
    func textReport(of path: String) async throws {
        let json = try await TrailcastBinary.run(arguments: ["inspect", "--format", "json", path])
        let summary = try OrderedJSON(parsing: try #require(json.stdoutLines.only))
        let result = try await TrailcastBinary.run(arguments: ["inspect", path])

        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdoutLines
        #expect(lines.first == path)
        // "  label      value" rows, keyed by label.
        var rows: [String: String] = [:]
        for line in lines.dropFirst() where line.hasPrefix("  ") && !line.hasPrefix("    ") {
            let row = line.dropFirst(2)
            guard let space = row.firstIndex(of: " ") else { continue }
            rows[String(row[..<space])] = row[space...].trimmingCharacters(in: .whitespaces)
        }
        let count = { (key: String) in summary[key]?.intValue ?? -1 }
        #expect(rows["waypoints"] == "\(count("waypoints"))")
        let plural = { (count: Int, noun: String) in "\(count) \(noun)\(count == 1 ? "" : "s")" }
        let routeMeters = try #require(summary["routeLength2DMeters"]?.doubleValue)
        #expect(
            rows["routes"] == "\(count("routes")) (\(plural(count("routePoints"), "point")), "
                + String(format: "%.2f km)", routeMeters / 1000))
        #expect(
            rows["tracks"] == "\(count("tracks")) (\(plural(count("segments"), "segment")), "
                + "\(plural(count("trackPoints"), "point")))")
        let meters = try #require(summary["length2DMeters"]?.doubleValue)
        #expect(rows["length"] == String(format: "%.2f km", meters / 1000))
        #expect(rows["warnings"] == "none")
        // Times: the JSON's to the second (the samples' are whole seconds), durations h:mm:ss.
        if let start = summary["startTime"]?.stringValue, let end = summary["endTime"]?.stringValue {
            let toTheSecond = { (time: String) in time.replacing(".000Z", with: "Z") }
            #expect(rows["time"] == "\(toTheSecond(start)) to \(toTheSecond(end))")
        } else {
            #expect(rows["time"] == nil)
        }
        let clock = { (seconds: Double) -> String in
            let total = Int(seconds.rounded())
            return "\(total / 3600):" + String(format: "%02d:%02d", total / 60 % 60, total % 60)
        }
        if let duration = summary["durationSeconds"]?.doubleValue {
            let moving = summary["movingSeconds"]?.doubleValue.map { ", moving \(clock($0))" } ?? ""
            #expect(rows["duration"] == clock(duration) + moving)
        } else {
            #expect(rows["duration"] == nil)
        }
    }

    /// The rows a file's own header fills: its format and version, the program that made
    /// it, its name and when it was made; a GPX that names no version says so.
    @Test(
        "the format row: GPX with its version, its namespace's or \"(no version)\", and its creator (an & in it as written); the name and created rows",
        arguments: [
            (
                #"<gpx version="1.0" creator="Hand &amp; Eye"><metadata><name>Walk</name><time>2026-06-13T16:00:00.250Z</time></metadata>"#,
                [
                    "  format     GPX 1.0, created by Hand & Eye", "  name       Walk",
                    "  created    2026-06-13T16:00:00Z",
                ]
            ),
            // No version attribute, no namespace to tell it by.
            (#"<gpx>"#, ["  format     GPX (no version)"]),
            (#"<gpx xmlns="http://www.topografix.com/GPX/1/0">"#, ["  format     GPX 1.0"]),
        ])
    func headerRows(opening: String, rows: [String]) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file(
            named: "header.gpx",
            text: opening
                + #"<trk><trkseg><trkpt lat="37.8" lon="-122.4"><time>2026-06-13T16:00:00Z</time></trkpt></trkseg></trk></gpx>"#
                + "\n")
        let result = try await TrailcastBinary.run(arguments: ["inspect", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdoutLines
        #expect(Array(lines.dropFirst().prefix(rows.count)) == rows, "\(result.stdout)")
        if rows.count == 1 {
            #expect(!lines.contains { $0.hasPrefix("  name ") || $0.hasPrefix("  created ") })
        }
    }

    @Test("`-` reads standard input and reports it as file \"-\"")
    func standardInput() async throws {
        let path = "gpx/sf-waterfront-walk.gpx"
        let bytes = try Data(contentsOf: Repository.url(path))
        let fromFile = try await TrailcastBinary.run(arguments: ["inspect", "--format", "json", path])
        let fromStdin = try await TrailcastBinary.run(
            arguments: ["inspect", "--format", "json", "-"], stdin: bytes)

        #expect(fromStdin.status == 0)
        #expect(fromStdin.stderr == "")
        let summary = try OrderedJSON(parsing: try #require(fromStdin.stdoutLines.only))
        InspectSummaryShape.expectValid(summary)
        #expect(summary["file"]?.stringValue == "-")
        // Everything but the name is the same as reading the file.
        #expect(
            fromStdin.stdout
                == fromFile.stdout.replacingOccurrences(
                    of: "{\"file\":\"\(path)\",", with: "{\"file\":\"-\","))

        let text = try await TrailcastBinary.run(arguments: ["inspect", "-"], stdin: bytes)
        #expect(text.status == 0)
        #expect(text.stdoutLines.first == "-")
        #expect(text.stdout.contains("1840 points"))
    }

    @Test("two runs print byte-identical JSON")
    func deterministic() async throws {
        let arguments = ["inspect", "--format", "json"] + Repository.samples
        let first = try await TrailcastBinary.run(arguments: arguments)
        let second = try await TrailcastBinary.run(arguments: arguments)
        #expect(first.status == 0)
        #expect(first.stdoutLines.count == Repository.samples.count)
        #expect(Data(first.stdout.utf8) == Data(second.stdout.utf8))
    }
}

extension Array {
    /// The element of a one-element array; nil if there are none or several.
    var only: Element? { count == 1 ? first : nil }
}
