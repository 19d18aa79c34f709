// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
/// Where `--nmea` sends the device stream: a file, a TCP port that clients (gpsd) connect
/// to, or a UDP address datagrams go to.
package enum NMEATarget: Equatable, Sendable {
    case file(String)
    case tcp(host: String, port: Int)
    case udp(host: String, port: Int)

    /// `FILE`, `tcp://HOST:PORT` (`[::1]:PORT` for IPv6; port 0 picks a free one), or
    /// `udp://HOST:PORT`.
    package init(parsing text: String) throws(RunFailure) {
        guard let schemeEnd = text.range(of: "://") else {
            self = .file(text)
            return
        }
        let scheme = text[..<schemeEnd.lowerBound]
        let address = text[schemeEnd.upperBound...]
        guard scheme == "tcp" || scheme == "udp" else {
            throw RunFailure(
                "--nmea \(text): unknown scheme '\(scheme)'; use tcp://HOST:PORT, udp://HOST:PORT or a file name",
                status: .usage)
        }
        guard let colon = address.lastIndex(of: ":"), let port = Int(address[address.index(after: colon)...]),
            (0...65535).contains(port)
        else {
            throw RunFailure(
                "--nmea \(text): expected \(scheme)://HOST:PORT, such as \(scheme)://127.0.0.1:10110", status: .usage)
        }
        var host = String(address[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else {
            throw RunFailure("--nmea \(text): the host is missing; use tcp://127.0.0.1:\(port)", status: .usage)
        }
        if scheme == "udp" {
            guard port > 0 else {
                throw RunFailure("--nmea \(text): a UDP destination needs a port other than 0", status: .usage)
            }
            self = .udp(host: host, port: port)
        } else {
            self = .tcp(host: host, port: port)
        }
    }

    /// The file's path, for a file.
    package var filePath: String? {
        if case .file(let path) = self { return path }
        return nil
    }
}
