// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// Recorded NMEA 0183 as a route: Trailcast's own `export --to nmea` read back, and real
/// receivers' logs (gpsd's test captures, a Garmin's recording: Tests/Fixtures/realworld/nmea)
/// read fix for fix as GPSBabel's `nmea` reader reads them.
@Suite("NMEA logs as routes: Trailcast's own export read back, real receivers' logs as GPSBabel reads them")
struct NMEALogsTests {
    static func fixture(_ name: String) -> String { Repository.url("Tests/Fixtures/realworld/nmea/\(name).nmea").path }

    /// A fix: Unix time, latitude, longitude, altitude (NaN for none).
    struct Fix {
        var time: Double
        var latitude: Double
        var longitude: Double
        var altitude: Double
    }

    /// The route's points as Trailcast reads them: `export --to csv`, one row a point.
    static func trailcastFixes(_ path: String) async throws -> [Fix] {
        let export = try await TrailcastBinary.run(arguments: ["export", path, "--to", "csv"])
        try #require(export.status == 0, "\(export.stderr)")
        return try export.stdoutLines.dropFirst().filter { !$0.isEmpty }.map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            try #require(fields.count >= 4, "\(line)")
            return Fix(
                time: RouteFormatsRoundTripTests.seconds(fields[0]), latitude: Double(fields[1])!,
                longitude: Double(fields[2])!,
                altitude: Double(fields[3]) ?? .nan)
        }
    }

    /// The log's points as GPSBabel reads them (`-t -i nmea`, then its unicsv in UTC).
    static func gpsbabelFixes(_ path: String) async throws -> [Fix] {
        try Peer.require("gpsbabel")
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let output = scratch.url.appendingPathComponent("points.csv")
        let result = try await TrailcastBinary.runTool(
            "gpsbabel", ["-t", "-i", "nmea", "-f", path, "-o", "unicsv,utc=0", "-F", output.path])
        try #require(result.status == 0, "gpsbabel: \(result.stderr)")
        let lines = try String(contentsOf: output, encoding: .utf8).split(whereSeparator: \.isNewline).map(String.init)
        try #require(!lines.isEmpty, "gpsbabel wrote nothing: \(result.stderr)")
        let header = lines[0].split(separator: ",").map(String.init)
        func column(_ name: String) -> Int? { header.firstIndex(of: name) }
        let (dateColumn, timeColumn) = (try #require(column("Date")), try #require(column("Time")))
        let (latitudeColumn, longitudeColumn) = (try #require(column("Latitude")), try #require(column("Longitude")))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        var fixes: [Fix] = []
        for line in lines.dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let time = fields[timeColumn]
            formatter.dateFormat = time.contains(".") ? "yyyy/MM/dd HH:mm:ss.SSS" : "yyyy/MM/dd HH:mm:ss"
            let date = try #require(formatter.date(from: fields[dateColumn] + " " + time), "\(line)")
            fixes.append(
                Fix(
                    time: date.timeIntervalSince1970, latitude: Double(fields[latitudeColumn])!,
                    longitude: Double(fields[longitudeColumn])!,
                    altitude: column("Altitude").flatMap { Double(fields[$0]) } ?? .nan))
        }
        return fixes
    }

    /// GPSBabel prints six decimals of a degree (5e-7 off at most), Trailcast's CSV seven;
    /// altitudes one decimal.
    static func expectSamePlace(_ fix: Fix, _ babel: Fix, _ what: String) {
        #expect(abs(fix.latitude - babel.latitude) <= 5.6e-7, "\(what)")
        #expect(abs(fix.longitude - babel.longitude) <= 5.6e-7, "\(what)")
        if !babel.altitude.isNaN { #expect(abs(fix.altitude - babel.altitude) <= 0.051, "\(what)") }
    }

    @Test(
        "receivers that send GGA first, or RMC alone: every fix as GPSBabel has it, time, place and altitude",
        arguments: [
            "sirf3-gga-zda-only", "sirf5-gpgl-gga", "meinberg-rmc-only", "ublox5-firefly-badck", "mtk3301-coldstart",
        ])
    func sameAsGPSBabel(log: String) async throws {
        let ours = try await Self.trailcastFixes(Self.fixture(log))
        let babel = try await Self.gpsbabelFixes(Self.fixture(log))
        #expect(ours.count == babel.count)
        #expect(ours.count > 3)
        for (index, (fix, expected)) in zip(ours, babel).enumerated() {
            #expect(abs(fix.time - expected.time) <= 0.0005, "\(log) fix \(index)")
            Self.expectSamePlace(fix, expected, "\(log) fix \(index)")
        }
    }

    /// u-blox and Garmin receivers send RMC before GGA. GPSBabel (nmea.cc, RMC after a GGA has
    /// been seen) gives each GGA's place the next RMC's time: its first point is the first
    /// RMC's alone, and each later one the place of the fix before. Trailcast keeps each
    /// time's sentences together: its fix k is GPSBabel's point k's time and point k+1's place.
    @Test(
        "receivers that send RMC first (u-blox, Garmin, across midnight UTC): the same times and places, GPSBabel's one apart",
        arguments: ["ublox-m9n", "garmin-midnight-head3000"])
    func rmcFirst(log: String) async throws {
        let ours = try await Self.trailcastFixes(Self.fixture(log))
        let babel = try await Self.gpsbabelFixes(Self.fixture(log))
        #expect(ours.count == babel.count)
        #expect(ours.count > 3)
        for index in ours.indices where index < babel.count {
            #expect(abs(ours[index].time - babel[index].time) <= 0.0005, "\(log) fix \(index)")
            if index + 1 < babel.count { Self.expectSamePlace(ours[index], babel[index + 1], "\(log) fix \(index)") }
        }
        if log.hasPrefix("garmin") {
            // 2005-09-25 23:52:34 to 2005-09-26 00:00:14: the GGA-only fixes after midnight
            // are dated the next day.
            #expect(ours.last?.time == 1_127_692_814)
        }
    }

    @Test("a log's warnings: comments silent, bad checksums and lines without a sentence named with their lines")
    func warnings() async throws {
        let inspect = try await TrailcastBinary.run(arguments: ["inspect", Self.fixture("ublox5-firefly-badck")])
        #expect(inspect.status == 0)
        let warnings = inspect.stdoutLines.filter { $0.hasPrefix("    line ") }
        // All 23 GGA sentences have a wrong checksum: ten said, then the count.
        #expect(warnings.count == 11)
        #expect(
            warnings.first == "    line 6: the checksum is *54, but the sentence's bytes give *56; sentence skipped")
        #expect(warnings.last == "    line 1: 23 sentences in all have a checksum that does not match; skipped")
        // gpsd's `#` comment lines say nothing.
        #expect(!inspect.stdout.contains("no sentence"))
        #expect(inspect.stdout.contains("format     NMEA 0183"))
    }

    @Test(
        "Trailcast's own export --to nmea replays to the GPX's timeline, to NMEA's precision",
        arguments: RouteFormatsRoundTripTests.samples)
    func ownExportReadsBack(sample: String) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let exported = scratch.url.appendingPathComponent("route.nmea").path
        let export = try await TrailcastBinary.run(arguments: ["export", sample, "--to", "nmea", "--output", exported])
        try #require(export.status == 0, "\(export.stderr)")
        // Minutes to four decimals (1/600,000 of a degree; and the timeline's seven decimals
        // round both sides), altitudes to a decimetre, times to the hundredth (the samples'
        // are whole seconds).
        try await RouteFormatsRoundTripTests.expectSameTimeline(
            exported, as: sample,
            conversion: .init(
                format: "nmea", babelFormat: "", degrees: 0.5 / 600_000 + 1e-7, seconds: 0, addsSpeed: true,
                elevationMeters: 0.05))
    }

    @Test("a log cut anywhere: the fixes before the cut, then the end saying why, exit 65", arguments: [0.3, 0.77])
    func cut(fraction: Double) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.fixture("sirf5-gpgl-gga")))
        var cutAt = Int(Double(bytes.count) * fraction)
        // Inside a sentence, not at a line's end.
        while bytes[cutAt - 1] == 0x0A || bytes[cutAt - 1] == 0x2A { cutAt += 1 }
        let cut = scratch.url.appendingPathComponent("cut.nmea")
        try bytes.prefix(cutAt).write(to: cut)
        let whole = try await Self.trailcastFixes(Self.fixture("sirf5-gpgl-gga"))
        let replay = try await TrailcastBinary.run(arguments: [
            "replay", cut.path, "--format", "jsonl", "--weather", "none", "--authorization", "always",
        ])
        #expect(replay.status == 65, "\(replay.stderr)")
        #expect(
            replay.stderrLines.last { !$0.isEmpty }?.hasSuffix(
                "error: the file ends inside a sentence: it is truncated") == true)
        let events = replay.stdoutLines.filter { !$0.isEmpty }
        #expect(events.last?.contains(#""reason":"error""#) == true)
        let locations = events.filter { $0.contains(#""type":"location""#) }.count
        #expect(locations > 0 && locations < whole.count)
    }
}
