// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// One step of a GPX document, in document order, as ``GPXStreamReader`` delivers it.
///
/// Points arrive as they are parsed, so a consumer can process a track of any
/// length in constant memory. Containers are bracketed by begin/end events;
/// ``metadata(_:)`` comes once, before the first waypoint, route or track.
package enum RouteEvent: Sendable, Equatable {
    case metadata(RouteMetadata)
    case waypoint(RoutePoint)
    case beginRoute(RoutePathInfo)
    case routePoint(RoutePoint)
    case endRoute
    case beginTrack(RoutePathInfo)
    case beginSegment(line: Int)
    case trackPoint(RoutePoint)
    case endSegment
    case endTrack
    /// A problem inside a well-formed document; the reader went on.
    case warning(RouteWarning)
}

/// A problem inside a well-formed GPX document that the reader recovered from.
///
/// A binary format's warning (FIT) has no line: it is placed by ``byteOffset`` instead, and
/// its description begins with a space, so that `"\(file):\(warning)"` reads
/// `walk.fit: byte 120: warning: ...` as the text formats' read `walk.gpx:12:7: warning: ...`.
public struct RouteWarning: Sendable, Equatable, CustomStringConvertible {
    /// The line of the problem in the file, from 1; 0 for a binary format's warning.
    public var line: Int
    /// The column of the problem on its line, from 1; 0 for a binary format's warning.
    public var column: Int
    /// What was wrong and what the reader did about it, in one sentence.
    public var message: String
    /// Where a binary file's problem is, in bytes from its start; nil for a text format.
    public var byteOffset: Int?

    package init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    package init(byteOffset: Int, message: String) {
        self.init(line: 0, column: 0, message: message)
        self.byteOffset = byteOffset
    }

    /// A warning about `point`, placed where the point is: its line and column, or its byte.
    package init(at point: RoutePoint, message: String) {
        if let byteOffset = point.byteOffset {
            self.init(byteOffset: byteOffset, message: message)
        } else {
            self.init(line: point.line, column: point.column, message: message)
        }
    }

    /// This warning as the error `--strict` makes of it, in `file`.
    package func error(in file: String) -> RouteError {
        if let byteOffset { return .malformedBinary(file: file, byteOffset: byteOffset, reason: message) }
        return .invalidContent(file: file, line: line, column: column, message: message)
    }

    public var description: String {
        if let byteOffset { return " byte \(byteOffset): warning: \(message)" }
        return "\(line):\(column): warning: \(message)"
    }
}
