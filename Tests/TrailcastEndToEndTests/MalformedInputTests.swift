// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// A file that is not a readable GPX document, and where its error must point.
struct MalformedInput: Sendable, CustomTestStringConvertible {
    var name: String
    var contents: String
    /// The line the error must name, when the fault is on one known line.
    var line: Int?
    /// Text the error message must contain.
    var messageContains: String?

    var testDescription: String { name }
}

/// Malformed, non-GPX and unsafe documents: exit 65 and exactly one
/// `FILE:LINE:COL: error: REASON` line on stderr, nothing on stdout.
@Suite("trailcast inspect on malformed input")
struct MalformedInputTests {
    static let inputs: [MalformedInput] = [
        MalformedInput(
            name: "tag mismatch on line 7",
            contents: """
                <?xml version="1.0" encoding="UTF-8"?>
                <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
                  <trk>
                    <trkseg>
                      <trkpt lat="47.1" lon="8.1"><ele>400</ele></trkpt>
                      <trkpt lat="47.2" lon="8.2"><ele>401</ele></trkpt>
                    </trk>
                </gpx>

                """,
            line: 7, messageContains: "mismatch"),
        MalformedInput(
            name: "truncated inside a track point",
            contents: """
                <?xml version="1.0" encoding="UTF-8"?>
                <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
                  <trk>
                    <trkseg>
                      <trkpt lat="47.1" lon="8.1"><ele>40
                """),
        MalformedInput(
            name: "truncated inside an attribute",
            contents: "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\">\n<wpt lat=\"47.1"),
        MalformedInput(
            name: "unclosed root", contents: "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\">\n"),
        MalformedInput(
            name: "root element <kml>",
            contents: """
                <?xml version="1.0" encoding="UTF-8"?>
                <kml xmlns="http://www.opengis.net/kml/2.2"><Document/></kml>

                """,
            line: 2, messageContains: "kml"),
        MalformedInput(name: "empty file", contents: ""),
        MalformedInput(name: "whitespace only", contents: "  \n\n"),
        MalformedInput(name: "not XML at all", contents: "lat,lon\n47.1,8.1\n"),
        MalformedInput(
            name: "attribute without quotes on line 3",
            contents: "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\">\n<wpt lat=47.1 lon=\"8.1\"/>\n</gpx>\n",
            line: 3),
        MalformedInput(
            name: "external entity (XXE)",
            contents: """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE gpx [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
                <gpx version="1.1" creator="test"><wpt lat="1" lon="2"><name>&secret;</name></wpt></gpx>

                """,
            line: 2),
        MalformedInput(
            name: "billion laughs",
            contents: """
                <?xml version="1.0"?>
                <!DOCTYPE gpx [
                 <!ENTITY lol "lol">
                 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
                 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
                 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
                 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
                 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
                 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
                 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
                 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
                 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
                ]>
                <gpx version="1.1"><wpt lat="1" lon="2"><name>&lol9;</name></wpt></gpx>

                """),
    ]

    @Test("exit 65 with one `FILE:LINE:COL: error:` line", arguments: inputs, ["text", "json"])
    func malformedFile(input: MalformedInput, format: String) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = try scratch.file(named: "bad.gpx", text: input.contents).path

        let result = try await TrailcastBinary.run(arguments: ["inspect", "--format", format, path])

        #expect(result.status == 65)
        #expect(result.stdout == "")
        try Self.expectOneLocatedError(result, file: path, input: input)
    }

    /// (Read as GPX: standard input has no extension, and a `<kml>` root would otherwise
    /// be read as the KML it is.)
    @Test("the same from standard input names the file `-`", arguments: inputs)
    func malformedStandardInput(input: MalformedInput) async throws {
        let result = try await TrailcastBinary.run(
            arguments: ["inspect", "--format", "json", "--input-format", "gpx", "-"], stdin: Data(input.contents.utf8))
        #expect(result.status == 65)
        #expect(result.stdout == "")
        try Self.expectOneLocatedError(result, file: "-", input: input)
    }

    /// Found by the GPX reader's fuzz target (both inputs in Fuzz/Crashes/gpx-reader/): a
    /// UTF-16 file with a broken surrogate pair. With the one default-sized chunk, libxml2
    /// halted and said so only in xmlParseChunk's result and on its own stderr channel, so
    /// `inspect` printed libxml2's "encoding error" lines and a summary of half the file,
    /// exit 0.
    @Test(
        "bytes the document's encoding cannot convert: 65, one error line, nothing from libxml2",
        arguments: [
            ("crash-35a38368b5381aa6141223e3a8523eb27e20efb9", 51),
            ("crash-23c15f8836210b71e667ff711194871e62090d58", 98),
            // Declared ISO-8859-11, which has no 0xFC: libxml2 found out when converting what
            // it had buffered on reading the declaration, and said "switching encoding:
            // encoder error" there (line 1).
            ("crash-433cde15587184c11934994aad80b527f39dd3a7", 1),
        ])
    func unconvertibleUTF16(name: String, line: Int) async throws {
        let path = Repository.url("Fuzz/Crashes/gpx-reader/\(name)").path
        for command in [["inspect"], ["replay", "--format", "jsonl", "--output", "/dev/null"]] {
            let result = try await TrailcastBinary.run(arguments: command + [path])

            #expect(result.status == 65, "\(command)")
            #expect(result.stdout == "", "\(command)")
            // `replay` warns about the points before the fault (times going back); every
            // line is the file's own, none is libxml2's, and the error is the last.
            #expect(result.stderrLines.allSatisfy { $0.hasPrefix("\(path):") }, "\(command): \(result.stderr)")
            #expect(result.stderrLines.dropLast().allSatisfy { $0.contains(": warning: ") }, "\(command)")
            #expect(result.stderrLines.last?.hasPrefix("\(path):\(line):") == true, "\(command): \(result.stderr)")
            #expect(result.stderrLines.last?.contains(": error: ") == true, "\(command)")
        }
    }

    @Test("a large file cut in half (past the first read chunk): 65, error at the cut")
    func largeTruncatedFile() async throws {
        let whole = try Data(contentsOf: Repository.url("gpx/zurich-lake-ride.gpx"))
        let half = whole.prefix(whole.count / 2)
        let linesBeforeCut = half.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = try scratch.file(named: "half.gpx", contents: half).path

        let result = try await TrailcastBinary.run(arguments: ["inspect", "--format", "json", path])

        #expect(result.status == 65)
        #expect(result.stdout == "")
        let location = try Self.expectOneLocatedError(
            result, file: path, input: MalformedInput(name: "half", contents: ""))
        // libxml2 notices the truncation when the input ends, so the error is at the cut.
        #expect(
            (linesBeforeCut...linesBeforeCut + 1).contains(location.line),
            "the cut is after line \(linesBeforeCut)")
    }

    @Test("a malformed file does not stop the next file from being read")
    func malformedThenGood() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = try scratch.file(named: "bad.gpx", text: Self.inputs[0].contents).path

        let result = try await TrailcastBinary.run(
            arguments: ["inspect", "--format", "json", path, "gpx/route-no-times.gpx"])

        #expect(result.status == 65)
        #expect(result.stderrLines.count == 1)
        let summary = try OrderedJSON(parsing: try #require(result.stdoutLines.only))
        #expect(summary["file"]?.stringValue == "gpx/route-no-times.gpx")
    }

    /// Checks stderr is exactly one `FILE:LINE:COL: error: REASON` line, as `input` expects,
    /// and returns the line and column.
    @discardableResult
    static func expectOneLocatedError(
        _ result: CommandResult, file: String, input: MalformedInput,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (line: Int, column: Int) {
        let line = try #require(
            result.stderrLines.only, "expected one stderr line, got:\n\(result.stderr)",
            sourceLocation: sourceLocation)
        #expect(result.stderr.hasSuffix("\n"), sourceLocation: sourceLocation)
        let location = try #require(
            try #/(?<file>.+):(?<line>\d+):(?<column>\d+): error: (?<reason>.+)/#.wholeMatch(in: line),
            "not FILE:LINE:COL: error: REASON: \(line)", sourceLocation: sourceLocation)
        #expect(String(location.file) == file, sourceLocation: sourceLocation)
        let lineNumber = try #require(Int(location.line), sourceLocation: sourceLocation)
        let column = try #require(Int(location.column), sourceLocation: sourceLocation)
        #expect(lineNumber >= 1 && column >= 1, sourceLocation: sourceLocation)
        if let expectedLine = input.line {
            #expect(lineNumber == expectedLine, "\(line)", sourceLocation: sourceLocation)
        }
        if let expected = input.messageContains {
            #expect(
                location.reason.localizedCaseInsensitiveContains(expected), "\(line)",
                sourceLocation: sourceLocation)
        }
        return (lineNumber, column)
    }
}
