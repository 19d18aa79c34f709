// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TrailcastBasics

/// Writes a timeline to a file descriptor in a ``TimelineFormat``.
///
/// Lines are buffered and written whole: the buffer is handed to write(2) only in
/// complete lines and retried until every byte is out, so a reader (or a file left
/// after Ctrl-C) never sees half a line.
package struct TimelineWriter<Format: TimelineFormat>: TimelineRecorder {
    /// Buffered bytes are written once they pass this size, and on every flush.
    package static var bufferLimit: Int { 64 * 1024 }

    private let descriptor: Int32
    /// What a failed write names: the path as given, or "standard output".
    private let destination: String
    private var format: Format
    private var buffer: [UInt8] = []
    private var wroteHeader = false

    /// Writes to `descriptor`, which stays open (the caller owns it); a failure names
    /// `destination`.
    package init(descriptor: Int32, format: Format, destination: String = "the timeline") {
        self.descriptor = descriptor
        self.destination = destination
        self.format = format
        buffer.reserveCapacity(Self.bufferLimit + 4096)
    }

    package mutating func record(_ event: TimelineEvent) throws {
        if !wroteHeader {
            wroteHeader = true
            format.appendHeader(to: &buffer)
        }
        format.append(event, to: &buffer)
        if buffer.count >= Self.bufferLimit { try flush() }
    }

    package mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        let failure = buffer.withUnsafeBytes { DescriptorWrite.all($0, to: descriptor) }
        if let failure { throw TimelineWriteError(code: failure, destination: destination) }
    }
}

/// write(2) failed: the disk is full, the pipe closed, the file system went away.
package struct TimelineWriteError: Error, Sendable, CustomStringConvertible {
    package var code: Int32
    package var destination: String

    /// `cannot write out.jsonl: No space left on device`: every write failure's words.
    package var description: String { "cannot write \(destination): \(String(cString: strerror(code)))" }
}
