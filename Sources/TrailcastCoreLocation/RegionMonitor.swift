import TrailcastBasics
public import TrailcastDevice

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
public struct RegionMonitor: Sendable {
    /// "An app can register up to 20 regions at a time." (`startMonitoring(for:)`)
    public static let limit = 20
    /// "remain at that minimum distance for at least 20 seconds" (archived guide).
    public static let dwellSeconds = 20.0
    /// `maximumRegionMonitoringDistance`: Apple gives no figure (the property is read at run
    /// time); 100 km is the project's choice, far above the 1-400 m Apple recommends.
    public static let maximumRadiusMeters = 100_000.0
    /// The cushion's floor, for a perfect GPS (the project's choice).
    public static let minimumCushionMeters = 10.0
    /// The cushion per metre of the fix's reported accuracy (the project's choice: twice
    /// the 68% radius, so that noise alone rarely holds a fix across it for 20 s).
    public static let cushionPerAccuracy = 2.0

    private struct Watched: Sendable {
        var region: CircularRegion
        /// Where the system has determined the device to be.
        var state: RegionState = .unknown
        /// What the app last learned: a crossing it has not heard of (suspended, or
        /// When In Use in the background) is told when it may hear again.
        var told: RegionState = .unknown
        /// The other side's evidence, since the first fix of it in an unbroken row.
        var candidate: (state: RegionState, since: Timestamp)?
        /// A `requestState(for:)` waiting for the next determination.
        var stateRequested = false
    }

    private var watched: [Watched] = []
    /// `CLMonitor`'s way: the first determination is told when it differs from the state
    /// the condition was added with (the default, `unknown`, always does).
    let announcesFirstDetermination: Bool

    public init(announcesFirstDetermination: Bool = false) {
        self.announcesFirstDetermination = announcesFirstDetermination
    }

    /// `monitoredRegions`, in the order they were registered.
    public var regions: [CircularRegion] { watched.map(\.region) }

    /// The system's current determination for a region; nil when it is not monitored.
    public func state(of identifier: String) -> RegionState? {
        watched.first { $0.region.identifier == identifier }?.state
    }

    /// `startMonitoring(for:)`'s bookkeeping: the region added, or replacing the one with its
    /// identifier (Apple: "the old region is replaced by the new one"), or why it cannot be.
    public mutating func register(_ region: CircularRegion, assuming: RegionState = .unknown) -> RegionFailure.Reason? {
        guard region.radiusMeters > 0, region.radiusMeters <= Self.maximumRadiusMeters else { return .radius }
        if let index = watched.firstIndex(where: { $0.region.identifier == region.identifier }) {
            watched[index] = Watched(region: region, told: assuming)
            return nil
        }
        guard watched.count < Self.limit else { return .limit }
        watched.append(Watched(region: region, told: assuming))
        return nil
    }

    public var count: Int { watched.count }

    /// `stopMonitoring(for:)`: the region, if it was monitored (Apple: otherwise "this
    /// method has no effect").
    public mutating func remove(_ identifier: String) -> CircularRegion? {
        guard let index = watched.firstIndex(where: { $0.region.identifier == identifier }) else { return nil }
        return watched.remove(at: index).region
    }

    /// `requestState(for:)`: answered after the next fix the app may hear of. Whether the
    /// region is monitored (Apple: an unknown region "does nothing").
    public mutating func requestState(_ identifier: String) -> Bool {
        guard let index = watched.firstIndex(where: { $0.region.identifier == identifier }) else { return false }
        watched[index].stateRequested = true
        return true
    }

    /// Monitoring stops for the app (no authorization, approximate location, services
    /// off): nothing is known any more, and the next determination is silent.
    public mutating func forget() {
        for index in watched.indices {
            watched[index].state = .unknown
            watched[index].told = .unknown
            watched[index].candidate = nil
        }
    }

    /// One fix of the device: each region's determination; the app's events, in
    /// registration order, when `appHears` (otherwise kept for ``catchUp(into:)``).
    public mutating func observe(_ fix: LocationFix, appHears: Bool, into events: inout [RegionEvent]) {
        let position = Coordinate(latitude: fix.latitude, longitude: fix.longitude)
        for index in watched.indices {
            let evidence = Self.evidence(of: fix, for: watched[index].region)
            var entry = watched[index]
            if entry.state == .unknown {
                if let evidence {
                    entry.state = evidence
                    entry.candidate = nil
                }
            } else if let evidence, evidence != entry.state {
                if let candidate = entry.candidate, candidate.state == evidence {
                    if fix.time.seconds(since: candidate.since) >= Self.dwellSeconds {
                        entry.state = evidence
                        entry.candidate = nil
                    }
                } else {
                    entry.candidate = (evidence, fix.time)
                }
            } else {
                entry.candidate = nil
            }
            if appHears {
                Self.tell(&entry, position: position, announcingFirst: announcesFirstDetermination, into: &events)
                if entry.stateRequested {
                    entry.stateRequested = false
                    events.append(RegionEvent(
                        region: entry.region, change: .determined(entry.state),
                        position: entry.state == .unknown ? nil : position))
                }
            }
            watched[index] = entry
        }
    }

    /// The app may hear again (back in the foreground, or authorized for it): the
    /// crossings it has not been told of, one per region, at its present side.
    public mutating func catchUp(into events: inout [RegionEvent]) {
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
    static func evidence(of fix: LocationFix, for region: CircularRegion) -> RegionState? {
        let distance = GreatCircle.distanceMeters(
            latitude1: fix.latitude, longitude1: fix.longitude,
            latitude2: region.center.latitude, longitude2: region.center.longitude)
        let cushion = cushionMeters(accuracy: fix.horizontalAccuracyMeters, radius: region.radiusMeters)
        if distance <= region.radiusMeters - cushion { return .inside }
        if distance >= region.radiusMeters + cushion { return .outside }
        return nil
    }

    /// How far past the boundary a fix must lie to count (see the type's documentation).
    public static func cushionMeters(accuracy: Double, radius: Double) -> Double {
        min(max(minimumCushionMeters, cushionPerAccuracy * accuracy), radius / 2)
    }
}
