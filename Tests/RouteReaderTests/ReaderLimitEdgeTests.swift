// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics
import TrailcastRoutes

/// The readers' size limits at their edges: the limit itself is read, one more is not.
@Suite("Route readers' limits, at the limit and one past")
struct ReaderLimitEdgeTests {
    /// A GeoJSON line whose properties nest arrays until the document is `depth` deep.
    static func nested(depth: Int) -> String {
        // The feature and its properties are two levels; the arrays make up the rest.
        let arrays = depth - 2
        return #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[8.5,47.3],[8.6,47.4]]},"#
            + #""properties":{"deep":"# + String(repeating: "[", count: arrays) + String(repeating: "]", count: arrays)
            + "}}"
    }

    @Test("GeoJSON nested 64 levels is read; 65 is an unsafe document")
    func jsonDepth() {
        let deepest = readUntilError(Self.nested(depth: 64), as: .geojson)
        #expect(deepest.error == nil)
        #expect(deepest.events.routePoints.count + deepest.events.trackPoints.count == 2)
        let deeper = readUntilError(Self.nested(depth: 65), as: .geojson)
        #expect(
            deeper.error?.description.hasSuffix("error: JSON nested deeper than 64 levels") == true,
            "\(String(describing: deeper.error))")
    }

    @Test("a KML coordinate tuple of 128 bytes is read; one of 129 is skipped with a warning")
    func kmlTupleLength() {
        func read(_ tuple: String) -> [RouteEvent] {
            let body = "<Placemark><LineString><coordinates>8.4,47.2 \(tuple)</coordinates></LineString></Placemark>"
            let (events, error) = readUntilError(KMLReaderTests.kml(body), as: .kml)
            #expect(error == nil)
            return events
        }
        let longest = "8.5,47.3,1." + String(repeating: "0", count: 128 - 11)
        #expect(longest.utf8.count == 128)
        let kept = read(longest)
        #expect(kept.routePoints.map(\.elevationMeters) == [nil, 1])
        #expect(kept.warnings.isEmpty)
        let skipped = read(longest + "0")
        #expect(skipped.routePoints.count == 1)
        #expect(skipped.warnings.count == 1)
    }
}
