// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastBasics
/// What `trailcast inspect` reports about one GPX file. Numbers are SI units.
package struct RouteSummary: Sendable, Equatable {
    package var file: String
    /// The format the file was read as.
    package var format: RouteFormat = .gpx
    package var metadata = RouteMetadata()
    package var waypoints = 0
    package var routes = 0
    package var routePoints = 0
    package var tracks = 0
    package var segments = 0
    package var trackPoints = 0
    /// Sum over track segments of the great-circle distance between consecutive points.
    package var length2DMeters = 0.0
    /// The same over routes.
    package var routeLength2DMeters = 0.0
    /// Earliest and latest track point time.
    package var startTime: Timestamp?
    package var endTime: Timestamp?
    /// Time between consecutive timed track points that moved faster than
    /// ``RouteStatistics/movingSpeedThresholdMetersPerSecond``.
    package var movingSeconds: Double?
    /// Over every point with an elevation: waypoints, route and track points.
    package var minElevationMeters: Double?
    package var maxElevationMeters: Double?
    /// Climb and descent along track segments, on lightly smoothed elevations
    /// (see ``RouteStatistics``).
    package var elevationGainMeters: Double?
    package var elevationLossMeters: Double?
    /// Over all points.
    package var bounds: RouteBounds?
    /// The first ``RouteStatistics/maximumKeptWarnings`` warnings, in document order.
    package var warnings: [RouteWarning] = []
    /// All warnings, including those not kept.
    package var warningCount = 0

    package init(file: String) { self.file = file }

    /// `endTime - startTime`, when the track has times.
    package var durationSeconds: Double? {
        guard let startTime, let endTime else { return nil }
        return endTime.seconds(since: startTime)
    }
}

/// The smallest latitude/longitude box holding a set of points.
package struct RouteBounds: Sendable, Equatable {
    package var minLatitude: Double
    package var minLongitude: Double
    package var maxLatitude: Double
    package var maxLongitude: Double

    package init(minLatitude: Double, minLongitude: Double, maxLatitude: Double, maxLongitude: Double) {
        self.minLatitude = minLatitude
        self.minLongitude = minLongitude
        self.maxLatitude = maxLatitude
        self.maxLongitude = maxLongitude
    }

    mutating func include(latitude: Double, longitude: Double) {
        minLatitude = min(minLatitude, latitude)
        minLongitude = min(minLongitude, longitude)
        maxLatitude = max(maxLatitude, latitude)
        maxLongitude = max(maxLongitude, longitude)
    }
}
