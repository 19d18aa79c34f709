// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Small files a feed reads from the user's home directory (an emulator's console token),
/// without Foundation, which this module does not otherwise need.
enum HomeFile {
    /// `$HOME`, if set.
    static var home: String? { getenv("HOME").map { String(cString: $0) } }

    /// The file's text (its first 64 KiB), or nil if it cannot be read.
    static func text(atPath path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 16 {
            let count = read(descriptor, &chunk, chunk.count)
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension String {
    /// Without the spaces, tabs and line breaks at either end.
    func trimmingWhiteSpace() -> String {
        let isWhiteSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return String(drop(while: isWhiteSpace).reversed().drop(while: isWhiteSpace).reversed())
    }
}
