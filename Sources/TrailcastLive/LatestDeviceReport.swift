// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastDevice
import TrailcastBasics
import TrailcastTimeline

/// Keeps the device's latest report for `GET /location`: a feed like the others, which
/// sees the receiver's stream before Core Location's rules.
package final class LatestDeviceReport: DeviceStreamObserver, Sendable {
    private let latest = LockedValue<DeviceEpoch?>(nil)

    package init() {}

    package func deviceReported(_ epoch: DeviceEpoch) {
        latest.withLock { $0 = epoch }
    }

    package func deviceStreamEnded() {}

    /// The latest report as JSON, or nil before the first: the fix with the timeline's
    /// keys and rounding, and `"signal":false` (no position) while the signal is lost.
    package var json: [UInt8]? {
        guard let epoch = latest.withLock({ $0 }) else { return nil }
        var time: [UInt8] = [0x22]
        epoch.time.appendTimelineTime(to: &time)
        time.append(0x22)
        var bytes: [UInt8] = []
        JSONLineWriter.append(to: &bytes) { line in
            line.beginObject()
            line.key("t")
            line.raw(time)
            line.field("signal", epoch.fix != nil)
            if let fix = epoch.fix {
                line.field("lat", fix.latitude, fractionDigits: 7)
                line.field("lon", fix.longitude, fractionDigits: 7)
                line.field("altitude", fix.altitudeMeters, fractionDigits: 2)
                line.field("horizontalAccuracy", fix.horizontalAccuracyMeters, fractionDigits: 2)
                line.field("verticalAccuracy", fix.verticalAccuracyMeters, fractionDigits: 2)
                line.field("speed", fix.speedMetersPerSecond, fractionDigits: 2)
                line.field("course", fix.courseDegrees, fractionDigits: 1)
                line.field("index", fix.sourceIndex)
            }
            line.endObject()
        }
        return bytes
    }
}
