// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastRoutes
package import TrailcastSettings
package import TrailcastDevice

/// The route of one pass as timed fixes, one at a time: a file read as it goes (or an
/// array of points), timed by a ``RouteTimer``. What a replay hands its session in
/// batches, and what a ``Simulation`` of the testing library pulls as its clock moves.
///
/// One read of the file: with `auto`, the source is chosen as the points come. The first
/// track point makes it `track` (in a GPX file waypoints and routes come before tracks,
/// so nothing replayable has been passed); a file that ends without one is read again
/// for its route points, else its waypoints. Memory stays constant whatever the file's
/// size; points without times get a second reader of the same input as their lookahead,
/// made only when one is needed.
package struct RouteFixStream {
    private enum Points {
        case file(RouteInput, any RouteEventReader, GPXStreamReader.Options)
        case array([RoutePoint])
    }

    private var points: Points
    private let choice: SourceChoice
    private var timer: RouteTimer
    private var index = 0
    private var startsSegment = false
    private var reachedEnd = false
    /// The error that broke the route, given once the points before it are handed out.
    private var breakingError: RouteError?
    /// Non-track points passed while `auto` was still undecided.
    private var passed = PointCensus()
    /// Set when the file is read again: its reader's warnings were reported the first time.
    private var rereading = false

    /// The `source` points of `input` (`auto` is chosen as the file is read), timed with
    /// the configuration's travel speed, interval and maximum gap.
    package init(
        input: RouteInput, source: ReplaySource, configuration: ReplayConfiguration, options: GPXStreamReader.Options
    ) throws(RouteError) {
        let choice = SourceChoice(source)
        self.choice = choice
        points = .file(input, try input.makeReader(options: options), options)
        timer = Self.timer(configuration) {
            PointStreamLookahead(SourcePoints(input: input, options: options, source: choice.source))
        }
    }

    /// The same for a file by its path (`-` is standard input, read once), in the
    /// configuration's route format (nil: by its extension, else its content).
    package init(
        file: String, source: ReplaySource, configuration: ReplayConfiguration, options: GPXStreamReader.Options
    ) throws(RouteError) {
        try self.init(
            input: RouteInput(path: file, format: configuration.routeFormat), source: source,
            configuration: configuration, options: options)
    }

    /// Points given in code, in order.
    package init(points: [RoutePoint], configuration: ReplayConfiguration) {
        self.points = .array(points)
        choice = SourceChoice(.track)
        timer = Self.timer(configuration) { PointStreamLookahead(points.makeIterator()) }
    }

    /// The points replayed: `auto` until the file has shown which (after the first fix,
    /// or the end of a file with nothing to replay).
    package var source: ReplaySource { choice.source }

    /// How many points of the source have been read so far: after the end, the file's count.
    package var pointsRead: Int { index }

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
    package mutating func next(warnings: (RouteWarning) -> Void = { _ in }) throws(RouteError) -> RouteFix? {
        while true {
            if let routeFix = timer.next() { return routeFix }
            guard try timeNextPoint(warnings: warnings) else { return nil }
        }
    }

    /// Hands the timer the route's next point (or, at the end of the route, its end);
    /// false once the route had already ended.
    private mutating func timeNextPoint(warnings: (RouteWarning) -> Void) throws(RouteError) -> Bool {
        if reachedEnd {
            if let error = breakingError {
                breakingError = nil
                throw error
            }
            return false
        }
        let next: RoutePoint?
        do {
            next = try nextPoint(warnings: warnings)
        } catch {
            // The points before a break were read whole: the timer hands out the last one it
            // holds, as at the route's end, and then the error comes.
            breakingError = error
            timer.finish()
            reachedEnd = true
            return true
        }
        guard let point = next else {
            timer.finish()
            reachedEnd = true
            return true
        }
        timer.add(point, index: index, startsSegment: startsSegment)
        startsSegment = false
        index += 1
        if !timer.warnings.isEmpty { timer.takeWarnings().forEach(warnings) }
        return true
    }

    /// Appends up to `limit` next fixes to `batch`; returns false once the route has ended.
    /// (One call per batch: a replay's async loop then moves this struct once per batch,
    /// not once per fix.)
    package mutating func fill(
        _ batch: inout [RouteFix], upTo limit: Int, warnings: (RouteWarning) -> Void = { _ in }
    ) throws(RouteError) -> Bool {
        while !timer.drain(into: &batch, upTo: limit) {
            guard try timeNextPoint(warnings: warnings) else { return false }
        }
        return true
    }

    private mutating func nextPoint(warnings: (RouteWarning) -> Void) throws(RouteError) -> RoutePoint? {
        switch points {
        case .array(let array):
            return index < array.count ? array[index] : nil
        case .file(let input, let reader, let options):
            do throws(RouteError) {
                while let event = try reader.next() {
                    if case .warning(let warning) = event {
                        if !rereading { warnings(warning) }
                        continue
                    }
                    // A new segment after points: the recording paused in between.
                    if case .beginSegment = event, choice.source == .track, index > 0 { startsSegment = true }
                    guard let (kind, point) = event.replayablePoint else { continue }
                    if choice.source == .auto {
                        if kind == .track {
                            choice.source = .track
                            return point
                        }
                        _ = passed.add(kind)
                        continue
                    }
                    if kind == choice.source { return point }
                }
            } catch {
                // A file that breaks before its first track point still has what came before
                // the break: its routes, else its waypoints, read again up to the same break,
                // which comes then, after them (every readable prefix is a timeline).
                guard choice.source == .auto, passed.routePoints > 0 || passed.count(of: .waypoints) > 0 else {
                    throw error
                }
            }
            guard choice.source == .auto else { return nil }
            // No track point in the whole file: its routes, else its waypoints, read again.
            choice.source = passed.routePoints > 0 ? .route : .waypoints
            guard passed.count(of: choice.source) > 0 else { return nil }
            points = .file(input, try input.makeReader(options: options), options)
            rereading = true
            return try nextPoint(warnings: warnings)
        }
    }
}

/// The source a stream replays, shared with its lookahead, which is made only after the
/// choice (a lookahead is needed for points the stream has already taken).
private final class SourceChoice {
    var source: ReplaySource
    init(_ source: ReplaySource) { self.source = source }
}

/// The points of one source of a file, read by a second reader: the route timer's
/// lookahead for points without times. A file that cannot be read ends the lookahead;
/// the stream's own reader reports the problem when it reaches it.
private struct SourcePoints: IteratorProtocol {
    let reader: (any RouteEventReader)?
    let source: ReplaySource

    init(input: RouteInput, options: GPXStreamReader.Options, source: ReplaySource) {
        reader = try? input.makeReader(options: options)
        self.source = source
    }

    mutating func next() -> RoutePoint? {
        guard let reader else { return nil }
        while let event = try? reader.next() {
            if let (kind, point) = event.replayablePoint, kind == source { return point }
        }
        return nil
    }
}
