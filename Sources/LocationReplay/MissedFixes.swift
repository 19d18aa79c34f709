import Device

/// A stretch of device epochs the app did not receive, all for one reason: what the
/// timeline's `missed` event says, so that a report can draw where the app went dark
/// and why, without a line per epoch.
public struct MissedFixes: Sendable, Equatable {
    /// Why the app did not get a fix, the first rule that held it back.
    public enum Reason: String, Sendable, CaseIterable {
        /// Not authorized (denied, restricted, not determined yet, or services off).
        case notAuthorized
        /// In the background without Always.
        case background
        /// Authorized, but the app had not started (or had stopped) updates.
        case notUpdating
        /// The device's receiver had no fix.
        case noSignal
        /// Approximate location: at most one fix per 15 minutes.
        case reducedAccuracy
        /// Closer than the distance filter to the last delivered fix.
        case distanceFilter
    }

    /// At most this many points stand for the stretch's path.
    public static let pathLimit = 64

    public var reason: Reason
    /// How many device epochs the app missed.
    public var fixes: Int
    /// Offsets of the first and the last missed epoch.
    public var sinceOffset: Double
    public var untilOffset: Double
    /// Where the device was: its reported position, or the true one while it had no fix.
    /// Evenly thinned to at most ``pathLimit`` points, first and last kept.
    public var path: [Coordinate]

    public init(reason: Reason, fixes: Int, sinceOffset: Double, untilOffset: Double, path: [Coordinate]) {
        self.reason = reason
        self.fixes = fixes
        self.sinceOffset = sinceOffset
        self.untilOffset = untilOffset
        self.path = path
    }
}

/// Gathers missed epochs into ``MissedFixes`` stretches in bounded memory: the path keeps
/// every `stride`-th epoch and doubles the stride (dropping every other point) when full.
struct MissedFixTracker: Sendable {
    private var stretch: MissedFixes?
    private var stride = 1
    private var last: Coordinate?

    /// An epoch the app missed; the stretch it closes, if the reason changed.
    mutating func miss(_ reason: MissedFixes.Reason, at offset: Double, position: Coordinate) -> MissedFixes? {
        var closed: MissedFixes?
        if let current = stretch, current.reason != reason { closed = close() }
        if stretch == nil {
            stretch = MissedFixes(reason: reason, fixes: 0, sinceOffset: offset, untilOffset: offset, path: [])
            stride = 1
        }
        if stretch!.fixes % stride == 0 {
            stretch!.path.append(position)
            if stretch!.path.count == MissedFixes.pathLimit - 1 {
                stretch!.path = stretch!.path.enumerated().compactMap { $0.offset % 2 == 0 ? $0.element : nil }
                stride *= 2
            }
        }
        stretch!.fixes += 1
        stretch!.untilOffset = offset
        last = position
        return closed
    }

    /// The app got a fix (or the run ends): the open stretch, if any, is over.
    mutating func close() -> MissedFixes? {
        guard var closed = stretch else { return nil }
        if let last, closed.path.last != last { closed.path.append(last) }
        stretch = nil
        last = nil
        return closed
    }
}
