// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// Routes in other formats, written by a real peer (GPSBabel) from the bundled GPX files,
/// replay to the GPX's own timeline and inspect to its summary.
///
/// Each format keeps what it can, and the comparison allows exactly that:
/// - KML's `gx:Track` and TCX: times to the millisecond, positions to the digits asked
///   (`prec=7` for KML; TCX's 7): within 1e-7 degrees, elevations as written;
/// - FIT: times to the second (the samples' own), positions in semicircles (2³¹ to 180°,
///   8.4e-8 degrees), elevations in fifths of a metre, which GPSBabel truncates: within
///   0.2 m;
/// - GeoJSON: GPSBabel writes no times, so only the summary's positions, lengths and
///   elevations are compared; Trailcast's own `export --to geojson` (with
///   `properties.coordTimes`) replays to the same timeline.
///
/// Where GPSBabel adds what the GPX lacked (TCX's and FIT's speeds, computed from the
/// positions), the device uses it, so speeds are compared only where it adds none.
@Suite("route formats: GPSBabel's KML, TCX, FIT and GeoJSON replay as their GPX does")
struct RouteFormatsRoundTripTests {
    struct Conversion: CustomTestStringConvertible, Sendable {
        var format: String
        /// GPSBabel's output format and options.
        var babelFormat: String
        /// How far a position may move: the format's own precision.
        var degrees: Double
        /// How far a time may move, in seconds.
        var seconds: Double
        /// Whether GPSBabel writes speeds the GPX does not have.
        var addsSpeed: Bool
        /// How far an elevation may move, in metres.
        var elevationMeters = 0.0
        /// Whether the format keeps times (GPSBabel's GeoJSON does not).
        var timed = true
        var testDescription: String { format }
    }

    static let conversions = [
        Conversion(
            format: "kml", babelFormat: "kml,points=0,lines=0,track=1,prec=7", degrees: 1.01e-7, seconds: 0.001,
            addsSpeed: false),
        Conversion(format: "tcx", babelFormat: "gtrnctr,course=0", degrees: 1.01e-7, seconds: 0.001, addsSpeed: true),
        // Half a semicircle (4.2e-8 degrees) becomes a unit of the timeline's 7th decimal.
        Conversion(
            format: "fit", babelFormat: "garmin_fit", degrees: 1.01e-7, seconds: 0, addsSpeed: true,
            elevationMeters: 0.2),
        Conversion(format: "geojson", babelFormat: "geojson", degrees: 0, seconds: 0, addsSpeed: false, timed: false),
    ]

    static let samples = ["gpx/sf-waterfront-walk.gpx", "gpx/zurich-lake-ride.gpx"]
    /// The samples and a generated track: 3,000 whole-second points of a seeded random walk
    /// (`bench/make-1hz-gpx.py`), elevations to the decimetre.
    static let samplesAndGenerated = samples + ["generated"]

    @Test("the same locations, times and summary as the GPX", arguments: conversions, samplesAndGenerated)
    func sameTimelineAsGPX(conversion: Conversion, sample: String) async throws {
        try Peer.require("gpsbabel")
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var sample = sample
        if sample == "generated" {
            let generated = try await TrailcastBinary.runTool(
                "python3", [Repository.url("bench/make-1hz-gpx.py").path, "3000", "--seed", "26"])
            try #require(generated.status == 0, "\(generated.stderr)")
            sample = try scratch.file(named: "generated.gpx", text: generated.stdout).path
        }
        let converted = scratch.url.appendingPathComponent("route.\(conversion.format)").path
        let babel = try await TrailcastBinary.runTool(
            "gpsbabel", ["-t", "-i", "gpx", "-f", Self.path(sample), "-o", conversion.babelFormat, "-F", converted])
        try #require(babel.status == 0, "gpsbabel: \(babel.stderr)")

        if conversion.timed {
            try await Self.expectSameTimeline(converted, as: sample, conversion: conversion)
        }
        let summary = try await Self.summary(converted)
        let gpxSummary = try await Self.summary(Self.path(sample))
        var sameKeys = ["trackPoints"]
        if conversion.timed { sameKeys += ["startTime", "endTime", "durationSeconds"] }
        if conversion.elevationMeters == 0 {
            sameKeys += ["minElevationMeters", "maxElevationMeters", "elevationGainMeters", "elevationLossMeters"]
        } else {
            for key in ["minElevationMeters", "maxElevationMeters"] {
                #expect(
                    abs((summary[key] as? Double ?? .nan) - (gpxSummary[key] as? Double ?? 0)) <= conversion
                        .elevationMeters + 1e-9, "\(key)")
            }
        }
        for key in sameKeys {
            #expect(summary[key] as? NSObject == gpxSummary[key] as? NSObject, "\(key)")
        }
        // Positions rounded by at most 1e-7 degrees (a centimetre) move each step's length by
        // at most two centimetres; in practice the errors cancel.
        let length = try #require(summary["length2DMeters"] as? Double)
        let gpxLength = try #require(gpxSummary["length2DMeters"] as? Double)
        #expect(abs(length - gpxLength) <= 1e-5 * gpxLength + 0.001)
        #expect(summary["format"] as? String == conversion.format)
    }

    @Test("Trailcast's own GeoJSON export, with coordTimes, replays to the GPX's timeline", arguments: samples)
    func ownGeoJSONExport(sample: String) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let exported = scratch.url.appendingPathComponent("route.geojson").path
        let export = try await TrailcastBinary.run(arguments: [
            "export", sample, "--to", "geojson", "--output", exported,
        ])
        try #require(export.status == 0, "\(export.stderr)")
        try await Self.expectSameTimeline(
            exported, as: sample,
            conversion: Conversion(
                format: "geojson", babelFormat: "", degrees: 1.01e-7, seconds: 0.001, addsSpeed: false))
    }

    @Test(
        "export --to kml and --to tcx: read back by Trailcast to the GPX's timeline, and by GPSBabel to its points",
        arguments: ["kml", "tcx"], samples)
    func exportReadsBack(format: String, sample: String) async throws {
        try Peer.require("gpsbabel")
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let exported = scratch.url.appendingPathComponent("route.\(format)").path
        let export = try await TrailcastBinary.run(arguments: ["export", sample, "--to", format, "--output", exported])
        try #require(export.status == 0, "\(export.stderr)")
        try await Self.expectSameTimeline(
            exported, as: sample,
            conversion: Conversion(
                format: format, babelFormat: "", degrees: 1.01e-7, seconds: 0.001, addsSpeed: format == "tcx"))

        let back = scratch.url.appendingPathComponent("back.gpx").path
        let babel = try await TrailcastBinary.runTool(
            "gpsbabel", ["-t", "-i", format == "kml" ? "kml" : "gtrnctr", "-f", exported, "-o", "gpx", "-F", back])
        try #require(babel.status == 0, "gpsbabel: \(babel.stderr)")
        let read = try await Self.trackPoints(back)
        let original = try await Self.trackPoints(Repository.url(sample).path)
        #expect(read.count == original.count)
        for (point, expected) in zip(read, original) {
            #expect(abs(point.lat - expected.lat) <= 1.01e-7 && abs(point.lon - expected.lon) <= 1.01e-7)
            #expect(abs(point.time - expected.time) <= 0.001)
        }
    }

    /// A GPX file's track points through gpxpy: latitude, longitude, Unix time.
    static func trackPoints(_ path: String) async throws -> [(lat: Double, lon: Double, time: Double)] {
        let script =
            "import gpxpy,sys,json; g=gpxpy.parse(open(sys.argv[1])); "
            + "print(json.dumps([[p.latitude,p.longitude,p.time.timestamp()] for t in g.tracks for s in t.segments for p in s.points]))"
        let result = try await TrailcastBinary.runTool("python3", ["-c", script, path])
        try #require(result.status == 0, "gpxpy (pip install gpxpy, as .ci/run does): \(result.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[Double]])
        return rows.map { ($0[0], $0[1], $0[2]) }
    }

    /// Replays both with the same device and compares every event, each location within
    /// the conversion's precision.
    static func expectSameTimeline(_ converted: String, as sample: String, conversion: Conversion) async throws {
        let device = [
            "--authorization", "always", "--weather", "none", "--gps", "suburban", "--seed", "7", "--interval", "2",
        ]
        let expected = try await ReplayTimeline.run(sample, device)
        let actual = try await ReplayTimeline.run(converted, device)
        #expect(actual.result.status == 0, "\(actual.result.stderr)")
        #expect(actual.result.stderr == "")
        #expect(actual.events.map { $0["type"]?.stringValue } == expected.events.map { $0["type"]?.stringValue })
        for (fix, original) in zip(actual.locations, expected.locations) {
            #expect(abs(fix["lat"]!.doubleValue! - original["lat"]!.doubleValue!) <= conversion.degrees)
            #expect(abs(fix["lon"]!.doubleValue! - original["lon"]!.doubleValue!) <= conversion.degrees)
            #expect(
                abs(Self.seconds(fix["t"]!.stringValue!) - Self.seconds(original["t"]!.stringValue!))
                    <= conversion.seconds)
            #expect(
                abs((fix["altitude"]?.doubleValue ?? 0) - (original["altitude"]?.doubleValue ?? 0)) <= conversion
                    .elevationMeters + 0.011)
            if !conversion.addsSpeed {
                // Speeds come from positions 1e-7 degrees apart at most, a centimetre a second,
                // and the timeline rounds them to 0.01 m/s: two steps of rounding at most.
                #expect(abs((fix["speed"]?.doubleValue ?? -1) - (original["speed"]?.doubleValue ?? -1)) <= 0.021)
            }
        }
    }

    /// A sample's path: relative ones from the package's root.
    static func path(_ sample: String) -> String {
        sample.hasPrefix("/") ? sample : Repository.url(sample).path
    }

    static func summary(_ path: String) async throws -> [String: Any] {
        let result = try await TrailcastBinary.run(arguments: ["inspect", "--format", "json", path])
        try #require(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    static func seconds(_ iso: String) -> Double {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: iso)!.timeIntervalSince1970
    }
}

/// A scenario's route in another format: `check` reads it as `replay` does.
@Suite("check: a scenario whose route is a FIT or KML file")
struct ScenarioRouteFormatTests {
    @Test("the scenario passes on the FIT file of a real watch and on an exported KML", arguments: ["fit", "kml"])
    func scenarioRoute(format: String) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let route: String
        let locations: Int
        if format == "fit" {
            route = Repository.url("Tests/Fixtures/fit/garmin-fenix-5-run.fit").path
            locations = 21
        } else {
            route = scratch.url.appendingPathComponent("walk.kml").path
            let export = try await TrailcastBinary.run(arguments: [
                "export", ScenarioFiles.walk, "--to", "kml", "--output", route,
            ])
            try #require(export.status == 0, "\(export.stderr)")
            locations = 1840
        }
        let scenario = try scratch.file(
            named: "route.yaml",
            text: """
                name: a \(format) route
                gpx: \(route)
                prompt: allow
                expect:
                  - count: location
                    exactly: \(locations)
                  - none: locationError
                """)
        let result = try await TrailcastBinary.run(arguments: ["check", scenario.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.hasSuffix(ScenarioFiles.summary(scenarios: 1, passed: 1, expectations: 2) + "\n"),
            "\(result.stdout)")
    }
}

/// `fleet` deals routes of any format, and finds them in a directory by their extensions.
@Suite("fleet: routes in FIT and KMZ files")
struct FleetRouteFormatTests {
    @Test("a FIT and a KMZ route dealt to two devices, given as files and found in a directory")
    func fleetRoutes() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let fit = Repository.url("Tests/Fixtures/fit/garmin-fenix-5-run.fit")
        let kmz = Repository.url("Tests/Fixtures/kmz/deflated.kmz")
        for file in [fit, kmz] {
            try FileManager.default.copyItem(at: file, to: scratch.url.appendingPathComponent(file.lastPathComponent))
        }
        try scratch.file(named: "notes.txt", text: "not a route")
        // A folder of routes may hold other JSON: only `.geojson` is taken as a route there.
        try scratch.file(named: "manifest.json", text: #"{"routes": 2}"#)
        let fleet = ["--devices", "2", "--virtual", "--duration", "2s", "--stagger", "0"]
        let given = try await TrailcastBinary.run(arguments: ["fleet", fit.path, kmz.path] + fleet)
        let found = try await TrailcastBinary.run(arguments: ["fleet", scratch.url.path] + fleet)
        #expect(given.status == 0 && found.status == 0, "\(given.stderr)\(found.stderr)")
        let lines = given.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        // Device 0 drives the watch's run near Petaluma, device 1 the KMZ's track by Zurich.
        #expect(lines.first?.contains("\"lat\":38.2297") == true, "\(given.stdout)")
        #expect(lines.dropFirst().first?.contains("\"lat\":47.29") == true, "\(given.stdout)")
        // The directory's routes by name: deflated.kmz before garmin-fenix-5-run.fit.
        #expect(found.stdout.split(separator: "\n").first?.contains("\"lat\":47.29") == true, "\(found.stdout)")
    }
}
