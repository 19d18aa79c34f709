// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastDevice
import TrailcastBasics

/// `export --to tcx`: the device's fixes as a Garmin Training Center (TCX v2) activity, one
/// lap: each fix a `<Trackpoint>` with its `<Time>`, `<Position>`, `<AltitudeMeters>` and
/// (ActivityExtension v2) `<Speed>`. A stream in several stretches (a route's segments, the
/// signal lost, loops: ``DeviceEpoch/startsSegment``) is one `<Track>` each, as a Garmin
/// device starts another track in its lap after a pause; the distance does not count the
/// gaps. The schema puts a lap's totals before its tracks, so the trackpoints wait in a
/// scratch file: constant memory.
package final class TCXExport: DeviceStreamObserver {
    private let writer: DescriptorWriter
    private let trackpoints: SpoolFile
    private var first: LocationFix?
    private var last: LocationFix?
    private var distanceMeters = 0.0
    private var maximumSpeed = 0.0

    package init(descriptor: Int32, destination: String = "the export") throws {
        writer = DescriptorWriter(descriptor: descriptor, destination: destination)
        trackpoints = try SpoolFile()
    }

    package func deviceReported(_ epoch: DeviceEpoch) throws {
        guard let fix = epoch.fix else { return }
        let point = trackpoints.writer
        if last != nil, epoch.startsSegment {
            point.put("</Track>\n<Track>\n")
        } else if let last {
            distanceMeters += GreatCircle.distanceMeters(
                latitude1: last.latitude, longitude1: last.longitude, latitude2: fix.latitude, longitude2: fix.longitude
            )
        }
        if first == nil { first = fix }
        last = fix
        point.put("<Trackpoint><Time>")
        point.put(time: fix.time)
        point.put("</Time><Position><LatitudeDegrees>")
        point.put(coordinate: fix.latitude)
        point.put("</LatitudeDegrees><LongitudeDegrees>")
        point.put(coordinate: fix.longitude)
        point.put("</LongitudeDegrees></Position>")
        if let altitude = fix.altitudeMeters {
            point.put("<AltitudeMeters>")
            point.put(number: altitude, digits: 2)
            point.put("</AltitudeMeters>")
        }
        point.put("<DistanceMeters>")
        point.put(number: distanceMeters, digits: 2)
        point.put("</DistanceMeters>")
        if fix.speedMetersPerSecond >= 0 {
            maximumSpeed = max(maximumSpeed, fix.speedMetersPerSecond)
            point.put(#"<Extensions><TPX xmlns="http://www.garmin.com/xmlschemas/ActivityExtension/v2"><Speed>"#)
            point.put(number: fix.speedMetersPerSecond, digits: 2)
            point.put("</Speed></TPX></Extensions>")
        }
        point.put("</Trackpoint>\n")
        try point.endRecord()
    }

    package func deviceStreamEnded() throws {
        let start = (first?.time ?? Timestamp(secondsSince1970: 0)).iso8601(fractionDigits: 3)
        let seconds = first.flatMap { first in last.map { $0.time.seconds(since: first.time) } } ?? 0
        try writer.append(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
            <Activities><Activity Sport="Other"><Id>\(start)</Id>
            <Lap StartTime="\(start)"><TotalTimeSeconds>\(ExportNumber.fixed(seconds, digits: 3))</TotalTimeSeconds>\
            <DistanceMeters>\(ExportNumber.fixed(distanceMeters, digits: 2))</DistanceMeters>\
            <MaximumSpeed>\(ExportNumber.fixed(maximumSpeed, digits: 2))</MaximumSpeed><Calories>0</Calories>\
            <Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod>
            <Track>

            """)
        try trackpoints.copy(to: writer)
        try writer.append("</Track>\n</Lap>\n</Activity></Activities>\n</TrainingCenterDatabase>\n")
        try writer.flush()
    }
}
