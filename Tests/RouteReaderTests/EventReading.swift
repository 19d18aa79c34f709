// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import TrailcastRoutes

/// Reads every event of a GPX document held in a string.
func readAllEvents(
    ofGPX text: String, name: String = "test.gpx",
    options: GPXStreamReader.Options = .init()
) throws(RouteError) -> [RouteEvent] {
    try readAllEvents(ofBytes: Array(text.utf8), name: name, options: options)
}

/// Reads every event of a GPX document held in bytes (any encoding libxml2 detects).
func readAllEvents(
    ofBytes bytes: [UInt8], name: String = "test.gpx",
    options: GPXStreamReader.Options = .init()
) throws(RouteError) -> [RouteEvent] {
    try drain(GPXStreamReader(bytes: bytes, name: name, options: options))
}

/// Reads every event of a GPX file.
func readAllEvents(
    ofFile path: String, options: GPXStreamReader.Options = .init()
) throws(RouteError) -> [RouteEvent] {
    try drain(GPXStreamReader(contentsOfFile: path, options: options))
}

/// The events a reader delivers before it throws, and what it throws (nil if it does not).
func readUntilError(_ reader: any RouteEventReader) -> (events: [RouteEvent], error: RouteError?) {
    var events: [RouteEvent] = []
    do {
        while let event = try reader.next() { events.append(event) }
        return (events, nil)
    } catch {
        return (events, error)
    }
}

/// Like ``readUntilError(_:)`` for an input the GPX fuzz target kept
/// (`Fuzz/Crashes/gpx-reader/NAME`), read `chunkSize` bytes at a time and named `displayName`.
func readUntilError(
    keptFuzzInput name: String, chunkSize: Int, as displayName: String
) throws -> (events: [RouteEvent], error: RouteError?) {
    let path = RepositoryFiles.path("Fuzz/Crashes/gpx-reader/\(name)")
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    return readUntilError(GPXStreamReader(bytes: bytes, name: displayName, options: .init(chunkSize: chunkSize)))
}

/// Like ``readUntilError(_:)`` for a document in a string.
func readUntilError(
    ofGPX text: String, name: String = "test.gpx", options: GPXStreamReader.Options = .init()
) -> (events: [RouteEvent], error: RouteError?) {
    readUntilError(GPXStreamReader(bytes: Array(text.utf8), name: name, options: options))
}

private func drain(_ reader: any RouteEventReader) throws(RouteError) -> [RouteEvent] {
    var events: [RouteEvent] = []
    while let event = try reader.next() { events.append(event) }
    return events
}

/// A GPX 1.1 document around `body`: the XML declaration is line 1, `<gpx>` line 2,
/// so the body's first line is line 3 (line numbers in assertions depend on it).
func gpx11(_ body: String, creator: String = "Trailcast tests") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <gpx version="1.1" creator="\(creator)" xmlns="http://www.topografix.com/GPX/1/1">
    \(body)
    </gpx>
    """
}

extension [RouteEvent] {
    var metadata: [RouteMetadata] {
        compactMap { if case .metadata(let value) = $0 { value } else { nil } }
    }
    var waypoints: [RoutePoint] {
        compactMap { if case .waypoint(let value) = $0 { value } else { nil } }
    }
    var routePoints: [RoutePoint] {
        compactMap { if case .routePoint(let value) = $0 { value } else { nil } }
    }
    var trackPoints: [RoutePoint] {
        compactMap { if case .trackPoint(let value) = $0 { value } else { nil } }
    }
    var warnings: [RouteWarning] {
        compactMap { if case .warning(let value) = $0 { value } else { nil } }
    }
    /// Every event but the warnings.
    var withoutWarnings: [RouteEvent] {
        filter { if case .warning = $0 { false } else { true } }
    }

    /// A compact, readable outline of the document structure, one word per event,
    /// for asserting document order: `wpt A`, `rte R`, `rtept`, `/rte`, `trk T`,
    /// `seg`, `trkpt`, `/seg`, `/trk`, `metadata`, `warning`.
    var outline: [String] {
        map { event in
            switch event {
            case .metadata: "metadata"
            case .waypoint(let point): "wpt \(point.name ?? "-")"
            case .beginRoute(let info): "rte \(info.name ?? "-")"
            case .routePoint(let point): "rtept \(point.name ?? "-")"
            case .endRoute: "/rte"
            case .beginTrack(let info): "trk \(info.name ?? "-")"
            case .beginSegment: "seg"
            case .trackPoint(let point): "trkpt \(point.name ?? "-")"
            case .endSegment: "/seg"
            case .endTrack: "/trk"
            case .warning: "warning"
            }
        }
    }
}

/// Files in the repository, located from this source file (three levels below the root).
enum RepositoryFiles {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // RouteReaderTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root

    /// The absolute path of a repository-relative path.
    static func path(_ relativePath: String) -> String {
        root.appendingPathComponent(relativePath).path
    }

    /// Every `.gpx` under `gpx/` and `Tests/Fixtures/realworld/`, repository-relative, sorted.
    static let sampleGPXFiles: [String] = ["gpx", "Tests/Fixtures/realworld"].flatMap { directory in
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path(directory))) ?? []
        return names.filter { $0.hasSuffix(".gpx") }.sorted().map { "\(directory)/\($0)" }
    }
}

/// The bytes of a file, or nil if it cannot be read.
func readFileBytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { Array($0) }
}

/// Reads a document of another route format held in a string, `chunkSize` bytes at a time.
func readUntilError(
    _ text: String, as format: RouteFormat, name: String? = nil, options: GPXStreamReader.Options = .init()
) -> (events: [RouteEvent], error: RouteError?) {
    do {
        return readUntilError(
            try format.makeReader(bytes: Array(text.utf8), name: name ?? "test.\(format.rawValue)", options: options))
    } catch {
        return ([], error)
    }
}

extension RouteEvent {
    /// The point of a waypoint, route point or track point event.
    var point: RoutePoint? {
        switch self {
        case .waypoint(let point), .routePoint(let point), .trackPoint(let point): return point
        default: return nil
        }
    }

    /// The event's case, without its values: `trackPoint`, `beginSegment`, ...
    var caseName: String {
        switch self {
        case .metadata: return "metadata"
        case .waypoint: return "waypoint"
        case .beginRoute: return "beginRoute"
        case .routePoint: return "routePoint"
        case .endRoute: return "endRoute"
        case .beginTrack: return "beginTrack"
        case .beginSegment: return "beginSegment"
        case .trackPoint: return "trackPoint"
        case .endSegment: return "endSegment"
        case .endTrack: return "endTrack"
        case .warning: return "warning"
        }
    }
}
