// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastDevice
import TrailcastBasics

/// `export --to csv`: one row per fix of the device stream, with a header; the true
/// position last (empty with a perfect GPS).
package final class CSVExport: DeviceStreamObserver {
    package static let header =
        "time,lat,lon,altitude,horizontalAccuracy,verticalAccuracy,speed,course,index,truthLat,truthLon"
    private let writer: DescriptorWriter

    package init(descriptor: Int32, destination: String = "the export") throws {
        writer = DescriptorWriter(descriptor: descriptor, destination: destination)
        try writer.append(Self.header + "\n")
    }

    package func deviceReported(_ epoch: DeviceEpoch) throws {
        guard let fix = epoch.fix else { return }
        writer.put(time: fix.time)
        writer.put(",")
        writer.put(coordinate: fix.latitude)
        writer.put(",")
        writer.put(coordinate: fix.longitude)
        writer.put(",")
        if let altitude = fix.altitudeMeters { writer.put(number: altitude, digits: 2) }
        writer.put(",")
        writer.put(number: fix.horizontalAccuracyMeters, digits: 2)
        writer.put(",")
        if let verticalAccuracy = fix.verticalAccuracyMeters { writer.put(number: verticalAccuracy, digits: 2) }
        writer.put(",")
        writer.put(number: fix.speedMetersPerSecond, digits: 2)
        writer.put(",")
        writer.put(number: fix.courseDegrees, digits: 1)
        writer.put(",")
        writer.put(integer: fix.sourceIndex)
        writer.put(",")
        if let truth = fix.truth { writer.put(coordinate: truth.latitude) }
        writer.put(",")
        if let truth = fix.truth { writer.put(coordinate: truth.longitude) }
        writer.put("\n")
        try writer.endRecord()
    }

    package func deviceStreamEnded() throws {
        try writer.flush()
    }
}
