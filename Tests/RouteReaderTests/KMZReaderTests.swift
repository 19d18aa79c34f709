// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
import TrailcastRoutes

/// KMZ: the KML inside a zip archive, inflated as it is read. The archives are Python's
/// zipfile's (`Tests/Fixtures/kmz/make-fixtures.py`), an independent zip writer.
@Suite("KMZ reader")
struct KMZReaderTests {
    static func read(_ name: String, chunkSize: Int = 64 * 1024) throws -> (events: [RouteEvent], error: RouteError?) {
        let path = RepositoryFiles.path("Tests/Fixtures/kmz/\(name)")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        do {
            return readUntilError(
                try RouteFormat.kmz.makeReader(bytes: bytes, name: name, options: .init(chunkSize: chunkSize)))
        } catch {
            return ([], error)
        }
    }

    @Test(
        "deflated (after another entry), stored, with data descriptors, after a bzip2 photo with a long path, named DOC.KML: the same three timed points",
        arguments: [
            "deflated.kmz", "stored.kmz", "data-descriptors.kmz", "long-name-after-bzip2.kmz",
            // The extension is matched whatever its case: DOC.KML is the KML.
            "upper-case-name.kmz",
        ])
    func readsTheKMLInside(name: String) throws {
        let (events, error) = try Self.read(name)
        #expect(error == nil)
        let points = events.compactMap { if case .trackPoint(let point) = $0 { point } else { nil } }
        #expect(points.map(\.longitude) == [8.5, 8.5001, 8.5002])
        #expect(points.allSatisfy { $0.time != nil })
        #expect(try Self.read(name, chunkSize: 16).events == events)
    }

    @Test(
        "a zip bomb, a wrong CRC, a cut archive, an archive without KML: one error with its byte",
        arguments: [
            (
                "bomb.kmz",
                "bomb.kmz: byte 0: error: the entry doc.kml inflates to over 200 times its compressed size: refused as a zip bomb"
            ),
            (
                "wrong-crc.kmz",
                "wrong-crc.kmz: byte 0: error: the entry doc.kml's CRC-32 is 0x732d569c, but its bytes give 0x732d5663: the archive is damaged"
            ),
            ("truncated.kmz", "truncated.kmz: byte 200: error: the archive ends inside doc.kml: it is truncated"),
            ("no-kml.kmz", "no-kml.kmz: byte 53: error: the archive has no .kml file: this is not a KMZ"),
        ])
    func refused(name: String, message: String) throws {
        #expect(try Self.read(name).error?.description == message)
    }

    @Test("a KMZ is known by its first bytes, without its extension")
    func detected() throws {
        let bytes = Array(
            try Data(contentsOf: URL(fileURLWithPath: RepositoryFiles.path("Tests/Fixtures/kmz/stored.kmz"))))
        #expect(RouteFormat.detect(head: bytes) == .kmz)
    }
}
