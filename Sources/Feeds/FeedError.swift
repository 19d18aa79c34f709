/// A feed that cannot go on.
public enum FeedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A file or stream the feed writes to failed (disk full, closed pipe).
    case cannotWrite(String)

    public var description: String {
        switch self {
        case .cannotWrite(let reason): return "error: cannot write the NMEA feed: \(reason)"
        }
    }
}
