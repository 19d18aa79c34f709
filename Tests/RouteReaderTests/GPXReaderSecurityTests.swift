// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
import TrailcastRoutes

/// Hostile documents: entity tricks, external references, depth and size bombs.
///
/// None of these may hang, crash, reach the network or the file system, or grow
/// memory with the input; each either throws a ``RouteError`` or reads with warnings.
@Suite("Hostile documents", .timeLimit(.minutes(15)))
struct GPXReaderSecurityTests {
    /// A line of /etc/passwd that must never surface in any event.
    private static let secret: String = {
        let text = (try? String(contentsOfFile: "/etc/passwd", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").first.map(String.init) ?? "root:x:0:0:"
    }()

    private func expectUnsafe(
        _ text: String, reasonContains: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [RouteEvent] {
        let (events, error) = readUntilError(ofGPX: text, name: "hostile.gpx")
        guard case .unsafeDocument(let file, let line, let column, let reason)? = error else {
            Issue.record(
                "expected unsafeDocument, got \(String(describing: error))",
                sourceLocation: sourceLocation)
            return events
        }
        #expect(file == "hostile.gpx", sourceLocation: sourceLocation)
        #expect(line > 0 && column > 0, sourceLocation: sourceLocation)
        #expect(reason.contains(reasonContains), "\(reason)", sourceLocation: sourceLocation)
        #expect(
            error!.description == "hostile.gpx:\(line):\(column): error: \(reason)",
            sourceLocation: sourceLocation)
        return events
    }

    private func expectSecretAbsent(
        _ events: [RouteEvent], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for event in events {
            #expect(!String(describing: event).contains(Self.secret), sourceLocation: sourceLocation)
        }
    }

    @Test func externalEntityIsRefusedAndNothingIsRead() {
        let events = expectUnsafe(
            """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
            <wpt lat="1" lon="2"><name>&xxe;</name><desc>&xxe;</desc></wpt>
            </gpx>
            """, reasonContains: "'xxe'")
        #expect(events == [])
        expectSecretAbsent(events)
    }

    @Test(arguments: [16, 65_536])
    func externalEntityIsRefusedWhateverTheChunkSize(_ chunkSize: Int) {
        let text = """
            <?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
            <gpx><metadata><name>&xxe;</name></metadata><wpt lat="1" lon="2"><name>&xxe;</name></wpt></gpx>
            """
        let reader = GPXStreamReader(bytes: Array(text.utf8), options: .init(chunkSize: chunkSize))
        let (events, error) = readUntilError(reader)
        guard case .unsafeDocument? = error else {
            Issue.record("expected unsafeDocument, got \(String(describing: error))")
            return
        }
        expectSecretAbsent(events)
        #expect(events == [])
    }

    @Test func externalParameterEntityIsRefused() {
        let events = expectUnsafe(
            """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [<!ENTITY % remote SYSTEM "http://127.0.0.1:9/evil.dtd"> %remote;]>
            <gpx><wpt lat="1" lon="2"><name>&exfiltrate;</name></wpt></gpx>
            """, reasonContains: "'remote'")
        #expect(events == [])
    }

    @Test func internalParameterEntityIsRefused() {
        let events = expectUnsafe(
            """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [
              <!ENTITY % declare "<!ENTITY name 'injected'>">
              %declare;
            ]>
            <gpx><wpt lat="1" lon="2"><name>&name;</name></wpt></gpx>
            """, reasonContains: "'declare'")
        #expect(events == [])
    }

    @Test func billionLaughsIsRefusedAtTheFirstDeclaration() {
        var declarations = #"<!ENTITY lol0 "lol">"#
        for level in 1...9 {
            let references = String(repeating: "&lol\(level - 1);", count: 10)
            declarations += "\n<!ENTITY lol\(level) \"\(references)\">"
        }
        let events = expectUnsafe(
            """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [
            \(declarations)
            ]>
            <gpx><wpt lat="1" lon="2"><name>&lol9;</name></wpt></gpx>
            """, reasonContains: "'lol0'")
        #expect(events == [])
    }

    @Test func quadraticBlowupWithOneLargeEntityIsRefused() {
        let events = expectUnsafe(
            """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [<!ENTITY big "\(String(repeating: "x", count: 50_000))">]>
            <gpx><wpt lat="1" lon="2"><name>\(String(repeating: "&big;", count: 10_000))</name></wpt></gpx>
            """, reasonContains: "'big'")
        #expect(events == [])
    }

    @Test func externalDTDIsNeverFetchedAndTheDocumentStillReads() throws {
        // Port 9 (discard) on localhost: a fetch would fail or hang, never succeed.
        let events = try readAllEvents(
            ofGPX: """
                <?xml version="1.0"?>
                <!DOCTYPE gpx SYSTEM "http://127.0.0.1:9/x.dtd">
                <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
                <wpt lat="1" lon="2"><name>Still here</name></wpt>
                </gpx>
                """)
        #expect(events.outline == ["metadata", "wpt Still here"])
        #expect(events.warnings == [])
    }

    @Test func entityFromAnUnreadExternalDTDIsDroppedWithAWarning() throws {
        let events = try readAllEvents(
            ofGPX: """
                <?xml version="1.0"?>
                <!DOCTYPE gpx PUBLIC "-//Example//DTD GPX//EN" "file:///etc/passwd">
                <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
                <wpt lat="1" lon="2"><name>a&ext;b</name></wpt>
                </gpx>
                """)
        #expect(events.waypoints.map(\.name) == ["ab"])
        #expect(events.warnings.map(\.line) == [4])
        #expect(events.warnings.first?.message.contains("'ext'") == true)
        expectSecretAbsent(events)
    }

    @Test func laterFatalErrorIsReportedNotAnEarlierRecoverableOne() {
        let (events, error) = readUntilError(
            ofGPX: """
                <?xml version="1.0"?>
                <!DOCTYPE gpx SYSTEM "http://127.0.0.1:9/x.dtd">
                <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
                <wpt lat="1" lon="2"><name>a&ext;b</name></wpt>
                <wpt lat="1" lon="2"></trk>
                </gpx>
                """)
        guard case .malformedXML(_, let line, _, let reason)? = error else {
            Issue.record("expected malformedXML, got \(String(describing: error))")
            return
        }
        #expect(line == 5)
        #expect(reason.contains("mismatch"))
        #expect(events.waypoints.count == 1)
    }

    @Test func externalDTDWithAnInternalSubsetButNoEntitiesReads() throws {
        let events = try readAllEvents(
            ofGPX: """
                <?xml version="1.0"?>
                <!DOCTYPE gpx SYSTEM "http://127.0.0.1:9/x.dtd" [<!ELEMENT gpx ANY>]>
                <gpx><wpt lat="1" lon="2"><name>ok</name></wpt></gpx>
                """)
        #expect(events.waypoints.map(\.name) == ["ok"])
    }

    @Test func xIncludeIsNotProcessed() throws {
        let events = try readAllEvents(
            ofGPX: """
                <gpx xmlns:xi="http://www.w3.org/2001/XInclude"><wpt lat="1" lon="2">\
                <desc><xi:include href="file:///etc/passwd" parse="text"/></desc></wpt></gpx>
                """)
        #expect(events.waypoints.map(\.description) == [""])
        expectSecretAbsent(events)
    }

    @Test func hundredThousandDeepNestingThrowsWithoutCrashing() {
        let depth = 100_000
        let text = "<gpx>" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</gpx>"
        let events = expectUnsafe(text, reasonContains: "nested deeper")
        #expect(events == [])
    }

    @Test func deepNestingInsideExtensionsThrowsAfterTheEarlierPoints() {
        let depth = 100_000
        let text = gpx11(
            """
            <wpt lat="1" lon="2"><name>before</name></wpt>
            <wpt lat="1" lon="2" xmlns:x="urn:x"><extensions>\(String(repeating: "<x:a>", count: depth))\
            \(String(repeating: "</x:a>", count: depth))</extensions></wpt>
            """)
        let events = expectUnsafe(text, reasonContains: "nested deeper")
        #expect(events.outline == ["metadata", "wpt before"])
    }

    @Test(arguments: [(255, true), (256, false)])
    func nestingIsAllowedUpTo256Levels(extraLevels: Int, allowed: Bool) throws {
        // <gpx> and `extraLevels` elements inside it.
        let text =
            "<gpx><wpt lat=\"1\" lon=\"2\"/>" + String(repeating: "<a>", count: extraLevels)
            + String(repeating: "</a>", count: extraLevels) + "</gpx>"
        let (events, error) = readUntilError(ofGPX: text)
        #expect(events.waypoints.count == 1)
        if allowed {
            #expect(error == nil)
        } else {
            guard case .unsafeDocument? = error else {
                Issue.record("expected unsafeDocument, got \(String(describing: error))")
                return
            }
        }
    }

    @Test func twentyMegabyteAttributeThrowsOrWarnsWithoutCrashing() {
        let text = gpx11(
            """
            <wpt lat="1" lon="2" note="\(String(repeating: "a", count: 20_000_000))"><name>big</name></wpt>
            <wpt lat="3" lon="4"><name>after</name></wpt>
            """)
        let (events, error) = readUntilError(ofGPX: text, name: "big.gpx")
        switch error {
        case .malformedXML(let file, let line, _, _)?, .unsafeDocument(let file, let line, _, _)?:
            #expect(file == "big.gpx")
            #expect(line == 3)
        case nil:
            #expect(!events.warnings.isEmpty)
        default:
            Issue.record("unexpected \(String(describing: error))")
        }
    }

    @Test func twentyMegabyteLatitudeThrowsOrWarnsWithoutCrashing() {
        let text = gpx11("<wpt lat=\"1\(String(repeating: "0", count: 20_000_000))\" lon=\"2\"/>")
        let (events, error) = readUntilError(ofGPX: text)
        #expect(error != nil || !events.warnings.isEmpty)
        #expect(events.waypoints.isEmpty)
    }

    @Test func twentyMegabyteDescriptionIsCutToTheTextCap() throws {
        let events = try readAllEvents(
            ofGPX: gpx11(
                """
                <wpt lat="1" lon="2"><desc>\(String(repeating: "a", count: 20_000_000))</desc><name>big</name></wpt>
                <wpt lat="3" lon="4"><desc>small</desc></wpt>
                """))
        let description = try #require(events.waypoints.first?.description)
        #expect(description.utf8.count <= 1 << 20)
        #expect(description.utf8.count > 1 << 19)
        #expect(events.warnings.count == 1)
        #expect(events.warnings.first?.message.contains("longer than") == true)
        #expect(events.warnings.first?.line == 3)
        // The reader went on: the rest of the point and the next point are intact.
        #expect(events.waypoints.map(\.name) == ["big", nil])
        #expect(events.waypoints.last?.description == "small")
    }

    @Test(arguments: ["ü", "€", "🚶"])
    func cutTextNeverEndsInsideACharacter(_ character: String) throws {
        let count = 20_000_000 / character.utf8.count
        let events = try readAllEvents(
            ofGPX: gpx11(
                """
                <wpt lat="1" lon="2"><name>\(String(repeating: character, count: count))</name></wpt>
                """))
        let name = try #require(events.waypoints.first?.name)
        #expect(name.utf8.count <= 1 << 20)
        #expect(name.utf8.count > (1 << 20) - 4)
        #expect(!name.unicodeScalars.contains("\u{FFFD}"))
        #expect(Set(name) == [Character(character)])
    }

    @Test func hugeTextInAnIgnoredElementIsNotKeptOrWarned() throws {
        let events = try readAllEvents(
            ofGPX: gpx11(
                """
                <wpt lat="1" lon="2"><cmt>\(String(repeating: "c", count: 20_000_000))</cmt><name>ok</name></wpt>
                """))
        #expect(events.warnings == [])
        #expect(events.waypoints.map(\.name) == ["ok"])
    }

    @Test func veryLongElementNameIsMalformed() {
        let (_, error) = readUntilError(ofGPX: "<gpx><\(String(repeating: "a", count: 1_000_000))/></gpx>")
        guard case .malformedXML? = error else {
            Issue.record("expected malformedXML, got \(String(describing: error))")
            return
        }
    }

    @Test func manyPointsWithWarningsStreamWithoutTrouble() throws {
        let body = String(repeating: "<wpt lat=\"99\" lon=\"1\"/>\n", count: 20_000)
        let reader = GPXStreamReader(bytes: Array(gpx11(body).utf8))
        var warnings = 0
        while let event = try reader.next() {
            if case .warning = event { warnings += 1 }
        }
        #expect(warnings == 20_000)
    }
}

/// A DOCTYPE whose internal subset is broken: libxml2 2.9's push parser looks ahead for the
/// subset's end in each chunk, and a broken subset defeats the lookahead differently for
/// each cut. The reader gives one error, at the subset's `[`, whatever the cut.
@Suite("Malformed DOCTYPE subsets")
struct MalformedInternalSubsetTests {
    /// Found by fuzzing (kept in Fuzz/Crashes/gpx-reader/): `<!DOCTYPE gpx [ <>` and then
    /// a GPX file's bytes, some of them UTF-16. Read 64 KiB at a time it was "the file ends
    /// before any element" at 2:15; 16 bytes at a time, libxml2's "internal error:
    /// xmlParseInternalSubset: error detected in Markup declaration" at 2:17.
    @Test(arguments: [16, 17, 63, 1000, 64 * 1024])
    func theKeptFileIsOneErrorAtTheSubsetForEveryChunkSize(chunkSize: Int) throws {
        let (events, error) = try readUntilError(
            keptFuzzInput: "gpx-reader-doctype-subset.gpx", chunkSize: chunkSize, as: "bad.gpx")
        #expect(events == [])
        #expect(
            error
                == .malformedXML(
                    file: "bad.gpx", line: 2, column: 15, reason: RouteError.malformedInternalSubsetReason))
    }

    @Test(
        "a broken declaration, a subset that never ends, a quote left open",
        arguments: [
            #"<!DOCTYPE gpx [ <> ]>"#,
            #"<!DOCTYPE gpx [ <!ELEMENT gpx ANY>"#,
            #"<!DOCTYPE gpx [ <!ATTLIST gpx a CDATA "x> ]>"#,
        ], [16, 64 * 1024])
    func brokenSubsets(doctype: String, chunkSize: Int) {
        let text = "<?xml version=\"1.0\"?>\n\(doctype)\n<gpx><wpt lat=\"1\" lon=\"2\"/></gpx>\n"
        let (events, error) = readUntilError(
            GPXStreamReader(bytes: Array(text.utf8), name: "bad.gpx", options: .init(chunkSize: chunkSize)))
        #expect(events == [])
        #expect(
            error
                == .malformedXML(
                    file: "bad.gpx", line: 2, column: 15, reason: RouteError.malformedInternalSubsetReason))
    }
}
