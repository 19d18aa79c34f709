/// A feed that cannot go on.
public enum FeedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A file or stream the feed writes to failed (disk full, closed pipe).
    case cannotWrite(String)
    /// A feed's server cannot listen on its address (in use, no such host).
    case cannotListen(String)

    public var description: String {
        switch self {
        case .cannotWrite(let reason): return "error: cannot write the NMEA feed: \(reason)"
        case .cannotListen(let reason): return "error: cannot listen for NMEA clients on \(reason)"
        }
    }
}
