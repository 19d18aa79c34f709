// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastRoutes
import TrailcastBasics

/// Every field of a point: GPX 1.0/1.1 elements, Garmin TrackPointExtension, other extensions.
@Suite("Point fields")
struct RoutePointTests {
    private func onlyPoint(_ body: String) throws -> RoutePoint {
        let events = try readAllEvents(ofGPX: gpx11(body))
        #expect(events.warnings == [])
        let points = events.waypoints + events.routePoints + events.trackPoints
        #expect(points.count == 1)
        return try #require(points.first)
    }

    @Test func waypointWithEveryGPX11Field() throws {
        let point = try onlyPoint(
            """
            <wpt lat="47.366667" lon="-8.55">
              <ele>408.25</ele>
              <time>2026-06-13T16:00:00.250Z</time>
              <magvar>2</magvar><geoidheight>48</geoidheight>
              <name>Bellevue</name>
              <cmt>a comment is not the description</cmt>
              <desc>Tram stop</desc>
              <src>survey</src>
              <link href="https://example.com"><text>link text is not the name</text></link>
              <sym>Bus Stop</sym>
              <type>transit</type>
              <fix>dgps</fix>
              <sat>9</sat>
              <hdop>0.8</hdop>
              <vdop>1.25</vdop>
              <pdop>1.5</pdop>
              <ageofdgpsdata>3</ageofdgpsdata><dgpsid>12</dgpsid>
            </wpt>
            """)
        var expected = RoutePoint(
            latitude: 47.366667, longitude: -8.55, elevationMeters: 408.25,
            time: Timestamp(iso8601: "2026-06-13T16:00:00.250Z"), line: 3, column: point.column)
        expected.name = "Bellevue"
        expected.description = "Tram stop"
        expected.symbol = "Bus Stop"
        expected.type = "transit"
        expected.fix = .differential
        expected.satellites = 9
        expected.horizontalDilution = 0.8
        expected.verticalDilution = 1.25
        expected.positionDilution = 1.5
        #expect(point == expected)
        #expect(point.column > 0)
    }

    @Test func gpx10TrackPointSpeedAndCourse() throws {
        let events = try readAllEvents(
            ofGPX: """
                <gpx version="1.0" xmlns="http://www.topografix.com/GPX/1/0"><trk><trkseg>
                <trkpt lat="47.68" lon="-122.33"><ele>10</ele><course>271.25</course><speed>1.75</speed>\
                <fix>3d</fix><sat>7</sat><hdop>1.1</hdop></trkpt>
                </trkseg></trk></gpx>
                """)
        let point = try #require(events.trackPoints.first)
        #expect(point.courseDegrees == 271.25)
        #expect(point.speedMetersPerSecond == 1.75)
        #expect(point.fix == .threeDimensional)
        #expect(point.satellites == 7)
        #expect(point.horizontalDilution == 1.1)
        #expect(point.elevationMeters == 10)
    }

    /// GPX 1.1's five `fixType` values, spelled as the schema spells them (not from the
    /// enum's own raw values, which a typo would change on both sides).
    @Test(arguments: [
        ("none", FixType.none), ("2d", .twoDimensional), ("3d", .threeDimensional), ("dgps", .differential),
        ("pps", .precise),
    ])
    func everyFixValue(text: String, fix: FixType) throws {
        let point = try onlyPoint("<wpt lat=\"1\" lon=\"2\"><fix>\(text)</fix></wpt>")
        #expect(point.fix == fix)
        #expect(FixType.allCases.count == 5)
    }

    @Test func unknownFixIsDroppedWithAWarning() throws {
        let events = try readAllEvents(ofGPX: gpx11("<wpt lat=\"1\" lon=\"2\"><fix>4d</fix></wpt>"))
        #expect(events.waypoints.first?.fix == nil)
        #expect(events.warnings.count == 1)
        #expect(events.warnings.first?.message.contains("\"4d\"") == true)
        #expect(events.warnings.first?.line == 3)
    }

    @Test func emptyElementsLeaveFieldsUnknownWithoutWarnings() throws {
        let point = try onlyPoint(
            """
            <trk><trkseg><trkpt lat="1" lon="2"><ele/><time></time><name></name><sat> </sat></trkpt></trkseg></trk>
            """)
        #expect(point.elevationMeters == nil)
        #expect(point.time == nil)
        #expect(point.satellites == nil)
        // An empty <name> is a name that is the empty string.
        #expect(point.name == "")
    }

    // MARK: - Garmin TrackPointExtension

    struct GarminCase: Sendable, CustomTestStringConvertible {
        let prefix: String
        let namespace: String
        var testDescription: String { "\(prefix): \(namespace)" }
    }

    static let garminV1 = "http://www.garmin.com/xmlschemas/TrackPointExtension/v1"
    static let garminV2 = "http://www.garmin.com/xmlschemas/TrackPointExtension/v2"

    @Test(arguments: [
        GarminCase(prefix: "gpxtpx", namespace: garminV1),
        GarminCase(prefix: "ns3", namespace: garminV1),
        GarminCase(prefix: "foo", namespace: garminV1),
        GarminCase(prefix: "gpxtpx", namespace: garminV2),
        GarminCase(prefix: "ns3", namespace: garminV2),
        GarminCase(prefix: "foo", namespace: garminV2),
    ])
    func garminTrackPointExtensionIsMatchedByNamespaceWhateverThePrefix(_ garmin: GarminCase) throws {
        let p = garmin.prefix
        let point = try onlyPoint(
            """
            <trk><trkseg>
            <trkpt lat="46.94" lon="7.44" xmlns:\(p)="\(garmin.namespace)">
              <extensions>
                <\(p):TrackPointExtension>
                  <\(p):atemp>21.5</\(p):atemp>
                  <\(p):wtemp>14.25</\(p):wtemp>
                  <\(p):depth>3.5</\(p):depth>
                  <\(p):hr>142</\(p):hr>
                  <\(p):cad>88</\(p):cad>
                  <\(p):speed>5.5</\(p):speed>
                  <\(p):course>45.75</\(p):course>
                </\(p):TrackPointExtension>
              </extensions>
            </trkpt>
            </trkseg></trk>
            """)
        #expect(point.heartRateBeatsPerMinute == 142)
        #expect(point.cadenceRevolutionsPerMinute == 88)
        #expect(point.airTemperatureCelsius == 21.5)
        #expect(point.waterTemperatureCelsius == 14.25)
        #expect(point.depthMeters == 3.5)
        #expect(point.speedMetersPerSecond == 5.5)
        #expect(point.courseDegrees == 45.75)
        // Interpreted fields are not repeated as raw extensions.
        #expect(point.extensions == [])
    }

    @Test func garminPrefixDeclaredOnTheRootAsGarminConnectDoes() throws {
        let events = try readAllEvents(
            ofGPX: """
                <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"
                     xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
                <trk><trkseg><trkpt lat="47.05" lon="8.31"><extensions><ns3:TrackPointExtension>\
                <ns3:atemp>19.0</ns3:atemp><ns3:hr>97</ns3:hr><ns3:cad>0</ns3:cad>\
                </ns3:TrackPointExtension></extensions></trkpt></trkseg></trk></gpx>
                """)
        let point = try #require(events.trackPoints.first)
        #expect(point.heartRateBeatsPerMinute == 97)
        #expect(point.cadenceRevolutionsPerMinute == 0)
        #expect(point.airTemperatureCelsius == 19)
    }

    @Test func lookalikeTrackPointExtensionInAnotherNamespaceIsNotGarmin() throws {
        let point = try onlyPoint(
            """
            <trk><trkseg>
            <trkpt lat="1" lon="2" xmlns:gpxtpx="http://example.com/not-garmin/TrackPointExtension/v1">
              <extensions><gpxtpx:TrackPointExtension>
                <gpxtpx:hr>150</gpxtpx:hr><gpxtpx:cad>80</gpxtpx:cad>
              </gpxtpx:TrackPointExtension></extensions>
            </trkpt>
            </trkseg></trk>
            """)
        #expect(point.heartRateBeatsPerMinute == nil)
        #expect(point.cadenceRevolutionsPerMinute == nil)
        let namespace = "http://example.com/not-garmin/TrackPointExtension/v1"
        #expect(
            point.extensions == [
                RouteExtensionElement(name: "gpxtpx:hr", namespaceURI: namespace, text: "150"),
                RouteExtensionElement(name: "gpxtpx:cad", namespaceURI: namespace, text: "80"),
            ])
    }

    @Test func garminChildNamesOutsideTheContainerAreRawExtensions() throws {
        // <hr> directly under <extensions>, without the TrackPointExtension container.
        let point = try onlyPoint(
            """
            <wpt lat="1" lon="2" xmlns:gpxtpx="\(Self.garminV2)">
              <extensions><gpxtpx:hr>99</gpxtpx:hr></extensions>
            </wpt>
            """)
        #expect(point.heartRateBeatsPerMinute == nil)
        #expect(point.extensions == [RouteExtensionElement(name: "gpxtpx:hr", namespaceURI: Self.garminV2, text: "99")])
    }

    @Test func otherExtensionsAreKeptAsLeafNameAndTextPairsInOrder() throws {
        let point = try onlyPoint(
            """
            <trk><trkseg>
            <trkpt lat="1" lon="2" xmlns:gpxx="http://www.garmin.com/xmlschemas/GpxExtensions/v3"
                   xmlns:x="urn:example:sensors" xmlns:gpxtpx="\(Self.garminV1)">
              <extensions>
                <gpxx:Temperature> 12.5 </gpxx:Temperature>
                <x:power>
                  <x:watts>250</x:watts>
                  <x:balance><x:left>49</x:left><x:right>51</x:right></x:balance>
                  <x:empty/>
                </x:power>
                <gpxtpx:TrackPointExtension><gpxtpx:hr>120</gpxtpx:hr><gpxtpx:unknown>7</gpxtpx:unknown></gpxtpx:TrackPointExtension>
                <plain>text &amp; more</plain>
              </extensions>
            </trkpt>
            </trkseg></trk>
            """)
        #expect(
            point.extensions == [
                RouteExtensionElement(
                    name: "gpxx:Temperature", namespaceURI: "http://www.garmin.com/xmlschemas/GpxExtensions/v3",
                    text: "12.5"),
                RouteExtensionElement(name: "x:watts", namespaceURI: "urn:example:sensors", text: "250"),
                RouteExtensionElement(name: "x:left", namespaceURI: "urn:example:sensors", text: "49"),
                RouteExtensionElement(name: "x:right", namespaceURI: "urn:example:sensors", text: "51"),
                RouteExtensionElement(name: "gpxtpx:unknown", namespaceURI: Self.garminV1, text: "7"),
                RouteExtensionElement(
                    name: "plain", namespaceURI: "http://www.topografix.com/GPX/1/1", text: "text & more"),
            ])
        #expect(point.heartRateBeatsPerMinute == 120)
    }

    @Test func extensionsBelongToTheirOwnPoint() throws {
        let events = try readAllEvents(
            ofGPX: gpx11(
                """
                <trk><trkseg xmlns:x="urn:x">
                <trkpt lat="1" lon="1"><extensions><x:a>first</x:a></extensions></trkpt>
                <trkpt lat="2" lon="2"/>
                <trkpt lat="3" lon="3"><extensions><x:b>third</x:b></extensions></trkpt>
                </trkseg></trk>
                """))
        #expect(events.trackPoints.map { $0.extensions.map(\.text) } == [["first"], [], ["third"]])
    }

    @Test func integerFieldsRoundAndOutOfRangeValuesAreDropped() throws {
        let events = try readAllEvents(
            ofGPX: gpx11(
                """
                <trk><trkseg xmlns:t="\(Self.garminV1)">
                <trkpt lat="1" lon="1"><sat>7.6</sat><extensions><t:TrackPointExtension><t:hr>141.5</t:hr>\
                <t:cad>1e12</t:cad></t:TrackPointExtension></extensions></trkpt>
                </trkseg></trk>
                """))
        let point = try #require(events.trackPoints.first)
        #expect(point.satellites == 8)
        #expect(point.heartRateBeatsPerMinute == 142)
        #expect(point.cadenceRevolutionsPerMinute == nil)
        #expect(events.warnings.count == 1)
        #expect(events.warnings.first?.message.contains("<cad>") == true)
    }
}
