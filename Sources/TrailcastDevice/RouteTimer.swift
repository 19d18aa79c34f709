// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastRoutes
package import TrailcastBasics

/// Turns route points into timed fixes of the true route, streaming and lazily: memory
/// stays constant whatever the length of a leg, a gap or the route.
///
/// Times:
/// - A point's time comes from its `<time>`. A point whose time is earlier than the last
///   timed point's keeps its position and loses its time, with a warning, and is timed as
///   a point without one: the readers' rule (`inspect` says the same), which keeps a real
///   export whose clock stutters (a Sports Tracker file: 3,078 of 7,785 steps back) on its
///   path rather than dropping most of it, and a file's waypoints all replayed in its order.
/// - Points without a time between two timed points share the time between them in
///   proportion to the distance along the path (what gpxpy's and Xcode's users expect).
/// - Points without a time before the first timed point are timed backwards from it at
///   ``travelSpeedMetersPerSecond``; after the last timed point, forwards at that pace.
///   A route with no time at all starts at ``defaultStartTime``.
///
/// Fixes:
/// - Speed and course come from the file when it has them, else from the leg leaving
///   the point (the last point uses the leg arriving at it); -1 when unknown.
/// - With an interval, fixes come every `intervalSeconds` of simulated time,
///   interpolated linearly (position and elevation) between the enclosing points, with
///   the speed and course of that leg and the index of the point before; the last point
///   of the route (and of each recording before a pause) comes at its own time.
/// - A pause in the recording is not a straight line walked: a new `<trkseg>`, or a leg
///   between two recorded times longer than ``maxGapSeconds``. No interpolated fix
///   crosses it; the fix before it carries ``RouteFix/recordingResumesAt``.
///
/// Call ``add(_:index:startsSegment:)`` for each point, then ``next()`` until it returns
/// nil, and ``finish()`` at the end (then ``next()`` again):
///
/// ```swift
/// var timer = RouteTimer(intervalSeconds: 1)
/// for (index, point) in points.enumerated() {
///     timer.add(point, index: index)
///     while let routeFix = timer.next() { deliver(routeFix) }
/// }
/// timer.finish()
/// while let routeFix = timer.next() { deliver(routeFix) }
/// ```
package struct RouteTimer {
    /// Walking pace, Xcode's and simctl's default.
    package static let defaultTravelSpeedMetersPerSecond = 1.4
    /// Core Foundation's reference date, for routes without any time.
    package static let defaultStartTime = Timestamp(secondsSince1970: 978_307_200)
    /// Horizontal accuracy of a fix without `<hdop>`, and the factor applied to it.
    package static let nominalAccuracyMeters = 5.0
    /// A leg between recorded times longer than this is a pause in the recording.
    package static let defaultMaxGapSeconds = 300.0

    package let travelSpeedMetersPerSecond: Double
    package let intervalSeconds: Double?
    /// Legs between two recorded times longer than this are recording pauses; nil: never.
    package let maxGapSeconds: Double?
    /// Problems found while timing and not yet taken, such as points dropped for going
    /// back in time.
    package private(set) var warnings: [RouteWarning] = []

    private let makeLookahead: (() -> any TimedPointLookahead)?
    private var lookahead: (any TimedPointLookahead)?

    /// The last point kept, not yet completed by the leg leaving it.
    private var pending: TimedPoint?
    /// The time of the last point kept that had its own `<time>`.
    private var lastRecordedTime: Timestamp?
    /// How the current run of points without times is timed.
    private var untimedRun: UntimedRun?
    /// The leg being turned into fixes, one ``next()`` at a time.
    private var leg: LegInProgress?
    /// The final point's fix, once ``finish()`` has been called.
    private var finalFix: RouteFix?
    /// With an interval: the time of the next interpolated fix.
    private var nextIntervalTime: Timestamp?

    /// - Parameter lookahead: makes a lookahead over the same points (a second reader of
    ///   the file), asked for only when a point without a time follows a timed one, or
    ///   starts the route. Without it such points are timed forwards at the travel speed.
    package init(
        travelSpeedMetersPerSecond: Double = defaultTravelSpeedMetersPerSecond, intervalSeconds: Double? = nil,
        maxGapSeconds: Double? = defaultMaxGapSeconds,
        lookahead: (() -> any TimedPointLookahead)? = nil
    ) {
        self.travelSpeedMetersPerSecond = travelSpeedMetersPerSecond
        self.intervalSeconds = intervalSeconds
        self.maxGapSeconds = maxGapSeconds
        self.makeLookahead = lookahead
    }

    /// Takes the next route point. Call ``next()`` until nil before adding another.
    ///
    /// - Parameter startsSegment: the point opens a `<trkseg>` after another: the
    ///   recording paused between it and the point before.
    package mutating func add(_ point: RoutePoint, index: Int, startsSegment: Bool = false) {
        precondition(leg == nil, "RouteTimer: drain next() before adding a point")
        let (time, isRecorded) = time(of: point, index: index)
        let current = TimedPoint(point: point, index: index, time: time, isRecorded: isRecorded)
        guard let previous = pending else {
            pending = current
            nextIntervalTime = time
            return
        }
        let legMeters = GreatCircle.distanceMeters(
            latitude1: previous.point.latitude, longitude1: previous.point.longitude,
            latitude2: current.point.latitude, longitude2: current.point.longitude)
        let legSeconds = current.time.seconds(since: previous.time)
        let motion = Leg(
            speedMetersPerSecond: legSeconds > 0 ? legMeters / legSeconds : -1,
            courseDegrees: legMeters > 0
                ? Bearing.degrees(
                    latitude1: previous.point.latitude, longitude1: previous.point.longitude,
                    latitude2: current.point.latitude, longitude2: current.point.longitude) : -1)
        let isLongRecordedLeg =
            previous.isRecorded && current.isRecorded
            && maxGapSeconds.map { $0 > 0 && legSeconds > $0 } ?? false
        var arriving = current
        arriving.incomingLeg = motion
        pending = arriving
        leg = LegInProgress(
            from: previous, to: arriving, motion: motion, seconds: legSeconds,
            isPause: startsSegment || isLongRecordedLeg)
    }

    /// The warnings found so far, which the timer then forgets: a file with a million
    /// points going back in time must not grow a million warnings in memory.
    package mutating func takeWarnings() -> [RouteWarning] {
        defer { warnings.removeAll() }
        return warnings
    }

    /// Ends the route: the last point's fix is the next one ``next()`` returns.
    package mutating func finish() {
        precondition(leg == nil, "RouteTimer: drain next() before finishing")
        guard let last = pending else { return }
        pending = nil
        // With an interval the route still ends where the file ends: the last point is
        // delivered at its own time even when the interval does not divide the route.
        finalFix = RouteFix(fix: last.fix(at: last.time, legFrom: last.incomingLeg))
    }

    /// The next fix of the leg in progress (or the final one); nil when the timer needs
    /// another point.
    package mutating func next() -> RouteFix? {
        guard leg != nil else {
            defer { finalFix = nil }
            return finalFix
        }
        // In place: a leg is two points and their motion, copied out and back twice per
        // point otherwise (the reader thread's largest cost in a million-point replay).
        let fix = leg!.next(intervalSeconds: intervalSeconds, intervalTime: &nextIntervalTime)
        if fix == nil { leg = nil }
        return fix
    }

    /// Appends the fixes due before the timer needs another point (those ``next()`` would
    /// return) to `batch`, until it holds `limit`; true when it stopped at the limit, false
    /// when the timer needs another point (or, after ``finish()``, the route is over).
    ///
    /// A batch filled here takes each fix straight from the leg: through ``next()`` from
    /// another module, each fix (134 bytes) is copied out several times on its way.
    package mutating func drain(into batch: inout [RouteFix], upTo limit: Int) -> Bool {
        while batch.count < limit {
            guard let fix = next() else { return false }
            batch.append(fix)
        }
        return true
    }

    // MARK: - Times

    /// The point's time, and whether it is the point's own: its `<time>`, or, without one
    /// (or with one that goes back in time, dropped), its share of the time around it.
    private mutating func time(of point: RoutePoint, index: Int) -> (Timestamp, isRecorded: Bool) {
        var recordedTime = point.time
        if let recorded = recordedTime, let lastRecordedTime, recorded < lastRecordedTime {
            warnings.append(
                RouteWarning(
                    at: point,
                    message:
                        "time \(recorded) is earlier than the previous fix's \(lastRecordedTime); position kept, time dropped"
                ))
            recordedTime = nil
        }
        if let recorded = recordedTime {
            lastRecordedTime = recorded
            untimedRun = nil
            // Without a lookahead, points timed forwards may have run past this time:
            // never let the route go back.
            if let pending, recorded < pending.time { return (pending.time, true) }
            return (recorded, true)
        }
        return (untimedTime(of: point, index: index), false)
    }

    /// A point without a time of its own: its share of the time around it.
    private mutating func untimedTime(of point: RoutePoint, index: Int) -> Timestamp {
        let stepMeters =
            pending.map {
                GreatCircle.distanceMeters(
                    latitude1: $0.point.latitude, longitude1: $0.point.longitude,
                    latitude2: point.latitude, longitude2: point.longitude)
            } ?? 0
        if untimedRun == nil { untimedRun = startUntimedRun(at: index) }
        untimedRun!.metersSoFar += stepMeters
        let run = untimedRun!
        switch run.timing {
        case .backwards(let anchor, let totalMeters):
            return anchor.adding(seconds: -(totalMeters - run.metersSoFar) / travelSpeedMetersPerSecond)
        case .between(let from, let to, let totalMeters):
            let fraction = totalMeters > 0 ? min(1, run.metersSoFar / totalMeters) : 0
            return from.adding(seconds: to.seconds(since: from) * fraction)
        case .forwards:
            guard let previous = pending else { return Self.defaultStartTime }
            return previous.time.adding(seconds: stepMeters / travelSpeedMetersPerSecond)
        }
    }

    /// How a run of untimed points that starts with the point at `index` is timed.
    private mutating func startUntimedRun(at index: Int) -> UntimedRun {
        if lookahead == nil, let makeLookahead { lookahead = makeLookahead() }
        if let previous = pending {
            // The run hangs between the previous (timed) point and the next timed one.
            guard let ahead = lookahead?.nextTimedPoint(after: previous.index, notBefore: lastRecordedTime)
            else { return UntimedRun(timing: .forwards, metersSoFar: 0) }
            return UntimedRun(
                timing: .between(from: previous.time, to: ahead.time, totalMeters: ahead.distanceMeters),
                metersSoFar: 0)
        }
        // The route starts without times: back from the first timed point, if any.
        guard let ahead = lookahead?.nextTimedPoint(after: index, notBefore: nil) else {
            return UntimedRun(timing: .forwards, metersSoFar: 0)
        }
        return UntimedRun(timing: .backwards(anchor: ahead.time, totalMeters: ahead.distanceMeters), metersSoFar: 0)
    }
}

/// A fix of the true route, before the simulated GPS.
package struct RouteFix: Sendable, Equatable {
    package var fix: LocationFix
    /// Set on the last fix before a pause in the recording: when the route resumes.
    package var recordingResumesAt: Timestamp?

    package init(fix: LocationFix, recordingResumesAt: Timestamp? = nil) {
        self.fix = fix
        self.recordingResumesAt = recordingResumesAt
    }
}

/// How the points of a run without times get theirs.
private struct UntimedRun {
    enum Timing {
        /// Before the first timed point: back from it at the travel speed.
        case backwards(anchor: Timestamp, totalMeters: Double)
        /// Between two timed points: their time shared in proportion to distance.
        case between(from: Timestamp, to: Timestamp, totalMeters: Double)
        /// After the last timed point, or with none at all: on at the travel speed.
        case forwards
    }

    var timing: Timing
    /// Path length from the run's anchor (the timed point before it, or its own first
    /// point) to the latest point.
    var metersSoFar: Double
}

/// One leg being turned into fixes.
private struct LegInProgress {
    var from: TimedPoint
    var to: TimedPoint
    var motion: Leg
    var seconds: Double
    var isPause: Bool
    var emittedStart = false

    mutating func next(intervalSeconds: Double?, intervalTime: inout Timestamp?) -> RouteFix? {
        guard let intervalSeconds, let time = intervalTime else {
            // The file's own points: one fix per point.
            guard !emittedStart else { return nil }
            emittedStart = true
            // The last fix before a pause moves as it arrived: the gap is not a leg walked.
            return RouteFix(
                fix: from.fix(at: from.time, legFrom: isPause ? from.incomingLeg : motion),
                recordingResumesAt: isPause ? to.time : nil)
        }
        if isPause {
            // The recording ends at this leg's first point, at its own time, and starts
            // again on the interval from the point after the pause.
            // (The legs before delivered only times before this point's.)
            guard !emittedStart else { return nil }
            emittedStart = true
            intervalTime = to.time
            return RouteFix(fix: from.fix(at: from.time, legFrom: from.incomingLeg), recordingResumesAt: to.time)
        }
        guard time < to.time else { return nil }
        let fraction = seconds > 0 ? time.seconds(since: from.time) / seconds : 0
        var fix = from.fix(at: time, legFrom: motion)
        fix.latitude += (to.point.latitude - from.point.latitude) * fraction
        fix.longitude += (to.point.longitude - from.point.longitude) * fraction
        if let start = from.point.elevationMeters, let end = to.point.elevationMeters {
            fix.altitudeMeters = start + (end - start) * fraction
        }
        intervalTime = time.adding(seconds: intervalSeconds)
        return RouteFix(fix: fix)
    }
}

/// A route point with its simulated time and the leg that led to it. Only the fields a
/// fix needs are kept: a whole `RoutePoint` (names, extensions) is costly to carry along.
private struct TimedPoint: Sendable {
    var point: MotionPoint
    var index: Int
    var time: Timestamp
    /// Whether the time is the file's own `<time>`, not one the timer worked out.
    var isRecorded: Bool
    var incomingLeg = Leg(speedMetersPerSecond: -1, courseDegrees: -1)

    init(point: RoutePoint, index: Int, time: Timestamp, isRecorded: Bool) {
        self.point = MotionPoint(point)
        self.index = index
        self.time = time
        self.isRecorded = isRecorded
    }

    func fix(at time: Timestamp, legFrom leg: Leg) -> LocationFix {
        let horizontal =
            point.horizontalDilution.map { $0 * RouteTimer.nominalAccuracyMeters }
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

    init(_ point: RoutePoint) {
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
