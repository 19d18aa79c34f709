// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TrailcastBasics
package import TrailcastDevice

/// Core Location's region monitoring for one app: the regions it registered (shared by
/// all its location managers), where the device is with respect to each as the system
/// determines it from the device's fixes, and what the app has been told.
///
/// The crossing rule (docs/replay.md's rule table says which parts are Apple's):
/// - A fix is evidence of `inside` when it lies at least the *cushion* inside the
///   boundary, of `outside` when at least the cushion outside it; a fix within the
///   cushion of the boundary is evidence of neither. Apple: the location must "cross the
///   region boundary, move away from the boundary by a minimum distance, and remain at that
///   minimum distance for at least 20 seconds" (Location and Maps Programming Guide).
/// - The cushion is the fix's own `horizontalAccuracy` times ``cushionPerAccuracy``, at
///   least ``minimumCushionMeters``, at most half the radius (the project's reading: Apple
///   says the distance depends on "the hardware and the location technologies that are
///   currently available", and that 200 m may be assumed for testing, which a 100 m region
///   could never satisfy).
/// - A crossing happens when every fix for ``dwellSeconds`` is evidence of the other
///   side: at the first fix at least 20 s after the first such fix. A fix of neither side,
///   or of the old side, starts the count again, so a corner cut for 10 s gives nothing.
/// - The first determination after registering (or after monitoring resumes) is silent:
///   Apple: "if the user's location is already inside the region at registration time,
///   the location manager doesn't automatically generate an event."
package struct RegionMonitor: Sendable {
    /// "An app can register up to 20 regions at a time." (`startMonitoring(for:)`)
    package static let limit = 20
    /// "remain at that minimum distance for at least 20 seconds" (archived guide).
    package static let dwellSeconds = 20.0
    /// `maximumRegionMonitoringDistance`: Apple gives no figure (the property is read at run
    /// time); 100 km is the project's choice, far above the 1-400 m Apple recommends.
    package static let maximumRadiusMeters = 100_000.0
    /// The cushion's floor, for a perfect GPS (the project's choice).
    package static let minimumCushionMeters = 10.0
    /// The cushion per metre of the fix's reported accuracy (the project's choice: twice
    /// the 68% radius, so that noise alone rarely holds a fix across it for 20 s).
    package static let cushionPerAccuracy = 2.0

    private struct Watched: Sendable {
        var region: CircularRegion
        /// cos(latitude) of the centre, for the quick distance.
        let cosCenter: Double
        /// Where the system has determined the device to be.
        var state: RegionState = .unknown
        /// What the app last learned: a crossing it has not heard of (suspended, or
        /// When In Use in the background) is told when it may hear again.
        var told: RegionState = .unknown
        /// The other side's evidence, since the first fix of it in an unbroken row.
        var candidate: (state: RegionState, since: Timestamp)?
        /// A `requestState(for:)` waiting for the next determination.
        var stateRequested = false
        /// Metres the device may still move before a fix could show anything but `state`
        /// (beyond any cushion): until then the fix needs no distance of its own.
        var slack = 0.0

        init(region: CircularRegion, told: RegionState = .unknown) {
            self.region = region
            self.told = told
            cosCenter = cos(region.center.latitude * .pi / 180)
        }
    }

    private var watched: [Watched] = []
    /// The last fix observed, for how far the next one moved.
    private var lastPosition: (latitude: Double, longitude: Double, cosLatitude: Double)?
    /// `CLMonitor`'s way: the first determination is told when it differs from the state
    /// the condition was added with (the default, `unknown`, always does).
    let announcesFirstDetermination: Bool

    package init(announcesFirstDetermination: Bool = false) {
        self.announcesFirstDetermination = announcesFirstDetermination
    }

    /// `monitoredRegions`, in the order they were registered.
    package var regions: [CircularRegion] { watched.map(\.region) }

    /// The system's current determination for a region; nil when it is not monitored.
    package func state(of identifier: String) -> RegionState? {
        watched.first { $0.region.identifier == identifier }?.state
    }

    /// `startMonitoring(for:)`'s bookkeeping: the region added, or replacing the one with its
    /// identifier (Apple: "the old region is replaced by the new one"), or why it cannot be.
    package mutating func register(_ region: CircularRegion, assuming: RegionState = .unknown) -> RegionFailure.Reason?
    {
        guard region.radiusMeters > 0, region.radiusMeters <= Self.maximumRadiusMeters else { return .radius }
        if let index = watched.firstIndex(where: { $0.region.identifier == region.identifier }) {
            watched[index] = Watched(region: region, told: assuming)
            return nil
        }
        guard watched.count < Self.limit else { return .limit }
        watched.append(Watched(region: region, told: assuming))
        return nil
    }

    package var count: Int { watched.count }
    /// Without building ``regions`` (which copies every region: not once per fix).
    package var isEmpty: Bool { watched.isEmpty }

    /// `stopMonitoring(for:)`: the region, if it was monitored (Apple: otherwise "this
    /// method has no effect").
    package mutating func remove(_ identifier: String) -> CircularRegion? {
        guard let index = watched.firstIndex(where: { $0.region.identifier == identifier }) else { return nil }
        return watched.remove(at: index).region
    }

    /// `requestState(for:)`: answered after the next fix the app may hear of. Whether the
    /// region is monitored (Apple: an unknown region "does nothing").
    package mutating func requestState(_ identifier: String) -> Bool {
        guard let index = watched.firstIndex(where: { $0.region.identifier == identifier }) else { return false }
        watched[index].stateRequested = true
        return true
    }

    /// Monitoring stops for the app (no authorization, approximate location, services
    /// off): nothing is known any more, and the next determination is silent.
    package mutating func forget() {
        for index in watched.indices {
            watched[index].slack = 0
            watched[index].state = .unknown
            watched[index].told = .unknown
            watched[index].candidate = nil
        }
    }

    /// One fix of the device: each region's determination; the app's events, in
    /// registration order, when `appHears` (otherwise kept for ``catchUp(into:)``).
    package mutating func observe(_ fix: LocationFix, appHears: Bool, into events: inout [RegionEvent]) {
        let position = Coordinate(latitude: fix.latitude, longitude: fix.longitude)
        let cosFix = cos(fix.latitude * .pi / 180)
        // How far the fix moved since the last one (noise included): every region's slack
        // shrinks by it (the triangle inequality), with a margin for the quick distance.
        var moved = Double.infinity
        if let last = lastPosition, abs(fix.latitude) < 80, abs(last.latitude) < 80 {
            moved =
                Self.quickDistance(
                    fix.latitude, fix.longitude, cosFix, last.latitude, last.longitude, last.cosLatitude) * 1.005 + 1
        }
        lastPosition = (fix.latitude, fix.longitude, cosFix)
        // In place, through the buffer: a copy of each entry per fix would retain and release
        // its strings, and each subscript would check the array's uniqueness again.
        let announcesFirst = announcesFirstDetermination
        watched.withUnsafeMutableBufferPointer { watched in
            for index in watched.indices {
                watched[index].slack -= moved
                // A settled region far from its boundary (slack left): nothing can change.
                if watched[index].slack > 0, watched[index].candidate == nil, !watched[index].stateRequested,
                    watched[index].state != .unknown, !appHears || watched[index].told == watched[index].state
                {
                    continue
                }
                let (evidence, slack) = Self.evidence(of: fix, cosFix: cosFix, for: watched[index])
                watched[index].slack = evidence == watched[index].state ? slack : 0
                let state = watched[index].state
                if state == .unknown {
                    if let evidence {
                        watched[index].state = evidence
                        watched[index].candidate = nil
                    }
                } else if let evidence, evidence != state {
                    if let candidate = watched[index].candidate, candidate.state == evidence {
                        if fix.time.seconds(since: candidate.since) >= Self.dwellSeconds {
                            watched[index].state = evidence
                            watched[index].candidate = nil
                        }
                    } else {
                        watched[index].candidate = (evidence, fix.time)
                    }
                } else if watched[index].candidate != nil {
                    watched[index].candidate = nil
                }
                if appHears {
                    Self.tell(&watched[index], position: position, announcingFirst: announcesFirst, into: &events)
                    if watched[index].stateRequested {
                        watched[index].stateRequested = false
                        let determined = watched[index].state
                        events.append(
                            RegionEvent(
                                region: watched[index].region, change: .determined(determined),
                                position: determined == .unknown ? nil : position))
                    }
                }
            }
        }
    }

    /// The app may hear again (back in the foreground, or authorized for it): the
    /// crossings it has not been told of, one per region, at its present side.
    package mutating func catchUp(into events: inout [RegionEvent]) {
        for index in watched.indices {
            Self.tell(&watched[index], position: nil, announcingFirst: announcesFirstDetermination, into: &events)
        }
    }

    /// What the app hears of `entry`'s state: nothing for the first determination, an
    /// enter or exit (if the region asks for it) for a crossing.
    private static func tell(
        _ entry: inout Watched, position: Coordinate?, announcingFirst: Bool, into events: inout [RegionEvent]
    ) {
        guard entry.state != entry.told, entry.state != .unknown else { return }
        let before = entry.told
        entry.told = entry.state
        guard before != .unknown || announcingFirst else { return }
        switch entry.state {
        case .inside where entry.region.notifyOnEntry:
            events.append(RegionEvent(region: entry.region, change: .enter, position: position))
        case .outside where entry.region.notifyOnExit:
            events.append(RegionEvent(region: entry.region, change: .exit, position: position))
        default:
            break
        }
    }

    /// Which side of the region's boundary the fix shows, beyond the cushion; nil within it.
    ///
    /// A quick flat-earth distance settles most fixes, those well away from the boundary
    /// (its error, second order in the distance, is far inside the 0.5% and 1 m margins
    /// below); the great-circle distance settles the rest, so the answer is the same.
    ///
    /// With it, the slack: how far the device may move before a fix could show another side
    /// (against the largest cushion there is, half the radius), 0 when it is near.
    private static func evidence(of fix: LocationFix, cosFix: Double, for entry: Watched) -> (
        RegionState?, slack: Double
    ) {
        let region = entry.region
        let cushion = cushionMeters(accuracy: fix.horizontalAccuracyMeters, radius: region.radiusMeters)
        let inner = region.radiusMeters - cushion, outer = region.radiusMeters + cushion
        if abs(fix.latitude) < 80 && abs(region.center.latitude) < 80 {
            let quick = quickDistance(
                fix.latitude, fix.longitude, cosFix, region.center.latitude, region.center.longitude, entry.cosCenter)
            let low = quick * 0.995 - 1, high = quick * 1.005 + 1
            if low > outer { return (.outside, max(0, low - 1.5 * region.radiusMeters)) }
            if high < inner { return (.inside, max(0, 0.5 * region.radiusMeters - high)) }
        }
        let distance = GreatCircle.distanceMeters(
            latitude1: fix.latitude, longitude1: fix.longitude,
            latitude2: region.center.latitude, longitude2: region.center.longitude)
        if distance <= inner { return (.inside, 0) }
        if distance >= outer { return (.outside, 0) }
        return (nil, 0)
    }

    /// Metres on a flat earth around the two points (within 0.5% and 1 m of the great-circle
    /// distance away from the poles and at up to hundreds of kilometres).
    private static func quickDistance(
        _ latitude1: Double, _ longitude1: Double, _ cos1: Double, _ latitude2: Double, _ longitude2: Double,
        _ cos2: Double
    ) -> Double {
        let radians = Double.pi / 180
        let north = (latitude1 - latitude2) * radians
        var east = (longitude1 - longitude2) * radians
        if east > .pi { east -= 2 * .pi } else if east < -.pi { east += 2 * .pi }
        east *= (cos1 + cos2) / 2
        return GreatCircle.meanEarthRadiusMeters * (north * north + east * east).squareRoot()
    }

    /// How far past the boundary a fix must lie to count (see the type's documentation).
    package static func cushionMeters(accuracy: Double, radius: Double) -> Double {
        min(max(minimumCushionMeters, cushionPerAccuracy * accuracy), radius / 2)
    }
}
