// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// Visits are iOS and macOS only: the whole file, imports too (a public import no public
// declaration uses is a warning on the other platforms).
#if os(iOS) || os(macOS) || !(canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN) || TRAILCAST_APPLE_TYPECHECK
public import CoreLocationSeam
import TrailcastBasics
import TrailcastCoreLocation
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The visit a simulated manager's delegate hears in `didVisit`: `CLVisit`'s members, as a
/// value (Apple does not let a `CLVisit` be made or subclassed). Arrivals come with
/// `departureDate` `distantFuture`, as Core Location's do; departures with both dates.
/// The dwell rule is the project's: docs/background.md.
public struct SimulatedVisit: LocationVisit, Sendable, Equatable {
    public var arrivalDate: Date
    public var departureDate: Date
    public var coordinate: CLLocationCoordinate2D
    public var horizontalAccuracy: CLLocationAccuracy

    /// A visit of these members, as a test writes the one it expects; an arrival's `departureDate` is
    /// `Date.distantFuture`.
    public init(
        arrivalDate: Date, departureDate: Date, coordinate: CLLocationCoordinate2D,
        horizontalAccuracy: CLLocationAccuracy
    ) {
        self.arrivalDate = arrivalDate
        self.departureDate = departureDate
        self.coordinate = coordinate
        self.horizontalAccuracy = horizontalAccuracy
    }

    /// The model's visit, with Core Location's dates for what is not known: an unknown
    /// arrival is `distantPast`, no departure yet `distantFuture` (`CLVisit`'s documentation).
    package init(_ visit: Visit) {
        self.init(
            arrivalDate: visit.arrival.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970) } ?? .distantPast,
            departureDate: visit.departure.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970) }
                ?? .distantFuture,
            coordinate: CLLocationCoordinate2D(latitude: visit.latitude, longitude: visit.longitude),
            horizontalAccuracy: visit.horizontalAccuracyMeters)
    }

    public static func == (left: SimulatedVisit, right: SimulatedVisit) -> Bool {
        left.arrivalDate == right.arrivalDate && left.departureDate == right.departureDate
            && left.coordinate.latitude == right.coordinate.latitude
            && left.coordinate.longitude == right.coordinate.longitude
            && left.horizontalAccuracy == right.horizontalAccuracy
    }
}
#endif
