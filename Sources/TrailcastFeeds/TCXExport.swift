public import TrailcastDevice
import TrailcastBasics

/// `export --to tcx`: the device's fixes as a Garmin Training Center (TCX v2) activity, one
/// lap: each fix a `<Trackpoint>` with its `<Time>`, `<Position>`, `<AltitudeMeters>` and
/// (ActivityExtension v2) `<Speed>`. A stream in several stretches (a route's segments, the
/// signal lost, loops: ``DeviceEpoch/startsSegment``) is one `<Track>` each, as a Garmin
/// device starts another track in its lap after a pause; the distance does not count the
/// gaps. The schema puts a lap's totals before its tracks, so the trackpoints wait in a
/// scratch file: constant memory.
public final class TCXExport: DeviceStreamObserver {
    private let writer: DescriptorWriter
    private let trackpoints: SpoolFile
    private var first: LocationFix?
    private var last: LocationFix?
    private var distanceMeters = 0.0
    private var maximumSpeed = 0.0

    public init(descriptor: Int32) throws {
        writer = DescriptorWriter(descriptor: descriptor, destination: "the export")
        trackpoints = try SpoolFile()
    }

    public func deviceReported(_ epoch: DeviceEpoch) throws {
        guard let fix = epoch.fix else { return }
        if last != nil, epoch.startsSegment {
            try trackpoints.writer.append("</Track>\n<Track>\n")
        } else if let last {
            distanceMeters += GreatCircle.distanceMeters(
                latitude1: last.latitude, longitude1: last.longitude, latitude2: fix.latitude, longitude2: fix.longitude)
        }
        if first == nil { first = fix }
        last = fix
        var point = "<Trackpoint><Time>\(fix.time.iso8601(fractionDigits: 3))</Time>"
        point += "<Position><LatitudeDegrees>\(ExportNumber.coordinate(fix.latitude))</LatitudeDegrees>"
        point += "<LongitudeDegrees>\(ExportNumber.coordinate(fix.longitude))</LongitudeDegrees></Position>"
        if let altitude = fix.altitudeMeters { point += "<AltitudeMeters>\(ExportNumber.fixed(altitude, digits: 2))</AltitudeMeters>" }
        point += "<DistanceMeters>\(ExportNumber.fixed(distanceMeters, digits: 2))</DistanceMeters>"
        if fix.speedMetersPerSecond >= 0 {
            maximumSpeed = max(maximumSpeed, fix.speedMetersPerSecond)
            point += "<Extensions><TPX xmlns=\"http://www.garmin.com/xmlschemas/ActivityExtension/v2\">"
            point += "<Speed>\(ExportNumber.fixed(fix.speedMetersPerSecond, digits: 2))</Speed></TPX></Extensions>"
        }
        try trackpoints.writer.append(point + "</Trackpoint>\n")
    }

    public func deviceStreamEnded() throws {
        let start = (first?.time ?? Timestamp(secondsSince1970: 0)).iso8601(fractionDigits: 3)
        let seconds = first.flatMap { first in last.map { $0.time.seconds(since: first.time) } } ?? 0
        try writer.append("""
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
