// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
import TrailcastRoutes
import TrailcastBasics

/// How bytes become text: fragments, entities, chunk boundaries and encodings.
@Suite("Text, chunks and encodings")
struct GPXTextDecodingTests {
    private func onlyWaypoint(_ body: String) throws -> RoutePoint {
        let events = try readAllEvents(ofGPX: gpx11(body))
        #expect(events.warnings == [])
        #expect(events.waypoints.count == 1)
        return try #require(events.waypoints.first)
    }

    @Test(arguments: [
        ("<name><![CDATA[Morning & run]]></name>", "Morning & run"),
        ("<name><![CDATA[<b>bold</b>]]></name>", "<b>bold</b>"),
        ("<name>Fish &amp; Chips &lt;3 &gt; &quot;q&quot; &apos;a&apos;</name>", "Fish & Chips <3 > \"q\" 'a'"),
        ("<name>Z&#252;rich Z&#xFC;rich &#x1F6B6;</name>", "Zürich Zürich 🚶"),
        ("<name>Ca<!-- a comment -->fé</name>", "Café"),
        ("<name>a <![CDATA[& b]]> &amp; c</name>", "a & b & c"),
        ("<name>\n   Padded name \t\n</name>", "Padded name"),
        ("<name>inner  spaces   kept</name>", "inner  spaces   kept"),
    ])
    func textIsAssembledFromAllItsFragments(_ element: String, _ expected: String) throws {
        let point = try onlyWaypoint("<wpt lat=\"1\" lon=\"2\">\(element)</wpt>")
        #expect(point.name == expected)
    }

    @Test func whitespaceAroundNumbersAndTimesIsIgnored() throws {
        let point = try onlyWaypoint(
            """
            <wpt lat="  47.25 " lon="
            8.5	">
              <ele>
                 408.5
              </ele>
              <time>  2026-06-13T16:00:00Z
              </time>
              <sat>
              7 </sat>
            </wpt>
            """)
        #expect(point.latitude == 47.25)
        #expect(point.longitude == 8.5)
        #expect(point.elevationMeters == 408.5)
        #expect(point.time == Timestamp(iso8601: "2026-06-13T16:00:00Z"))
        #expect(point.satellites == 7)
    }

    @Test func commentsAndProcessingInstructionsBetweenPointsAreSkipped() throws {
        let events = try readAllEvents(
            ofGPX: gpx11(
                """
                <trk><!-- track --><trkseg>
                <trkpt lat="1" lon="1"><name>A</name></trkpt>
                <!-- 1 point, accuracy 4 m -->
                <?app-note keep going?>
                <trkpt lat="2" lon="2"><!-- inside --><name>B</name><!-- after --></trkpt>
                </trkseg><!-- between segments --></trk>
                """))
        #expect(events.outline == ["metadata", "trk -", "seg", "trkpt A", "trkpt B", "/seg", "/trk"])
    }

    /// A document whose texts, numbers, times and tags straddle small chunks in every way.
    static let fragmentedDocument = gpx11(
        """
        <metadata><name>Zürich – Uto Kulm 🚶 &amp; back</name><time>2026-06-13T15:59:00.125+02:00</time></metadata>
        <wpt lat="47.351234567" lon="8.491234567"><ele>871.25</ele><name><![CDATA[Uto <Kulm>]]> top</name>\
        <desc>A long description that is certainly longer than any small chunk, with ü, é, → and 🚶.</desc></wpt>
        <trk><name>Up</name><trkseg xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
        <trkpt lat="47.3601" lon="8.4901"><ele>500.5</ele><time>2026-06-13T16:00:00Z</time>\
        <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>131</gpxtpx:hr></gpxtpx:TrackPointExtension>\
        <x:note xmlns:x="urn:x">fragmented &amp; kept</x:note></extensions></trkpt>
        <!-- a comment -->
        <trkpt lat="47.3602" lon="8.4902"><ele>501.75</ele><time>2026-06-13T16:00:05.5Z</time></trkpt>
        <trkpt lat="95" lon="8.4903"><time>2026-06-13T16:00:06Z</time></trkpt>
        <trkpt lat="47.3604" lon="8.4904"><time>not a time</time></trkpt>
        </trkseg></trk>
        """)

    @Test func everyChunkSizeGivesTheSameEvents() throws {
        let expected = try readAllEvents(ofGPX: Self.fragmentedDocument)
        #expect(expected.trackPoints.count == 3)
        #expect(expected.warnings.count == 2)
        #expect(expected.metadata.first?.name == "Zürich – Uto Kulm 🚶 & back")
        #expect(expected.waypoints.first?.name == "Uto <Kulm> top")
        #expect(expected.trackPoints.first?.extensions.map(\.text) == ["fragmented & kept"])
        for chunkSize in 16...97 {
            let events = try readAllEvents(
                ofGPX: Self.fragmentedDocument, options: .init(chunkSize: chunkSize))
            #expect(events == expected, "chunk size \(chunkSize)")
        }
    }

    @Test func chunkSizeBelowTheMinimumIsRaisedTo16() {
        #expect(GPXStreamReader.Options(chunkSize: 1).chunkSize == 16)
        #expect(GPXStreamReader.Options(chunkSize: 0).chunkSize == 16)
        #expect(GPXStreamReader.Options(chunkSize: 17).chunkSize == 17)
    }

    @Test(arguments: RepositoryFiles.sampleGPXFiles)
    func sampleFileGivesTheSameEventsWithTinyChunks(_ file: String) throws {
        let path = RepositoryFiles.path(file)
        let expected = try readAllEvents(ofFile: path)
        #expect(expected.count > 10)
        for chunkSize in [16, 17, 1021] {
            #expect(
                try readAllEvents(ofFile: path, options: .init(chunkSize: chunkSize)) == expected,
                "chunk size \(chunkSize)")
        }
    }

    // MARK: - Encodings

    private static let namedWaypoint = """
        <?xml version="1.0" encoding="ENCODING"?>
        <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
        <wpt lat="47.37" lon="8.54"><name>Zürich Großmünster</name></wpt>
        </gpx>
        """

    private static func document(encoding: String) -> String {
        namedWaypoint.replacing("ENCODING", with: encoding)
    }

    /// Found by the GPX reader's fuzz target (the inputs kept in Fuzz/Crashes/gpx-reader/):
    /// bytes a UTF-16 document's encoding cannot convert halted libxml2 without marking
    /// the document ill-formed, so with some chunk sizes (16 bytes for the first file,
    /// the default 64 KiB for the second) the reader ended early and silently.
    @Test(
        arguments: [
            ("crash-23c15f8836210b71e667ff711194871e62090d58", 44),
            ("crash-35a38368b5381aa6141223e3a8523eb27e20efb9", 14),
        ], [16, 17, 100, 1000, 64 * 1024])
    func unconvertibleBytesAreAnErrorForEveryChunkSize(file: (name: String, eventsBefore: Int), chunkSize: Int) throws {
        let path = RepositoryFiles.path("Fuzz/Crashes/gpx-reader/\(file.name)")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let (events, error) = readUntilError(
            GPXStreamReader(bytes: bytes, name: "bad.gpx", options: .init(chunkSize: chunkSize)))
        #expect(events.count == file.eventsBefore)
        guard case .malformedXML(let name, _, _, _)? = error else {
            Issue.record("no malformed-XML error after \(events.count) events: \(String(describing: error))")
            return
        }
        #expect(name == "bad.gpx")
    }

    /// Found by the GPX reader's fuzz target: a file declaring ISO-8859-11 (no 0xFC in
    /// it) with a broken attribute before its first 0xFC. A whole first chunk is
    /// converted as the declaration is read, so the conversion fails there, first; small
    /// chunks reach the attribute first. Both are the file's faults; the conversion's is
    /// said in Trailcast's words, not libxml2's "switching encoding: encoder error".
    @Test func aDeclaredEncodingTheBytesDoNotFitIsSaidPlainly() throws {
        let path = RepositoryFiles.path("Fuzz/Crashes/gpx-reader/crash-433cde15587184c11934994aad80b527f39dd3a7")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let whole = readUntilError(GPXStreamReader(bytes: bytes, name: "bad.gpx"))
        #expect(
            whole.error
                == .malformedXML(file: "bad.gpx", line: 1, column: 42, reason: RouteError.encodingMismatchReason))
        let small = readUntilError(GPXStreamReader(bytes: bytes, name: "bad.gpx", options: .init(chunkSize: 16)))
        #expect(
            small.error
                == .malformedXML(
                    file: "bad.gpx", line: 2, column: 99, reason: "Unescaped '<' not allowed in attributes values"))
    }

    /// Found by the GPX reader's fuzz target: a byte that is not UTF-8 at the end of the
    /// root's namespace URI. A whole chunk let libxml2 read on past it and warn about the
    /// URI, bad byte included, at 2:105, after the error at 2:103; small chunks warn about
    /// the URI without it at 2:103. A warning after the error is dropped.
    @Test(arguments: [16, 17, 64 * 1024])
    func noWarningAfterTheError(chunkSize: Int) throws {
        let path = RepositoryFiles.path("Fuzz/Crashes/gpx-reader/crash-af4de8b2c84c4dd3a3fdad87ae836af2fab5878c")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let (events, error) = readUntilError(
            GPXStreamReader(bytes: bytes, name: "bad.gpx", options: .init(chunkSize: chunkSize)))
        guard case .malformedXML("bad.gpx", 2, 103, _)? = error else {
            Issue.record("not a malformed-XML error at 2:103: \(String(describing: error))")
            return
        }
        for event in events {
            guard case .warning(let warning) = event else {
                Issue.record("an event before the root element's end: \(event)")
                continue
            }
            #expect((warning.line, warning.column) <= (2, 103), "\(warning)")
        }
    }

    @Test func utf8WithByteOrderMark() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(Self.document(encoding: "UTF-8").utf8)
        let events = try readAllEvents(ofBytes: bytes)
        #expect(events.waypoints.map(\.name) == ["Zürich Großmünster"])
        #expect(events.waypoints.first?.line == 3)
    }

    @Test func iso88591BytesAreDecoded() throws {
        let bytes = Self.document(encoding: "ISO-8859-1").unicodeScalars.map { UInt8($0.value) }
        #expect(bytes.contains(0xFC))  // a Latin-1 ü, invalid as UTF-8
        for chunkSize in [16, 17, 65_536] {
            let events = try readAllEvents(ofBytes: bytes, options: .init(chunkSize: chunkSize))
            #expect(events.waypoints.map(\.name) == ["Zürich Großmünster"])
        }
    }

    @Test(arguments: [true, false])
    func utf16WithByteOrderMark(littleEndian: Bool) throws {
        var bytes: [UInt8] = littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
        let text = Self.document(encoding: "UTF-16").replacing("Großmünster", with: "Großmünster 🚶")
        for unit in text.utf16 {
            let (low, high) = (UInt8(unit & 0xFF), UInt8(unit >> 8))
            bytes += littleEndian ? [low, high] : [high, low]
        }
        // Odd chunk sizes cut code units and surrogate pairs in half.
        for chunkSize in [16, 17, 19, 65_536] {
            let events = try readAllEvents(ofBytes: bytes, options: .init(chunkSize: chunkSize))
            #expect(events.waypoints.map(\.name) == ["Zürich Großmünster 🚶"], "chunk size \(chunkSize)")
            #expect(events.waypoints.first?.line == 3)
        }
    }

    @Test func iso88591FixtureFile() throws {
        let events = try readAllEvents(ofFile: RepositoryFiles.path("Tests/Fixtures/realworld/iso-8859-1.gpx"))
        #expect(events.metadata.first?.name == "Zürich Limmatquai")
        #expect(events.metadata.first?.description?.hasSuffix("Café-Pause beim Grossmünster, 4 °C") == true)
        #expect(events.waypoints.first?.name == "Grossmünster")
        #expect(events.waypoints.first?.description == "Zwölf Glocken, «Karlsturm»")
        #expect(events.trackPoints.count == 45)
    }

    @Test func utf16FixtureFileWithCRLFLineEnds() throws {
        let events = try readAllEvents(ofFile: RepositoryFiles.path("Tests/Fixtures/realworld/utf16.gpx"))
        #expect(events.metadata.first?.name == "Genève – Jet d’eau")
        #expect(events.metadata.first?.description == "Promenade au bord du lac 🚶 (point non-BMP : U+1F6B6)")
        #expect(
            events.compactMap { if case .beginTrack(let info) = $0 { info.name } else { nil } }
                == ["Quai Gustave-Ador → Jet d’eau"])
        #expect(events.trackPoints.count == 30)
        // CRLF counts as one line end: the first point's start tag is on line 11.
        #expect(events.trackPoints.first?.line == 11)
        #expect(events.trackPoints.first?.elevationMeters == 374.0)
    }

    @Test func latin1BytesWithoutADeclarationAreMalformedOnOneLine() {
        let bytes = "<gpx><wpt lat=\"1\" lon=\"2\"><name>Z\u{FC}rich</name></wpt></gpx>"
            .unicodeScalars.map { UInt8($0.value) }
        let (_, error) = readUntilError(GPXStreamReader(bytes: bytes, name: "latin.gpx"))
        guard case .malformedXML(let file, let line, _, let reason)? = error else {
            Issue.record("expected malformedXML, got \(String(describing: error))")
            return
        }
        #expect(file == "latin.gpx")
        #expect(line == 1)
        #expect(reason.contains("UTF-8"))
        #expect(error?.description.contains("\n") == false)
    }
}

/// A declared encoding libxml2 converts through ICU (`UT-F8`, which iconv does not know and
/// ICU's lenient names match to UTF-8) failed wherever a chunk ended inside a character: the
/// reader now ends such a document's chunks only after a byte no multibyte encoding uses
/// inside a character.
///
/// A libxml2 built without ICU (not Debian's) has no converter for `UT-F8`: there the suite
/// is skipped, saying so.
@Suite(
    "Chunks of converted documents",
    .enabled(if: LibXML2Support.convertsUTF8Aliases, "this libxml2 does not know the name UT-F8"))
struct ConvertedDocumentChunkTests {

    /// Found by fuzzing (kept in Fuzz/Crashes/gpx-reader/): an en dash in a name, read 16, 20
    /// or 32 bytes at a time, was "the bytes do not match the document's encoding" at 4:11.
    @Test(arguments: [16, 17, 20, 32, 64 * 1024])
    func theKeptFileReadsWhateverTheChunkSize(chunkSize: Int) throws {
        let (events, error) = try readUntilError(
            keptFuzzInput: "crash-3724b9edc4ba4c72a99c00933f4caf70989b828e", chunkSize: chunkSize, as: "kept.gpx")
        #expect(error == nil)
        #expect(events.count == 17)
        #expect(events.waypoints.count == 3)
    }

    /// A valid 200 KB file of Japanese names declaring `UT-F8`, read 64 KiB at a time as the
    /// commands do: every one of six shifts put a character across the 64 KiB mark, and each
    /// failed before ("the bytes do not match the document's encoding" at 477:35 or 952:35).
    /// The same behind a UTF-8 byte order mark, which libxml2 reads past to the declaration.
    @Test(arguments: 0..<6, [false, true])
    func aLargeFileReadsWhereverTheChunksFall(shift: Int, byteOrderMark: Bool) throws {
        let name = String(repeating: "東京駅", count: 10)
        let waypoints = String(repeating: "<wpt lat=\"35.1\" lon=\"139.1\"><name>\(name)</name></wpt>\n", count: 1000)
        let text =
            (byteOrderMark ? "\u{FEFF}" : "")
            + "<?xml version=\"1.0\" encoding=\"UT-F8\"?>\n<gpx version=\"1.1\">\(String(repeating: " ", count: shift))\n"
            + waypoints + "</gpx>\n"
        let (events, error) = readUntilError(ofGPX: text)
        #expect(error == nil)
        #expect(events.waypoints.count == 1000)
        #expect(events.waypoints.last?.name == name)
    }
}

/// What the libxml2 the tests run against can do (a suite cannot name its own members in
/// its traits).
enum LibXML2Support {
    static let convertsUTF8Aliases: Bool = {
        let text = "<?xml version=\"1.0\" encoding=\"UT-F8\"?>\n<gpx><wpt lat=\"1\" lon=\"2\"/></gpx>\n"
        return readUntilError(ofGPX: text).error == nil
    }()
}
