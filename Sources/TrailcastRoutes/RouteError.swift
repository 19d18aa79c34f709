// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// Why a route file (GPX, or any ``RouteFormat``) could not be read.
///
/// Each description is one line a user can act on, in the form compilers use:
/// `walk.gpx:12:7: error: Opening and ending tag mismatch: trkpt line 10 and trkseg`.
public enum RouteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file does not exist, or is not readable, or is a directory.
    case cannotOpen(file: String, reason: String)
    /// Reading the file failed part way (an I/O error, not a content problem).
    case cannotRead(file: String, reason: String)
    /// The bytes are not well-formed XML; `reason` is libxml2's message (or the reader's own,
    /// when the bytes do not match the declared encoding or the DOCTYPE is broken).
    case malformedXML(file: String, line: Int, column: Int, reason: String)
    /// Well-formed XML whose root element is not `<gpx>`.
    case notGPX(file: String, line: Int, column: Int, rootElement: String)
    /// The document uses a construct refused for safety: entity declarations
    /// (entity expansion bombs, external entities), or nesting beyond the limit.
    case unsafeDocument(file: String, line: Int, column: Int, reason: String)
    /// A warning promoted to an error by strict reading.
    case invalidContent(file: String, line: Int, column: Int, message: String)
    /// A text format's content is not what the format allows: JSON that is not JSON or not
    /// GeoJSON, a KML or TCX document whose root is another element.
    case malformed(file: String, line: Int, column: Int, reason: String)
    /// A binary format's bytes (FIT) are not what the format allows, at `byteOffset` (from 0).
    case malformedBinary(file: String, byteOffset: Int, reason: String)

    /// A malformed-XML reason: bytes the document's encoding (declared, or UTF-16 by its
    /// byte order mark) cannot convert. libxml2 converts ahead of parsing, so where it
    /// notices depends on how much it had buffered: the error is at the parser's place
    /// then, which may be before the bytes (the declaration, for a whole first chunk).
    package static let encodingMismatchReason = "the bytes do not match the document's encoding"

    /// The reason of a ``malformedXML(file:line:column:reason:)`` error inside a DOCTYPE's
    /// internal subset (`<!DOCTYPE gpx [ ... ]>`), placed at its `[`: libxml2 words such a
    /// fault, and places it, differently depending on where the file's chunks are cut.
    package static let malformedInternalSubsetReason =
        "the DOCTYPE's internal subset is malformed or never ends (GPX needs no DOCTYPE)"

    /// The file the error is about.
    public var file: String {
        switch self {
        case .cannotOpen(let file, _), .cannotRead(let file, _),
            .malformedXML(let file, _, _, _), .notGPX(let file, _, _, _),
            .unsafeDocument(let file, _, _, _), .invalidContent(let file, _, _, _),
            .malformed(let file, _, _, _), .malformedBinary(let file, _, _):
            return file
        }
    }

    public var description: String {
        switch self {
        case .cannotOpen(let file, let reason), .cannotRead(let file, let reason):
            return "\(file): error: \(reason)"
        case .malformedXML(let file, let line, let column, let reason),
            .unsafeDocument(let file, let line, let column, let reason),
            .malformed(let file, let line, let column, let reason):
            return "\(file):\(line):\(column): error: \(reason)"
        case .notGPX(let file, let line, let column, let rootElement):
            return
                "\(file):\(line):\(column): error: the root element is <\(rootElement)>, not <gpx>: this is not a GPX file"
        case .invalidContent(let file, let line, let column, let message):
            return "\(file):\(line):\(column): error: \(message)"
        case .malformedBinary(let file, let byteOffset, let reason):
            return "\(file): byte \(byteOffset): error: \(reason)"
        }
    }
}
