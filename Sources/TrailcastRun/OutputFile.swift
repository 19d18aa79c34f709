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
    ///
    /// `-` and `/dev/stdout` are the process's own standard output (`/dev/stderr` its
    /// error), a copy of the descriptor rather than the path opened again: opening
    /// `/dev/stdout` reopens whatever it is, and a pipe made by another user (a container
    /// runtime's, for a Job running as user 10001) refuses that with EACCES.
    ///
    /// A path that is one of `inputs` (the same file, through links) is refused first, exit
    /// 64: opening it would empty what the command is about to read.
    public static func create(_ path: String, what: String, inputs: [String] = []) throws(RunFailure) -> Int32 {
        let standard: Int32? = switch path {
        case "-", "/dev/stdout": STDOUT_FILENO
        case "/dev/stderr": STDERR_FILENO
        default: nil
        }
        if standard == nil { try StagedOutput.refuseInputs(inputs, as: path, what: what) }
        let descriptor = standard.map { dup($0) } ?? open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw RunFailure(
                "\(path): error: cannot create \(what): \(String(cString: strerror(errno)))", status: .cannotCreate)
        }
        return descriptor
    }
}
