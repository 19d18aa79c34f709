// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastDevice

/// A feed that cannot go on because of its peer (a write that fails is `WriteFailure`).
package enum FeedError: DeviceStreamFailure, Sendable, Equatable {
    /// A feed's server cannot listen on its address (in use, no such host).
    case cannotListen(String)
    /// A peer the feed drives (an emulator console) cannot be reached, refused a command
    /// or went away.
    case peerFailed(String)

    package var isPeerUnavailable: Bool { true }

    package var description: String {
        switch self {
        case .cannotListen(let reason): return "error: cannot listen for NMEA clients on \(reason)"
        case .peerFailed(let reason): return "error: \(reason)"
        }
    }
}
