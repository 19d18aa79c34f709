// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import TrailcastBasics
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An output file written beside its place and put there whole: a temporary file in the
/// same directory (`.NAME.trailcast-XXXXXX`), renamed over `path` by ``commit()`` once
/// complete, and removed by ``discard()`` when the command fails or is stopped before its
/// output can be closed whole. So an output is either the old file or the new one, never
/// half of either, and a run that fails leaves what was there.
///
/// Standard output (`-`, `/dev/stdout`), standard error, and paths that are not regular
/// files (`/dev/null`, a FIFO, a terminal) are written directly: there is nothing to
/// rename over them.
package final class StagedOutput: Sendable {
    package let descriptor: Int32
    /// The path asked for, as the user wrote it (for messages).
    package let path: String
    /// Whether it is written where it is (a standard stream, a device, a FIFO, a terminal)
    /// rather than beside it until complete: what went there has gone.
    package let writesInPlace: Bool
    /// The temporary file while there is one to rename or remove, and whether the
    /// descriptor is still open: ``commit()`` and ``discard()`` may race (a signal's queue
    /// discarding while the command finishes), and each happens once.
    private let state: LockedValue<(temporary: String?, open: Bool)>

    /// Opens a temporary file beside `path` (or `path` itself, or a standard stream): exit
    /// 73 if it cannot be made; `what` names it ("the export"). Whether `path` may be
    /// written at all (not an input, not another output) is ``PathGuard``'s to say, before.
    package init(_ path: String, what: String) throws(RunFailure) {
        self.path = path
        switch path {
        case "-", "/dev/stdout", "/dev/stderr":
            writesInPlace = true
            descriptor = dup(path == "/dev/stderr" ? STDERR_FILENO : STDOUT_FILENO)
            state = LockedValue((nil, true))
            guard descriptor >= 0 else { throw Self.cannotCreate(path, what) }
            return
        default:
            break
        }
        let target = FileIdentity(path)
        if let target, !target.isRegularFile {
            // A device, FIFO or terminal: written in place.
            writesInPlace = true
            descriptor = open(path, O_WRONLY | O_CLOEXEC)
            state = LockedValue((nil, true))
            guard descriptor >= 0 else { throw Self.cannotCreate(path, what) }
            return
        }
        writesInPlace = false
        let (directory, name) = FileIdentity.split(path)
        // Made with O_EXCL under a random name rather than mkstemp, so that the kernel gives
        // it the mode any new file gets (0666 less the umask) without reading the umask.
        var generator = SystemRandomNumberGenerator()
        var made: (descriptor: Int32, path: String)?
        for _ in 0..<100 where made == nil {
            let suffix = String(generator.next() & 0xFF_FFFF_FFFF, radix: 36)
            let candidate = "\(directory)/.\(name).trailcast-\(suffix)"
            let opened = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if opened >= 0 { made = (opened, candidate) } else if errno != EEXIST { break }
        }
        guard let made else { throw Self.cannotCreate(path, what) }
        // The file it replaces keeps its mode.
        if let target { _ = fchmod(made.descriptor, mode_t(target.permissions)) }
        descriptor = made.descriptor
        state = LockedValue((made.path, true))
    }

    /// Puts the output in place (renames the temporary file over `path`) and closes it;
    /// exit 74 if it cannot. After ``discard()``, nothing.
    package func commit() throws(RunFailure) {
        guard let temporary = takeTemporaryAndClose() else { return }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = unlink(temporary)
            throw RunFailure("\(path): error: cannot put the output in place: \(reason)", status: .ioError)
        }
    }

    /// Renames the temporary file over `path` and keeps writing to it: a stream that readers
    /// follow at its path while it is written. Nothing if already in place; if the rename
    /// fails, ``commit()`` tries again (and reports it).
    package func putInPlace() {
        state.withLock { state in
            guard state.open, let temporary = state.temporary, rename(temporary, path) == 0 else { return }
            state.temporary = nil
        }
    }

    /// Removes the temporary file, leaving `path` as it was, and closes the descriptor.
    package func discard() {
        if let temporary = takeTemporaryAndClose() { _ = unlink(temporary) }
    }

    /// The temporary file, once: the descriptor is closed by whichever comes first.
    private func takeTemporaryAndClose() -> String? {
        let (temporary, wasOpen) = state.withLock { state in
            defer { state = (nil, false) }
            return state
        }
        if wasOpen { _ = close(descriptor) }
        return temporary
    }

    private static func cannotCreate(_ path: String, _ what: String) -> RunFailure {
        RunFailure("\(path): error: cannot create \(what): \(String(cString: strerror(errno)))", status: .cannotCreate)
    }
}
