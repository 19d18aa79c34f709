// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import TrailcastBasics
import TrailcastRoutes

/// A named point the places app sorts by distance: a vaccination centre, a shop.
package struct Place: Sendable, Equatable {
    package var name: String
    package var latitude: Double
    package var longitude: Double

    package init(name: String, latitude: Double, longitude: Double) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// A places file that cannot be used: one line, as compilers write them.
package struct PlacesFileError: Error, Sendable, Equatable, CustomStringConvertible {
    package var file: String
    /// 0 when the problem is the file as a whole (it cannot be opened).
    package var line: Int
    package var column: Int
    package var reason: String
    /// Whether the file could not be read at all (exit 66) rather than being malformed (65).
    package var isUnreadable: Bool

    package init(file: String, line: Int, column: Int, reason: String, isUnreadable: Bool = false) {
        self.file = file
        self.line = line
        self.column = column
        // One line always: a quoted CSV field may hold line breaks.
        self.reason = reason.split(whereSeparator: \.isNewline).joined(separator: " ")
        self.isUnreadable = isUnreadable
    }

    package var description: String { Self.prefix(file: file, line: line, column: column) + reason }

    /// A places or regions file that could not be read at all (`kind`: "places"): missing, a
    /// directory, or unreadable, in the words every input's failure uses.
    static func unreadable(_ path: String, kind: String) -> PlacesFileError {
        let reason =
            !FileManager.default.fileExists(atPath: path)
            ? "no such \(kind) file"
            : OpenFailure.isDirectory(path) ? "is a directory, not a \(kind) file" : "cannot read the \(kind) file"
        return PlacesFileError(file: path, line: 0, column: 0, reason: reason, isUnreadable: true)
    }

    /// A problem with one feature of a GeoJSON file, placed where the feature starts.
    init(_ feature: GeoJSONPointFeature, file: String, reason: String) {
        self.init(
            file: file, line: feature.line, column: feature.column, reason: "features[\(feature.index)]: \(reason)")
    }

    /// The GPX reader's own error for a waypoints file, in the same words.
    init(_ error: RouteError) {
        let (line, column): (Int, Int)
        var isUnreadable = false
        switch error {
        case .cannotOpen, .cannotRead:
            (line, column) = (0, 0)
            isUnreadable = true
        case .malformedXML(_, let l, let c, _), .notGPX(_, let l, let c, _), .unsafeDocument(_, let l, let c, _),
            .invalidContent(_, let l, let c, _), .malformed(_, let l, let c, _):
            (line, column) = (l, c)
        case .malformedBinary(let file, let byteOffset, let reason):
            // (Never from a places file, which is text: kept whole for any caller.)
            self.init(file: file, line: 0, column: 0, reason: "byte \(byteOffset): \(reason)", isUnreadable: false)
            return
        }
        let prefix = Self.prefix(file: error.file, line: line, column: column)
        self.init(
            file: error.file, line: line, column: column, reason: String(error.description.dropFirst(prefix.count)),
            isUnreadable: isUnreadable)
    }

    private static func prefix(file: String, line: Int, column: Int) -> String {
        line > 0 ? "\(file):\(line):\(column): error: " : "\(file): error: "
    }
}
