import GPXReader

/// The route of one pass as timed fixes, one at a time: a file read as it goes (or an
/// array of points), timed by a ``RouteTimer``. What a replay hands its session in
/// batches, and what a ``Simulation`` of the testing library pulls as its clock moves.
///
/// Memory stays constant whatever the file's size; points without times get a second
/// reader of the same file as their lookahead, made only when one is needed.
public struct RouteFixStream {
    private enum Points {
        case file(GPXStreamReader, ReplaySource)
        case array([GPXPoint])
    }

    private var points: Points
    private var timer: RouteTimer
    private var index = 0
    private var startsSegment = false
    private var reachedEnd = false

    /// The `source` points of `file` (a concrete source, not `auto`), timed with the
    /// configuration's travel speed, interval and maximum gap.
    public init(
        file: String, source: ReplaySource, configuration: ReplayConfiguration, options: GPXStreamReader.Options
    ) throws(GPXError) {
        points = .file(try GPXStreamReader(contentsOfFile: file, options: options), source)
        timer = Self.timer(configuration) {
            PointStreamLookahead(SourcePoints(file: file, options: options, source: source))
        }
    }

    /// Points given in code, in order.
    public init(points: [GPXPoint], configuration: ReplayConfiguration) {
        self.points = .array(points)
        timer = Self.timer(configuration) { PointStreamLookahead(points.makeIterator()) }
    }

    private static func timer(
        _ configuration: ReplayConfiguration, lookahead: @escaping () -> any TimedPointLookahead
    ) -> RouteTimer {
        RouteTimer(
            travelSpeedMetersPerSecond: configuration.travelSpeedMetersPerSecond,
            intervalSeconds: configuration.intervalSeconds,
            maxGapSeconds: configuration.maxGapSeconds > 0 ? configuration.maxGapSeconds : nil,
            lookahead: lookahead)
    }

    /// The next fix of the route, or nil at its end; problems found on the way (bad
    /// points, times going back) go to `warnings`.
    public mutating func next(warnings: (GPXWarning) -> Void = { _ in }) throws(GPXError) -> RouteFix? {
        while true {
            if let routeFix = timer.next() { return routeFix }
            if reachedEnd { return nil }
            guard let point = try nextPoint(warnings: warnings) else {
                timer.finish()
                reachedEnd = true
                continue
            }
            timer.add(point, index: index, startsSegment: startsSegment)
            startsSegment = false
            index += 1
            timer.takeWarnings().forEach(warnings)
        }
    }

    private mutating func nextPoint(warnings: (GPXWarning) -> Void) throws(GPXError) -> GPXPoint? {
        switch points {
        case .array(let array):
            return index < array.count ? array[index] : nil
        case .file(let reader, let source):
            while let event = try reader.next() {
                if case .warning(let warning) = event {
                    warnings(warning)
                    continue
                }
                // A new segment after points: the recording paused in between.
                if case .beginSegment = event, source == .track, index > 0 { startsSegment = true }
                if let (kind, point) = event.replayablePoint, kind == source { return point }
            }
            return nil
        }
    }
}

/// The points of one source of a file, read by a second reader: the route timer's
/// lookahead for points without times. A file that cannot be read ends the lookahead;
/// the stream's own reader reports the problem when it reaches it.
private struct SourcePoints: IteratorProtocol {
    let reader: GPXStreamReader?
    let source: ReplaySource

    init(file: String, options: GPXStreamReader.Options, source: ReplaySource) {
        reader = try? GPXStreamReader(contentsOfFile: file, options: options)
        self.source = source
    }

    mutating func next() -> GPXPoint? {
        guard let reader else { return nil }
        while let event = try? reader.next() {
            if let (kind, point) = event.replayablePoint, kind == source { return point }
        }
        return nil
    }
}
