// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastRoutes
import TrailcastBasics

/// Document structure: versions, namespaces, metadata and the order of events.
@Suite("GPX documents and event order")
struct GPXStreamReaderTests {
    @Test func gpx11DocumentGivesEveryContainerInDocumentOrder() throws {
        let events = try readAllEvents(
            ofGPX: gpx11(
                """
                <metadata><name>Day out</name><desc>Lake and hill</desc>
                  <time>2026-06-13T15:59:00Z</time></metadata>
                <wpt lat="47.1" lon="8.1"><name>W1</name></wpt>
                <rte><name>R</name>
                  <rtept lat="47.2" lon="8.2"><name>R1</name></rtept>
                  <rtept lat="47.3" lon="8.3"><name>R2</name></rtept>
                </rte>
                <trk><name>T</name>
                  <trkseg>
                    <trkpt lat="47.4" lon="8.4"><name>P1</name></trkpt>
                    <trkpt lat="47.5" lon="8.5"><name>P2</name></trkpt>
                  </trkseg>
                  <trkseg>
                    <trkpt lat="47.6" lon="8.6"><name>P3</name></trkpt>
                  </trkseg>
                </trk>
                <wpt lat="47.7" lon="8.7"><name>W2</name></wpt>
                """))
        #expect(
            events.outline == [
                "metadata", "wpt W1",
                "rte R", "rtept R1", "rtept R2", "/rte",
                "trk T", "seg", "trkpt P1", "trkpt P2", "/seg", "seg", "trkpt P3", "/seg", "/trk",
                "wpt W2",
            ])
        let metadata = try #require(events.metadata.first)
        #expect(
            metadata
                == RouteMetadata(
                    version: "1.1", creator: "Trailcast tests", name: "Day out",
                    description: "Lake and hill", time: Timestamp(iso8601: "2026-06-13T15:59:00Z")))
        #expect(events.trackPoints.map(\.latitude) == [47.4, 47.5, 47.6])
        #expect(events.trackPoints.map(\.longitude) == [8.4, 8.5, 8.6])
        #expect(events.routePoints.map(\.latitude) == [47.2, 47.3])
        #expect(events.waypoints.map(\.longitude) == [8.1, 8.7])
    }

    /// GPX 1.1's latitudeType is -90...90. Its longitudeType stops short of 180
    /// (maxExclusive), but 180 is the meridian -180 is, and other tools write it: taken (the
    /// project's reading). One past either end is skipped with a warning.
    @Test func coordinatesAtTheEndsOfTheirRangesAreKept() throws {
        let events = try readAllEvents(
            ofGPX: gpx11(
                """
                <trk><trkseg>
                  <trkpt lat="90" lon="180"/><trkpt lat="-90" lon="-180"/>
                  <trkpt lat="90.0001" lon="0"/><trkpt lat="0" lon="180.0001"/><trkpt lat="0" lon="-180.0001"/>
                </trkseg></trk>
                """))
        #expect(events.trackPoints.map { [$0.latitude, $0.longitude] } == [[90, 180], [-90, -180]])
        #expect(
            events.warnings.map(\.message) == [
                "<trkpt> has lat=\"90.0001\", not a latitude in -90...90; point skipped",
                "<trkpt> has lon=\"180.0001\", not a longitude in -180...180; point skipped",
                "<trkpt> has lon=\"-180.0001\", not a longitude in -180...180; point skipped",
            ])
    }

    @Test func gpx10DocumentTakesMetadataFromElementsDirectlyUnderGPX() throws {
        let events = try readAllEvents(
            ofGPX: """
                <?xml version="1.0"?>
                <gpx version="1.0" creator="GPSBabel" xmlns="http://www.topografix.com/GPX/1/0">
                <name>Green Lake</name>
                <desc>Loop</desc>
                <time>2026-03-21T17:00:00Z</time>
                <bounds minlat="47.6" minlon="-122.4" maxlat="47.7" maxlon="-122.3"/>
                <wpt lat="47.68" lon="-122.33"><name>Boathouse</name></wpt>
                <trk><name>Walk</name><trkseg>
                <trkpt lat="47.681" lon="-122.331"><course>91.5</course><speed>1.4</speed></trkpt>
                </trkseg></trk>
                </gpx>
                """)
        #expect(events.outline == ["metadata", "wpt Boathouse", "trk Walk", "seg", "trkpt -", "/seg", "/trk"])
        #expect(
            events.metadata == [
                RouteMetadata(
                    version: "1.0", creator: "GPSBabel", name: "Green Lake", description: "Loop",
                    time: Timestamp(iso8601: "2026-03-21T17:00:00Z"))
            ])
        let point = try #require(events.trackPoints.first)
        #expect(point.courseDegrees == 91.5)
        #expect(point.speedMetersPerSecond == 1.4)
    }

    struct VersionCase: Sendable, CustomTestStringConvertible {
        let root: String
        let expected: String?
        var testDescription: String { root }
    }

    @Test(arguments: [
        VersionCase(root: #"<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">"#, expected: "1.1"),
        VersionCase(root: #"<gpx version="1.0" xmlns="http://www.topografix.com/GPX/1/0">"#, expected: "1.0"),
        VersionCase(root: #"<gpx xmlns="http://www.topografix.com/GPX/1/1">"#, expected: "1.1"),
        VersionCase(root: #"<gpx xmlns="http://www.topografix.com/GPX/1/0">"#, expected: "1.0"),
        VersionCase(root: #"<gpx>"#, expected: nil),
        VersionCase(root: #"<gpx version="1.1">"#, expected: "1.1"),
        // The attribute says what the file claims; it wins over the namespace.
        VersionCase(root: #"<gpx version="1.0" xmlns="http://www.topografix.com/GPX/1/1">"#, expected: "1.0"),
        VersionCase(root: #"<g:gpx xmlns:g="http://www.topografix.com/GPX/1/1">"#, expected: "1.1"),
    ])
    func versionComesFromTheAttributeOrElseTheNamespace(_ testCase: VersionCase) throws {
        let closing = testCase.root.hasPrefix("<g:") ? "</g:gpx>" : "</gpx>"
        let events = try readAllEvents(ofGPX: "\(testCase.root)\(closing)")
        #expect(events.metadata.map(\.version) == [testCase.expected])
    }

    @Test func documentWithoutAnyNamespaceIsReadAsGPX() throws {
        let events = try readAllEvents(
            ofGPX: """
                <gpx creator="PocketTrack">
                <metadata><name>No namespace</name></metadata>
                <wpt lat="1.5" lon="2.5"><ele>12</ele><name>A</name></wpt>
                <trk><trkseg><trkpt lat="1.6" lon="2.6"><time>2026-01-01T00:00:00Z</time></trkpt></trkseg></trk>
                </gpx>
                """)
        #expect(events.outline == ["metadata", "wpt A", "trk -", "seg", "trkpt -", "/seg", "/trk"])
        #expect(events.metadata.first?.version == nil)
        #expect(events.metadata.first?.creator == "PocketTrack")
        #expect(events.metadata.first?.name == "No namespace")
        #expect(events.waypoints.first?.elevationMeters == 12)
        #expect(events.trackPoints.first?.time == Timestamp(iso8601: "2026-01-01T00:00:00Z"))
    }

    @Test func elementsInAnotherNamespaceAreNotGPXElements() throws {
        let events = try readAllEvents(
            ofGPX: gpx11(
                """
                <x:wpt xmlns:x="urn:not-gpx" lat="1" lon="2"><x:name>Imposter</x:name></x:wpt>
                <wpt lat="3" lon="4" xmlns:x="urn:not-gpx"><x:ele>999</x:ele><x:name>no</x:name><name>Real</name></wpt>
                """))
        #expect(events.outline == ["metadata", "wpt Real"])
        #expect(events.waypoints.first?.elevationMeters == nil)
    }

    @Test func metadataNameIsNotTakenFromNestedAuthorOrLink() throws {
        let events = try readAllEvents(
            ofGPX: gpx11(
                """
                <metadata>
                  <author><name>Alice</name><link href="https://example.com"><text>site</text></link></author>
                  <copyright author="Bob"><year>2026</year></copyright>
                  <name>The walk</name>
                </metadata>
                """))
        #expect(events.metadata.map(\.name) == ["The walk"])
        #expect(events.metadata.first?.description == nil)
    }

    @Test func metadataComesOnceEvenWithoutAMetadataElementOrAnyPoint() throws {
        let empty = try readAllEvents(ofGPX: #"<gpx version="1.1" creator="X"/>"#)
        #expect(empty == [.metadata(RouteMetadata(version: "1.1", creator: "X"))])

        let onlyTrack = try readAllEvents(ofGPX: gpx11("<trk><trkseg><trkpt lat=\"1\" lon=\"1\"/></trkseg></trk>"))
        #expect(onlyTrack.outline == ["metadata", "trk -", "seg", "trkpt -", "/seg", "/trk"])
    }

    @Test func trackAndRouteInfoPrecedeTheirPoints() throws {
        let events = try readAllEvents(
            ofGPX: gpx11(
                """
                <trk>
                  <name>Morning Run</name><desc>Easy</desc><type>running</type>
                  <trkseg><trkpt lat="1" lon="1"/></trkseg>
                </trk>
                <rte><name>Plan</name><desc>Hill</desc><type>hiking</type>
                  <rtept lat="2" lon="2"/>
                </rte>
                <rte><name>No points</name></rte>
                """))
        let infos: [RoutePathInfo] = events.compactMap {
            switch $0 {
            case .beginTrack(let info), .beginRoute(let info): info
            default: nil
            }
        }
        #expect(
            infos == [
                RoutePathInfo(name: "Morning Run", description: "Easy", type: "running", line: 3),
                RoutePathInfo(name: "Plan", description: "Hill", type: "hiking", line: 7),
                RoutePathInfo(name: "No points", line: 10),
            ])
        #expect(
            events.outline == [
                "metadata", "trk Morning Run", "seg", "trkpt -", "/seg", "/trk",
                "rte Plan", "rtept -", "/rte", "rte No points", "/rte",
            ])
    }

    @Test func pointsAndSegmentsCarryTheirLineNumbers() throws {
        let events = try readAllEvents(
            ofGPX: gpx11(
                """
                <wpt lat="1" lon="1"/>
                <trk>
                <trkseg>
                <trkpt
                   lat="2" lon="2">
                </trkpt>
                </trkseg>
                </trk>
                """))
        #expect(events.waypoints.map(\.line) == [3])
        #expect(events.contains(.beginSegment(line: 5)))
        // A start tag over several lines: the line where it ends.
        #expect(events.trackPoints.map(\.line) == [7])
        #expect(events.trackPoints.allSatisfy { $0.column > 0 })
    }

    @Test func readingFromAFileEqualsReadingTheSameBytes() throws {
        let path = RepositoryFiles.path("gpx/route-no-times.gpx")
        let fromFile = try readAllEvents(ofFile: path)
        let bytes = try #require(readFileBytes(path))
        #expect(try readAllEvents(ofBytes: bytes, name: path) == fromFile)
        #expect(fromFile.routePoints.count == 24)
    }

    @Test func readerKeepsReturningNilAfterTheEnd() throws {
        let reader = GPXStreamReader(bytes: Array(gpx11("").utf8))
        var count = 0
        while try reader.next() != nil { count += 1 }
        #expect(count == 1)
        #expect(try reader.next() == nil)
        #expect(try reader.next() == nil)
    }
}
