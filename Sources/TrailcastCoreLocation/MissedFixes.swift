// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastDevice

/// A stretch of device epochs the app did not receive, all for one reason: what the
/// timeline's `missed` event says, so that a report can draw where the app went dark
/// and why, without a line per epoch.
public struct MissedFixes: Sendable, Equatable {
    /// Why the app did not get a fix, the first rule that held it back.
    package enum Reason: String, Sendable, CaseIterable {
        /// Not authorized (denied, restricted, not determined yet, or services off).
        case notAuthorized
        /// In the background without Always.
        case background
        /// Authorized, but the app had not started (or had stopped) updates.
        case notUpdating
        /// Only the significant-change service is on, and the device has not moved far
        /// enough, or long enough, since its last delivery.
        case significantChanges
        /// Updates paused automatically (the device stood still in the background).
        case paused
        /// The app was not running (terminated), and nothing woke it.
        case notRunning
        /// The device's receiver had no fix.
        case noSignal
        /// Approximate location: at most one fix per 15 minutes.
        case reducedAccuracy
        /// Closer than the distance filter to the last delivered fix.
        case distanceFilter
    }

    /// At most this many points stand for the stretch's path.
    package static let pathLimit = 64

    /// Why the app did not get these epochs; a new stretch begins when the reason changes.
    package var reason: Reason
    /// How many device epochs the app missed.
    package var fixes: Int
    /// Offsets of the first and the last missed epoch.
    package var sinceOffset: Double
    /// Simulated seconds from the start of the run to the last missed epoch (the event's `until`).
    package var untilOffset: Double
    /// Where the device was: its reported position, or the true one while it had no fix.
    /// Evenly thinned to at most ``pathLimit`` points, first and last kept.
    package var path: [Coordinate]

    package init(reason: Reason, fixes: Int, sinceOffset: Double, untilOffset: Double, path: [Coordinate]) {
        self.reason = reason
        self.fixes = fixes
        self.sinceOffset = sinceOffset
        self.untilOffset = untilOffset
        self.path = path
    }
}
