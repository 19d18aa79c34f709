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

/// A password given in a file (`--mqtt-password-file`, `--http-password-file`), never on the
/// command line, where `ps` shows it to every user.
enum PasswordFile {
    /// The file's first line, without its line end (what `echo secret > FILE` and a
    /// Kubernetes Secret mounted as a file both give); a missing file is exit 66, one longer
    /// than `limit` bytes 65.
    static func firstLine(of path: String, option: String, limit: Int, limitName: String) throws(RunFailure) -> [UInt8]
    {
        let descriptor: Int32
        switch OpenFailure.openForReading(path) {
        case .success(let opened):
            descriptor = opened
        case .failure(let error):
            throw RunFailure(
                "\(option) \(path): error: \(OpenFailure.reason(errno: error.code, kind: "a file"))", status: .noInput)
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count <= limit {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else {
                throw RunFailure(
                    "\(option) \(path): error: cannot read: \(String(cString: strerror(errno)))", status: .ioError)
            }
            if count == 0 { break }
            bytes += buffer.prefix(count)
        }
        var line = bytes.prefix { $0 != UInt8(ascii: "\n") }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        guard line.count <= limit else {
            throw RunFailure("\(option) \(path): error: longer than \(limitName)", status: .dataError)
        }
        return Array(line)
    }
}
