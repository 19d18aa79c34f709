public import TrailcastDevice
import TrailcastBasics

/// `export --to csv`: one row per fix of the device stream, with a header; the true
/// position last (empty with a perfect GPS).
public final class CSVExport: DeviceStreamObserver {
    public static let header = "time,lat,lon,altitude,horizontalAccuracy,verticalAccuracy,speed,course,index,truthLat,truthLon"
    private let writer: DescriptorWriter

    public init(descriptor: Int32) throws {
        writer = DescriptorWriter(descriptor: descriptor, destination: "the export")
        try writer.append(Self.header + "\n")
    }

    public func deviceReported(_ epoch: DeviceEpoch) throws {
        guard let fix = epoch.fix else { return }
        let cells = [
            fix.time.iso8601(fractionDigits: 3), ExportNumber.coordinate(fix.latitude), ExportNumber.coordinate(fix.longitude),
            fix.altitudeMeters.map { ExportNumber.fixed($0, digits: 2) } ?? "",
            ExportNumber.fixed(fix.horizontalAccuracyMeters, digits: 2),
            fix.verticalAccuracyMeters.map { ExportNumber.fixed($0, digits: 2) } ?? "",
            ExportNumber.fixed(fix.speedMetersPerSecond, digits: 2), ExportNumber.fixed(fix.courseDegrees, digits: 1),
            String(fix.sourceIndex),
            fix.truth.map { ExportNumber.coordinate($0.latitude) } ?? "", fix.truth.map { ExportNumber.coordinate($0.longitude) } ?? "",
        ]
        try writer.append(cells.joined(separator: ",") + "\n")
    }

    public func deviceStreamEnded() throws {
        try writer.flush()
    }
}
