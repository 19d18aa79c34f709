// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastGPX

@Suite("Whole documents and the async sequence")
struct GPXDocumentTests {
    static let packageRoot = String(#filePath.split(separator: "/").dropLast(3).joined(separator: "/"))
        .withLeadingSlash

    static let nested = """
        <?xml version="1.0"?>
        <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
          <wpt lat="1" lon="2"><name>A</name></wpt>
          <rte><name>R</name><rtept lat="1" lon="2"/><rtept lat="1.1" lon="2.1"/></rte>
          <trk><name>T</name>
            <trkseg><trkpt lat="3" lon="4"/></trkseg>
            <trkseg><trkpt lat="5" lon="6"/><trkpt lat="5.1" lon="6.1"/></trkseg>
          </trk>
        </gpx>
        """

    @Test func groupsPointsUnderTheirRoutesTracksAndSegments() throws {
        let document = try GPXDocument(bytes: Array(Self.nested.utf8))
        #expect(document.metadata.version == "1.1")
        #expect(document.waypoints.map(\.name) == ["A"])
        #expect(document.routes.map(\.info.name) == ["R"])
        #expect(document.routes[0].points.map(\.latitude) == [1, 1.1])
        #expect(document.tracks.map(\.info.name) == ["T"])
        #expect(document.tracks[0].segments.map { $0.map(\.latitude) } == [[3], [5, 5.1]])
        #expect(document.warnings.isEmpty)
    }
}

extension String {
    fileprivate var withLeadingSlash: String { hasPrefix("/") ? self : "/" + self }
}
