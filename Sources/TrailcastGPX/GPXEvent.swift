/// One step of a GPX document, in document order, as ``GPXStreamReader`` delivers it.
///
/// Points arrive as they are parsed, so a consumer can process a track of any
/// length in constant memory. Containers are bracketed by begin/end events;
/// ``metadata(_:)`` comes once, before the first waypoint, route or track.
public enum GPXEvent: Sendable, Equatable {
    case metadata(GPXMetadata)
    case waypoint(GPXPoint)
    case beginRoute(GPXPathInfo)
    case routePoint(GPXPoint)
    case endRoute
    case beginTrack(GPXPathInfo)
    case beginSegment(line: Int)
    case trackPoint(GPXPoint)
    case endSegment
    case endTrack
    /// A problem inside a well-formed document; the reader went on.
    case warning(GPXWarning)
}

/// A problem inside a well-formed GPX document that the reader recovered from.
public struct GPXWarning: Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(line):\(column): warning: \(message)" }
}
