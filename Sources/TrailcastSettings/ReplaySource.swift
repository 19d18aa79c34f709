// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
public import TrailcastRoutes

/// Which points of a GPX file become the device's route.
public enum ReplaySource: String, Sendable, CaseIterable {
    /// Tracks if the file has track points, else routes, else waypoints.
    case auto
    /// Every `<trkpt>`, all tracks and segments in file order.
    case track
    /// Every `<rtept>`, all routes in file order.
    case route
    /// Every `<wpt>` in file order, as Xcode replays a file of timed waypoints.
    case waypoints

    /// The concrete source for a file with these counts: `auto` resolved, others as they are.
    package func resolved(for census: PointCensus) -> ReplaySource {
        guard self == .auto else { return self }
        if census.trackPoints > 0 { return .track }
        if census.routePoints > 0 { return .route }
        return .waypoints
    }
}

/// How many points of each kind a file holds: the first, counting pass of a replay.
package struct PointCensus: Sendable, Equatable {
    package var trackPoints = 0
    package var routePoints = 0
    package var waypoints = 0

    package init(trackPoints: Int = 0, routePoints: Int = 0, waypoints: Int = 0) {
        self.trackPoints = trackPoints
        self.routePoints = routePoints
        self.waypoints = waypoints
    }

    /// Counts one more point of a concrete source; returns its index among them.
    package mutating func add(_ source: ReplaySource) -> Int {
        switch source {
        case .track: trackPoints += 1; return trackPoints - 1
        case .route: routePoints += 1; return routePoints - 1
        case .waypoints, .auto: waypoints += 1; return waypoints - 1
        }
    }

    /// The number of points a concrete source replays.
    package func count(of source: ReplaySource) -> Int {
        switch source {
        case .auto: return count(of: source.resolved(for: self))
        case .track: return trackPoints
        case .route: return routePoints
        case .waypoints: return waypoints
        }
    }
}

extension RouteEvent {
    /// The point this event carries and the source it belongs to; nil for other events.
    /// Inlinable: asked of every event of a replay, and across modules a call returns the
    /// whole point copied into a new tuple.
    @inlinable
    package var replayablePoint: (source: ReplaySource, point: RoutePoint)? {
        switch self {
        case .trackPoint(let point): return (.track, point)
        case .routePoint(let point): return (.route, point)
        case .waypoint(let point): return (.waypoints, point)
        default: return nil
        }
    }
}

extension PointCensus {
    /// Counts the points of each kind in `file`, streaming: what `auto` chooses from.
    /// A nil `format` is the file's extension's, else its content's.
    package init(countingFile file: String, format: RouteFormat? = nil) throws(RouteError) {
        self.init()
        let reader = try RouteInput(path: file, format: format).makeReader(
            options: GPXStreamReader.Options(checksTimeOrder: false, fields: .coordinates))
        while let event = try reader.next() {
            if let (source, _) = event.replayablePoint { _ = add(source) }
        }
    }
}
