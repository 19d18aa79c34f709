// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// Records timed by a device's own clock, dated by its `timestamp_correlation`.
///
/// The FIT profile's `date_time` below 0x10000000 is "system time (seconds from device power
/// on)"; a `timestamp_correlation` gives the UTC time at one system time, so every system
/// time is dated by adding their difference (with both fractions: 1/32768 s). A Garmin VIRB
/// logs it at its first satellite fix, not always before its first records: those wait,
/// in order, in a ``SpillQueue`` (memory, then a temporary file), with every record after
/// them. A file that never gives one keeps its relative times (1989-12-31 and on: the
/// spacing replays as recorded), with one warning at its first such record.
extension FITReader {
    /// Hands out `point`, or keeps it waiting for a correlation.
    func hand(_ point: FITTrackPoint) throws(RouteError) {
        let mustWait = point.isSystemTime && systemTimeOffsetNanoseconds == nil
        guard mustWait || !waitingForCorrelation.isEmpty else { return try emit(point) }
        waitingForCorrelation.append(point)
        if let reason = waitingForCorrelation.failure {
            throw .cannotRead(file: fileName, reason: reason)
        }
    }

    /// A correlation: the points waiting go out, dated by it, before the next message is read.
    func correlate(_ offsetNanoseconds: Int64) {
        systemTimeOffsetNanoseconds = offsetNanoseconds
        if !waitingForCorrelation.isEmpty { releasingWaitingPoints = true }
    }

    /// The file ended without a correlation for the points still waiting: they go out with
    /// their relative times, said once.
    func releaseUncorrelatedPoints() throws(RouteError) {
        guard !waitingForCorrelation.isEmpty else { return }
        let first = waitingForCorrelation.removeFirst()!
        try warn(
            "the records' times are the device's own clock (seconds since it started, below FIT's 0x10000000), "
                + "and no timestamp_correlation message gives the real time: relative times kept, dated from 1989-12-31",
            at: first.byteOffset)
        try emit(first)
        releasingWaitingPoints = true
    }
}
