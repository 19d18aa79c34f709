// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// Problems inside a well-formed file are warnings; `--strict` makes them errors.
@Suite("trailcast inspect warnings and --strict")
struct WarningTests {
    /// A track whose second point, on line 6, has a latitude outside -90...90.
    static let latitudeOutOfRange = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
          <trk>
            <trkseg>
              <trkpt lat="47.1" lon="8.1"><time>2026-06-13T16:00:00Z</time></trkpt>
              <trkpt lat="91.5" lon="8.1"><time>2026-06-13T16:00:05Z</time></trkpt>
              <trkpt lat="47.2" lon="8.1"><time>2026-06-13T16:00:10Z</time></trkpt>
            </trkseg>
          </trk>
        </gpx>

        """
    static let badLine = 6

    @Test("a latitude out of range: exit 0, the warning in JSON with its line")
    func warningInJSON() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = try scratch.file(named: "lat.gpx", text: Self.latitudeOutOfRange).path

        let result = try await TrailcastBinary.run(arguments: ["inspect", "--format", "json", path])

        #expect(result.status == 0)
        #expect(result.stderr == "")
        let summary = try OrderedJSON(parsing: try #require(result.stdoutLines.only))
        InspectSummaryShape.expectValid(summary)
        let warnings = try #require(summary["warnings"]?.arrayValue)
        let warning = try #require(warnings.only, "\(warnings)")
        #expect(warning.keys == InspectSummaryShape.warningKeys)
        #expect(warning["line"]?.intValue == Self.badLine)
        #expect(
            warning["message"]?.stringValue == #"<trkpt> has lat="91.5", not a latitude in -90...90; point skipped"#)
        // The bad point is left out; the good ones still count.
        #expect(summary["trackPoints"]?.intValue == 2)
        #expect(summary["bounds"]?["maxLat"]?.doubleValue == 47.2)
        #expect(summary["startTime"]?.stringValue == "2026-06-13T16:00:00.000Z")
        #expect(summary["endTime"]?.stringValue == "2026-06-13T16:00:10.000Z")
    }

    @Test("the text report counts the warning and lists its line")
    func warningInText() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = try scratch.file(named: "lat.gpx", text: Self.latitudeOutOfRange).path

        let result = try await TrailcastBinary.run(arguments: ["inspect", path])

        #expect(result.status == 0)
        #expect(result.stdoutLines.contains { $0.hasPrefix("  warnings") && $0.hasSuffix(" 1") })
        #expect(result.stdoutLines.contains { $0.contains("line \(Self.badLine):") && $0.contains("91.5") })
    }

    @Test(
        "--strict: exit 65, one error line naming the bad line, nothing on stdout",
        arguments: ["text", "json"])
    func strict(format: String) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = try scratch.file(named: "lat.gpx", text: Self.latitudeOutOfRange).path

        let result = try await TrailcastBinary.run(
            arguments: ["inspect", "--strict", "--format", format, path])

        #expect(result.status == 65)
        #expect(result.stdout == "")
        try MalformedInputTests.expectOneLocatedError(
            result, file: path,
            input: MalformedInput(name: "strict", contents: "", line: Self.badLine, messageContains: "91.5"))
    }

    @Test("--strict on clean samples changes nothing")
    func strictOnCleanFiles() async throws {
        let plain = try await TrailcastBinary.run(arguments: ["inspect", "--format", "json"] + Repository.samples)
        let strict = try await TrailcastBinary.run(
            arguments: ["inspect", "--strict", "--format", "json"] + Repository.samples)
        #expect(strict.status == 0)
        #expect(strict.stderr == "")
        #expect(strict.stdout == plain.stdout)
    }

    @Test("--strict with a bad and a good file still prints the good one")
    func strictWithGoodFile() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = try scratch.file(named: "lat.gpx", text: Self.latitudeOutOfRange).path

        let result = try await TrailcastBinary.run(
            arguments: ["inspect", "--strict", "--format", "json", path, "gpx/xcode-waypoints.gpx"])

        #expect(result.status == 65)
        #expect(
            result.stderrLines == [
                #"\#(path):6:34: error: <trkpt> has lat="91.5", not a latitude in -90...90; point skipped"#
            ])
        let summary = try OrderedJSON(parsing: try #require(result.stdoutLines.only))
        #expect(summary["file"]?.stringValue == "gpx/xcode-waypoints.gpx")
    }
}
