// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// RFC 7946 GeoJSON read into GPX's events, in constant memory:
///
/// - a `LineString` or `MultiLineString` (a bare geometry, a `Feature`'s, or each of a
///   `FeatureCollection`'s features) is a track named by `properties.name`, each line a
///   segment; positions are `[lon, lat]` or `[lon, lat, alt]` (RFC 7946 §3.1.1);
/// - times come from `properties.coordTimes`: one ISO 8601 string per position, or one
///   array per line of a `MultiLineString` — the convention of Mapbox's togeojson, which
///   Trailcast's own `export --to geojson` writes;
/// - a `Point` or `MultiPoint` is a waypoint (or several): `properties.name`, `desc` or
///   `description`, and `time`;
/// - polygons are areas, not routes, and are skipped; so are `GeometryCollection`s (with
///   a warning).
///
/// Keys come in any order (RFC 8259 §4): a feature's `coordinates` may come before its
/// `coordTimes`, so a feature's positions and times wait in ``SpillQueue``s (memory, then
/// disk) and its points are handed out when the feature ends.
final class GeoJSONReader: RouteEventReader {
    private enum Role {
        case document, features, feature, geometry, properties, coordinates, coordTimes, skipped
    }

    private struct Frame {
        var role: Role
        /// For `coordinates`: how deep below the `coordinates` key (1 is its own array).
        var depth = 0
        /// The numbers of a position array so far (at most three kept).
        var numbers: (Double, Double, Double) = (0, 0, .nan)
        var numberCount = 0
        /// Strings, booleans, nulls or objects among the elements: not a position.
        var holdsNonNumbers = false
        /// Arrays among the elements: positions, or lines of them.
        var containsArrays = false
        /// Whether this array's elements were positions: it is a line.
        var heldPositions = false
        var line = 0
        var column = 0
    }

    /// One position as it waits: NaN altitude for none.
    private struct SpilledPosition: BitwiseCopyable {
        var longitude: Double
        var latitude: Double
        var altitude: Double
        var part: Int32
        var line: Int32
        var column: Int32
        /// Not a valid position (warned about when read): skipped, its time with it.
        var isSkipped = false
    }

    /// A feature's contents, gathered until its object ends.
    private struct Feature {
        var geometryType: String?
        var name: String?
        var description: String?
        var time: Timestamp?
        var positions = SpillQueue<SpilledPosition>()
        var times = SpillQueue<SpilledTime>()
        var timeCount = 0
        var partCounter: Int32 = 0
        /// How deep the deepest position was: 1 for a Point, 2 for a line, 3 for lines.
        var positionDepth = 0
        var line = 0

        mutating func reset(line: Int) {
            geometryType = nil
            name = nil
            description = nil
            time = nil
            positions.removeAll()
            times.removeAll()
            timeCount = 0
            partCounter = 0
            positionDepth = 0
            self.line = line
        }
    }

    /// A finished feature being handed out, one event per call.
    private struct Emission {
        enum Kind { case track, waypoints }
        var kind: Kind
        var began = false
        var part: Int32 = -1
        var pointsHandedOut = 0
        var previousTime: Timestamp?
    }

    static let geometryTypes: Set<String> = [
        "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon", "GeometryCollection",
    ]

    private var tokenizer: JSONTokenizer
    private let options: GPXStreamReader.Options
    private var frames: [Frame] = []
    private var key: String?
    private var feature = Feature()
    private var emission: Emission?
    private var pending = EventQueue()
    private var metadataDelivered = false
    private var rootType: String?
    private var finished = false
    private var warnedAboutCollections = false

    init(source: ByteSource, options: GPXStreamReader.Options) {
        tokenizer = JSONTokenizer(source: source, chunkSize: options.chunkSize)
        self.options = options
    }

    deinit { tokenizer.deallocate() }

    func next() throws(RouteError) -> RouteEvent? {
        do {
            while true {
                if let event = pending.next() { return event }
                if emission != nil {
                    if let event = try nextEmitted() { return event }
                    continue
                }
                if finished { return nil }
                try step()
            }
        } catch {
            finished = true
            emission = nil
            pending.removeAll()
            throw error
        }
    }

    // MARK: - Reading

    /// Reads one token and acts on it.
    private func step() throws(RouteError) {
        let token = try tokenizer.next()
        let parent = frames.last
        switch token {
        case .key(let name):
            key = name
            return
        case .beginObject, .beginArray:
            let isObject = token == .beginObject
            let role = try role(ofContainer: isObject, in: parent)
            var frame = Frame(role: role, line: tokenizer.tokenLine, column: tokenizer.tokenColumn)
            if role == .coordinates { frame.depth = parent?.role == .coordinates ? parent!.depth + 1 : 1 }
            if parent?.role == .coordinates {
                if isObject {
                    frames[frames.count - 1].holdsNonNumbers = true
                } else {
                    frames[frames.count - 1].containsArrays = true
                }
            }
            if role == .document || role == .feature { feature.reset(line: tokenizer.tokenLine) }
            frames.append(frame)
        case .endObject, .endArray:
            let frame = frames.removeLast()
            try end(frame)
        case .string(let text):
            try take(string: text, in: parent)
        case .number(let number):
            take(number: number, in: parent)
        case .bool, .null:
            if parent?.role == .coordTimes, token == .null {
                feature.times.append(SpilledTime(nil))
                feature.timeCount += 1
            } else if parent?.role == .coordinates {
                frames[frames.count - 1].holdsNonNumbers = true
            }
        case .end:
            finished = true
            if rootType == nil {
                throw tokenizer.error("this is not GeoJSON: the top-level object has no \"type\"", line: 1, column: 1)
            }
        }
        key = nil
        if let reason = feature.positions.failure ?? feature.times.failure {
            throw .cannotRead(file: tokenizer.fileName, reason: reason)
        }
    }

    private func role(ofContainer isObject: Bool, in parent: Frame?) throws(RouteError) -> Role {
        guard let parent else {
            guard isObject else {
                throw tokenizer.error(
                    "this is not GeoJSON: the document is an array, not an object",
                    line: tokenizer.tokenLine, column: tokenizer.tokenColumn)
            }
            return .document
        }
        switch parent.role {
        case .document, .feature, .geometry:
            switch key ?? "" {
            case "features" where parent.role == .document && !isObject: return .features
            case "geometry" where parent.role != .geometry && isObject: return .geometry
            case "properties" where parent.role != .geometry && isObject: return .properties
            case "coordinates" where !isObject: return .coordinates
            case "geometries":
                if !warnedAboutCollections {
                    warnedAboutCollections = true
                    try warn(
                        "a GeometryCollection is skipped (warned once): give its lines and points as features",
                        line: tokenizer.tokenLine, column: tokenizer.tokenColumn)
                }
                return .skipped
            default: return .skipped
            }
        case .features: return isObject ? .feature : .skipped
        case .properties: return key == "coordTimes" && !isObject ? .coordTimes : .skipped
        case .coordinates: return isObject ? .skipped : .coordinates
        case .coordTimes: return isObject ? .skipped : .coordTimes
        case .skipped: return .skipped
        }
    }

    private func take(string: String, in parent: Frame?) throws(RouteError) {
        guard let parent else { return }
        switch parent.role {
        case .document, .feature, .geometry:
            guard key == "type" else { return }
            if parent.role == .document {
                guard string == "FeatureCollection" || string == "Feature" || Self.geometryTypes.contains(string) else {
                    throw tokenizer.error(
                        "this is not GeoJSON: its \"type\" is \"\(string.quotedInMessage(limit: 60))\"",
                        line: tokenizer.tokenLine, column: tokenizer.tokenColumn)
                }
                rootType = string
                if Self.geometryTypes.contains(string) { feature.geometryType = string }
            } else if parent.role == .geometry {
                feature.geometryType = string
            }
        case .properties:
            switch key ?? "" {
            case "name": feature.name = string
            case "desc", "description": feature.description = string
            case "time":
                feature.time = try parseTime(string)
            default: break
            }
        case .coordTimes:
            feature.times.append(SpilledTime(try parseTime(string)))
            feature.timeCount += 1
        case .coordinates:
            frames[frames.count - 1].holdsNonNumbers = true
        default:
            break
        }
    }

    private func take(number: Double, in parent: Frame?) {
        guard parent?.role == .coordinates else {
            if parent?.role == .coordTimes {
                // Not a time string: kept as no time, so later times keep their positions.
                feature.times.append(SpilledTime(nil))
                feature.timeCount += 1
            }
            return
        }
        var frame = frames[frames.count - 1]
        switch frame.numberCount {
        case 0: frame.numbers.0 = number
        case 1: frame.numbers.1 = number
        case 2: frame.numbers.2 = number
        default: break  // RFC 7946 §3.1.1: further elements are not interpreted.
        }
        frame.numberCount += 1
        frames[frames.count - 1] = frame
    }

    private func parseTime(_ text: String) throws(RouteError) -> Timestamp? {
        guard let parsed = Array(text.utf8).withUnsafeBytes({ ISO8601.parse($0) }) else {
            try warn(
                "unparsable time \"\(text.quotedInMessage(limit: 60))\"; time dropped", line: tokenizer.tokenLine,
                column: tokenizer.tokenColumn)
            return nil
        }
        return parsed.timestamp
    }

    private func end(_ frame: Frame) throws(RouteError) {
        switch frame.role {
        case .coordinates:
            if frame.containsArrays {
                // A line's end (or the lines' end): the next position starts another part.
                if frame.heldPositions { feature.partCounter &+= 1 }
            } else if frame.numberCount > 0 || frame.holdsNonNumbers {
                try endPosition(frame)
            }
        case .feature, .document:
            try finishFeature()
        default:
            break
        }
    }

    private func endPosition(_ frame: Frame) throws(RouteError) {
        if frames.last?.role == .coordinates { frames[frames.count - 1].heldPositions = true }
        feature.positionDepth = max(feature.positionDepth, frame.depth)
        let (longitude, latitude, altitude) = frame.numbers
        guard !frame.holdsNonNumbers, frame.numberCount >= 2, longitude.magnitude <= 180, latitude.magnitude <= 90
        else {
            try warn(
                "a position that is not [lon, lat] or [lon, lat, alt] in range; point skipped",
                line: frame.line, column: frame.column)
            // Kept as a gap, so that the times after it stay with their positions.
            var skipped = SpilledPosition(
                longitude: 0, latitude: 0, altitude: .nan, part: feature.partCounter, line: 0, column: 0)
            skipped.isSkipped = true
            feature.positions.append(skipped)
            return
        }
        feature.positions.append(
            SpilledPosition(
                longitude: longitude, latitude: latitude, altitude: frame.numberCount >= 3 ? altitude : .nan,
                part: feature.partCounter, line: Int32(clamping: frame.line), column: Int32(clamping: frame.column)))
    }

    // MARK: - Handing out

    private func deliverMetadataIfNeeded() {
        guard !metadataDelivered else { return }
        metadataDelivered = true
        pending.append(.metadata(RouteMetadata()))
    }

    private func finishFeature() throws(RouteError) {
        deliverMetadataIfNeeded()
        guard !feature.positions.isEmpty else { return }
        let type = feature.geometryType ?? (feature.positionDepth >= 2 ? "LineString" : "Point")
        switch type {
        case "LineString", "MultiLineString": emission = Emission(kind: .track)
        case "Point", "MultiPoint": emission = Emission(kind: .waypoints)
        default: feature.positions.removeAll()  // Areas are not routes.
        }
    }

    private func nextEmitted() throws(RouteError) -> RouteEvent? {
        guard var emission else { return nil }
        if emission.kind == .track && !emission.began {
            emission.began = true
            self.emission = emission
            return .beginTrack(RoutePathInfo(name: feature.name, description: feature.description, line: feature.line))
        }
        guard let position = feature.positions.removeFirst() else {
            self.emission = nil
            try finish(emission)
            return nil
        }
        defer { self.emission = emission }
        if position.isSkipped {
            _ = feature.times.removeFirst()
            emission.pointsHandedOut += 1
            return nil
        }
        var point = RoutePoint(
            latitude: position.latitude, longitude: position.longitude,
            elevationMeters: position.altitude.isNaN ? nil : position.altitude,
            line: Int(position.line), column: Int(position.column))
        if let time = feature.times.removeFirst() {
            point.time = time.time
        } else if emission.kind == .waypoints {
            point.time = feature.time
        }
        emission.pointsHandedOut += 1
        switch emission.kind {
        case .waypoints:
            point.name = feature.name
            point.description = feature.description
            return .waypoint(point)
        case .track:
            if position.part != emission.part {
                if emission.part >= 0 { pending.append(.endSegment) }
                emission.part = position.part
                emission.previousTime = nil
                pending.append(.beginSegment(line: Int(position.line)))
            }
            if options.checksTimeOrder, let time = point.time {
                if let previous = emission.previousTime, time < previous {
                    try warn(
                        "time \(time) is earlier than the previous point's \(previous); position kept, time dropped",
                        line: point.line, column: point.column)
                    point.time = nil
                } else {
                    emission.previousTime = time
                }
            }
            pending.append(.trackPoint(point))
            return nil
        }
    }

    /// The end of a feature's points: its segment and track end.
    private func finish(_ emission: Emission) throws(RouteError) {
        if feature.timeCount > 0 && feature.timeCount != emission.pointsHandedOut {
            let (times, positions) = (feature.timeCount, emission.pointsHandedOut)
            let kept =
                times > positions
                ? "the last \(times - positions) times dropped" : "the last \(positions - times) positions untimed"
            try warn(
                "\(times) coordTimes for \(positions) positions; paired in order, \(kept)",
                line: feature.line, column: 1)
        }
        feature.times.removeAll()
        guard emission.kind == .track else { return }
        if emission.part >= 0 { pending.append(.endSegment) }
        pending.append(.endTrack)
    }

    private func warn(_ message: String, line: Int, column: Int) throws(RouteError) {
        if options.strict {
            throw .invalidContent(file: tokenizer.fileName, line: line, column: column, message: message)
        }
        pending.append(.warning(RouteWarning(line: line, column: column, message: message)))
    }
}
