// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
/// Accumulates a ``RouteSummary`` from a stream of events, in constant memory.
///
/// ```swift
/// let reader = try GPXStreamReader(contentsOfFile: "walk.gpx")
/// var statistics = RouteStatistics(file: "walk.gpx")
/// while let event = try reader.next() { statistics.add(event) }
/// print(statistics.summary.length2DMeters)
/// ```
///
/// Definitions follow gpxpy where it has one, so numbers can be compared:
/// - moving time counts an interval between consecutive timed track points when
///   its 2D speed is above 1 km/h (gpxpy's default stopped-speed threshold);
/// - elevation gain and loss sum the rises and falls of the track elevations after
///   gpxpy's 0.3/0.4/0.3 smoothing of each point with its neighbours, per segment,
///   which keeps GPS elevation jitter from inflating the climb.
package struct RouteStatistics {
    /// 1 km/h.
    package static let movingSpeedThresholdMetersPerSecond = 1000.0 / 3600.0
    /// Warnings kept in the summary; the rest are only counted.
    package static let maximumKeptWarnings = 1000

    /// The summary of everything added so far.
    package var summary: RouteSummary {
        var summary = counts
        if climb.sawElevation {
            summary.elevationGainMeters = climb.gainMeters
            summary.elevationLossMeters = climb.lossMeters
        }
        return summary
    }

    private var counts: RouteSummary
    private var previousTrackPoint: Position?
    private var previousTimedTrackPoint: Position?
    private var previousRoutePoint: Position?
    private var climb = SmoothedClimb()

    package init(file: String, format: RouteFormat = .gpx) {
        counts = RouteSummary(file: file)
        counts.format = format
    }

    package mutating func add(_ event: RouteEvent) {
        switch event {
        case .metadata(let metadata):
            counts.metadata = metadata
        case .waypoint(let point):
            counts.waypoints += 1
            includeEverywhere(point)
        case .beginRoute:
            counts.routes += 1
            previousRoutePoint = nil
        case .routePoint(let point):
            counts.routePoints += 1
            includeEverywhere(point)
            let position = Position(point)
            if let previous = previousRoutePoint {
                counts.routeLength2DMeters += previous.distanceMeters(to: position)
            }
            previousRoutePoint = position
        case .beginTrack:
            counts.tracks += 1
        case .beginSegment:
            counts.segments += 1
            previousTrackPoint = nil
            previousTimedTrackPoint = nil
            climb.finishSegment()
        case .trackPoint(let point):
            addTrackPoint(point)
        case .endSegment:
            climb.finishSegment()
        case .endRoute, .endTrack:
            break
        case .warning(let warning):
            counts.warningCount += 1
            if counts.warnings.count < Self.maximumKeptWarnings {
                counts.warnings.append(warning)
            }
        }
    }

    private mutating func addTrackPoint(_ point: RoutePoint) {
        counts.trackPoints += 1
        includeEverywhere(point)
        let position = Position(point)
        var stepMeters: Double?
        if let previous = previousTrackPoint {
            stepMeters = previous.distanceMeters(to: position)
            counts.length2DMeters += stepMeters!
        }
        if let time = point.time {
            if counts.startTime.map({ time < $0 }) ?? true { counts.startTime = time }
            if counts.endTime.map({ time > $0 }) ?? true { counts.endTime = time }
            if let previous = previousTimedTrackPoint, let previousTime = previous.time {
                let seconds = time.seconds(since: previousTime)
                // Usually the previous timed point is the previous point: reuse its distance.
                let meters =
                    previous == previousTrackPoint
                    ? stepMeters! : previous.distanceMeters(to: position)
                counts.movingSeconds = counts.movingSeconds ?? 0
                if seconds > 0, meters / seconds > Self.movingSpeedThresholdMetersPerSecond {
                    counts.movingSeconds! += seconds
                }
            }
            previousTimedTrackPoint = position
        }
        previousTrackPoint = position
        if let elevation = point.elevationMeters { climb.add(elevation) }
    }

    private mutating func includeEverywhere(_ point: RoutePoint) {
        if counts.bounds == nil {
            counts.bounds = RouteBounds(
                minLatitude: point.latitude, minLongitude: point.longitude,
                maxLatitude: point.latitude, maxLongitude: point.longitude)
        } else {
            counts.bounds!.include(latitude: point.latitude, longitude: point.longitude)
        }
        if let elevation = point.elevationMeters {
            counts.minElevationMeters = min(counts.minElevationMeters ?? elevation, elevation)
            counts.maxElevationMeters = max(counts.maxElevationMeters ?? elevation, elevation)
        }
    }
}

/// The part of a point the statistics remember between points.
private struct Position: Equatable {
    var latitude: Double
    var longitude: Double
    var time: Timestamp?

    init(_ point: RoutePoint) {
        latitude = point.latitude
        longitude = point.longitude
        time = point.time
    }

    func distanceMeters(to other: Position) -> Double {
        GreatCircle.distanceMeters(
            latitude1: latitude, longitude1: longitude,
            latitude2: other.latitude, longitude2: other.longitude)
    }
}

/// Streaming form of gpxpy's `calculate_uphill_downhill`: each elevation but the
/// first and last of a segment is replaced by 0.3 x previous + 0.4 x itself +
/// 0.3 x next, and the rises and falls of the result are summed.
struct SmoothedClimb {
    private(set) var gainMeters = 0.0
    private(set) var lossMeters = 0.0
    private(set) var sawElevation = false
    private var beforeLast: Double?
    private var last: Double?
    private var lastSmoothed: Double?

    mutating func add(_ elevation: Double) {
        sawElevation = true
        if last == nil {
            lastSmoothed = elevation
        } else if let beforeLast, let last {
            // The previous point now has both neighbours: smooth it.
            record(0.3 * beforeLast + 0.4 * last + 0.3 * elevation)
        }
        beforeLast = last
        last = elevation
    }

    /// Ends a segment: its last elevation counts unsmoothed.
    mutating func finishSegment() {
        if beforeLast != nil, let last { record(last) }
        beforeLast = nil
        last = nil
        lastSmoothed = nil
    }

    private mutating func record(_ smoothed: Double) {
        if let previous = lastSmoothed {
            let rise = smoothed - previous
            if rise > 0 { gainMeters += rise } else { lossMeters -= rise }
        }
        lastSmoothed = smoothed
    }
}
