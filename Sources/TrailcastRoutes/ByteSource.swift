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

/// Where the reader's bytes come from: a file read chunk by chunk, standard
/// input, or bytes already in memory.
final class ByteSource {
    private enum Storage {
        case fileDescriptor(Int32, closeWhenDone: Bool)
        case memory([UInt8], offset: Int)
        case copiedStandardInput(StandardInputCopy, offset: Int)
        /// The KML inside a KMZ archive, inflated as it is read.
        case zipEntry(ZipKMLEntry)
    }

    let displayName: String
    private var storage: Storage
    /// Bytes already taken from the storage by ``head(_:)``, handed out again first.
    private var peeked: [UInt8] = []
    private var peekedOffset = 0

    /// Opens `path` for reading; `-` means standard input.
    init(path: String) throws(RouteError) {
        displayName = path
        if path == "-" {
            storage = .fileDescriptor(STDIN_FILENO, closeWhenDone: false)
            return
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw .cannotOpen(file: path, reason: Self.describeErrno(errno))
        }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw .cannotOpen(file: path, reason: "is a directory, not a route file")
        }
        storage = .fileDescriptor(descriptor, closeWhenDone: true)
    }

    /// Standard input through its copy: a second source starts again from the beginning.
    init(copy: StandardInputCopy, displayName: String) {
        self.displayName = displayName
        storage = .copiedStandardInput(copy, offset: 0)
    }

    /// The first `.kml` entry of the zip archive `archive` (a KMZ), under the archive's name.
    init(kmlInside archive: ByteSource) throws(RouteError) {
        let entry = ZipKMLEntry(archive: archive)
        try entry.open()
        displayName = archive.displayName
        storage = .zipEntry(entry)
    }

    init(bytes: [UInt8], displayName: String) {
        self.displayName = displayName
        storage = .memory(bytes, offset: 0)
    }

    deinit {
        if case .fileDescriptor(let descriptor, true) = storage { close(descriptor) }
    }

    /// The first `count` bytes of the input (fewer if it is shorter), which reads then
    /// hand out again: a look at a format's signature, even on a pipe. Called before any read.
    func head(_ count: Int) throws(RouteError) -> [UInt8] {
        precondition(peeked.isEmpty && peekedOffset == 0, "head(_:) comes before any read")
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
        defer { buffer.deallocate() }
        var filled = 0
        while filled < count {
            let got = try readStorage(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if got == 0 { break }
            filled += got
        }
        peeked = Array(buffer[..<filled])
        return peeked
    }

    /// Fills `buffer` with the next bytes; returns 0 at the end of the input.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(RouteError) -> Int {
        if peekedOffset < peeked.count, buffer.count > 0 {
            let count = min(buffer.count, peeked.count - peekedOffset)
            peeked.withUnsafeBytes { source in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[peekedOffset..<peekedOffset + count]))
            }
            peekedOffset += count
            // Filled on from the storage, so that a file's chunks are cut where they would
            // be had nothing been peeked at.
            guard count < buffer.count else { return count }
            return try count + readStorage(into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]))
        }
        return try readStorage(into: buffer)
    }

    private func readStorage(into buffer: UnsafeMutableRawBufferPointer) throws(RouteError) -> Int {
        switch storage {
        case .fileDescriptor(let descriptor, _):
            while true {
                let count = readBytes(descriptor, buffer.baseAddress, buffer.count)
                if count >= 0 { return count }
                if errno == EINTR { continue }
                throw .cannotRead(file: displayName, reason: Self.describeErrno(errno))
            }
        case .memory(let bytes, let offset):
            let count = min(buffer.count, bytes.count - offset)
            bytes.withUnsafeBytes { source in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + count]))
            }
            storage = .memory(bytes, offset: offset + count)
            return count
        case .copiedStandardInput(let copy, let offset):
            let count = try copy.read(at: offset, into: buffer, name: displayName)
            storage = .copiedStandardInput(copy, offset: offset + count)
            return count
        case .zipEntry(let entry):
            return try entry.read(into: buffer)
        }
    }

    private static func describeErrno(_ code: Int32) -> String {
        OpenFailure.reason(errno: code, kind: "a route file")
    }
}

/// The system's `read`, callable where a method named `read` is in scope.
@inline(__always)
func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
