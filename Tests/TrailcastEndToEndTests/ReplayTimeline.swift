// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// One `trailcast replay --format jsonl` run: its lines, parsed with key order kept.
struct ReplayTimeline {
    var result: CommandResult
    /// The stdout lines, without newlines.
    var lines: [String]
    /// One parsed object per line.
    var events: [OrderedJSON]

    /// The documented keys of each event type, in order: the JSON Lines contract.
    static let keys: [String: [String]] = [
        "start": ["t", "offset", "type", "file", "source", "points", "settings"],
        "authorization": ["t", "offset", "type", "from", "to", "accuracy", "servicesEnabled", "cause"],
        "prompt": ["t", "offset", "type", "request", "answer"],
        "location": [
            "t", "offset", "type", "lat", "lon", "altitude", "horizontalAccuracy", "verticalAccuracy",
            "speed", "course", "index", "cached", "truth",
        ],
        "missed": ["t", "offset", "type", "reason", "fixes", "since", "until", "path"],
        "locationError": ["t", "offset", "type", "code", "message"],
        "region": ["t", "offset", "type", "identifier", "change", "lat", "lon", "center", "radius"],
        "regionError": ["t", "offset", "type", "identifier", "code", "reason", "message"],
        "visit": ["t", "offset", "type", "arrival", "departure", "lat", "lon", "horizontalAccuracy"],
        "pause": ["t", "offset", "type", "manager"],
        "resume": ["t", "offset", "type", "manager"],
        "indicator": ["t", "offset", "type", "state"],
        "alert": ["t", "offset", "type", "message"],
        "tap": ["t", "offset", "type", "action"],
        "places": ["t", "offset", "type", "order", "nearest", "total"],
        "app": ["t", "offset", "type", "state"],
        "launch": ["t", "offset", "type", "reason"],
        "signal": ["t", "offset", "type", "state", "cause"],
        "control": ["t", "offset", "type", "action", "paused", "multiplier", "change"],
        "call": ["t", "offset", "type", "method", "manager"],
        "plistError": ["t", "offset", "type", "method", "manager", "reason", "message"],
        "weather": [
            "t", "offset", "type", "lat", "lon", "cell", "source", "stale", "temperatureCelsius",
            "apparentTemperatureCelsius", "relativeHumidity", "precipitationMm", "cloudCover", "weatherCode",
            "condition", "windSpeedMps", "windDirectionDegrees", "isDay", "attempts", "fetchMs",
        ],
        "weatherError": ["t", "offset", "type", "cell", "message", "attempts", "httpStatus", "willRetry"],
        "end": [
            "t", "offset", "type", "points", "locations", "distanceMeters", "simulatedSeconds", "wallSeconds",
            "weatherLookups", "weatherNetworkFetches", "weatherCacheHits", "weatherErrors", "reason", "message",
        ],
    ]

    /// The keys of the `settings` object, named as the flags are.
    static let settingsKeys = [
        "travelSpeed", "interval", "speed", "loop", "authorization", "accuracy", "services", "prompt",
        "promptAlways", "request", "distanceFilter", "events", "strict",
        "weather", "weatherUrl", "weatherCell", "weatherTtl", "weatherEvents", "weatherCache", "weatherOffline",
        "weatherCacheMax",
        "gps", "gpsSigma", "gpsCorrelation", "gpsMultipath", "seed", "jitter", "maxGap", "app", "places", "placesLimit",
        "regions", "significantChanges", "visits", "backgroundUpdates",
    ]

    /// Settings `start` records only when given, after the others, in this order.
    static let settingsKeysWhenGiven = ["plistMissing", "plistDefaultAccuracyReduced"]

    static let alertMessage = "Location access is off. Enable it in Settings to see local weather."
    static let deniedMessage = "The app is not authorized to use location services (kCLErrorDenied)."

    /// Runs `trailcast replay FILE --format jsonl ARGUMENTS`, expecting success, and
    /// checks the contract every run must meet (see ``expectWellFormed()``).
    static func run(_ file: String, _ arguments: [String] = []) async throws -> ReplayTimeline {
        let result = try await TrailcastBinary.run(arguments: ["replay", file, "--format", "jsonl"] + arguments)
        try #require(result.status == 0, "exit \(result.status): \(result.stderr)")
        #expect(result.stderr == "")
        let timeline = try ReplayTimeline(result: result)
        timeline.expectWellFormed()
        return timeline
    }

    init(result: CommandResult) throws {
        self.result = result
        lines = result.stdoutLines
        events = try lines.map { try OrderedJSON(parsing: $0) }
    }

    /// Parses JSON Lines text that need not come from a finished run.
    init(text: String) throws {
        try self.init(result: CommandResult(status: 0, stdout: text, stderr: ""))
    }

    var types: [String] { events.map { $0["type"]?.stringValue ?? "?" } }

    func events(ofType type: String) -> [OrderedJSON] {
        events.filter { $0["type"]?.stringValue == type }
    }

    var locations: [OrderedJSON] { events(ofType: "location") }

    /// Every line except the locations, their weather, the stretches of fixes missed (the
    /// device's side, tested on their own) and the `start` line, with `wallSeconds` blanked
    /// in `end`: the permission story of a run, as exact text.
    var storyLines: [String] {
        zip(lines, types).filter { !["location", "weather", "missed", "start"].contains($1) }.map {
            Self.withoutWallSeconds($0.0)
        }
    }

    /// The `end` object; the last line.
    var end: OrderedJSON? { events.last.flatMap { $0["type"]?.stringValue == "end" ? $0 : nil } }

    /// The output with the one run-dependent figure, `end`'s `wallSeconds`, blanked.
    var stdoutWithoutWallSeconds: String {
        lines.map(Self.withoutWallSeconds).joined(separator: "\n") + "\n"
    }

    /// `{...,"wallSeconds":0.123,...}` becomes `{...,"wallSeconds":_,...}`.
    static func withoutWallSeconds(_ line: String) -> String {
        guard let range = line.range(of: "\"wallSeconds\":") else { return line }
        let rest = line[range.upperBound...]
        let valueEnd = rest.firstIndex { $0 == "," || $0 == "}" } ?? rest.endIndex
        return String(line[..<range.upperBound]) + "_" + String(rest[valueEnd...])
    }

    /// The offsets in seconds, in line order.
    var offsets: [Double] { events.compactMap { $0["offset"]?.doubleValue } }

    /// What every timeline must be: `start` first, `end` last and once, the documented
    /// keys in order for each type, millisecond UTC times that agree with `offset`,
    /// offsets that never go back, and an `end` that counts the locations.
    func expectWellFormed(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(types.first == "start", sourceLocation: sourceLocation)
        #expect(types.last == "end", sourceLocation: sourceLocation)
        #expect(types.filter { $0 == "start" }.count == 1, sourceLocation: sourceLocation)
        #expect(types.filter { $0 == "end" }.count == 1, sourceLocation: sourceLocation)
        guard let startTime = events.first?["t"]?.stringValue.flatMap(Self.milliseconds) else {
            Issue.record("no start time", sourceLocation: sourceLocation)
            return
        }
        var previousOffset = -1.0
        for (number, event) in events.enumerated() {
            let type = event["type"]?.stringValue ?? "?"
            #expect(
                event.keys == Self.keys[type], "line \(number + 1): \(lines[number])",
                sourceLocation: sourceLocation)
            guard let t = event["t"]?.stringValue, let time = Self.milliseconds(t),
                let offset = event["offset"]?.doubleValue
            else {
                Issue.record(
                    "line \(number + 1) has no valid t/offset: \(lines[number])", sourceLocation: sourceLocation)
                continue
            }
            #expect(
                time - startTime == Int64((offset * 1000).rounded()),
                "line \(number + 1): t \(t) is not start + offset \(offset)", sourceLocation: sourceLocation)
            #expect(offset >= previousOffset, "line \(number + 1) goes back in time", sourceLocation: sourceLocation)
            previousOffset = offset
        }
        if let end {
            #expect(end["locations"]?.intValue == locations.count, sourceLocation: sourceLocation)
            #expect(end["simulatedSeconds"] == end["offset"], sourceLocation: sourceLocation)
        }
        if let settings = events.first?["settings"] {
            let given = Self.settingsKeysWhenGiven.filter { settings.keys?.contains($0) == true }
            #expect(settings.keys == Self.settingsKeys + given, sourceLocation: sourceLocation)
        }
    }

    /// Milliseconds since 1970 of `YYYY-MM-DDThh:mm:ss.fffZ`, nil for any other form.
    static func milliseconds(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        let pattern = Array("dddd-dd-ddTdd:dd:dd.dddZ".utf8)
        guard bytes.count == pattern.count else { return nil }
        for (byte, expected) in zip(bytes, pattern) {
            if expected == UInt8(ascii: "d") {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            } else if byte != expected {
                return nil
            }
        }
        func number(_ range: Range<Int>) -> Int64 { Int64(String(decoding: bytes[range], as: UTF8.self))! }
        var components = DateComponents()
        components.calendar = Calendar(identifier: .gregorian)
        components.timeZone = TimeZone(identifier: "UTC")
        components.year = Int(number(0..<4))
        components.month = Int(number(5..<7))
        components.day = Int(number(8..<10))
        guard let day = components.date else { return nil }
        let seconds = Int64(day.timeIntervalSince1970) + number(11..<13) * 3600 + number(14..<16) * 60 + number(17..<19)
        return seconds * 1000 + number(20..<23)
    }
}
