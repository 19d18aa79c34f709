// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// The route file formats Trailcast reads, each into ``RouteEvent``s.
///
/// A file's format is its extension's, else what its first bytes show (``detect(head:)``),
/// else GPX; `--input-format` forces one.
public enum RouteFormat: String, Sendable, CaseIterable {
    /// GPX 1.0 or 1.1: track segments, routes and waypoints; also what a file is read as
    /// when neither its extension nor its first bytes name another format.
    case gpx
    /// Google Earth's KML: `gx:Track`s (timed), `LineString`s (untimed), `Point` placemarks.
    case kml
    /// KML zipped, as Google Earth and My Maps export it: the archive's first `.kml` entry.
    case kmz
    /// RFC 7946 GeoJSON: `LineString`s and `MultiLineString`s, times in `properties.coordTimes`.
    case geojson
    /// Garmin's Training Center XML: activities' and courses' `Trackpoint`s.
    case tcx
    /// Garmin's binary Flexible and Interoperable Data Transfer: activities' `record` messages.
    case fit
    /// A receiver's NMEA 0183 sentences as logged (`RMC`, `GGA`, `GSA`...): one fix per time.
    case nmea
    /// A CSV file of positions whose header names a latitude and a longitude column (and
    /// usually a time): a logger's, a spreadsheet's, Trailcast's own export's.
    case csv
    /// Google Takeout's location history: `Records.json`, or the Timeline export of Android
    /// or iOS. No extension of its own: a `.json` (or a file of no known extension) whose
    /// first key is `locations` or `semanticSegments`, or that is an array.
    case takeout

    /// Every format as `--input-format` and a scenario's `inputFormat:` take it, for help
    /// and messages: `gpx, kml, kmz, geojson, tcx, fit, nmea, csv, takeout`.
    package static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// Every format's own extension, for messages: `.gpx, .kml, .kmz, .geojson, .tcx, .fit, .nmea, .csv`
    /// (`.json` is GeoJSON's too when a file is named, not when a directory is searched).
    package static var extensions: String {
        allCases.filter { $0 != .takeout }.map { ".\($0.rawValue)" }.joined(separator: ", ")
    }

    /// Every extension a route file is read by, for shell completion: the formats' own and
    /// `json`, each in lower and upper case, since the shells match them as written and the
    /// reader does not (a Garmin device's own folder holds `ACTIVITY/2026-11-29.FIT`).
    package static var completionExtensions: [String] {
        (allCases.filter { $0 != .takeout }.map(\.rawValue) + ["json"]).flatMap { [$0, $0.uppercased()] }
    }

    /// The format's name in a list, for help: `GPX`, `GeoJSON`, `NMEA`, `Takeout`.
    package var shortName: String {
        switch self {
        case .geojson: "GeoJSON"
        case .takeout: "Takeout"
        default: rawValue.uppercased()
        }
    }

    /// Every format's ``shortName``, for help: `GPX, KML, KMZ, GeoJSON, TCX, FIT, NMEA, CSV, Takeout`.
    package static var shortNames: String { allCases.map(\.shortName).joined(separator: ", ") }

    /// The format's usual name: `GPX`, `KML`, `KMZ`, `GeoJSON`, `TCX`, `FIT`, `NMEA 0183`,
    /// `CSV`, `Google Takeout location history`.
    package var displayName: String {
        switch self {
        case .nmea: "NMEA 0183"
        case .takeout: "Google Takeout location history"
        default: shortName
        }
    }

    /// The format a file name's extension names (`.json` is GeoJSON), if any.
    package init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
        switch fileName[fileName.index(after: dot)...].lowercased() {
        case "gpx": self = .gpx
        case "kml": self = .kml
        case "kmz": self = .kmz
        case "geojson", "json": self = .geojson
        case "tcx": self = .tcx
        case "fit": self = .fit
        case "nmea", "nma": self = .nmea
        case "csv": self = .csv
        default: return nil
        }
    }

    /// How many first bytes ``detect(head:)`` looks at.
    package static let detectionWindow = 1024

    /// The format a file's first bytes show, if they show one: a FIT header (`.FIT` at byte
    /// 8), a zip archive (`PK`), JSON (`{` first), an NMEA sentence (`$GPRMC,`), XML whose
    /// root element is `kml`, `TrainingCenterDatabase` or `gpx`, or a CSV header naming a
    /// latitude and a longitude.
    package static func detect(head: some Collection<UInt8>) -> RouteFormat? {
        let bytes = Array(head.prefix(detectionWindow))
        if bytes.count >= 12, bytes[0] == 12 || bytes[0] == 14, Array(bytes[8..<12]) == Array(".FIT".utf8) {
            return .fit
        }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .kmz }
        // A UTF-8 byte order mark, then white space.
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        guard start < bytes.count else { return nil }
        // Comment lines first: a log's (gpsd's open with `# Name: ...`), never XML's or JSON's.
        if bytes[start] == UInt8(ascii: "#") {
            var line = start
            while line < bytes.count, bytes[line] == UInt8(ascii: "#") {
                guard let end = bytes[line...].firstIndex(of: 0x0A) else { return nil }
                line = end + 1
                while line < bytes.count, [0x0A, 0x0D].contains(bytes[line]) { line += 1 }
            }
            return isNMEASentence(bytes[line...]) ? .nmea : nil
        }
        if bytes[start] == UInt8(ascii: "{") { return isTakeoutObject(bytes[(start + 1)...]) ? .takeout : .geojson }
        // GeoJSON is an object (RFC 7946 §2); an array of segments is iOS's Timeline export.
        if bytes[start] == UInt8(ascii: "[") { return .takeout }
        if isNMEASentence(bytes[start...]) { return .nmea }
        guard bytes[start] == UInt8(ascii: "<") else { return isRouteCSVHeader(bytes[start...]) ? .csv : nil }
        return rootElementFormat(String(decoding: bytes[start...], as: UTF8.self))
    }

    /// An object whose first key is Takeout's: `locations` (Records.json), `semanticSegments`
    /// or `rawSignals` (the Timeline export).
    private static func isTakeoutObject(_ bytes: ArraySlice<UInt8>) -> Bool {
        let text = bytes.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return ["\"locations\"", "\"semanticSegments\"", "\"rawSignals\""].contains {
            text.starts(with: Array($0.utf8))
        }
    }

    /// A first line that is a CSV header naming a latitude and a longitude column.
    private static func isRouteCSVHeader(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let end = bytes.firstIndex(of: 0x0A) else { return false }
        let line = bytes[..<end].last == 0x0D ? bytes[..<(end - 1)] : bytes[..<end]
        return [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09].contains { delimiter in
            CSVColumns(header: CSVRouteReader.split(line, delimiter: delimiter)) != nil
        }
    }

    /// `$` and a five-letter address then a comma (`$GPRMC,`, `$GNGGA,`): a sentence.
    private static func isNMEASentence(_ bytes: ArraySlice<UInt8>) -> Bool {
        let head = Array(bytes.prefix(7))
        guard head.count == 7, head[0] == UInt8(ascii: "$"), head[6] == UInt8(ascii: ",") else { return false }
        return head[1..<6].allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) }
    }

    /// The first start tag that is not a declaration, comment or DOCTYPE, by its local name.
    private static func rootElementFormat(_ text: String) -> RouteFormat? {
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            guard let first = rest.first else { return nil }
            if first == "?" || first == "!" { continue }
            let name = rest.prefix { !" \t\r\n>/".contains($0) }
            switch name.split(separator: ":").last.map(String.init) {
            case "kml": return .kml
            case "TrainingCenterDatabase": return .tcx
            case "gpx": return .gpx
            default: return nil
            }
        }
        return nil
    }
}
