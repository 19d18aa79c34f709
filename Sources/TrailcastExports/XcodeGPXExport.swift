// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastDevice
import TrailcastBasics

/// `export --to xcode-gpx`: the device's fixes as the timed `<wpt>` list Xcode's location
/// simulation replays. Xcode's own GPX template is waypoints sorted by `<time>`, which it
/// interpolates between; it does not read routes or tracks. Times come from the simulated
/// clock, so a Garmin track and an untimed route both replay at their pace.
package final class XcodeGPXExport: DeviceStreamObserver {
    private let writer: DescriptorWriter
    private var started = false

    package init(descriptor: Int32, destination: String = "the export") {
        writer = DescriptorWriter(descriptor: descriptor, destination: destination)
    }

    package func deviceReported(_ epoch: DeviceEpoch) throws {
        if !started { try begin() }
        guard let fix = epoch.fix else { return }
        writer.put("  <wpt lat=\"")
        writer.put(coordinate: fix.latitude)
        writer.put("\" lon=\"")
        writer.put(coordinate: fix.longitude)
        writer.put("\">")
        if let altitude = fix.altitudeMeters {
            writer.put("<ele>")
            writer.put(number: altitude, digits: 2)
            writer.put("</ele>")
        }
        writer.put("<time>")
        writer.put(time: fix.time)
        writer.put("</time></wpt>\n")
        try writer.endRecord()
    }

    package func deviceStreamEnded() throws {
        if !started { try begin() }
        try writer.append("</gpx>\n")
        try writer.flush()
    }

    private func begin() throws {
        started = true
        try writer.append(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="Trailcast" xmlns="http://www.topografix.com/GPX/1/1">

            """)
    }
}
