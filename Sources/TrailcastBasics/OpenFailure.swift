#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an input file could not be opened, in the same words from every command
/// (`walk.gpx: error: no such file`): the route reader, `report`'s timeline and the fleet's
/// routes each said it their own way.
package enum OpenFailure {
    /// - Parameter kind: what the file should have been, for a directory given instead
    ///   (`a route file`).
    package static func reason(errno code: Int32, kind: String) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES: return "permission denied"
        case EISDIR: return "is a directory, not \(kind)"
        default: return String(cString: strerror(code))
        }
    }
}
