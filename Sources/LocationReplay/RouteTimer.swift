import GPXReader

/// Turns route points into timed device fixes, streaming, one point of lookahead.
///
/// - A point's time comes from its `<time>`. A point without one is reached at
///   ``travelSpeedMetersPerSecond`` along the great circle from the previous fix, as
///   Xcode and `simctl location start --speed` do. A point with no time before any
///   timed one starts at ``defaultStartTime``.
/// - A point whose time is earlier than the previous fix's is dropped, with a warning.
/// - Speed and course come from the file when it has them, else from the leg leaving
///   the point (the last point uses the leg arriving at it); -1 when unknown.
/// - With an interval, fixes come every `intervalSeconds` of simulated time,
///   interpolated linearly (position and elevation) between the enclosing points,
///   with the speed and course of that leg and the index of the point before; the
///   last point always comes last, at its own time.
///
/// ```swift
/// var timer = RouteTimer()
/// var fixes: [LocationFix] = []
/// for (index, point) in points.enumerated() { timer.add(point, index: index, into: &fixes) }
/// timer.finish(into: &fixes)
/// ```
public struct RouteTimer: Sendable {
    /// Walking pace, Xcode's and simctl's default.
    public static let defaultTravelSpeedMetersPerSecond = 1.4
    /// Core Foundation's reference date, for routes without any time.
    public static let defaultStartTime = Timestamp(secondsSince1970: 978_307_200)
    /// Horizontal accuracy of a fix without `<hdop>`, and the factor applied to it.
    public static let nominalAccuracyMeters = 5.0

    public let travelSpeedMetersPerSecond: Double
    public let intervalSeconds: Double?
    /// Problems found while timing, such as points dropped for going back in time.
    public private(set) var warnings: [GPXWarning] = []

    private var pending: TimedPoint?
    private var nextIntervalTime: Timestamp?

    public init(travelSpeedMetersPerSecond: Double = defaultTravelSpeedMetersPerSecond, intervalSeconds: Double? = nil) {
        self.travelSpeedMetersPerSecond = travelSpeedMetersPerSecond
        self.intervalSeconds = intervalSeconds
    }

    /// Takes the next route point; appends the fixes it completes.
    public mutating func add(_ point: GPXPoint, index: Int, into fixes: inout [LocationFix]) {
        let time: Timestamp
        if let previous = pending {
            let legMeters = GreatCircle.distanceMeters(
                latitude1: previous.point.latitude, longitude1: previous.point.longitude,
                latitude2: point.latitude, longitude2: point.longitude)
            if let pointTime = point.time {
                guard pointTime >= previous.time else {
                    warnings.append(GPXWarning(
                        line: point.line, column: point.column,
                        message: "time \(pointTime) is earlier than the previous fix's \(previous.time); point dropped"))
                    return
                }
                time = pointTime
            } else {
                time = previous.time.adding(seconds: legMeters / travelSpeedMetersPerSecond)
            }
            emit(previous, towards: TimedPoint(point: point, index: index, time: time),
                 legMeters: legMeters, into: &fixes)
        } else {
            time = point.time ?? Self.defaultStartTime
            pending = TimedPoint(point: point, index: index, time: time)
            nextIntervalTime = time
        }
    }

    /// Ends the route: appends the fixes still held back.
    public mutating func finish(into fixes: inout [LocationFix]) {
        guard let last = pending else { return }
        pending = nil
        // With an interval the route still ends where the file ends: the last point is
        // delivered at its own time even when the interval does not divide the route.
        fixes.append(last.fix(at: last.time, legFrom: last.incomingLeg))
    }

    /// Emits the fixes from `previous` up to (not including) `current`, which becomes pending.
    private mutating func emit(
        _ previous: TimedPoint, towards current: TimedPoint, legMeters: Double, into fixes: inout [LocationFix]
    ) {
        let legSeconds = current.time.seconds(since: previous.time)
        let leg = Leg(
            speedMetersPerSecond: legSeconds > 0 ? legMeters / legSeconds : -1,
            courseDegrees: legMeters > 0 ? Bearing.degrees(
                latitude1: previous.point.latitude, longitude1: previous.point.longitude,
                latitude2: current.point.latitude, longitude2: current.point.longitude) : -1)
        var current = current
        current.incomingLeg = leg
        pending = current

        guard let intervalSeconds, var intervalTime = nextIntervalTime else {
            fixes.append(previous.fix(at: previous.time, legFrom: leg))
            return
        }
        while intervalTime < current.time {
            let fraction = legSeconds > 0 ? intervalTime.seconds(since: previous.time) / legSeconds : 0
            var fix = previous.fix(at: intervalTime, legFrom: leg)
            fix.latitude += (current.point.latitude - previous.point.latitude) * fraction
            fix.longitude += (current.point.longitude - previous.point.longitude) * fraction
            if let from = previous.point.elevationMeters, let to = current.point.elevationMeters {
                fix.altitudeMeters = from + (to - from) * fraction
            }
            fixes.append(fix)
            intervalTime = intervalTime.adding(seconds: intervalSeconds)
        }
        nextIntervalTime = intervalTime
    }
}

/// A route point with its simulated time and the leg that led to it. Only the fields a
/// fix needs are kept: a whole `GPXPoint` (names, extensions) is costly to carry along.
private struct TimedPoint: Sendable {
    var point: MotionPoint
    var index: Int
    var time: Timestamp
    var incomingLeg = Leg(speedMetersPerSecond: -1, courseDegrees: -1)

    init(point: GPXPoint, index: Int, time: Timestamp) {
        self.point = MotionPoint(point)
        self.index = index
        self.time = time
    }

    func fix(at time: Timestamp, legFrom leg: Leg) -> LocationFix {
        let horizontal = point.horizontalDilution.map { $0 * RouteTimer.nominalAccuracyMeters }
            ?? RouteTimer.nominalAccuracyMeters
        let vertical = point.elevationMeters.map { _ in
            point.verticalDilution.map { $0 * RouteTimer.nominalAccuracyMeters } ?? RouteTimer.nominalAccuracyMeters * 2
        }
        return LocationFix(
            time: time, latitude: point.latitude, longitude: point.longitude,
            altitudeMeters: point.elevationMeters, horizontalAccuracyMeters: horizontal,
            verticalAccuracyMeters: vertical,
            speedMetersPerSecond: point.speedMetersPerSecond ?? leg.speedMetersPerSecond,
            courseDegrees: point.courseDegrees ?? leg.courseDegrees, sourceIndex: index)
    }
}

/// The parts of a GPX point that shape a device fix.
private struct MotionPoint: Sendable {
    var latitude: Double
    var longitude: Double
    var elevationMeters: Double?
    var horizontalDilution: Double?
    var verticalDilution: Double?
    var speedMetersPerSecond: Double?
    var courseDegrees: Double?

    init(_ point: GPXPoint) {
        latitude = point.latitude
        longitude = point.longitude
        elevationMeters = point.elevationMeters
        horizontalDilution = point.horizontalDilution
        verticalDilution = point.verticalDilution
        speedMetersPerSecond = point.speedMetersPerSecond
        courseDegrees = point.courseDegrees
    }
}

private struct Leg: Sendable {
    var speedMetersPerSecond: Double
    var courseDegrees: Double
}
