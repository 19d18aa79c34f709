// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore
import NIOPosix

/// Why a connection could not be made, in the system's words (`connection refused`,
/// `timed out`): SwiftNIO's own descriptions are Swift dumps (`NIOConnectionError(host:
/// ..., connectionErrors: [...])`), which a one-line error should not quote.
func connectFailureReason(_ error: any Error) -> String {
    switch error {
    case ChannelError.connectTimeout:
        return "timed out"
    case let error as NIOConnectionError:
        if let first = error.connectionErrors.first { return connectFailureReason(first.error) }
        if error.dnsAError != nil || error.dnsAAAAError != nil { return "cannot resolve \(error.host)" }
        return "no address to connect to"
    case let error as IOError:
        return String(cString: strerror(error.errnoCode)).lowercased()
    default:
        return String(describing: error)
    }
}
