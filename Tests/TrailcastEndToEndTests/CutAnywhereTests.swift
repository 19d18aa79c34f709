// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// Every readable prefix becomes a timeline: each format and each kind of source, its file
/// cut at offsets drawn from a fixed seed, replays the points before the cut and then ends
/// saying why (exit 65, `end` with reason `error` and the reader's line), or, cut where the
/// rest held nothing, as the whole file does. A cut before the first point has no fix to
/// start a timeline with: the error alone (exit 65), as a file with nothing to replay.
@Suite("Cut anywhere: every format and source, cut at seeded offsets, still gives a timeline")
struct CutAnywhereTests {
    /// A file to cut, how it is made, and what is replayed from it.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// An `export` format made from the walk, or a file in the repository.
        var export: String?
        var file: String?
        var source: String
        var testDescription: String { "\(name) (\(source))" }
    }

    static let cases: [Case] = [
        Case(name: "GPX track", file: "gpx/sf-waterfront-walk.gpx", source: "track"),
        Case(name: "GPX route", file: "gpx/route-no-times.gpx", source: "route"),
        Case(name: "GPX waypoints", file: "gpx/xcode-waypoints.gpx", source: "waypoints"),
        Case(name: "KML gx:Track", export: "kml", source: "track"),
        Case(name: "KML lines", file: "Tests/Fixtures/cut/lines.kml", source: "route"),
        Case(name: "KML points", file: "Tests/Fixtures/cut/lines.kml", source: "waypoints"),
        // The walk's KML export, deflated in a zip (made with Python's zipfile).
        Case(name: "KMZ", file: "Tests/Fixtures/cut/track.kmz", source: "track"),
        Case(name: "TCX", export: "tcx", source: "track"),
        Case(name: "GeoJSON", export: "geojson", source: "track"),
        Case(name: "NMEA", export: "nmea", source: "track"),
        Case(name: "CSV", export: "csv", source: "track"),
        Case(name: "FIT", file: "Tests/Fixtures/fit/garmin-fenix-5-run.fit", source: "track"),
        Case(name: "Takeout", file: "Tests/Fixtures/realworld/takeout/kgeo-records.json", source: "track"),
    ]

    /// A generator of offsets that is the same on every machine (SplitMix64).
    struct Offsets {
        var state: UInt64
        mutating func next(below bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    @Test(
        "cut at eight offsets: the fixes before the cut, the same as the whole file's, then `end` saying why",
        arguments: cases)
    func cutAnywhere(_ test: Case) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var whole: String
        if let format = test.export {
            whole = scratch.url.appendingPathComponent("whole.\(format)").path
            let export = try await TrailcastBinary.run(arguments: [
                "export", "gpx/sf-waterfront-walk.gpx", "--to", format, "--output", whole,
            ])
            try #require(export.status == 0, "\(export.stderr)")
        } else {
            whole = Repository.url(try #require(test.file)).path
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        let fileExtension = URL(fileURLWithPath: whole).pathExtension
        let common = ["--source", test.source, "--weather", "none", "--authorization", "always", "--seed", "3"]
        let full = try await TrailcastBinary.run(arguments: ["replay", whole, "--format", "jsonl"] + common)
        try #require(full.status == 0, "\(full.stderr)")
        let fullLocations = try Self.locations(full.stdout)
        try #require(fullLocations.count > 2)

        var offsets = Offsets(state: UInt64(test.name.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }))
        var cutShort = 0
        var beforeFirstPoint = 0
        for _ in 0..<8 {
            // Past the first bytes that say what the file is: a cut before them is another case
            // (a file that is not the format at all).
            let cutAt = 64 + offsets.next(below: bytes.count - 64)
            let cut = scratch.url.appendingPathComponent("cut.\(fileExtension)")
            try bytes.prefix(cutAt).write(to: cut)
            let run = try await TrailcastBinary.run(arguments: ["replay", cut.path, "--format", "jsonl"] + common)
            let what = "\(test.name) cut at byte \(cutAt) of \(bytes.count)"
            let lines = run.stdoutLines.filter { !$0.isEmpty }
            guard let last = lines.last else {
                // Cut before its first point (a KML track's times come before its places, a
                // GeoJSON line's places before their times): no fix to start a timeline with,
                // the error alone, as for a file with nothing to replay.
                #expect(run.status == 65, "\(what)")
                #expect(run.stderrLines.filter { !$0.isEmpty }.count == 1, "\(what): \(run.stderr)")
                #expect(run.stderr.hasPrefix(cut.path), "\(what): \(run.stderr)")
                beforeFirstPoint += 1
                continue
            }
            let end = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any], "\(what)")
            #expect(end["type"] as? String == "end", "\(what)")
            let locations = try Self.locations(run.stdout)
            switch run.status {
            case 65:
                cutShort += 1
                #expect(end["reason"] as? String == "error", "\(what)")
                let message = try #require(end["message"] as? String, "\(what)")
                #expect(message.hasPrefix(cut.path), "\(what): \(message)")
                #expect(run.stderrLines.last { !$0.isEmpty } == message, "\(what)")
                #expect(locations.count <= fullLocations.count, "\(what)")
            case 0:
                #expect(end["reason"] as? String == "finished", "\(what)")
            default:
                Issue.record("\(what): exit \(run.status): \(run.stderr)")
            }
            // The fixes before the cut are the whole file's: all but the last, whose route
            // ends there (the timer times a route's last point by itself).
            for (index, (fix, original)) in zip(locations.dropLast(), fullLocations).enumerated() {
                #expect(fix == original, "\(what): location \(index)")
            }
        }
        #expect(
            cutShort >= 3,
            "\(test.name): timelines cut short by \(cutShort) cuts, \(beforeFirstPoint) before the first point")
    }

    /// The `location` events' time, place and index, as text.
    static func locations(_ jsonl: String) throws -> [String] {
        try jsonl.split(separator: "\n").compactMap { line in
            guard let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                event["type"] as? String == "location"
            else { return nil }
            return "\(event["t"] ?? "") \(event["lat"] ?? "") \(event["lon"] ?? "") \(event["index"] ?? "")"
        }
    }
}
