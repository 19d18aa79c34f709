// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastDevice
import TrailcastBasics

/// `export --to geojson`: an RFC 7946 FeatureCollection of the device's fixes: first a
/// LineString through all of them (its `properties.coordTimes` the fixes' times, as
/// togeojson writes them), then a Point per fix with its time, accuracy, speed and
/// course. Positions are [longitude, latitude(, altitude)] in WGS 84. A stream in several
/// stretches (a route's segments, the signal lost, loops: ``DeviceEpoch/startsSegment``)
/// is a MultiLineString instead, one line each, its `coordTimes` one array per line (as
/// togeojson writes a MultiLineString's): the gaps are not paths.
///
/// The line's coordinates and times and the points wait in scratch files until the
/// stream ends (which decides the line's type), so a route of any length takes constant
/// memory.
package final class GeoJSONExport: DeviceStreamObserver {
    private let writer: DescriptorWriter
    private let coordinates: SpoolFile
    private let times: SpoolFile
    private let points: SpoolFile
    private var count = 0
    private var lineCount = 0
    /// The current fix's position and quoted time, as written.
    private var position: [UInt8] = []
    private var time: [UInt8] = []

    package init(descriptor: Int32, destination: String = "the export") throws {
        writer = DescriptorWriter(descriptor: descriptor, destination: destination)
        coordinates = try SpoolFile()
        times = try SpoolFile()
        points = try SpoolFile()
        try writer.append(#"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":"#)
    }

    package func deviceReported(_ epoch: DeviceEpoch) throws {
        guard let fix = epoch.fix else { return }
        // Within a line a comma; between lines the end of one array and the start of another.
        var separator: StaticString = count == 0 ? "" : ","
        if count == 0 {
            lineCount = 1
        } else if epoch.startsSegment {
            separator = "],["
            lineCount += 1
        }
        count += 1
        // Each fix's position and time are written twice (the line's, then its Point's):
        // formatted once.
        position.removeAll(keepingCapacity: true)
        Self.appendPosition(fix, to: &position)
        time.removeAll(keepingCapacity: true)
        time.append(UInt8(ascii: "\""))
        fix.time.appendISO8601(to: &time, fractionDigits: 3)
        time.append(UInt8(ascii: "\""))
        let position = self.position
        let time = self.time
        try coordinates.writer.record { bytes in
            bytes.appendASCII(separator)
            bytes.append(contentsOf: position)
        }
        try times.writer.record { bytes in
            bytes.appendASCII(separator)
            bytes.append(contentsOf: time)
        }
        try points.writer.record { bytes in
            bytes.appendASCII(#",{"type":"Feature","geometry":{"type":"Point","coordinates":"#)
            bytes.append(contentsOf: position)
            bytes.appendASCII(#"},"properties":{"time":"#)
            bytes.append(contentsOf: time)
            bytes.appendASCII(#","horizontalAccuracy":"#)
            ExportNumber.append(fix.horizontalAccuracyMeters, digits: 2, to: &bytes)
            bytes.appendASCII(#","verticalAccuracy":"#)
            Self.appendNumber(fix.verticalAccuracyMeters, digits: 2, to: &bytes)
            bytes.appendASCII(#","speed":"#)
            Self.appendNumber(fix.speedMetersPerSecond >= 0 ? fix.speedMetersPerSecond : nil, digits: 2, to: &bytes)
            bytes.appendASCII(#","course":"#)
            Self.appendNumber(fix.courseDegrees >= 0 ? fix.courseDegrees : nil, digits: 1, to: &bytes)
            bytes.appendASCII(#","index":"#)
            bytes.appendDecimal(fix.sourceIndex)
            bytes.appendASCII("}}")
        }
    }

    package func deviceStreamEnded() throws {
        let (type, open, close) = lineCount > 1 ? ("MultiLineString", "[[", "]]") : ("LineString", "[", "]")
        try writer.append(#"{"type":"\#(type)","coordinates":\#(open)"#)
        try coordinates.copy(to: writer)
        try writer.append(#"\#(close)},"properties":{"name":"device stream","coordTimes":\#(open)"#)
        try times.copy(to: writer)
        try writer.append("\(close)}}")
        try points.copy(to: writer)
        try writer.append("]}\n")
        try writer.flush()
    }

    /// A number, or `null` for none.
    private static func appendNumber(_ value: Double?, digits: Int, to bytes: inout [UInt8]) {
        if let value { ExportNumber.append(value, digits: digits, to: &bytes) } else { bytes.appendASCII("null") }
    }

    /// `[lon,lat]` or `[lon,lat,alt]`.
    private static func appendPosition(_ fix: LocationFix, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "["))
        ExportNumber.append(fix.longitude, digits: ExportNumber.coordinateDigits, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        ExportNumber.append(fix.latitude, digits: ExportNumber.coordinateDigits, to: &bytes)
        if let altitude = fix.altitudeMeters {
            bytes.append(UInt8(ascii: ","))
            ExportNumber.append(altitude, digits: 2, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }
}
