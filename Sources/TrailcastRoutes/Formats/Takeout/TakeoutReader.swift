// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// A Google Takeout location history read as one GPX track, in constant memory, each of
/// its three shapes:
///
/// - `Records.json` (Takeout's "Location History"): `locations[]`, each a fix of
///   `latitudeE7`/`longitudeE7` (degrees times 10⁷), `timestamp` (ISO 8601) or the older
///   `timestampMs` (milliseconds, a string), `altitude`, `velocity` (m/s), `heading`;
///   nested `activity[]` guesses are not fixes and are passed over;
/// - the on-device Timeline export (Android, 2024): `semanticSegments[]`, each a stay
///   (`visit`: its place at `startTime` and at `endTime`), a move (`activity`: its
///   `start` at `startTime`, its `end` at `endTime`) or a path (`timelinePath[]` of
///   `point` `"48.8583°, 2.2945°"` and `time`), in the order of the file; its `rawSignals`
///   (the last days' raw fixes, which the segments already cover) are counted, not read;
/// - the same from iOS: a top-level array of segments, places as `"geo:48.8583,2.2945"`,
///   a path's times as `durationMinutesOffsetFromStartTime` after its segment's
///   `startTime`, every number a string.
///
/// Keys come in any order (iOS sorts them: `activity` before `startTime`), so a segment's
/// points wait for its end, in a ``SpillQueue`` past a few thousand. Segments overlap (a
/// stay of six hours, then the two-hour paths inside it), so their points go out in the
/// order of their times, each once no segment still to come can hold an earlier one.
final class TakeoutReader: RouteEventReader {
    /// A point as it waits for its segment's times: its time given, or minutes after the
    /// segment's start (iOS), or the start or end itself.
    struct Waiting: BitwiseCopyable {
        enum When: BitwiseCopyable { case given, minutesAfterStart, start, end }
        var latitude: Double
        var longitude: Double
        var when: When
        var seconds: Int64 = 0
        var nanoseconds: Int32 = 0
        var minutes = 0.0
        var line: Int32
        var column: Int32
    }

    /// 9999-12-31T23:59:59Z in milliseconds: a larger number is no time (nor an Int64's
    /// seconds once made one).
    private static let latestMilliseconds = 253_402_300_799_000.0

    private var tokenizer: JSONTokenizer
    private let options: GPXStreamReader.Options
    private var pending = EventQueue()
    /// The key each open container was opened under (`[]` for an array's element), from
    /// the document (`$`) down.
    private var path: [String] = []
    private var key: String?
    private var finished = false
    private var trackBegun = false
    private var previousTime: Timestamp?
    private var rawSignals = 0
    private var shapeKnown = false

    // The location (Records) or path point being read.
    private var latitude: Double?
    private var longitude: Double?
    private var time: Timestamp?
    private var minutes: Double?
    private var altitude: Double?
    private var speed: Double?
    private var course: Double?
    private var pointLine = 0
    private var pointColumn = 0
    // The semantic segment being read.
    private var segmentStart: Timestamp?
    private var segmentEnd: Timestamp?
    private var segmentPoints = SpillQueue<Waiting>()

    init(source: ByteSource, options: GPXStreamReader.Options) {
        tokenizer = JSONTokenizer(source: source, chunkSize: options.chunkSize)
        self.options = options
    }

    deinit { tokenizer.deallocate() }

    func next() throws(RouteError) -> RouteEvent? {
        do throws(RouteError) {
            while true {
                if let event = pending.next() { return event }
                if finished { return nil }
                try step()
            }
        } catch {
            finished = true
            pending.removeAll()
            segmentPoints.removeAll()
            throw error
        }
    }

    private func step() throws(RouteError) {
        let token = try tokenizer.next()
        switch token {
        case .end:
            return try finish()
        case .key(let name):
            key = name
            return
        case .beginObject, .beginArray:
            if path.isEmpty {
                path = ["$"]
                // A top-level array is iOS's export; an object says by its keys.
                if token == .beginArray { shapeKnown = true }
                pending.append(.metadata(RouteMetadata()))
                key = nil
                return
            }
            path.append(key ?? "[]")
            key = nil
            try opened()
        case .endObject, .endArray:
            try closing()
            path.removeLast()
            key = nil
        case .string(let text):
            try value(string: text, number: nil)
            key = nil
        case .number(let number):
            try value(string: nil, number: number)
            key = nil
        case .bool, .null:
            key = nil
        }
    }

    /// The path of the container just opened, from the document down: `$`, then keys.
    private func isAt(_ names: String...) -> Bool { path.elementsEqual(["$"] + names) }

    /// In one of Records.json's locations, not in what it nests (its `activity` guesses).
    private var isInLocation: Bool { isAt("locations", "[]") }

    private func opened() throws(RouteError) {
        if isAt("locations") || isAt("semanticSegments") || isAt("rawSignals") { shapeKnown = true }
        if isAt("locations", "[]") || isAt("semanticSegments", "[]", "timelinePath", "[]")
            || isAt("[]", "timelinePath", "[]")
        {
            resetPoint()
        }
        if isAt("semanticSegments", "[]") || isAt("[]") {
            segmentStart = nil
            segmentEnd = nil
            segmentPoints.removeAll()
        }
        if isAt("rawSignals", "[]", "position") { rawSignals += 1 }
    }

    private func resetPoint() {
        latitude = nil
        longitude = nil
        time = nil
        minutes = nil
        altitude = nil
        speed = nil
        course = nil
        pointLine = tokenizer.tokenLine
        pointColumn = tokenizer.tokenColumn
    }

    private func value(string: String?, number: Double?) throws(RouteError) {
        guard let key else { return }
        // Every number is a string in iOS's export.
        let numeric = number ?? string.flatMap { Double($0) }
        if isInLocation {
            switch key {
            case "latitudeE7": latitude = numeric.map { $0 / 1e7 }
            case "longitudeE7": longitude = numeric.map { $0 / 1e7 }
            case "timestamp": time = try parseTime(string)
            case "timestampMs":
                time = numeric.flatMap {
                    abs($0) <= Self.latestMilliseconds ? Timestamp(timeIntervalSince1970: $0 / 1000) : nil
                }
            case "altitude": altitude = numeric
            case "velocity": speed = numeric
            case "heading": course = numeric
            default: break
            }
        } else if isAt("semanticSegments", "[]", "timelinePath", "[]") || isAt("[]", "timelinePath", "[]") {
            switch key {
            case "point": (latitude, longitude) = try place(string)
            case "time": time = try parseTime(string)
            case "durationMinutesOffsetFromStartTime":
                minutes = numeric.flatMap { abs($0) <= Self.latestMilliseconds / 60_000 ? $0 : nil }
            default: break
            }
        } else if isAt("semanticSegments", "[]") || isAt("[]") {
            switch key {
            case "startTime": segmentStart = try parseTime(string)
            case "endTime": segmentEnd = try parseTime(string)
            default: break
            }
        } else if isAt("semanticSegments", "[]", "visit", "topCandidate", "placeLocation") && key == "latLng"
            || isAt("[]", "visit", "topCandidate") && key == "placeLocation"
        {
            // A stay: its place at its start and at its end.
            try wait(string, .start)
            try wait(string, .end)
        } else if isAt("semanticSegments", "[]", "activity", "start") && key == "latLng"
            || isAt("[]", "activity") && key == "start"
        {
            try wait(string, .start)
        } else if isAt("semanticSegments", "[]", "activity", "end") && key == "latLng"
            || isAt("[]", "activity") && key == "end"
        {
            try wait(string, .end)
        }
    }

    private func closing() throws(RouteError) {
        if isInLocation {
            guard let latitude, let longitude else {
                return try warn("a location without latitudeE7 and longitudeE7; skipped")
            }
            try emit(latitude, longitude, time: time)
        } else if isAt("semanticSegments", "[]", "timelinePath", "[]") || isAt("[]", "timelinePath", "[]") {
            guard let latitude, let longitude else { return try warn("a path point without its point; skipped") }
            if let time {
                try hold(
                    Waiting(
                        latitude: latitude, longitude: longitude, when: .given, seconds: time.secondsSince1970,
                        nanoseconds: time.nanoseconds, line: Int32(clamping: pointLine),
                        column: Int32(clamping: pointColumn)))
            } else if let minutes {
                try hold(
                    Waiting(
                        latitude: latitude, longitude: longitude, when: .minutesAfterStart, minutes: minutes,
                        line: Int32(clamping: pointLine), column: Int32(clamping: pointColumn)))
            } else {
                try warn("a path point without its time; skipped")
            }
        } else if isAt("semanticSegments", "[]") || isAt("[]") {
            try finishSegment()
        }
    }

    /// A point of the segment, timed when the segment ends (its times known then), and out
    /// in time order (``finishSegment()``).
    private func hold(_ point: Waiting) throws(RouteError) {
        segmentPoints.append(point)
        if let reason = segmentPoints.failure { throw .cannotRead(file: tokenizer.fileName, reason: reason) }
    }

    private func wait(_ text: String?, _ when: Waiting.When) throws(RouteError) {
        let (latitude, longitude) = try place(text)
        guard let latitude, let longitude else { return }
        try hold(
            Waiting(
                latitude: latitude, longitude: longitude, when: when, line: Int32(clamping: tokenizer.tokenLine),
                column: Int32(clamping: tokenizer.tokenColumn)))
    }

    /// The segment's points, timed, join those waiting to go out in time order; those at or
    /// before its start go: the segments come in order of their starts (Google's export
    /// sorts them), and a later segment's points are at or after its own start, so nothing
    /// still to come can be earlier. (A stay's end at 18:52 waits there for the path points
    /// of 16:01 listed after it.)
    private func finishSegment() throws(RouteError) {
        while let point = segmentPoints.removeFirst() {
            let time: Timestamp?
            switch point.when {
            case .given: time = Timestamp(secondsSince1970: point.seconds, nanoseconds: point.nanoseconds)
            case .start: time = segmentStart
            case .end: time = segmentEnd ?? segmentStart
            case .minutesAfterStart: time = segmentStart.map { $0.adding(seconds: point.minutes * 60) }
            }
            guard let time else {
                try emitWaiting(point, time: nil)
                continue
            }
            // After every point of the same time or earlier: a stable order.
            var low = 0
            var high = ordered.count
            while low < high {
                let middle = (low + high) / 2
                if ordered[middle].time <= time { low = middle + 1 } else { high = middle }
            }
            ordered.insert((time, point), at: low)
        }
        guard let segmentStart else { return }
        var released = 0
        while released < ordered.count,
            ordered[released].time <= segmentStart || ordered.count - released > Self.reorderLimit
        {
            try emitWaiting(ordered[released].point, time: ordered[released].time)
            released += 1
        }
        ordered.removeFirst(released)
    }

    /// Points waiting to go out in time order, earliest first.
    private var ordered: [(time: Timestamp, point: Waiting)] = []
    /// More than this many waiting and the earliest go out anyway: memory stays bounded for
    /// a file whose segments are not in order (their points then go back in time, warned).
    private static let reorderLimit = 100_000

    private func emitWaiting(_ point: Waiting, time: Timestamp?) throws(RouteError) {
        pointLine = Int(point.line)
        pointColumn = Int(point.column)
        altitude = nil
        speed = nil
        course = nil
        try emit(point.latitude, point.longitude, time: time)
    }

    private func emit(_ latitude: Double, _ longitude: Double, time: Timestamp?) throws(RouteError) {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else {
            return try warn("a position \(latitude), \(longitude) out of range; skipped")
        }
        var point = RoutePoint(
            latitude: latitude, longitude: longitude, elevationMeters: altitude, time: time, line: pointLine,
            column: pointColumn)
        point.speedMetersPerSecond = speed.flatMap { $0 >= 0 ? $0 : nil }
        point.courseDegrees = course.flatMap { $0 >= 0 && $0 <= 360 ? $0 : nil }
        if !trackBegun {
            trackBegun = true
            pending.append(.beginTrack(RoutePathInfo()))
            pending.append(.beginSegment(line: pointLine))
        }
        if options.checksTimeOrder, let time = point.time {
            if let previousTime, time < previousTime {
                try warn(
                    "a point's time \(time) is earlier than the previous point's \(previousTime); position kept, time dropped"
                )
                point.time = nil
            } else {
                previousTime = time
            }
        }
        pending.append(.trackPoint(point))
    }

    /// `48.8583°, 2.2945°` (Android) or `geo:48.8583,2.2945` (iOS).
    private func place(_ text: String?) throws(RouteError) -> (Double?, Double?) {
        guard var text else { return (nil, nil) }
        if text.hasPrefix("geo:") { text.removeFirst(4) }
        let parts = text.split(separator: ",").map { $0.filter { $0 != "°" && $0 != " " } }
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]) else {
            try warn("the place \"\(text.prefix(60))\" is not \"lat°, lng°\" or \"geo:lat,lng\"; skipped")
            return (nil, nil)
        }
        return (latitude, longitude)
    }

    private func parseTime(_ text: String?) throws(RouteError) -> Timestamp? {
        guard let text else { return nil }
        if let time = Timestamp(iso8601: text) { return time }
        try warn("the time \"\(text.prefix(60))\" is not ISO 8601; time dropped")
        return nil
    }

    private func finish() throws(RouteError) {
        guard shapeKnown else {
            throw .malformed(
                file: tokenizer.fileName, line: 1, column: 1,
                reason:
                    "not a Google Takeout location history (no `locations`, `semanticSegments` or top-level array of segments)"
            )
        }
        for (time, point) in ordered { try emitWaiting(point, time: time) }
        ordered.removeAll()
        if rawSignals > 0 {
            try warn(
                "\(rawSignals) rawSignals positions not read: the timeline's segments are the route", line: 1, column: 1
            )
        }
        if trackBegun {
            pending.append(.endSegment)
            pending.append(.endTrack)
        }
        finished = true
    }

    private func warn(_ message: String, line: Int? = nil, column: Int? = nil) throws(RouteError) {
        let (line, column) = (line ?? tokenizer.tokenLine, column ?? tokenizer.tokenColumn)
        if options.strict {
            throw .invalidContent(file: tokenizer.fileName, line: line, column: column, message: message)
        }
        pending.append(.warning(RouteWarning(line: line, column: column, message: message)))
    }
}
