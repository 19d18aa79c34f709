// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastCoreLocation
import TrailcastDevice
import TrailcastBasics

extension MissedFixes: TimelineEventBody {
    static let eventType = "missed"
    static let textColor = TimelineTextColor.dimGreen
    static var example: MissedFixes {
        MissedFixes(reason: .distanceFilter, fixes: 1, sinceOffset: 1, untilOffset: 2, path: [])
    }

    func writeFields(to fields: inout some TimelineFields) {
        fields.choice("reason", reason)
        fields.integer("fixes", fixes)
        fields.number("since", sinceOffset, digits: TimelinePrecision.offset)
        fields.number("until", untilOffset, digits: TimelinePrecision.offset)
        // `[[lat,lon],...]`, with the precision of a location's coordinates.
        fields.json("path") { line in
            line.beginArray()
            for point in path {
                line.beginArray()
                line.number(point.latitude, fractionDigits: TimelinePrecision.coordinate)
                line.number(point.longitude, fractionDigits: TimelinePrecision.coordinate)
                line.endArray()
            }
            line.endArray()
        }
    }

    /// `2 fixes not delivered (distanceFilter) from +1 s to +2 s`
    func appendText(to bytes: inout [UInt8]) {
        var text = "\(fixes) fix\(fixes == 1 ? "" : "es") not delivered (\(reason.rawValue)) from +"
        text +=
            TextTimelineFormat.number(sinceOffset, digits: 3) + " s to +"
            + TextTimelineFormat.number(untilOffset, digits: 3) + " s"
        bytes.append(contentsOf: text.utf8)
    }
}
