// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// write(2) until every byte is out: short writes continue, EINTR retries. Shared by the
/// timeline writer and the report, whose files must hold whole lines and whole pages.
package enum DescriptorWrite {
    /// Whether a write to standard output found no reader left (EPIPE: `| head` closed the
    /// pipe). The tool's one rule for that (docs/command-line.md): the command stops, quietly,
    /// exit 0, its files written whole; so the failure a run ends with is told apart from a
    /// full disk here, where the errno is known, not later from a message's words.
    package static var standardOutputReaderLeft: Bool { readerLeft.withLock { $0 } }
    private static let readerLeft = LockedValue(false)

    /// Writes all of `bytes`; the errno that stopped it, or nil when everything was written.
    package static func all(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return failed(descriptor, errno: errno)
            }
            // write(2) that writes nothing and says no error: retrying would spin.
            if written == 0 { return EIO }
            offset += written
        }
        return nil
    }

    /// A write to `descriptor` failed with `code`: noted when it was standard output's
    /// reader that left (the descriptor may be a copy of standard output's: `-o -`); `code`
    /// back.
    @discardableResult
    package static func failed(_ descriptor: Int32, errno code: Int32) -> Int32 {
        if code == EPIPE && isStandardOutput(descriptor) { readerLeft.withLock { $0 = true } }
        return code
    }

    private static func isStandardOutput(_ descriptor: Int32) -> Bool {
        if descriptor == STDOUT_FILENO { return true }
        var this = stat()
        var standardOutput = stat()
        guard fstat(descriptor, &this) == 0, fstat(STDOUT_FILENO, &standardOutput) == 0 else { return false }
        return this.st_dev == standardOutput.st_dev && this.st_ino == standardOutput.st_ino
    }
}
