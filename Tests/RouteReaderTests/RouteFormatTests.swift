// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastRoutes

/// How a file's format is chosen: its extension, else its first bytes.
@Suite("route formats: chosen by extension, else by content")
struct RouteFormatTests {
    @Test("extensions, whatever their case; .json is GeoJSON; a dot in a folder's name is not an extension")
    func extensions() {
        #expect(RouteFormat(fileName: "a/walk.GPX") == .gpx)
        #expect(RouteFormat(fileName: "ride.kml") == .kml)
        #expect(RouteFormat(fileName: "ride.kmz") == .kmz)
        #expect(RouteFormat(fileName: "ride.json") == .geojson)
        #expect(RouteFormat(fileName: "ride.geojson") == .geojson)
        #expect(RouteFormat(fileName: "run.tcx") == .tcx)
        #expect(RouteFormat(fileName: "run.FIT") == .fit)
        #expect(RouteFormat(fileName: "folder.kml/route") == nil)
        #expect(RouteFormat(fileName: "-") == nil)
    }

    @Test(
        "content: FIT's signature, zip's, JSON's brace, and XML's root element past a declaration, comments and a BOM")
    func content() {
        #expect(RouteFormat.detect(head: [14, 0x20, 0, 0, 0, 0, 0, 0] + Array(".FIT".utf8) + [0, 0]) == .fit)
        // The FIT protocol's older 12-byte header (no CRC) has the same signature at byte 8.
        #expect(RouteFormat.detect(head: [12, 0x10, 0, 0, 0, 0, 0, 0] + Array(".FIT".utf8)) == .fit)
        #expect(RouteFormat.detect(head: Array(" \n {\"type\":\"Feature\"}".utf8)) == .geojson)
        #expect(
            RouteFormat.detect(head: [0xEF, 0xBB, 0xBF] + Array("<?xml version=\"1.0\"?><!-- x --><kml>".utf8)) == .kml)
        #expect(RouteFormat.detect(head: Array("<TrainingCenterDatabase xmlns=\"x\">".utf8)) == .tcx)
        #expect(RouteFormat.detect(head: Array("<gpx:gpx>".utf8)) == .gpx)
        #expect(RouteFormat.detect(head: Array("<html>".utf8)) == nil)
        #expect(RouteFormat.detect(head: Array("hello".utf8)) == nil)
        #expect(RouteFormat.detect(head: []) == nil)
    }
}
