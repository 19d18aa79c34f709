public import TrailcastDevice
import TrailcastWire
import TrailcastBasics

/// `export --to xcode-gpx`: the device's fixes as the timed `<wpt>` list Xcode's location
/// simulation replays. Xcode's own GPX template is waypoints sorted by `<time>`, which it
/// interpolates between; it does not read routes or tracks. Times come from the simulated
/// clock, so a Garmin track and an untimed route both replay at their pace.
public final class XcodeGPXExport: DeviceStreamObserver {
    private let writer: DescriptorWriter
    private var started = false

    public init(descriptor: Int32) {
        writer = DescriptorWriter(descriptor: descriptor, destination: "the export")
    }

    public func deviceReported(_ epoch: DeviceEpoch) throws {
        if !started { try begin() }
        guard let fix = epoch.fix else { return }
        var line = "  <wpt lat=\"\(ExportNumber.coordinate(fix.latitude))\" lon=\"\(ExportNumber.coordinate(fix.longitude))\">"
        if let altitude = fix.altitudeMeters { line += "<ele>\(ExportNumber.fixed(altitude, digits: 2))</ele>" }
        line += "<time>\(fix.time.iso8601(fractionDigits: 3))</time></wpt>\n"
        try writer.append(line)
    }

    public func deviceStreamEnded() throws {
        if !started { try begin() }
        try writer.append("</gpx>\n")
        try writer.flush()
    }

    private func begin() throws {
        started = true
        try writer.append("""
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="Trailcast" xmlns="http://www.topografix.com/GPX/1/1">

            """)
    }
}

/// Numbers as the exports write them: no exponent, no trailing zeros beyond need.
enum ExportNumber {
    /// Degrees to 7 decimals (about 1 cm), as the timeline writes them.
    static func coordinate(_ degrees: Double) -> String {
        fixed(degrees, digits: 7)
    }

    /// At most `digits` decimals, trailing zeros dropped.
    static func fixed(_ value: Double, digits: Int) -> String {
        var text = NMEAEncoder.decimal(value, digits: digits)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}
