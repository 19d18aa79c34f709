// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// The XML route formats the one libxml2 reader (``GPXStreamReader``) reads, each through
/// its own elements: GPX's in `SAXParserState`, KML's and TCX's in `Formats/KML` and
/// `Formats/TCX`. libxml2's handling (chunks, encodings, entity refusal, error places) is
/// the same for all three.
enum XMLRouteDialect: Sendable, Equatable {
    case gpx, kml, tcx

    /// The root element's local name and the format's name, for a refusal.
    var root: (element: String, format: String) {
        switch self {
        case .gpx: return ("gpx", "GPX")
        case .kml: return ("kml", "KML")
        case .tcx: return ("TrainingCenterDatabase", "TCX")
        }
    }
}

extension SAXParserState {
    /// The root of a KML or TCX document: refused when it is another element.
    mutating func startOtherRoot(localName: UnsafePointer<UInt8>) {
        let root = dialect.root
        guard String(cString: localName) == root.element else {
            let (line, column) = position
            refuse(
                .malformed(
                    file: fileName, line: line, column: column,
                    reason: "the root element is <\(String(cString: localName))>, not <\(root.element)>: "
                        + "this is not a \(root.format) file"))
            return
        }
        enterRoot(.routeDocument)
    }
}
