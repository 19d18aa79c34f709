// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
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

    /// Opens `path` for reading, refusing a directory as open(2) would a missing file: on
    /// Linux open(2) opens a directory and only the first read fails (EISDIR, which read as
    /// an I/O error, exit 74, where a directory given for a file is an input that cannot be
    /// had, exit 66). The descriptor, or the errno to name with ``reason(errno:kind:)``.
    package static func openForReading(_ path: String) -> Result<Int32, OpenErrno> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(OpenErrno(code: errno)) }
        var status = stat()
        if fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            return .failure(OpenErrno(code: EISDIR))
        }
        return .success(descriptor)
    }

    /// Whether `path` names a directory (where a file was asked for).
    package static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
}

/// The errno an open failed with.
package struct OpenErrno: Error, Sendable {
    package var code: Int32
}
