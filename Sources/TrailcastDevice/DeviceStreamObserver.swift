// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
public import TrailcastBasics

/// One report of the simulated receiver, before Core Location's rules: a fix, or none
/// while the signal is lost. What a real device's GPS hands its operating system, and
/// what feeds (NMEA, emulators, exports) pass on.
public struct DeviceEpoch: Sendable, Equatable {
    /// When the receiver reported.
    public var time: Timestamp
    /// The fix, or nil without a signal (a receiver still reports, with no position).
    public var fix: LocationFix?
    /// The fix begins another stretch of the recording, as a GPX `<trkseg>` does: it is the
    /// first after a pause of the route's recording (its next segment, a leg longer than
    /// `--max-gap`), after the signal was lost, or after the jump back to the start of
    /// another loop. Exports that have segments start one here; the gap is not a path.
    public var startsSegment: Bool

    package init(time: Timestamp, fix: LocationFix?, startsSegment: Bool = false) {
        self.time = time
        self.fix = fix
        self.startsSegment = startsSegment
    }
}

/// Taps the device stream of a replay: every epoch of the receiver, in order.
///
/// A class, since a feed holds files, sockets and clients; a replay calls it from its
/// own task only, one epoch at a time.
public protocol DeviceStreamObserver: AnyObject {
    /// The receiver reported (a fix, or none while the signal is lost).
    func deviceReported(_ epoch: DeviceEpoch) throws
    /// The run ended: write out what is buffered.
    func deviceStreamEnded() throws
}

/// What a device stream observer throws, so that a run can say it in one line and tell a
/// peer that went away (a console, a port) from a file that could not be written.
package protocol DeviceStreamFailure: Error, CustomStringConvertible {
    /// A peer could not be reached, refused, or left (exit 69), rather than an I/O error.
    var isPeerUnavailable: Bool { get }
}
