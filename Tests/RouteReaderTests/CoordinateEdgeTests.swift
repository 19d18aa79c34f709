// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics
@testable import TrailcastRoutes

/// Every reader keeps the poles and the antimeridian (latitude ±90, longitude ±180 are
/// positions) and skips, with a warning, what lies a hair beyond them.
@Suite("Route readers at the poles and the antimeridian")
struct CoordinateEdgeTests {
    static func positions(_ events: [RouteEvent]) -> [[Double]] {
        (events.routePoints + events.trackPoints).map { [$0.latitude, $0.longitude] }
    }

    @Test("KML: 180,90 and -180,-90 kept; 180.0001,0 and 0,90.0001 skipped")
    func kml() {
        let body =
            "<Placemark><LineString><coordinates>180,90 -180,-90 180.0001,0 0,90.0001</coordinates></LineString></Placemark>"
        let (events, error) = readUntilError(KMLReaderTests.kml(body), as: .kml)
        #expect(error == nil)
        #expect(Self.positions(events) == [[90, 180], [-90, -180]])
        #expect(events.warnings.count == 2)
    }

    @Test("GeoJSON: [180,90] and [-180,-90] kept; [180.0001,0] and [0,90.0001] skipped")
    func geoJSON() {
        let text =
            #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[180,90],[-180,-90],[180.0001,0],[0,90.0001]]},"properties":{}}"#
        let (events, error) = readUntilError(text, as: .geojson)
        #expect(error == nil)
        #expect(Self.positions(events) == [[90, 180], [-90, -180]])
        #expect(events.warnings.count == 2)
    }

    @Test("CSV: 90,180 and -90,-180 kept; 90.0001,0 and 0,180.0001 skipped")
    func csv() {
        let (events, error) = readUntilError("lat,lon\n90,180\n-90,-180\n90.0001,0\n0,180.0001\n", as: .csv)
        #expect(error == nil)
        #expect(Self.positions(events) == [[90, 180], [-90, -180]])
        // Besides the one that says the rows have no time.
        #expect(events.warnings.filter { $0.message.hasSuffix("row skipped") }.map(\.line) == [4, 5])
    }

    @Test("Takeout: latitudeE7 900000000 and longitudeE7 -1800000000 kept; one E7 unit more skipped")
    func takeout() {
        let text = """
            {"locations": [
              {"latitudeE7": 900000000, "longitudeE7": 1800000000, "timestamp": "2015-10-10T18:00:00Z"},
              {"latitudeE7": -900000000, "longitudeE7": -1800000000, "timestamp": "2015-10-10T18:00:01Z"},
              {"latitudeE7": 900000001, "longitudeE7": 0, "timestamp": "2015-10-10T18:00:02Z"},
              {"latitudeE7": 0, "longitudeE7": -1800000001, "timestamp": "2015-10-10T18:00:03Z"}
            ]}
            """
        let (events, error) = readUntilError(text, as: .takeout)
        #expect(error == nil)
        #expect(Self.positions(events) == [[90, 180], [-90, -180]])
        #expect(events.warnings.count == 2)
    }

    @Test("FIT: 2^30 semicircles (90°) and -2^31 (-180°) kept; one semicircle past the pole skipped")
    func fit() {
        var fit = FITBuilder()
        fit.definition(local: 0, global: 20, fields: FITReaderTests.record)
        let semicircle = 180.0 / 2_147_483_648
        for (second, latitude, longitude) in [(0, 90.0, -180.0), (1, -90, 8), (2, 90 + semicircle, 8)] {
            fit.data(
                local: 0,
                FITReaderTests.recordBytes(
                    time: 1_000_000_000 + UInt32(second), latitude: latitude, longitude: longitude, altitude: 400))
        }
        let (events, error) = FITReaderTests.read(fit.file())
        #expect(error == nil)
        #expect(Self.positions(events).map { [$0[0], ($0[1] * 1e6).rounded() / 1e6] } == [[90, -180], [-90, 8]])
        #expect(events.warnings.count == 1)
    }

    @Test("NMEA: 9000.0000,N and 18000.0000,E kept; 9000.0060,N (90.0001°) and 18000.0060,W skipped")
    func nmea() {
        let text = NMEAReaderTests.log([
            "GPRMC,160000.00,A,9000.0000,N,18000.0000,E,0.0,,130626,,,A",
            "GPRMC,160001.00,A,9000.0000,S,18000.0000,W,0.0,,130626,,,A",
            "GPRMC,160002.00,A,9000.0060,N,00800.0000,E,0.0,,130626,,,A",
            "GPRMC,160003.00,A,4700.0000,N,18000.0060,W,0.0,,130626,,,A",
        ])
        let (events, error) = readUntilError(text, as: .nmea)
        #expect(error == nil)
        #expect(Self.positions(events) == [[90, 180], [-90, -180]])
        #expect(events.warnings.count == 2)
    }

    @Test(
        "NMEA's time of day: 23:59:60 (a leap second) and 23:59:59 read; hour 24, minute 60, second 61 do not",
        arguments: [
            ("235960", true), ("235959.99", true), ("000000", true), ("240000", false), ("236000", false),
            ("235961", false),
        ])
    func nmeaTimeOfDay(field: String, reads: Bool) {
        #expect((NMEASentence.timeOfDay(Substring(field)) != nil) == reads)
    }
}
