public import TrailcastBasics
/// What `trailcast inspect` reports about one GPX file. Numbers are SI units.
public struct GPXSummary: Sendable, Equatable {
    public var file: String
    /// The format the file was read as.
    public var format: RouteFormat = .gpx
    public var metadata = GPXMetadata()
    public var waypoints = 0
    public var routes = 0
    public var routePoints = 0
    public var tracks = 0
    public var segments = 0
    public var trackPoints = 0
    /// Sum over track segments of the great-circle distance between consecutive points.
    public var length2DMeters = 0.0
    /// The same over routes.
    public var routeLength2DMeters = 0.0
    /// Earliest and latest track point time.
    public var startTime: Timestamp?
    public var endTime: Timestamp?
    /// Time between consecutive timed track points that moved faster than
    /// ``GPXStatistics/movingSpeedThresholdMetersPerSecond``.
    public var movingSeconds: Double?
    /// Over every point with an elevation: waypoints, route and track points.
    public var minElevationMeters: Double?
    public var maxElevationMeters: Double?
    /// Climb and descent along track segments, on lightly smoothed elevations
    /// (see ``GPXStatistics``).
    public var elevationGainMeters: Double?
    public var elevationLossMeters: Double?
    /// Over all points.
    public var bounds: GPXBounds?
    /// The first ``GPXStatistics/maximumKeptWarnings`` warnings, in document order.
    public var warnings: [GPXWarning] = []
    /// All warnings, including those not kept.
    public var warningCount = 0

    public init(file: String) { self.file = file }

    /// `endTime - startTime`, when the track has times.
    public var durationSeconds: Double? {
        guard let startTime, let endTime else { return nil }
        return endTime.seconds(since: startTime)
    }
}

/// The smallest latitude/longitude box holding a set of points.
public struct GPXBounds: Sendable, Equatable {
    public var minLatitude: Double
    public var minLongitude: Double
    public var maxLatitude: Double
    public var maxLongitude: Double

    public init(minLatitude: Double, minLongitude: Double, maxLatitude: Double, maxLongitude: Double) {
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
