// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Clocks
import Foundation
import TrailcastRoutes
import TrailcastEngine
import Testing
import TrailcastWeather
import TrailcastBasics
import TrailcastSettings
import TrailcastTimeline
import TrailcastDevice

/// Cancels the task it records in once the app has received a number of locations.
struct CancellingRecorder: TimelineRecorder {
    let cancelAtLocation: Int
    var timeline = TimelineCollector()
    private var locations = 0

    init(cancelAtLocation: Int) {
        self.cancelAtLocation = cancelAtLocation
    }

    mutating func record(_ event: TimelineEvent) {
        timeline.record(event)
        if event.kind.fix != nil {
            locations += 1
            if locations == cancelAtLocation { withUnsafeCurrentTask { $0?.cancel() } }
        }
    }

    mutating func flush() {
        timeline.flush()
    }
}

// MARK: - Running a replay

extension ReplayTests {
    struct Run {
        var summary: ReplaySummary
        var events: [TimelineEvent]
        var flushes: [Int]
        var warnings: [RouteWarning]

        /// The fixes the app received, in order.
        var locations: [LocationFix] { events.compactMap(\.kind.fix) }
        /// The offsets at which the app received them.
        var locationOffsets: [Double] { events.filter { $0.kind.fix != nil }.map(\.offsetSeconds) }
        /// Every event's type and offset, e.g. `"location@10.0"`.
        var outline: [String] { events.map { "\($0.kind.typeName)@\($0.offsetSeconds)" } }
    }

    /// Runs on virtual time and checks what every run must satisfy: `start` first, `end`
    /// last and nowhere else, times never going back, the returned summary in `end`.
    static func replay(
        _ path: String, _ configuration: ReplayConfiguration, weatherFetcher: (any WeatherFetcher)? = nil,
        chunkSize: Int = 64 * 1024
    ) async throws(ReplayError) -> Run {
        var timeline = TimelineCollector()
        var warnings: [RouteWarning] = []
        let summary = try await Replay(
            file: path, configuration: configuration, weatherFetcher: weatherFetcher, chunkSize: chunkSize
        )
        .run(clock: UnimplementedClock(), recorder: &timeline) { warnings.append($0) }
        let events = timeline.events
        #expect(events.first?.kind.typeName == "start")
        #expect(events.last?.kind == .end(summary))
        #expect(events.filter { $0.kind.typeName == "start" || $0.kind.typeName == "end" }.count == 2)
        #expect(
            zip(events, events.dropFirst()).allSatisfy {
                $0.offsetSeconds <= $1.offsetSeconds && $0.time <= $1.time
            })
        #expect(events.allSatisfy { abs($0.time.seconds(since: events[0].time) - $0.offsetSeconds) < 1e-6 })
        #expect(summary.locations == events.filter { $0.kind.fix != nil }.count)
        #expect(summary.simulatedSeconds == events.last?.offsetSeconds)
        return Run(summary: summary, events: events, flushes: timeline.flushedEventCounts, warnings: warnings)
    }
}

extension TimelineEvent.Kind {
    /// The fix of a `location` event.
    var fix: LocationFix? {
        if case .location(let fix) = self { return fix }
        return nil
    }
}

// MARK: - GPX files

/// Small GPX documents, one element per line so that warnings' line numbers are known:
/// line 1 is the XML declaration, line 2 `<gpx>`, and the body starts on line 3.
enum GPX {
    /// Point n is 0.001 degrees of latitude (about 111 m) north of point n - 1.
    static func latitude(_ n: Int) -> Double {
        Double(47_000 + n) / 1000
    }

    static func latitudeText(_ n: Int) -> String {
        let thousandths = 47_000 + n
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    static func legMeters(_ a: Int, _ b: Int) -> Double {
        GreatCircle.distanceMeters(latitude1: latitude(a), longitude1: 8, latitude2: latitude(b), longitude2: 8)
    }

    /// A `<trkpt>` (or another point element) at point n, on longitude 8 unless said.
    static func point(
        _ n: Int, seconds: Double?, extra: String = "", element: String = "trkpt", longitude: String = "8"
    ) -> String {
        let time = seconds.map { "<time>\(ReplayTests.start.adding(seconds: $0).iso8601())</time>" } ?? ""
        return "<\(element) lat=\"\(latitudeText(n))\" lon=\"\(longitude)\">\(extra)\(time)</\(element)>"
    }

    /// One track with one segment: points start on line 4.
    static func segment(_ points: [String]) -> [String] {
        ["<trk><trkseg>"] + points + ["</trkseg></trk>"]
    }

    /// A track of `count` points a minute apart, on longitude 8.
    static func track(_ count: Int, from first: Int = 0, startSeconds: Double = 0) -> [String] {
        segment((0..<count).map { point(first + $0, seconds: startSeconds + Double($0) * 60) })
    }

    /// A route of `count` points a minute apart, on longitude 7.
    static func route(_ count: Int) -> [String] {
        ["<rte>"] + (0..<count).map { point($0, seconds: Double($0) * 60, element: "rtept", longitude: "7") } + [
            "</rte>"
        ]
    }

    /// `count` waypoints a minute apart, on longitude 6.
    static func waypoints(_ count: Int) -> [String] {
        (0..<count).map { point($0, seconds: Double($0) * 60, element: "wpt", longitude: "6") }
    }

    static func document(_ body: [String]) -> String {
        ([
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<gpx version="1.1" creator="Trailcast tests" xmlns="http://www.topografix.com/GPX/1/1">"#,
        ]
            + body + ["</gpx>", ""]).joined(separator: "\n")
    }
}

/// A fresh directory under the system temporary directory for one test's GPX files,
/// so tests running in parallel never share a file.
struct GPXScratch {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("trailcast-replay-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Writes a GPX document with this body and returns its path.
    func write(_ body: [String], named name: String = "route.gpx") throws -> String {
        let file = directory.appendingPathComponent(name)
        try Data(GPX.document(body).utf8).write(to: file)
        return file.path
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// The engine's tests look at permissions, timing and locations; weather, on by default,
/// has a suite of its own (`ReplayWeatherTests`), so they run without it.
func withoutWeather(_ configuration: ReplayConfiguration) -> ReplayConfiguration {
    var configuration = configuration
    configuration.weather.provider = .none
    return configuration
}
