// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// A Google Takeout location history as a route: a real `Records.json` (kgeo-timeline's test
/// data, MIT) read by Python's own `json`, fix for fix, and found by its content in a `.json`.
@Suite("Google Takeout location history as a route")
struct TakeoutTests {
    static let records = Repository.url("Tests/Fixtures/realworld/takeout/kgeo-records.json").path

    @Test("a real Records.json: every location as Python's json reads it, by its content in a .json")
    func realRecords() async throws {
        let script = """
            import json, sys, datetime
            rows = []
            for location in json.load(open(sys.argv[1]))['locations']:
                t = datetime.datetime.fromisoformat(location['timestamp'].replace('Z', '+00:00')).timestamp()
                rows.append([location['latitudeE7'] / 1e7, location['longitudeE7'] / 1e7, t])
            print(json.dumps(rows))
            """
        let python = try await TrailcastBinary.runTool("python3", ["-c", script, Self.records])
        try #require(python.status == 0, "\(python.stderr)")
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(python.stdout.utf8)) as? [[Double]])
        let export = try await TrailcastBinary.run(arguments: ["export", Self.records, "--to", "csv"])
        try #require(export.status == 0, "\(export.stderr)")
        #expect(export.stderr == "")
        let rows = export.stdoutLines.dropFirst().filter { !$0.isEmpty }.map {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        #expect(rows.count == expected.count)
        #expect(expected.count == 12)
        for (row, python) in zip(rows, expected) {
            #expect(abs(Double(row[1])! - python[0]) <= 5.01e-8)
            #expect(abs(Double(row[2])! - python[1]) <= 5.01e-8)
            #expect(abs(RouteFormatsRoundTripTests.seconds(String(row[0])) - python[2]) <= 0.0005)
        }
        let summary = try await RouteFormatsRoundTripTests.summary(Self.records)
        #expect(summary["format"] as? String == "takeout")
    }

    @Test("a GeoJSON named .json is still GeoJSON; --input-format takeout on one is refused in one line, exit 65")
    func geoJSONStaysGeoJSON() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let exported = scratch.url.appendingPathComponent("walk.json").path
        let export = try await TrailcastBinary.run(arguments: [
            "export", "gpx/sf-waterfront-walk.gpx", "--to", "geojson", "--output", exported,
        ])
        try #require(export.status == 0, "\(export.stderr)")
        let summary = try await RouteFormatsRoundTripTests.summary(exported)
        #expect(summary["format"] as? String == "geojson")
        let forced = try await TrailcastBinary.run(arguments: ["inspect", exported, "--input-format", "takeout"])
        #expect(forced.status == 65)
        #expect(
            forced.stderrLines.filter { !$0.isEmpty } == [
                "\(exported):1:1: error: not a Google Takeout location history (no `locations`, `semanticSegments` or top-level array of segments)"
            ])
    }
}
