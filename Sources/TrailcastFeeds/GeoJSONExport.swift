public import TrailcastDevice
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
public final class GeoJSONExport: DeviceStreamObserver {
    private let writer: DescriptorWriter
    private let coordinates: SpoolFile
    private let times: SpoolFile
    private let points: SpoolFile
    private var count = 0
    private var lineCount = 0

    public init(descriptor: Int32) throws {
        writer = DescriptorWriter(descriptor: descriptor, destination: "the export")
        coordinates = try SpoolFile()
        times = try SpoolFile()
        points = try SpoolFile()
        try writer.append(#"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":"#)
    }

    public func deviceReported(_ epoch: DeviceEpoch) throws {
        guard let fix = epoch.fix else { return }
        // Within a line a comma; between lines the end of one array and the start of another.
        var separator = count == 0 ? "" : ","
        if count == 0 {
            lineCount = 1
        } else if epoch.startsSegment {
            separator = "],["
            lineCount += 1
        }
        count += 1
        let position = Self.position(fix)
        let time = "\"\(fix.time.iso8601(fractionDigits: 3))\""
        try coordinates.writer.append(separator + position)
        try times.writer.append(separator + time)
        var properties = #"{"time":\#(time),"horizontalAccuracy":\#(ExportNumber.fixed(fix.horizontalAccuracyMeters, digits: 2))"#
        properties += #","verticalAccuracy":\#(fix.verticalAccuracyMeters.map { ExportNumber.fixed($0, digits: 2) } ?? "null")"#
        properties += #","speed":\#(fix.speedMetersPerSecond >= 0 ? ExportNumber.fixed(fix.speedMetersPerSecond, digits: 2) : "null")"#
        properties += #","course":\#(fix.courseDegrees >= 0 ? ExportNumber.fixed(fix.courseDegrees, digits: 1) : "null")"#
        properties += #","index":\#(fix.sourceIndex)}"#
        try points.writer.append(#",{"type":"Feature","geometry":{"type":"Point","coordinates":\#(position)},"properties":\#(properties)}"#)
    }

    public func deviceStreamEnded() throws {
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

    /// `[lon,lat]` or `[lon,lat,alt]`.
    static func position(_ fix: LocationFix) -> String {
        var text = "[\(ExportNumber.coordinate(fix.longitude)),\(ExportNumber.coordinate(fix.latitude))"
        if let altitude = fix.altitudeMeters { text += ",\(ExportNumber.fixed(altitude, digits: 2))" }
        return text + "]"
    }
}
