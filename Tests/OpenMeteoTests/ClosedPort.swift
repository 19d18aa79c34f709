// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP port on 127.0.0.1 that nothing listens on: bound by the kernel's choice and kept
/// bound, without `listen`, for the rest of the test process, so connections to it are
/// refused.
///
/// Releasing it instead would let a server started by a test running in parallel take the
/// same port (seen: a client meant to hit a closed port waited on a server holding requests).
func closedLocalPort() throws -> Int {
    #if canImport(Glibc)
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw SocketError(step: "socket") }
    // Deliberately never closed: see above. A few descriptors per test run.
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
            bind(descriptor, socketAddress, length) == 0
                && getsockname(descriptor, socketAddress, &length) == 0
        }
    }
    guard bound else { throw SocketError(step: "bind") }
    return Int(UInt16(bigEndian: address.sin_port))
}

struct SocketError: Error, CustomStringConvertible {
    var step: String
    var description: String { "\(step) failed with errno \(errno)" }
}
