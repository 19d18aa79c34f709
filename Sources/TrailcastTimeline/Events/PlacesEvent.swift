// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
/// What the places app shows: the timeline's `places` event.
public struct PlacesList: Sendable, Equatable {
    /// How the list is sorted, which depends on whether the app knows where it is.
    package enum Order: String, Sendable, CaseIterable {
        /// Nearest first, from the app's last location.
        case distance
        /// As the file lists them: the app has no location.
        case file
    }

    /// One place in the list: its name and position from the places file, and its distance.
    package struct Entry: Sendable, Equatable {
        /// The place's name from the places file.
        package var name: String
        /// The place's latitude in degrees, from the places file.
        package var latitude: Double
        /// The place's longitude in degrees, from the places file.
        package var longitude: Double
        /// Great-circle metres from the app's location; nil in file order.
        package var distanceMeters: Double?

        package init(name: String, latitude: Double, longitude: Double, distanceMeters: Double?) {
            self.name = name
            self.latitude = latitude
            self.longitude = longitude
            self.distanceMeters = distanceMeters
        }
    }

    /// Whether the list is sorted by distance or in file order (the app had no location).
    package var order: Order
    /// The first `--places-limit` places in that order.
    package var nearest: [Entry]
    /// How many places the app has.
    package var total: Int

    package init(order: Order, nearest: [Entry], total: Int) {
        self.order = order
        self.nearest = nearest
        self.total = total
    }
}

extension PlacesList: TimelineEventBody {
    static let eventType = "places"
    static let textColor = TimelineTextColor.blue
    static var example: PlacesList { PlacesList(order: .file, nearest: [], total: 0) }

    func writeFields(to fields: inout some TimelineFields) {
        fields.choice("order", order)
        // `[{"name":..,"lat":..,"lon":..,"distanceMeters":..},...]`
        fields.json("nearest") { line in
            line.beginArray()
            for entry in nearest {
                line.beginObject()
                line.field("name", entry.name)
                line.field("lat", entry.latitude, fractionDigits: TimelinePrecision.coordinate)
                line.field("lon", entry.longitude, fractionDigits: TimelinePrecision.coordinate)
                line.field("distanceMeters", entry.distanceMeters, fractionDigits: TimelinePrecision.distance)
                line.endObject()
            }
            line.endArray()
        }
        fields.integer("total", total)
    }

    /// `nearest 2 of 37: Clinic (120 m), Library (300 m)`
    func appendText(to bytes: inout [UInt8]) {
        var text =
            order == .distance ? "nearest \(nearest.count) of \(total): " : "file order, \(nearest.count) of \(total): "
        text += nearest.map { entry in
            entry.distanceMeters.map { "\(entry.name) (\(TextTimelineFormat.number($0, digits: 0)) m)" } ?? entry.name
        }.joined(separator: ", ")
        bytes.append(contentsOf: text.utf8)
    }
}
