// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastDevice
import TrailcastRoutes

/// Drives a ``RouteTimer`` over an array of points the way the replay engine does.
enum RouteTimerRun {
    /// Every route fix, with an array lookahead over the same points; `segmentStarts`
    /// lists the indices of points that open a new `<trkseg>`.
    static func run(
        _ points: [RoutePoint], timer: RouteTimer? = nil, segmentStarts: Set<Int> = [],
        intervalSeconds: Double? = nil, maxGapSeconds: Double? = RouteTimer.defaultMaxGapSeconds
    ) -> (fixes: [RouteFix], timer: RouteTimer) {
        var timer =
            timer
            ?? RouteTimer(
                intervalSeconds: intervalSeconds, maxGapSeconds: maxGapSeconds,
                lookahead: { PointStreamLookahead(points.makeIterator()) })
        var fixes: [RouteFix] = []
        for (index, point) in points.enumerated() {
            timer.add(point, index: index, startsSegment: segmentStarts.contains(index))
            while let fix = timer.next() { fixes.append(fix) }
        }
        timer.finish()
        while let fix = timer.next() { fixes.append(fix) }
        return (fixes, timer)
    }
}
