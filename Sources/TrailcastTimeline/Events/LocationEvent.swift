// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
import TrailcastDevice

extension LocationFix: TimelineEventBody {
    static let eventType = "location"
    static let textColor = TimelineTextColor.green
    static var example: LocationFix {
        LocationFix(time: Timestamp(secondsSince1970: 0), latitude: 37.8, longitude: -122.4, sourceIndex: 0)
    }

    func writeFields(to fields: inout some TimelineFields) {
        fields.number("lat", latitude, digits: TimelinePrecision.coordinate)
        fields.number("lon", longitude, digits: TimelinePrecision.coordinate)
        fields.number("altitude", altitudeMeters, digits: TimelinePrecision.altitude)
        fields.number("horizontalAccuracy", horizontalAccuracyMeters, digits: TimelinePrecision.accuracy)
        fields.number("verticalAccuracy", verticalAccuracyMeters, digits: TimelinePrecision.accuracy)
        fields.number("speed", speedMetersPerSecond, digits: TimelinePrecision.speed)
        fields.number("course", courseDegrees, digits: TimelinePrecision.course)
        fields.integer("index", sourceIndex)
        // The last known location Core Location hands over first when updates start: the
        // fix's own time (older than the event's `t`); null for a fix measured now.
        fields.string("cached", isCached ? time.iso8601() : nil)
        // Where the device really was, when the simulated GPS moved the fix.
        fields.object("truth", present: truth != nil) { truthFields in
            truthFields.number("lat", truth?.latitude, digits: TimelinePrecision.coordinate)
            truthFields.number("lon", truth?.longitude, digits: TimelinePrecision.coordinate)
        }
    }

    /// `37.808520, -122.410050  alt    3.1 m  ±   5 m    1.38 m/s   84°  #1  off 4.2 m`
    func appendText(to bytes: inout [UInt8]) {
        // Fixed decimals, unlike JSON, so the columns of successive lines line up.
        TextTimelineFormat.appendFixed(latitude, digits: 6, width: 10, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        TextTimelineFormat.appendFixed(longitude, digits: 6, width: 12, to: &bytes)
        bytes.append(contentsOf: "  alt ".utf8)
        if let altitudeMeters {
            TextTimelineFormat.appendFixed(altitudeMeters, digits: 1, width: 6, to: &bytes)
            bytes.append(contentsOf: " m".utf8)
        } else {
            bytes.append(contentsOf: "     - m".utf8)
        }
        bytes.append(contentsOf: "  ±".utf8)
        TextTimelineFormat.appendFixed(horizontalAccuracyMeters, digits: 0, width: 4, to: &bytes)
        bytes.append(contentsOf: " m  ".utf8)
        if speedMetersPerSecond >= 0 {
            TextTimelineFormat.appendFixed(speedMetersPerSecond, digits: 2, width: 6, to: &bytes)
        } else {
            bytes.append(contentsOf: "     -".utf8)
        }
        bytes.append(contentsOf: " m/s  ".utf8)
        if courseDegrees >= 0 {
            TextTimelineFormat.appendFixed(courseDegrees, digits: 0, width: 3, to: &bytes)
        } else {
            bytes.append(contentsOf: "  -".utf8)
        }
        bytes.append(contentsOf: "°  #".utf8)
        bytes.appendDecimal(sourceIndex)
        if isCached {
            bytes.append(contentsOf: "  cached, from ".utf8)
            time.appendISO8601(to: &bytes)
        }
        if let truth {
            // How far the GPS put the fix from where the device really was.
            bytes.append(contentsOf: "  off ".utf8)
            TextTimelineFormat.appendFixed(
                GreatCircle.distanceMeters(
                    latitude1: truth.latitude, longitude1: truth.longitude,
                    latitude2: latitude, longitude2: longitude), digits: 1, width: 0, to: &bytes)
            bytes.append(contentsOf: " m".utf8)
        }
    }
}
