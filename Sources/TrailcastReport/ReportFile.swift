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

/// Writing a page, and reading a JSON Lines timeline line by line in bounded memory.
package enum ReportFile {
    /// write(2) failed while writing the page.
    package struct WriteError: Error, Sendable, CustomStringConvertible {
        package var code: Int32
        package var description: String { String(cString: strerror(code)) }
    }

    /// Writes all of `text`, retrying short writes and EINTR.
    package static func write(_ text: String, to descriptor: Int32) throws(WriteError) {
        var text = text
        let failure = text.withUTF8 { DescriptorWrite.all(UnsafeRawBufferPointer($0), to: descriptor) }
        if let failure { throw WriteError(code: failure) }
    }

    /// The longest line read; a longer one is an error rather than unbounded memory.
    package static let maximumLineBytes = 16 << 20

    package enum ReadError: Error, Sendable, Equatable {
        /// read(2) failed.
        case io(code: Int32)
        /// A line longer than ``maximumLineBytes``, at this line number.
        case lineTooLong(line: Int)
    }

    /// Calls `body` with each line (without its line break) and its number from 1; the
    /// last line counts even without a final newline (`terminated` false).
    package static func forEachLine(
        in descriptor: Int32, _ body: (_ line: String, _ number: Int, _ terminated: Bool) throws -> Void
    ) throws {
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var number = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadError.io(code: errno)
            }
            if count == 0 { break }
            var start = 0
            for index in 0..<count where chunk[index] == 0x0A {
                number += 1
                pending.append(contentsOf: chunk[start..<index])
                if pending.last == 0x0D { pending.removeLast() }
                // At each line's end as well as after each read: the limit holds to the byte,
                // wherever the reads happen to end.
                if pending.count > maximumLineBytes { throw ReadError.lineTooLong(line: number) }
                try body(String(decoding: pending, as: UTF8.self), number, true)
                pending.removeAll(keepingCapacity: true)
                start = index + 1
            }
            pending.append(contentsOf: chunk[start..<count])
            // A carriage return at a read's end may be the first half of the line's end.
            if pending.count - (pending.last == 0x0D ? 1 : 0) > maximumLineBytes {
                throw ReadError.lineTooLong(line: number + 1)
            }
        }
        if !pending.isEmpty {
            try body(String(decoding: pending, as: UTF8.self), number + 1, false)
        }
    }
}

// The C call under another name, so that `read` above is not mistaken for a method.
private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, bytes, count)
}
