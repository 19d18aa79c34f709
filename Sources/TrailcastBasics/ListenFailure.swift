// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a port could not be listened on, in words that say what to do (`port 10110 is in
/// use: choose another, or 0 for any free one`) rather than the socket call's own
/// (`bind(descriptor:ptr:bytes:): Address already in use (errno: 98)`). One reading for
/// every server of the tool: serve-weather, the live page, the NMEA feed.
package enum ListenFailure {
    /// - Parameter code: the `errno` of the failed `bind` or `listen`.
    package static func reason(errno code: Int32, host: String, port: Int) -> String {
        switch code {
        case EADDRINUSE:
            return "port \(port) is in use: choose another, or 0 for any free one"
        case EACCES where port < 1024:
            return
                "port \(port) is below 1024, which only root may listen on: choose one above 1023, or 0 for any free one"
        case EADDRNOTAVAIL:
            return "\(host) is not an address of this machine: listen on 127.0.0.1, or 0.0.0.0 for every address"
        default:
            return String(cString: strerror(code))
        }
    }
}
