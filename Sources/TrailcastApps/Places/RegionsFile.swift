// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import TrailcastRoutes

/// A circle an app monitors (`--regions`): where, how large, and the identifier Core
/// Location names it by.
package struct PlaceCircle: Sendable, Equatable {
    package var identifier: String
    package var latitude: Double
    package var longitude: Double
    package var radiusMeters: Double

    package init(identifier: String, latitude: Double, longitude: Double, radiusMeters: Double) {
        self.identifier = identifier
        self.latitude = latitude
        self.longitude = longitude
        self.radiusMeters = radiusMeters
    }
}

/// Reads a regions file: a GeoJSON FeatureCollection of Points with a `radius` property
/// (metres) and an optional `identifier` (else `name`, else `region-N`), or a CSV with the
/// header `identifier,lat,lon,radius` (columns in any order, others ignored). Problems are
/// one line naming the file, line and column, as for places files.
///
/// The radius must be a positive number here; whether Core Location accepts it (its
/// maximum, the app's 20 regions) is the run's to say, as a `regionError`.
package enum RegionsFile {
    package static func load(_ path: String) throws(PlacesFileError) -> [PlaceCircle] {
        let lowered = path.lowercased()
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PlacesFileError.unreadable(path, kind: "regions")
        }
        let circles: [PlaceCircle]
        if lowered.hasSuffix(".csv") {
            circles = try csv(data, file: path)
        } else if lowered.hasSuffix(".geojson") || lowered.hasSuffix(".json") {
            circles = try geoJSON(data, file: path)
        } else {
            throw PlacesFileError(
                file: path, line: 0, column: 0, reason: "a regions file ends in .geojson, .json or .csv")
        }
        guard !circles.isEmpty else {
            throw PlacesFileError(file: path, line: 1, column: 1, reason: "no regions in the file")
        }
        return circles
    }

    static func csv(_ data: Data, file: String) throws(PlacesFileError) -> [PlaceCircle] {
        let rows = try PlacesFile.csvRows(data, file: file)
        guard let header = rows.first else {
            throw PlacesFileError(
                file: file, line: 1, column: 1, reason: "empty: expected a header `identifier,lat,lon,radius`")
        }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let identifierColumn = names.firstIndex(of: "identifier"),
            let latitudeColumn = names.firstIndex(of: "lat"),
            let longitudeColumn = names.firstIndex(of: "lon"), let radiusColumn = names.firstIndex(of: "radius")
        else {
            throw PlacesFileError(
                file: file, line: header.line, column: 1,
                reason:
                    "the header must name the columns identifier, lat, lon and radius, not '\(header.fields.joined(separator: ","))'"
            )
        }
        let needed = max(identifierColumn, latitudeColumn, longitudeColumn, radiusColumn) + 1
        var circles: [PlaceCircle] = []
        for row in rows.dropFirst() {
            func column(_ index: Int) -> Int {
                row.fields.prefix(index).reduce(1) { $0 + $1.count + 1 }
            }
            guard row.fields.count >= needed else {
                throw PlacesFileError(
                    file: file, line: row.line, column: 1,
                    reason: "expected at least \(needed) fields, found \(row.fields.count)")
            }
            let identifier = row.fields[identifierColumn].trimmingCharacters(in: .whitespaces)
            guard !identifier.isEmpty else {
                throw PlacesFileError(
                    file: file, line: row.line, column: column(identifierColumn), reason: "a region needs an identifier"
                )
            }
            let latitude = try PlacesFile.coordinate(
                row.fields[latitudeColumn], limit: 90, what: "lat", file: file, line: row.line,
                column: column(latitudeColumn))
            let longitude = try PlacesFile.coordinate(
                row.fields[longitudeColumn], limit: 180, what: "lon", file: file, line: row.line,
                column: column(longitudeColumn))
            let radiusText = row.fields[radiusColumn].trimmingCharacters(in: .whitespaces)
            guard let radius = Double(radiusText), radius > 0, radius.isFinite else {
                throw PlacesFileError(
                    file: file, line: row.line, column: column(radiusColumn),
                    reason: "radius must be a positive number of metres, not '\(radiusText.prefix(40))'")
            }
            circles.append(
                PlaceCircle(identifier: identifier, latitude: latitude, longitude: longitude, radiusMeters: radius))
        }
        return circles
    }

    static func geoJSON(_ data: Data, file: String) throws(PlacesFileError) -> [PlaceCircle] {
        try PlacesFile.pointFeatures(data, file: file).map { feature throws(PlacesFileError) in
            guard let radius = feature.numbers["radius"], radius > 0, radius.isFinite else {
                throw PlacesFileError(
                    feature, file: file, reason: "a region needs properties.radius, a positive number of metres")
            }
            let named = feature.strings["identifier"] ?? feature.strings["name"]
            let identifier = named.flatMap { $0.isEmpty ? nil : $0 } ?? "region-\(feature.index + 1)"
            return PlaceCircle(
                identifier: identifier, latitude: feature.latitude, longitude: feature.longitude, radiusMeters: radius)
        }
    }
}
