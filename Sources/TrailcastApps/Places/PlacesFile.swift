// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import TrailcastRoutes

/// Reads a places file: a GeoJSON FeatureCollection of Points, a CSV (`name,lat,lon[,...]`,
/// with that header), or a GPX file's `<wpt>`s (named by `<name>`), chosen by the
/// extension (`.geojson`/`.json`, `.csv`, `.gpx`).
///
/// The whole file is the app's data and is held in memory (100,000 places are a few MB).
/// Every problem is one line naming the file, line and column, as the GPX reader's are.
package enum PlacesFile {
    package static func load(_ path: String) throws(PlacesFileError) -> [Place] {
        let lowered = path.lowercased()
        if lowered.hasSuffix(".gpx") { return try waypoints(path) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PlacesFileError.unreadable(path, kind: "places")
        }
        if lowered.hasSuffix(".csv") { return try csv(data, file: path) }
        if lowered.hasSuffix(".geojson") || lowered.hasSuffix(".json") { return try geoJSON(data, file: path) }
        throw PlacesFileError(
            file: path, line: 0, column: 0, reason: "a places file ends in .geojson, .json, .csv or .gpx")
    }

    // MARK: CSV

    /// RFC 4180 rows with the line each starts on: fields may be quoted (`"Clinic, North"`,
    /// `""` for a quote); blank lines are skipped.
    static func csvRows(_ data: Data, file: String) throws(PlacesFileError) -> [(line: Int, fields: [String])] {
        let text = String(decoding: data, as: UTF8.self)
        var rows: [(line: Int, fields: [String])] = []
        var fields: [String] = []
        var field = ""
        var quoted = false
        var line = 1
        var rowLine = 1
        var afterQuote = false
        for character in text {
            if quoted {
                if character == "\"" {
                    quoted = false
                    afterQuote = true
                } else {
                    if character.isNewline { line += 1 }
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"":
                if afterQuote { field.append("\"") }
                quoted = true
                afterQuote = false
            case ",":
                fields.append(field)
                field = ""
                afterQuote = false
            case "\n", "\r\n", "\r":
                fields.append(field)
                if fields != [""] { rows.append((rowLine, fields)) }
                fields = []
                field = ""
                line += 1
                rowLine = line
                afterQuote = false
            default:
                field.append(character)
                afterQuote = false
            }
        }
        if quoted {
            throw PlacesFileError(file: file, line: rowLine, column: 1, reason: "a quoted field is not closed")
        }
        fields.append(field)
        if fields != [""] { rows.append((rowLine, fields)) }
        return rows
    }

    /// RFC 4180: fields may be quoted (`"Clinic, North"`, `""` for a quote); the first row
    /// names the columns and must have `name`, `lat` and `lon` (in any order, others ignored).
    static func csv(_ data: Data, file: String) throws(PlacesFileError) -> [Place] {
        let rows = try csvRows(data, file: file)
        guard let header = rows.first else {
            throw PlacesFileError(file: file, line: 1, column: 1, reason: "empty: expected a header `name,lat,lon`")
        }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let nameColumn = names.firstIndex(of: "name"), let latitudeColumn = names.firstIndex(of: "lat"),
            let longitudeColumn = names.firstIndex(of: "lon")
        else {
            throw PlacesFileError(
                file: file, line: header.line, column: 1,
                reason:
                    "the header must name the columns name, lat and lon, not '\(header.fields.joined(separator: ","))'")
        }
        var places: [Place] = []
        places.reserveCapacity(rows.count - 1)
        for row in rows.dropFirst() {
            func column(_ index: Int) -> Int {
                row.fields.prefix(index).reduce(1) { $0 + $1.count + 1 }
            }
            guard row.fields.count > max(nameColumn, latitudeColumn, longitudeColumn) else {
                throw PlacesFileError(
                    file: file, line: row.line, column: 1,
                    reason:
                        "expected at least \(max(nameColumn, latitudeColumn, longitudeColumn) + 1) fields, found \(row.fields.count)"
                )
            }
            let name = row.fields[nameColumn].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else {
                throw PlacesFileError(
                    file: file, line: row.line, column: column(nameColumn), reason: "a place needs a name")
            }
            let latitude = try coordinate(
                row.fields[latitudeColumn], limit: 90, what: "lat", file: file, line: row.line,
                column: column(latitudeColumn))
            let longitude = try coordinate(
                row.fields[longitudeColumn], limit: 180, what: "lon", file: file, line: row.line,
                column: column(longitudeColumn))
            places.append(Place(name: name, latitude: latitude, longitude: longitude))
        }
        return places
    }

    static func coordinate(
        _ text: String, limit: Double, what: String, file: String, line: Int, column: Int
    ) throws(PlacesFileError) -> Double {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite, abs(value) <= limit else {
            throw PlacesFileError(
                file: file, line: line, column: column,
                reason:
                    "\(what) must be a number from -\(Int(limit)) to \(Int(limit)), not '\(text.count > 40 ? text.prefix(40) + "..." : text)'"
            )
        }
        return value
    }

    // MARK: GeoJSON

    /// RFC 7946: a FeatureCollection whose features are Points (`[lon, lat]`), named by
    /// `properties.name`. Lines and columns are where each feature starts.
    static func geoJSON(_ data: Data, file: String) throws(PlacesFileError) -> [Place] {
        try pointFeatures(data, file: file).map { feature throws(PlacesFileError) in
            guard let name = feature.strings["name"], !name.isEmpty else {
                throw PlacesFileError(feature, file: file, reason: "a place needs properties.name")
            }
            return Place(name: name, latitude: feature.latitude, longitude: feature.longitude)
        }
    }

    /// A FeatureCollection's Point features, each checked (a Point, in range) and placed.
    static func pointFeatures(_ data: Data, file: String) throws(PlacesFileError) -> [GeoJSONPointFeature] {
        do {
            return try GeoJSONPointFeature.read(Array(data), name: file)
        } catch {
            throw PlacesFileError(file: file, line: error.line, column: error.column, reason: error.reason)
        }
    }

    // MARK: GPX

    /// The file's `<wpt>`s, each named by its `<name>`; the streaming reader's errors as they are.
    static func waypoints(_ path: String) throws(PlacesFileError) -> [Place] {
        var places: [Place] = []
        do {
            let reader = try GPXStreamReader(contentsOfFile: path)
            while let event = try reader.next() {
                guard case .waypoint(let point) = event else { continue }
                guard let name = point.name?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty else {
                    throw PlacesFileError(
                        file: path, line: 1, column: 1, reason: "waypoint \(places.count + 1) has no <name>")
                }
                places.append(Place(name: name, latitude: point.latitude, longitude: point.longitude))
            }
        } catch let error as RouteError {
            throw PlacesFileError(error)
        } catch let error as PlacesFileError {
            throw error
        } catch {
            throw PlacesFileError(file: path, line: 0, column: 0, reason: "\(error)")
        }
        guard !places.isEmpty else {
            throw PlacesFileError(
                file: path, line: 1, column: 1, reason: "no <wpt> in the file: the places are its waypoints")
        }
        return places
    }
}
