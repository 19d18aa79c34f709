// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
@testable import TrailcastApps
import Testing

@Suite("Places files")
struct PlacesFileTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test("the samples: GeoJSON, CSV and GPX waypoints give the same 37 places")
    func samples() throws {
        let geoJSON = try PlacesFile.load(Self.root + "/gpx/places/sf-clinics.geojson")
        let csv = try PlacesFile.load(Self.root + "/gpx/places/sf-clinics.csv")
        let gpx = try PlacesFile.load(Self.root + "/gpx/places/sf-clinics.gpx")
        #expect(geoJSON.count == 37)
        #expect(csv == geoJSON)
        #expect(gpx == geoJSON)
        #expect(
            geoJSON.first == Place(name: "Embarcadero Vaccination Centre", latitude: 37.794804, longitude: -122.395116))
    }

    static func scratch(_ name: String, _ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "trailcast-places-\(UUID().uuidString)-\(name)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("CSV: quoted fields, any column order, extra columns, CRLF")
    func csv() throws {
        let path = try Self.scratch(
            "a.csv", "id,lon,name,lat\r\n1,8.54,\"Clinic, \"\"North\"\"\",47.37\r\n2,-0.1,Plain,51.5\r\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(
            try PlacesFile.load(path) == [
                Place(name: "Clinic, \"North\"", latitude: 47.37, longitude: 8.54),
                Place(name: "Plain", latitude: 51.5, longitude: -0.1),
            ])
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var error: String
        var testDescription: String { error }
    }

    @Test(
        "a bad places file is one line with its line and column",
        arguments: [
            Bad(
                name: "a.csv", text: "name,lat,lon\nA,1,2\nB,91,2\n",
                error: ":3:3: error: lat must be a number from -90 to 90, not '91'"),
            Bad(
                name: "a.csv", text: "name,latitude,lon\nA,1,2\n",
                error: ":1:1: error: the header must name the columns name, lat and lon, not 'name,latitude,lon'"),
            Bad(name: "a.csv", text: "name,lat,lon\n,1,2\n", error: ":2:1: error: a place needs a name"),
            Bad(name: "a.csv", text: "name,lat,lon\nA,1\n", error: ":2:1: error: expected at least 3 fields, found 2"),
            Bad(name: "a.csv", text: "name,lat,lon\n\"A,1,2\n", error: ":2:1: error: a quoted field is not closed"),
            Bad(
                name: "a.geojson",
                text:
                    "{\"type\":\"FeatureCollection\",\"features\":[\n {\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[1,2]},\"properties\":{\"name\":\"A\"}},\n {\"type\":\"Feature\",\"geometry\":{\"type\":\"LineString\",\"coordinates\":[[1,2]]}}\n]}\n",
                error: ":3:2: error: features[1]: expected a Feature with a Point geometry [lon, lat]"),
            Bad(
                name: "a.geojson", text: "{\"type\":\"Feature\"}",
                error: ":1:1: error: expected a GeoJSON FeatureCollection with a `features` array"),
            // Read by the route reader's JSON tokenizer: its words and its place.
            Bad(
                name: "a.geojson", text: "{\"type\":\"FeatureCollection\",\n\"features\":[{]}",
                error: ":2:14: error: not JSON: expected an object key in quotes, found ']'"),
            Bad(
                name: "a.geojson",
                text:
                    "{\"type\":\"FeatureCollection\",\"features\":[\n {\"geometry\":{\"type\":\"Point\",\"coordinates\":[200,2]}}]}",
                error: ":2:2: error: features[0]: coordinates out of range: [200.0, 2.0]"),
            // Found by the places fuzz target: a quoted field's line break made the error two lines.
            Bad(
                name: "a.csv", text: "name,lat,lon\nA,\"1\n2\",2\n",
                error: ":2:3: error: lat must be a number from -90 to 90, not '1 2'"),
            Bad(
                name: "a.csv", text: "name,lat,lon\nA,1,\(String(repeating: "9", count: 100))\n",
                error:
                    ":2:5: error: lon must be a number from -180 to 180, not '\(String(repeating: "9", count: 40))...'"),
            Bad(name: "a.txt", text: "x", error: ": error: a places file ends in .geojson, .json, .csv or .gpx"),
            Bad(
                name: "a.gpx", text: "<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk/></gpx>",
                error: ":1:1: error: no <wpt> in the file: the places are its waypoints"),
        ])
    func bad(_ bad: Bad) throws {
        let path = try Self.scratch(bad.name, bad.text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: PlacesFileError.self) { try PlacesFile.load(path) }
        do {
            _ = try PlacesFile.load(path)
        } catch {
            #expect(error.description == path + bad.error)
        }
    }

    /// The poles and the antimeridian are places: a coordinate is refused only beyond them
    /// (`abs(value) <= limit`), in a places file and a regions file alike.
    @Test("the poles and the antimeridian are in range; beyond them is refused")
    func coordinateEdges() throws {
        let places = try Self.scratch("a.csv", "name,lat,lon\nNorth,90,180\nSouth,-90,-180\n")
        let regions = try Self.scratch("r.csv", "identifier,lat,lon,radius\nn,90,-180,100\n")
        let beyond = try Self.scratch("b.csv", "name,lat,lon\nA,-90.000001,0\n")
        defer { for path in [places, regions, beyond] { try? FileManager.default.removeItem(atPath: path) } }
        #expect(
            try PlacesFile.load(places) == [
                Place(name: "North", latitude: 90, longitude: 180),
                Place(name: "South", latitude: -90, longitude: -180),
            ])
        #expect(
            try RegionsFile.load(regions) == [
                PlaceCircle(identifier: "n", latitude: 90, longitude: -180, radiusMeters: 100)
            ])
        #expect(throws: PlacesFileError.self) { try PlacesFile.load(beyond) }
    }

    /// A region's radius must be a positive number of metres: zero or less is refused where it
    /// is written (CSV's column, GeoJSON's feature); any positive one is taken, however small.
    @Test(
        "a region's radius is positive: zero and below are refused, a fraction of a metre taken",
        arguments: [
            ("0", ":2:11: error: radius must be a positive number of metres, not '0'"),
            ("-5", ":2:11: error: radius must be a positive number of metres, not '-5'"), ("0.5", nil),
        ])
    func regionRadius(radius: String, message: String?) throws {
        let path = try Self.scratch("r.csv", "identifier,lat,lon,radius\nhome,47,8,\(radius)\n")
        let json = try Self.scratch(
            "r.geojson",
            "{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[8,47]},\"properties\":{\"identifier\":\"home\",\"radius\":\(radius)}}]}"
        )
        defer { for file in [path, json] { try? FileManager.default.removeItem(atPath: file) } }
        guard let message else {
            let expected = [PlaceCircle(identifier: "home", latitude: 47, longitude: 8, radiusMeters: 0.5)]
            #expect(try RegionsFile.load(path) == expected)
            #expect(try RegionsFile.load(json) == expected)
            return
        }
        do {
            _ = try RegionsFile.load(path)
            Issue.record("a radius of \(radius) was taken")
        } catch {
            #expect(error.description == path + message)
        }
        do {
            _ = try RegionsFile.load(json)
            Issue.record("a GeoJSON radius of \(radius) was taken")
        } catch {
            #expect(
                error.description
                    == json + ":1:41: error: features[0]: a region needs properties.radius, a positive number of metres"
            )
        }
    }

    /// A places GPX that is not there is unreadable (66), as a CSV is: the GPX reader's
    /// "cannot open" kept as the reason that it is.
    @Test("a missing places GPX is unreadable (66), not malformed")
    func missingGPX() {
        do {
            _ = try PlacesFile.load("/nonexistent/places.gpx")
            Issue.record("loaded a missing file")
        } catch {
            #expect(error.isUnreadable)
            #expect(error.description.hasPrefix("/nonexistent/places.gpx"), "\(error.description)")
        }
    }

    @Test("a missing file is unreadable (66), not malformed")
    func missing() {
        do {
            _ = try PlacesFile.load("/nonexistent/places.csv")
            Issue.record("loaded a missing file")
        } catch {
            #expect(error.isUnreadable)
            #expect(error.description == "/nonexistent/places.csv: error: no such places file")
        }
    }
}
