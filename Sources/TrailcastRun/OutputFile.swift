#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Files the commands write (timelines, logs, feeds, exports): created or truncated,
/// or a ``RunFailure`` naming the file (exit 73).
public enum OutputFile {
    /// Opens `path` for writing; `what` names it in the error ("the timeline file").
    public static func create(_ path: String, what: String) throws(RunFailure) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw RunFailure(
                "\(path): error: cannot create \(what): \(String(cString: strerror(errno)))", status: .cannotCreate)
        }
        return descriptor
    }
}
