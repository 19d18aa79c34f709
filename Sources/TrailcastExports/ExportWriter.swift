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
import TrailcastDevice

/// A file or stream an export or a file feed writes to failed (disk full, closed pipe):
/// `destination` names it ("the NMEA feed", "the export"). An I/O error (exit 74), not a
/// peer that went away.
package struct WriteFailure: DeviceStreamFailure, Sendable, Equatable {
    package var reason: String
    package var destination: String

    package init(_ reason: String, destination: String) {
        self.reason = reason
        self.destination = destination
    }

    package var isPeerUnavailable: Bool { false }
    package var description: String { "error: cannot write \(destination): \(reason)" }
}

/// Bytes to a file descriptor a buffer at a time: what every export and file feed writes
/// through.
package final class DescriptorWriter {
    package let descriptor: Int32
    /// What a write failure names: "the export", "the NMEA feed".
    package let destination: String
    private(set) var buffer: [UInt8] = []
    private static let limit = 64 * 1024

    package init(descriptor: Int32, destination: String) {
        self.descriptor = descriptor
        self.destination = destination
        buffer.reserveCapacity(Self.limit + 4096)
    }

    package func append(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.limit { try flush() }
    }

    package func append(bytes: [UInt8]) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.limit { try flush() }
    }

    // One record (a CSV row, a `<wpt>`) is put together in the buffer, part by part, with
    // no String in between: building each row as Strings (interpolation, trimming zeros
    // with `removeLast`) was two thirds of `export --to csv`'s instructions (callgrind,
    // issue 58). `endRecord()` flushes when the buffer is full, never inside a record.

    /// Appends a literal's bytes, as part of the record being written.
    func put(_ text: StaticString) {
        buffer.appendASCII(text)
    }

    /// Appends a number as the exports write it (``ExportNumber/fixed(_:digits:)``).
    func put(number value: Double, digits: Int) {
        ExportNumber.append(value, digits: digits, to: &buffer)
    }

    /// Appends degrees as the exports write them: ``ExportNumber/coordinateDigits`` decimals.
    func put(coordinate degrees: Double) {
        ExportNumber.append(degrees, digits: ExportNumber.coordinateDigits, to: &buffer)
    }

    /// Appends a time as `YYYY-MM-DDThh:mm:ss.fffZ`.
    func put(time: Timestamp) {
        time.appendISO8601(to: &buffer, fractionDigits: 3)
    }

    /// Appends a whole number in decimal.
    func put(integer value: Int) {
        buffer.appendDecimal(value)
    }

    /// Appends a whole record that `body` writes straight into the buffer (one exclusive
    /// access for the record, not one per part), then ends it.
    func record(_ body: (inout [UInt8]) -> Void) throws {
        body(&buffer)
        try endRecord()
    }

    /// Ends a record: writes the buffer out once it holds enough.
    func endRecord() throws {
        if buffer.count >= Self.limit { try flush() }
    }

    package func flush() throws {
        try buffer.withUnsafeBytes { try writeAll($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is buffered, then `bytes` straight to the descriptor (a spooled part of
    /// an export, 64 KiB at a time: not copied into the buffer first).
    func flush(appending bytes: UnsafeRawBufferPointer) throws {
        try flush()
        try writeAll(bytes)
    }

    #if os(Linux)
    /// Writes what is buffered, then the first `length` bytes of the file `source`, copied by
    /// the kernel (`sendfile(2)`) without passing through this process: a GeoJSON export
    /// spools most of what it writes. False, with nothing of the file written, where the
    /// kernel cannot send from that file to this descriptor (the caller copies it then).
    func flush(sendingFile source: Int32, length: Int) throws -> Bool {
        try flush()
        var offset: off_t = 0
        while offset < length {
            let sent = sendfile(descriptor, source, &offset, length - Int(offset))
            if sent < 0 {
                if errno == EINTR { continue }
                if offset == 0 && (errno == EINVAL || errno == ENOSYS) { return false }
                let code = DescriptorWrite.failed(descriptor, errno: errno)
                throw WriteFailure(String(cString: strerror(code)), destination: destination)
            }
            if sent == 0 { break }
        }
        return true
    }
    #endif

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        var written = 0
        while written < bytes.count {
            let result = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                let code = DescriptorWrite.failed(descriptor, errno: errno)
                throw WriteFailure(String(cString: strerror(code)), destination: destination)
            }
            written += result
        }
    }
}

/// A scratch file for the parts of an export that must come after something still
/// being written (GeoJSON's times and points after its line): constant memory, however
/// long the route.
final class SpoolFile {
    private let file: UnsafeMutablePointer<FILE>
    let writer: DescriptorWriter

    init() throws {
        guard let file = tmpfile() else {
            throw WriteFailure("no temporary file: \(String(cString: strerror(errno)))", destination: "the export")
        }
        self.file = file
        writer = DescriptorWriter(descriptor: fileno(file), destination: "a temporary file")
    }

    deinit { fclose(file) }

    /// Copies everything spooled to `target`.
    func copy(to target: DescriptorWriter) throws {
        try writer.flush()
        #if os(Linux)
        let length = lseek(writer.descriptor, 0, SEEK_END)
        if length >= 0, try target.flush(sendingFile: writer.descriptor, length: Int(length)) { return }
        #endif
        guard lseek(writer.descriptor, 0, SEEK_SET) == 0 else {
            throw WriteFailure("cannot rewind a temporary file", destination: "the export")
        }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(writer.descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw WriteFailure(String(cString: strerror(errno)), destination: target.destination)
            }
            if count == 0 { break }
            try chunk.withUnsafeBytes { try target.flush(appending: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
    }

    /// Copies everything spooled to `target`, then empties the file for what comes next.
    func move(to target: DescriptorWriter) throws {
        try copy(to: target)
        guard ftruncate(writer.descriptor, 0) == 0, lseek(writer.descriptor, 0, SEEK_SET) == 0 else {
            throw WriteFailure(
                "cannot empty a temporary file: \(String(cString: strerror(errno)))", destination: "the export")
        }
    }
}
