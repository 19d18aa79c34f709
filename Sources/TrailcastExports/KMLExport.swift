// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastDevice
import TrailcastBasics

/// `export --to kml`: the device's fixes as a timed `gx:Track` (Google's KML extension,
/// which Google Earth plays back on its time slider): every `<when>`, then every
/// `<gx:coord>` (`lon lat alt`), as the schema orders them. A stream in several stretches
/// (a route's segments, the signal lost, loops: ``DeviceEpoch/startsSegment``) is a
/// `gx:MultiTrack` of one `gx:Track` each, `gx:interpolate` 0: the gaps are not paths.
/// Each track's parts wait in scratch files until it ends, so a route of any length takes
/// constant memory.
package final class KMLExport: DeviceStreamObserver {
    private let writer: DescriptorWriter
    private let times: SpoolFile
    private let coordinates: SpoolFile
    /// The tracks ended so far, whole; empty while there is one.
    private let endedTracks: SpoolFile
    private var trackCount = 0

    package init(descriptor: Int32, destination: String = "the export") throws {
        writer = DescriptorWriter(descriptor: descriptor, destination: destination)
        times = try SpoolFile()
        coordinates = try SpoolFile()
        endedTracks = try SpoolFile()
        try writer.append(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">
            <Document><name>device stream</name>
            <Placemark><name>device stream</name>

            """)
    }

    package func deviceReported(_ epoch: DeviceEpoch) throws {
        guard let fix = epoch.fix else { return }
        if trackCount == 0 {
            trackCount = 1
        } else if epoch.startsSegment {
            try endTrack(into: endedTracks.writer)
            trackCount += 1
        }
        times.writer.put("<when>")
        times.writer.put(time: fix.time)
        times.writer.put("</when>\n")
        try times.writer.endRecord()
        let coordinate = coordinates.writer
        coordinate.put("<gx:coord>")
        coordinate.put(coordinate: fix.longitude)
        coordinate.put(" ")
        coordinate.put(coordinate: fix.latitude)
        coordinate.put(" ")
        // Without an altitude the track is clamped to the ground (KML's default altitude mode).
        coordinate.put(number: fix.altitudeMeters ?? 0, digits: 2)
        coordinate.put("</gx:coord>\n")
        try coordinate.endRecord()
    }

    private func endTrack(into target: DescriptorWriter) throws {
        try target.append("<gx:Track>\n")
        try times.move(to: target)
        try coordinates.move(to: target)
        try target.append("</gx:Track>\n")
    }

    package func deviceStreamEnded() throws {
        if trackCount > 1 {
            try writer.append("<gx:MultiTrack>\n<gx:interpolate>0</gx:interpolate>\n")
            try endedTracks.copy(to: writer)
            try endTrack(into: writer)
            try writer.append("</gx:MultiTrack>\n")
        } else {
            try endTrack(into: writer)
        }
        try writer.append("</Placemark>\n</Document>\n</kml>\n")
        try writer.flush()
    }
}
