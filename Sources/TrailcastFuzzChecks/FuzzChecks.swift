// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation

/// What each fuzz target checks of one input, beyond "no crash": shared by the libFuzzer
/// binaries in `Fuzz/` and by the test suite, which replays every committed input
/// (seed corpora and every input that ever failed) through the same checks.
///
/// A broken invariant stops the process (`fatalError`, whose message shows in every build), which libFuzzer reports
/// as a crash with the input saved.
public enum FuzzChecks {
    /// Every check, by the name of its fuzz target (and corpus folder).
    public static let targets: [String: @Sendable ([UInt8]) -> Void] = [
        "gpx-reader": gpxReader,
        "route-formats": routeFormats,
        "replay": replay,
        "scenario": scenario,
        "open-meteo": openMeteo,
        "forecast-query": forecastQuery,
        "nmea": nmea,
        "places": places,
        "mqtt": mqtt,
        "timeline-report": timelineReport,
        "regions": regions,
        "browser-messages": browserMessages,
        "weather-cache": weatherCacheEntry,
    ]

    /// Stops with `message` when `condition` does not hold (in every build configuration).
    static func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
        if !condition() { fatalError(message()) }
    }

    /// Stops unless `text` (an error's) is one line starting with the file's `path`.
    static func requireOneLineNaming(_ path: String, _ text: String, what: String) {
        require(!text.contains("\n"), "\(what) of more than one line: \(text)")
        require(text.hasPrefix(path), "\(what) that does not name the file: \(text)")
    }

    /// A file holding `bytes`, named to end in `suffix`, removed after `body`.
    static func withTemporaryFile<T>(_ bytes: [UInt8], suffix: String, _ body: (String) async -> T) async -> T {
        let path = NSTemporaryDirectory() + "trailcast-fuzz-\(getpid())-\(UUID().uuidString)\(suffix)"
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return await body(path)
    }

    static func withTemporaryFile<T>(_ bytes: [UInt8], suffix: String, _ body: (String) -> T) -> T {
        let path = NSTemporaryDirectory() + "trailcast-fuzz-\(getpid())-\(UUID().uuidString)\(suffix)"
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return body(path)
    }
}
