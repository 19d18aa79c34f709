public import TrailcastDevice
import TrailcastBasics

/// `export --to kml`: the device's fixes as one timed `gx:Track` (Google's KML extension,
/// which Google Earth plays back on its time slider): every `<when>`, then every
/// `<gx:coord>` (`lon lat alt`), as the schema orders them. The coordinates wait in a
/// scratch file until the times are written, so a route of any length takes constant memory.
public final class KMLExport: DeviceStreamObserver {
    private let writer: DescriptorWriter
    private let coordinates: SpoolFile

    public init(descriptor: Int32) throws {
        writer = DescriptorWriter(descriptor: descriptor)
        coordinates = try SpoolFile()
        try writer.append("""
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">
            <Document><name>device stream</name>
            <Placemark><name>device stream</name>
            <gx:Track>

            """)
    }

    public func deviceReported(_ epoch: DeviceEpoch) throws {
        guard let fix = epoch.fix else { return }
        try writer.append("<when>\(fix.time.iso8601(fractionDigits: 3))</when>\n")
        var coordinate = "<gx:coord>\(ExportNumber.coordinate(fix.longitude)) \(ExportNumber.coordinate(fix.latitude))"
        // Without an altitude the track is clamped to the ground (KML's default altitude mode).
        coordinate += " \(ExportNumber.fixed(fix.altitudeMeters ?? 0, digits: 2))</gx:coord>\n"
        try coordinates.writer.append(coordinate)
    }

    public func deviceStreamEnded() throws {
        try coordinates.copy(to: writer)
        try writer.append("</gx:Track>\n</Placemark>\n</Document>\n</kml>\n")
        try writer.flush()
    }
}
