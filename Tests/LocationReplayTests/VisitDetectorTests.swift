// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics
import TrailcastCoreLocation
import TrailcastDevice

/// The visit rule of docs/background.md ("Visits"), on the detector itself: the project's
/// figures, since Apple gives none.
@Suite("Visit detector")
struct VisitDetectorTests {
    static let start = Timestamp(secondsSince1970: 1_781_000_000)

    /// At the place (47, 8), or 0.002 degrees of latitude (222 m) north of it: more than the
    /// 100 m departure radius.
    static func fix(_ seconds: Double, away: Bool = false) -> LocationFix {
        LocationFix(time: start.adding(seconds: seconds), latitude: away ? 47.002 : 47, longitude: 8)
    }

    /// Each fix's event, as "arrival A" or "departure A D" (seconds since the start), or "-".
    static func events(_ fixes: [LocationFix]) -> [String] {
        var detector = VisitDetector()
        return fixes.map { fix in
            guard let visit = detector.observe(fix) else { return "-" }
            #expect(visit.latitude == 47 && visit.longitude == 8 && visit.horizontalAccuracyMeters == 50)
            let arrival = visit.arrival.map { "\(Int($0.seconds(since: start)))" } ?? "?"
            guard let departure = visit.departure else { return "arrival \(arrival)" }
            return "departure \(arrival) \(Int(departure.seconds(since: start)))"
        }
    }

    /// "A shorter excursion ... is part of the visit": each excursion shorter than 60 s is
    /// timed on its own, so two 30 s trips 40 s apart (70 s from the first leaving to the
    /// second) are no departure. The departure comes only after 60 s away in one go, dated
    /// at the last fix near the place.
    @Test func shortExcursionsDoNotAddUpToADeparture() {
        let dwell = stride(from: 0.0, through: 300, by: 60).map { Self.fix($0) }
        let excursions = [
            Self.fix(400, away: true), Self.fix(430),
            Self.fix(470, away: true), Self.fix(500),
            Self.fix(600, away: true), Self.fix(630, away: true), Self.fix(660, away: true),
        ]
        #expect(
            Self.events(dwell + excursions) == [
                "-", "-", "-", "-", "-", "arrival 0",
                "-", "-",
                "-", "-",
                "-", "-", "departure 0 500",
            ])
    }

    /// Fixes on the meridian of 8° east from the equator, where a fix can lie exactly at a
    /// radius (``ExactDistance``): each "seconds@latitude", and each one's event as in ``events``.
    static func edgeEvents(_ fixes: [(seconds: Double, latitude: Double)]) -> [String] {
        var detector = VisitDetector()
        let start = Timestamp(secondsSince1970: 1_781_000_000)
        return fixes.map { fix in
            guard
                let visit = detector.observe(
                    LocationFix(time: start.adding(seconds: fix.seconds), latitude: fix.latitude, longitude: 8))
            else { return "-" }
            let arrival = visit.arrival.map { "\(Int($0.seconds(since: start)))" } ?? "?"
            guard let departure = visit.departure else { return "arrival \(arrival)" }
            return "departure \(arrival) \(Int(departure.seconds(since: start)))"
        }
    }

    @Test("a fix exactly 50 m from where the device stopped is still the stop; one a hair further starts it again")
    func arrivalRadiusEdge() {
        let (edge, beyond) = ExactDistance.edge(meters: VisitDetector.arrivalRadiusMeters)
        #expect(
            Self.edgeEvents([(0, 0), (150, edge), (300, 0)]) == ["-", "-", "arrival 0"])
        // Past the radius the stop begins again at 150 s, and again at 300 s (50 m and a hair
        // from the fix at 150 s): no arrival by 300 s.
        #expect(
            Self.edgeEvents([(0, 0), (150, beyond), (300, 0)]) == ["-", "-", "-"])
    }

    @Test("a fix exactly 100 m from the place is not away; a hair further starts the departure's minute")
    func departureRadiusEdge() {
        let (edge, beyond) = ExactDistance.edge(meters: VisitDetector.departureRadiusMeters)
        let visit: [(seconds: Double, latitude: Double)] = [(0, 0), (300, 0)]
        #expect(
            Self.edgeEvents(visit + [(400, edge), (430, edge), (470, edge)]) == ["-", "arrival 0", "-", "-", "-"])
        #expect(
            Self.edgeEvents(visit + [(400, beyond), (430, beyond), (470, beyond)]) == [
                "-", "arrival 0", "-", "-", "departure 0 300",
            ])
    }
}
