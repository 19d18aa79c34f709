// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastRoutes

/// Elements where a placemark's parts go that are not KML's (GDAL writes GML's
/// `<MultiLineString>` and `<MultiPoint>` into KML): skipped, but said, once per name with
/// its count, where it came first, so that a file read as empty is not read as silently
/// empty (issue 60). KML's own parts stay silent.
@Suite("KML reader: elements that are not KML's are counted and named")
struct KMLForeignElementTests {
    static func warnings(_ text: String) -> [RouteWarning] {
        readUntilError(text, as: .kml).events.compactMap { if case .warning(let warning) = $0 { warning } else { nil } }
    }

    @Test("GDAL's MultiLineString and MultiPoint: one warning per name, with the count and the first one's line")
    func gdalGeometries() {
        let lines =
            "<MultiLineString><LineString><coordinates>8,47 8.1,47.1</coordinates></LineString></MultiLineString>"
        let text = KMLReaderTests.kml(
            """
            <Placemark><name>a</name>\(lines)</Placemark>
            <Placemark><name>b</name>\(lines)</Placemark>
            <Placemark><name>c</name><MultiPoint><Point><coordinates>8,47</coordinates></Point></MultiPoint></Placemark>
            <Placemark><name>d</name><MultiGeometry><MultiLineString/></MultiGeometry></Placemark>
            """)
        let (events, error) = readUntilError(text, as: .kml)
        #expect(error == nil)
        // The LineStrings inside are the foreign element's: not read as routes.
        #expect(!events.contains { $0.caseName == "routePoint" || $0.caseName == "waypoint" })
        let warnings = Self.warnings(text)
        let geometries = "skipped (a placemark's geometry is a Point, LineString, Polygon, MultiGeometry or gx:Track)"
        #expect(
            warnings.map(\.message) == [
                "3 <MultiLineString> elements are not KML: \(geometries)",
                "1 <MultiPoint> element is not KML: \(geometries)",
            ])
        #expect(warnings.map(\.line) == [3, 5])
    }

    @Test("KML's own parts of a placemark, read or not, are no warning")
    func kmlOwnParts() {
        let text = KMLReaderTests.kml(
            """
            <Placemark><name>a</name><visibility>1</visibility><open>0</open><Snippet>s</Snippet>
            <description>d</description><LookAt><longitude>8</longitude></LookAt><Camera/><styleUrl>#s</styleUrl>
            <Style/><StyleMap/><Region/><Metadata/><ExtendedData><Data name="x"><value>1</value></Data></ExtendedData>
            <address>a</address><phoneNumber>1</phoneNumber><TimeStamp><when>2026-01-01T10:00:00Z</when></TimeStamp>
            <AddressDetails/><snippet>s</snippet><balloonVisibility>1</balloonVisibility><author/><link/>
            <Point><coordinates>8,47</coordinates></Point></Placemark>
            <Placemark><name>b</name><MultiGeometry><Point><coordinates>8,47</coordinates></Point>
            <LineString><coordinates>8,47 8.1,47</coordinates></LineString><Polygon/><LinearRing/><Model/></MultiGeometry></Placemark>
            """)
        #expect(Self.warnings(text).isEmpty)
    }
}
