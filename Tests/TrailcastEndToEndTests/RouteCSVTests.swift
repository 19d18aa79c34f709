// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// CSV files of positions as routes: Trailcast's own `export --format csv` read back, and
/// GPSBabel's `unicsv` (its `Date` and `Time` apart, six decimals) replayed as the GPX it
/// was written from.
@Suite("CSV routes: Trailcast's own export and GPSBabel's unicsv replay as their GPX does")
struct RouteCSVTests {
    @Test(
        "Trailcast's own export --format csv replays to the GPX's timeline",
        arguments: RouteFormatsRoundTripTests.samples)
    func ownExportReadsBack(sample: String) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let exported = scratch.url.appendingPathComponent("route.csv").path
        let export = try await TrailcastBinary.run(arguments: ["export", sample, "--to", "csv", "--output", exported])
        try #require(export.status == 0, "\(export.stderr)")
        // Seven decimals of a degree and milliseconds, as the export writes them; its speeds
        // (the device's) are read as the route's.
        try await RouteFormatsRoundTripTests.expectSameTimeline(
            exported, as: sample,
            conversion: .init(format: "csv", babelFormat: "", degrees: 1.01e-7, seconds: 0.001, addsSpeed: true))
    }

    @Test(
        "GPSBabel's unicsv of a GPX replays to the GPX's timeline, to its six decimals",
        arguments: RouteFormatsRoundTripTests.samples)
    func gpsbabelUnicsv(sample: String) async throws {
        try Peer.require("gpsbabel")
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let converted = scratch.url.appendingPathComponent("route.csv").path
        let babel = try await TrailcastBinary.runTool(
            "gpsbabel", ["-t", "-i", "gpx", "-f", Repository.url(sample).path, "-o", "unicsv,utc=0", "-F", converted])
        try #require(babel.status == 0, "gpsbabel: \(babel.stderr)")
        // GPSBabel ends its lines CR LF.
        let header = try String(contentsOfFile: converted, encoding: .utf8).split(whereSeparator: \.isNewline).first
            .map(String.init)
        #expect(header?.hasPrefix("No,Latitude,Longitude,Altitude,") == true, "\(header ?? "")")
        #expect(header?.hasSuffix(",Date,Time") == true, "\(header ?? "")")
        // Speeds come from positions rounded to six decimals (5.5 cm at most): a 1 Hz ride's
        // speeds move by up to a decimetre a second, so they are not compared.
        try await RouteFormatsRoundTripTests.expectSameTimeline(
            converted, as: sample,
            conversion: .init(
                format: "csv", babelFormat: "unicsv", degrees: 5.01e-7 + 1e-7, seconds: 0, addsSpeed: true,
                elevationMeters: 0.05))
        let summary = try await RouteFormatsRoundTripTests.summary(converted)
        #expect(summary["format"] as? String == "csv")
    }

    /// A phone's track (trackintel's POSMO example: semicolons, longitude first, nine
    /// decimals of a second and no zone) read by Python's `csv` module, row for row.
    @Test("a real semicolon CSV, longitude first: every row as Python's csv reads it, times where they go forward")
    func realSemicolonCSV() async throws {
        let path = Repository.url("Tests/Fixtures/realworld/csv/trackintel-posmo-semicolon.csv").path
        let script = """
            import csv, sys, json, datetime
            rows = []
            with open(sys.argv[1], newline='') as f:
                for row in csv.DictReader(f, delimiter=';'):
                    day, clock = row['tracked_at'].split(' ')
                    whole, fraction = clock.split('.')
                    t = datetime.datetime.fromisoformat(day + 'T' + whole + '+00:00').timestamp() + int(fraction[:3]) / 1000
                    rows.append([float(row['latitude']), float(row['longitude']), t])
            print(json.dumps(rows))
            """
        let python = try await TrailcastBinary.runTool("python3", ["-c", script, path])
        try #require(python.status == 0, "\(python.stderr)")
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(python.stdout.utf8)) as? [[Double]])
        let export = try await TrailcastBinary.run(arguments: ["export", path, "--to", "csv"])
        try #require(export.status == 0, "\(export.stderr)")
        let rows = export.stdoutLines.dropFirst().filter { !$0.isEmpty }.map {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        #expect(rows.count == expected.count)
        #expect(expected.count == 1327)
        var latest = -Double.infinity
        var timesCompared = 0
        for (row, python) in zip(rows, expected) {
            #expect(abs(Double(row[1])! - python[0]) <= 5.01e-8)
            #expect(abs(Double(row[2])! - python[1]) <= 5.01e-8)
            // A time before the one before it is dropped and the row timed between its
            // neighbours (docs/route-formats.md).
            if python[2] >= latest {
                latest = python[2]
                #expect(abs(RouteFormatsRoundTripTests.seconds(String(row[0])) - python[2]) <= 0.0005, "\(row)")
                timesCompared += 1
            }
        }
        #expect(timesCompared == 1322)
    }
}
