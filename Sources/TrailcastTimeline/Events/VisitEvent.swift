// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
import TrailcastCoreLocation

extension Visit: TimelineEventBody {
    static let eventType = "visit"
    static let textColor = TimelineTextColor.blue
    static var example: Visit {
        Visit(
            arrival: Timestamp(secondsSince1970: 1_781_366_400), departure: nil, latitude: 37.8, longitude: -122.4,
            horizontalAccuracyMeters: 50)
    }

    func writeFields(to fields: inout some TimelineFields) {
        // Null where Core Location gives distantPast / distantFuture.
        fields.string("arrival", arrival?.iso8601())
        fields.string("departure", departure?.iso8601())
        fields.number("lat", latitude, digits: TimelinePrecision.coordinate)
        fields.number("lon", longitude, digits: TimelinePrecision.coordinate)
        fields.number("horizontalAccuracy", horizontalAccuracyMeters, digits: TimelinePrecision.accuracy)
    }

    /// `arrived 16:11:02.000Z at 37.802555, -122.400735 ±50 m` or `16:11:02.000Z-16:21:40.000Z at ...`
    func appendText(to bytes: inout [UInt8]) {
        let arrived = arrival?.iso8601() ?? "?"
        if let departure {
            bytes.append(contentsOf: "\(arrived) to \(departure.iso8601()) at ".utf8)
        } else {
            bytes.append(contentsOf: "arrived \(arrived) at ".utf8)
        }
        TextTimelineFormat.appendFixed(latitude, digits: 6, width: 0, to: &bytes)
        bytes.append(contentsOf: ", ".utf8)
        TextTimelineFormat.appendFixed(longitude, digits: 6, width: 0, to: &bytes)
        bytes.append(contentsOf: " ±\(Int(horizontalAccuracyMeters.rounded())) m".utf8)
    }
}
