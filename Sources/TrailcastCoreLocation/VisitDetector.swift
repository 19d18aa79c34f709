// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
public import TrailcastBasics
package import TrailcastDevice

/// `CLVisit`: a place the device stayed, with when it arrived and, once it has left, when
/// it departed.
public struct Visit: Sendable, Equatable {
    /// Nil when unknown (Core Location's `distantPast`); the model always knows it.
    public var arrival: Timestamp?
    /// Nil in an arrival event (Core Location's `distantFuture`): the device is still there.
    public var departure: Timestamp?
    /// The centre of the place.
    public var latitude: Double
    /// The longitude of the place's centre, in degrees (east positive).
    public var longitude: Double
    /// The radius of the circle around the centre, in metres.
    public var horizontalAccuracyMeters: Double

    package init(
        arrival: Timestamp?, departure: Timestamp?, latitude: Double, longitude: Double,
        horizontalAccuracyMeters: Double
    ) {
        self.arrival = arrival
        self.departure = departure
        self.latitude = latitude
        self.longitude = longitude
        self.horizontalAccuracyMeters = horizontalAccuracyMeters
    }
}

/// When the device dwells somewhere: the project's rule, since Apple gives none (docs/background.md).
///
/// - Moving, the detector keeps an *anchor*: a fix; a fix more than ``arrivalRadiusMeters``
///   from it becomes the new anchor. When every fix for ``dwellSeconds`` has stayed within
///   that radius of the anchor, the device has arrived: an arrival event (no departure),
///   dated at the anchor's time, centred on the mean of those fixes. So the arrival is dated
///   at most 50 m of travel before the device stopped.
/// - Visiting, the device departs when its fixes stay more than ``departureRadiusMeters``
///   from the centre for ``departureSeconds``: a departure event with both dates, the
///   departure dated at the last fix within ``arrivalRadiusMeters`` of the centre (so at
///   most 50 m of travel after it left). A shorter excursion, or a fix of noise, is part of
///   the visit.
/// - It runs on the device's fixes as its receiver reports them, in constant memory.
package struct VisitDetector: Sendable {
    /// The project's figures (Apple gives none: "delivers that data at a later time").
    package static let arrivalRadiusMeters = 50.0
    package static let dwellSeconds = 300.0
    package static let departureRadiusMeters = 100.0
    package static let departureSeconds = 60.0

    private struct Dwell: Sendable {
        var anchor: LocationFix
        var latitudeSum: Double
        var longitudeSum: Double
        var count: Double

        init(_ fix: LocationFix) {
            anchor = fix
            latitudeSum = fix.latitude
            longitudeSum = fix.longitude
            count = 1
        }
    }

    private enum State: Sendable {
        case moving(Dwell)
        case visiting(Visit, lastNear: Timestamp, awaySince: Timestamp?)
    }

    private var state: State?

    package init() {}

    /// One fix of the device: the visit event it makes, if any.
    package mutating func observe(_ fix: LocationFix) -> Visit? {
        guard let state else {
            self.state = .moving(Dwell(fix))
            return nil
        }
        switch state {
        case .moving(var dwell):
            guard Self.distance(dwell.anchor.latitude, dwell.anchor.longitude, fix) <= Self.arrivalRadiusMeters else {
                self.state = .moving(Dwell(fix))
                return nil
            }
            dwell.latitudeSum += fix.latitude
            dwell.longitudeSum += fix.longitude
            dwell.count += 1
            guard fix.time.seconds(since: dwell.anchor.time) >= Self.dwellSeconds else {
                self.state = .moving(dwell)
                return nil
            }
            let visit = Visit(
                arrival: dwell.anchor.time, departure: nil,
                latitude: dwell.latitudeSum / dwell.count, longitude: dwell.longitudeSum / dwell.count,
                horizontalAccuracyMeters: Self.arrivalRadiusMeters)
            self.state = .visiting(visit, lastNear: fix.time, awaySince: nil)
            return visit
        case .visiting(var visit, var lastNear, let awaySince):
            let distance = Self.distance(visit.latitude, visit.longitude, fix)
            if distance <= Self.arrivalRadiusMeters { lastNear = fix.time }
            guard distance > Self.departureRadiusMeters else {
                self.state = .visiting(visit, lastNear: lastNear, awaySince: nil)
                return nil
            }
            let since = awaySince ?? fix.time
            guard fix.time.seconds(since: since) >= Self.departureSeconds else {
                self.state = .visiting(visit, lastNear: lastNear, awaySince: since)
                return nil
            }
            visit.departure = lastNear
            self.state = .moving(Dwell(fix))
            return visit
        }
    }

    private static func distance(_ latitude: Double, _ longitude: Double, _ fix: LocationFix) -> Double {
        GreatCircle.distanceMeters(
            latitude1: latitude, longitude1: longitude, latitude2: fix.latitude, longitude2: fix.longitude)
    }
}
