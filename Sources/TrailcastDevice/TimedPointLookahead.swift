// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastRoutes
package import TrailcastBasics

/// The next point ahead on the route that has its own `<time>`: what a run of points
/// without times is timed against.
package struct TimedPointAhead: Sendable, Equatable {
    /// The point's index among the route's points.
    package var index: Int
    package var time: Timestamp
    /// Path length from the point the search started at to this one, through every point
    /// in between (points dropped for going back in time do not count).
    package var distanceMeters: Double

    package init(index: Int, time: Timestamp, distanceMeters: Double) {
        self.index = index
        self.time = time
        self.distanceMeters = distanceMeters
    }
}

/// Looks ahead on the route for ``RouteTimer``, so that points without times can be
/// timed from the next timed point without holding the points in between.
///
/// A file's lookahead is a second streaming reader over the same file: memory stays
/// constant however long the untimed run is, at the price of reading the file once more
/// (only when the file has untimed points at all).
package protocol TimedPointLookahead {
    /// The first point after `startIndex` whose time is at least `notBefore` (points with
    /// an earlier time are the ones the timer drops), with the path length from the point
    /// at `startIndex` to it; nil when no such point follows.
    ///
    /// Calls come with `startIndex` never decreasing.
    mutating func nextTimedPoint(after startIndex: Int, notBefore: Timestamp?) -> TimedPointAhead?
}

/// A lookahead over any sequence of the route's points, in order: a second reader of the
/// file, or an array.
package struct PointStreamLookahead<Points: IteratorProtocol>: TimedPointLookahead where Points.Element == RoutePoint {
    private var points: Points
    /// The index of the last point taken from `points`, and its position.
    private var position = -1
    private var last: Coordinate?
    private var exhausted = false

    package init(_ points: Points) {
        self.points = points
    }

    package mutating func nextTimedPoint(after startIndex: Int, notBefore: Timestamp?) -> TimedPointAhead? {
        while position < startIndex {
            guard let point = take() else { return nil }
            last = Coordinate(latitude: point.latitude, longitude: point.longitude)
        }
        var meters = 0.0
        while let point = take() {
            if let time = point.time, let notBefore, time < notBefore { continue }
            if let last {
                meters += GreatCircle.distanceMeters(
                    latitude1: last.latitude, longitude1: last.longitude,
                    latitude2: point.latitude, longitude2: point.longitude)
            }
            last = Coordinate(latitude: point.latitude, longitude: point.longitude)
            if let time = point.time {
                return TimedPointAhead(index: position, time: time, distanceMeters: meters)
            }
        }
        return nil
    }

    private mutating func take() -> RoutePoint? {
        guard !exhausted, let point = points.next() else {
            exhausted = true
            return nil
        }
        position += 1
        return point
    }
}
