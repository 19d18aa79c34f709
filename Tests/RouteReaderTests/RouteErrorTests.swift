// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
import TrailcastRoutes

/// Input that cannot be read: where the error is, and how it reads.
@Suite("Errors")
struct RouteErrorTests {
    /// Checks that an error's description is `FILE:LINE:COL: error: REASON`.
    private func expectCompilerStyle(
        _ error: RouteError, file: String, line: Int, reason: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let prefix = "\(file):\(line):"
        #expect(error.description.hasPrefix(prefix), "\(error)", sourceLocation: sourceLocation)
        let rest = error.description.dropFirst(prefix.count)
        let column = rest.prefix { $0.isNumber }
        #expect(Int(column).map { $0 > 0 } == true, "\(error)", sourceLocation: sourceLocation)
        #expect(rest.dropFirst(column.count) == ": error: \(reason)", sourceLocation: sourceLocation)
        #expect(!error.description.contains("\n"), sourceLocation: sourceLocation)
        #expect(error.file == file, sourceLocation: sourceLocation)
    }

    @Test func tagMismatchIsMalformedXMLWithLineAndColumn() {
        let (events, error) = readUntilError(
            ofGPX: """
                <?xml version="1.0"?>
                <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
                <trk>
                <trkseg>
                <trkpt lat="1" lon="1"/>
                </trk>
                </gpx>
                """, name: "walk.gpx")
        guard case .malformedXML(let file, let line, let column, let reason)? = error else {
            Issue.record("expected malformedXML, got \(String(describing: error))")
            return
        }
        #expect(file == "walk.gpx")
        #expect(line == 6)
        #expect(column > 0)
        #expect(reason.contains("mismatch"))
        expectCompilerStyle(error!, file: "walk.gpx", line: 6, reason: reason)
        // What came before the error was delivered first.
        #expect(events.outline == ["metadata", "trk -", "seg", "trkpt -"])
    }

    @Test(arguments: [16, 17, 100, 65_536])
    func eventsBeforeAnErrorDoNotDependOnTheChunkSize(_ chunkSize: Int) throws {
        let text = gpx11(
            """
            <wpt lat="1" lon="2"><name>A</name></wpt>
            <wpt lat="1" lon="2"><name>B</name></wpt>
            <wpt lat="1" lon="2"><name>C</nam></wpt>
            <wpt lat="1" lon="2"><name>D</name></wpt>
            """)
        let reader = GPXStreamReader(bytes: Array(text.utf8), options: .init(chunkSize: chunkSize))
        let (events, error) = readUntilError(reader)
        #expect(events.outline == ["metadata", "wpt A", "wpt B"])
        let thrown = try #require(error)
        guard case .malformedXML(_, 5, _, _) = thrown else {
            Issue.record("expected malformedXML on line 5, got \(thrown)")
            return
        }
        // After a throw the reader is finished: nothing stale comes out later.
        #expect(try reader.next() == nil)
        #expect(try reader.next() == nil)
    }

    @Test func truncatedFileIsMalformedAtItsEnd() throws {
        let path = RepositoryFiles.path("gpx/sf-waterfront-walk.gpx")
        let bytes = try #require(readFileBytes(path))
        // Cut in the middle of a point, as an interrupted copy would.
        let cut = Array(bytes.prefix(bytes.count / 2))
        let lineCount = cut.count(where: { $0 == UInt8(ascii: "\n") }) + 1
        let whole = try readAllEvents(ofBytes: bytes)
        for chunkSize in [16, 65_536] {
            let (events, error) = readUntilError(
                GPXStreamReader(bytes: cut, name: "half.gpx", options: .init(chunkSize: chunkSize)))
            guard case .malformedXML(let file, let line, _, let reason)? = error else {
                Issue.record("expected malformedXML, got \(String(describing: error))")
                return
            }
            #expect(file == "half.gpx")
            #expect(line == lineCount)
            #expect(reason.contains("truncated"))
            expectCompilerStyle(error!, file: "half.gpx", line: lineCount, reason: reason)
            // Every point wholly before the cut was delivered, exactly as in the whole file.
            #expect(events.trackPoints.count > 800)
            #expect(Array(whole.prefix(events.count)) == events)
        }
    }

    @Test(arguments: ["", " \n\t\n", "<?xml version=\"1.0\"?>\n"])
    func emptyDocumentIsMalformed(_ text: String) {
        let (events, error) = readUntilError(ofGPX: text, name: "empty.gpx")
        guard case .malformedXML(let file, let line, _, let reason)? = error else {
            Issue.record("expected malformedXML, got \(String(describing: error))")
            return
        }
        #expect(events == [])
        #expect(file == "empty.gpx")
        #expect(reason.contains("empty"))
        expectCompilerStyle(error!, file: "empty.gpx", line: line, reason: reason)
    }

    @Test func contentAfterTheRootElementIsMalformed() {
        let (events, error) = readUntilError(ofGPX: "<gpx></gpx>\n<gpx></gpx>\n")
        guard case .malformedXML(_, 2, _, let reason)? = error else {
            Issue.record("expected malformedXML on line 2, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("Extra content"))
        #expect(events.metadata.count == 1)
    }

    @Test func nonGPXRootIsNotGPX() {
        let (events, error) = readUntilError(
            ofGPX: """
                <?xml version="1.0" encoding="UTF-8"?>
                <kml xmlns="http://www.opengis.net/kml/2.2">
                <Document><Placemark><name>A</name></Placemark></Document>
                </kml>
                """, name: "places.kml")
        #expect(events == [])
        guard case .notGPX(let file, let line, let column, let root)? = error else {
            Issue.record("expected notGPX, got \(String(describing: error))")
            return
        }
        #expect(file == "places.kml")
        #expect(line == 2)
        #expect(column > 0)
        #expect(root == "kml")
        expectCompilerStyle(
            error!, file: "places.kml", line: 2,
            reason: "the root element is <kml>, not <gpx>: this is not a GPX file")
    }

    @Test func missingFileCannotBeOpened() {
        let path = RepositoryFiles.path("Tests/Fixtures/realworld/does-not-exist.gpx")
        #expect(throws: RouteError.cannotOpen(file: path, reason: "no such file")) {
            try GPXStreamReader(contentsOfFile: path)
        }
        #expect(
            RouteError.cannotOpen(file: path, reason: "no such file").description
                == "\(path): error: no such file")
    }

    @Test func directoryCannotBeOpened() throws {
        let path = RepositoryFiles.path("Tests/Fixtures/realworld")
        let error = #expect(throws: RouteError.self) { try GPXStreamReader(contentsOfFile: path) }
        guard case .cannotOpen(let file, let reason)? = error else {
            Issue.record("expected cannotOpen, got \(String(describing: error))")
            return
        }
        #expect(file == path)
        #expect(reason.contains("directory"))
        #expect(error?.description == "\(path): error: \(reason)")
    }

    // Root can read anything (CI runs as root): the test shows as skipped there, not passed.
    @Test(.enabled(if: geteuid() != 0, "root can read a file without permissions"))
    func unreadableFileCannotBeOpened() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("trailcast-unreadable-\(getpid()).gpx").path
        #expect(
            FileManager.default.createFile(
                atPath: path, contents: Data("<gpx/>".utf8),
                attributes: [.posixPermissions: 0o000]))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: RouteError.cannotOpen(file: path, reason: "permission denied")) {
            try GPXStreamReader(contentsOfFile: path)
        }
    }

    @Test(arguments: [
        ("<gpx><wpt lat=\"1\" lon=\"2\"></gpx>", "mismatch"),
        ("<gpx><wpt lat=\"1\" lat=\"2\"/></gpx>", "redefined"),
        ("<gpx><wpt lat=1 lon=2/></gpx>", "AttValue"),
        ("<gpx><name>a & b</name></gpx>", "xmlParseEntityRef"),
        ("<gpx><name>&nbsp;</name></gpx>", "nbsp"),
        ("<gpx>\u{1}</gpx>", "invalid Char"),
    ])
    func malformedInputs(_ text: String, _ reasonContains: String) {
        let (_, error) = readUntilError(ofGPX: text, name: "bad.gpx")
        guard case .malformedXML(let file, let line, _, let reason)? = error else {
            Issue.record("expected malformedXML, got \(String(describing: error))")
            return
        }
        #expect(file == "bad.gpx")
        #expect(line == 1)
        #expect(reason.contains(reasonContains), "\(reason)")
        expectCompilerStyle(error!, file: "bad.gpx", line: 1, reason: reason)
    }
}
