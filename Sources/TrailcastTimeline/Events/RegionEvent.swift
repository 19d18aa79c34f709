// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastCoreLocation
import TrailcastDevice

extension RegionEvent: TimelineEventBody {
    static let eventType = "region"
    static let textColor = TimelineTextColor.magenta
    static var example: RegionEvent {
        RegionEvent(
            region: CircularRegion(
                identifier: "pharmacy", center: Coordinate(latitude: 37.8, longitude: -122.4), radiusMeters: 100),
            change: .enter, position: Coordinate(latitude: 37.8, longitude: -122.4))
    }

    func writeFields(to fields: inout some TimelineFields) {
        fields.string("identifier", identifier)
        fields.choice("change", change)
        // The fix that settled it: where the device was when Core Location decided.
        fields.number("lat", position?.latitude, digits: TimelinePrecision.coordinate)
        fields.number("lon", position?.longitude, digits: TimelinePrecision.coordinate)
        // The region itself, so that a timeline alone can draw it (the report's circles).
        fields.object("center", present: true) { center in
            center.number("lat", region.center.latitude, digits: TimelinePrecision.coordinate)
            center.number("lon", region.center.longitude, digits: TimelinePrecision.coordinate)
        }
        fields.number("radius", region.radiusMeters, digits: 1)
    }

    /// `enter pharmacy at 37.808520, -122.410050`
    func appendText(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "\(change.rawValue) \(identifier)".utf8)
        guard let position else { return }
        bytes.append(contentsOf: " at ".utf8)
        TextTimelineFormat.appendFixed(position.latitude, digits: 6, width: 0, to: &bytes)
        bytes.append(contentsOf: ", ".utf8)
        TextTimelineFormat.appendFixed(position.longitude, digits: 6, width: 0, to: &bytes)
    }
}
