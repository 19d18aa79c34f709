// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastDevice

/// A feed that cannot go on.
package enum FeedError: DeviceStreamFailure, Sendable, Equatable {
    /// A file or stream the feed writes to failed (disk full, closed pipe); `destination`
    /// names it ("the NMEA feed", "the export").
    case cannotWrite(String, destination: String = "the NMEA feed")
    /// A feed's server cannot listen on its address (in use, no such host).
    case cannotListen(String)
    /// A peer the feed drives (an emulator console) cannot be reached, refused a command
    /// or went away.
    case peerFailed(String)

    package var isPeerUnavailable: Bool {
        switch self {
        case .cannotWrite: return false
        case .cannotListen, .peerFailed: return true
        }
    }

    package var description: String {
        switch self {
        case .cannotWrite(let reason, let destination): return "error: cannot write \(destination): \(reason)"
        case .cannotListen(let reason): return "error: cannot listen for NMEA clients on \(reason)"
        case .peerFailed(let reason): return "error: \(reason)"
        }
    }
}
