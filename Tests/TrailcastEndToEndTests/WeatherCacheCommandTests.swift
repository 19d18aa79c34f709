// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// `--weather-cache DIR`: record once, then replay with no network at all.
@Suite("trailcast replay --weather-cache")
struct WeatherCacheCommandTests {
    static let ride = "gpx/zurich-lake-ride.gpx"
    /// Nothing listens there: a run that needs the network gets weather errors.
    static let deadServer = [
        "--weather", "open-meteo", "--weather-url", "http://127.0.0.1:9", "--weather-timeout", "300ms",
    ]

    static func weatherLines(_ timeline: ReplayTimeline) -> [OrderedJSON] { timeline.events(ofType: "weather") }

    /// The conditions of a weather line: what the app showed, wherever it came from.
    static func conditions(_ line: OrderedJSON) -> [String] {
        [
            "offset", "cell", "temperatureCelsius", "apparentTemperatureCelsius", "relativeHumidity", "precipitationMm",
            "cloudCover", "weatherCode", "windSpeedMps", "windDirectionDegrees", "isDay",
        ].map { "\(line[$0].map { "\($0)" } ?? "-")" }
    }

    static func entries(in directory: URL) -> [String] {
        let walker = FileManager.default.enumerator(atPath: directory.path)
        var files: [String] = []
        while let path = walker?.nextObject() as? String { if path.hasSuffix(".json") { files.append(path) } }
        return files.sorted()
    }

    @Test("a second run answers every miss from disk: no request (the server is gone), the same weather, source disk")
    func recordThenReplay() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let cache = scratch.url.appendingPathComponent("weather-cache")
        // A ceiling, not the default 5 s: a loaded machine's slow answer is not what this tests.
        let recorded = try await ReplayTimeline.run(
            Self.ride, ["--weather", "local", "--weather-cache", cache.path, "--weather-timeout", "5m"])
        let fetched = Self.weatherLines(recorded)
        #expect(
            fetched.count == 43 && fetched.allSatisfy { $0["source"] == .string("network") }, "\(fetched.count) fetches"
        )
        let fetches = try #require(recorded.end?["weatherNetworkFetches"]?.intValue)
        #expect(fetches == fetched.count)
        #expect(Self.entries(in: cache).count == fetches, "one file per cell and window fetched")
        #expect(recorded.events.first?["settings"]?["weatherCache"] == .string(cache.path))

        let replayed = try await ReplayTimeline.run(Self.ride, Self.deadServer + ["--weather-cache", cache.path])
        let fromDisk = Self.weatherLines(replayed)
        #expect(fromDisk.allSatisfy { $0["source"] == .string("disk") && $0["attempts"] == .number("0") })
        #expect(fromDisk.map(Self.conditions) == fetched.map(Self.conditions))
        #expect(replayed.end?["weatherNetworkFetches"] == .number("0"))
        #expect(replayed.end?["weatherErrors"] == .number("0"))
        #expect(replayed.events(ofType: "weatherError").isEmpty)

        let offline = try await ReplayTimeline.run(
            Self.ride, ["--weather", "local", "--weather-cache", cache.path, "--weather-offline"])
        #expect(Self.weatherLines(offline).map(Self.conditions) == fetched.map(Self.conditions))
        #expect(offline.events.first?["settings"]?["weatherOffline"] == .bool(true))
    }

    @Test("a corrupt entry: a warning naming its file, that cell fetched again, the file whole again")
    func corruptEntryIsRefetched() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let cache = scratch.url.appendingPathComponent("weather-cache")
        _ = try await ReplayTimeline.run(Self.ride, ["--weather", "local", "--weather-cache", cache.path])
        let entry = try #require(Self.entries(in: cache).first)
        let path = cache.appendingPathComponent(entry).path
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))

        let result = try await TrailcastBinary.run(arguments: [
            "replay", Self.ride, "--format", "jsonl", "--weather", "local", "--weather-cache", cache.path,
        ])
        #expect(result.status == 0)
        #expect(
            result.stderrLines == [
                "\(path): warning: unreadable weather cache entry (\(whole.count / 2) bytes); treated as a miss"
            ])
        let timeline = try ReplayTimeline(result: result)
        #expect(timeline.end?["weatherNetworkFetches"] == .number("1"))
        #expect(Self.weatherLines(timeline).filter { $0["source"] == .string("network") }.count == 1)
        // Rewritten whole (its `fetchedAt` differs, so compare what it answers).
        func conditions(_ data: Data) throws -> NSDictionary? {
            (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["conditions"] as? NSDictionary
        }
        let rewritten = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(try conditions(rewritten) != nil && conditions(rewritten) == conditions(whole))
        let offline = try await ReplayTimeline.run(
            Self.ride, ["--weather", "local", "--weather-cache", cache.path, "--weather-offline"])
        #expect(offline.end?["weatherErrors"] == .number("0"), "every entry reads back")
    }

    @Test("two runs sharing one cache at once: both finish cleanly, and every entry reads back whole")
    func twoRunsAtOnce() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let cache = scratch.url.appendingPathComponent("weather-cache")
        let arguments = ["replay", Self.ride, "--format", "jsonl", "--weather", "local", "--weather-cache", cache.path]
        async let first = TrailcastBinary.run(arguments: arguments, waitsForASlot: false)
        async let second = TrailcastBinary.run(arguments: arguments, waitsForASlot: false)
        let results = try await [first, second]
        for result in results {
            #expect(result.status == 0)
            #expect(result.stderr == "", "a run saw half an entry or could not write one")
        }
        let offline = try await ReplayTimeline.run(
            Self.ride, ["--weather", "local", "--weather-cache", cache.path, "--weather-offline"])
        #expect(offline.end?["weatherErrors"] == .number("0"))
        #expect(
            Self.entries(in: cache).count == Self.weatherLines(offline).count,
            "one entry per cell and window the ride needs")
    }

    @Test("offline with an empty cache: one weatherError per cell saying so, and the run goes on")
    func offlineMiss() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let timeline = try await ReplayTimeline.run(
            Self.ride, ["--weather", "local", "--weather-cache", scratch.url.path, "--weather-offline"])
        let errors = timeline.events(ofType: "weatherError")
        // The ride's 21 cells, each asked for again after a backoff while it stays missing.
        #expect(errors.count == 55)
        #expect(
            errors.first?["message"]?.stringValue == "offline: cell 47.36,8.54 at this hour is not in the weather cache"
        )
        #expect(
            errors.allSatisfy {
                ($0["message"]?.stringValue ?? "").hasPrefix("offline: cell ") && $0["attempts"] == .number("0")
            })
        #expect(timeline.end?["weatherNetworkFetches"] == .number("0"))
        #expect(timeline.locations.count == 3851)
    }

    @Test(
        "serve-weather --cache: the recorded answer where it covers the cell and hour, the model elsewhere; an app asking it sees the recording"
    )
    func serveRecordedWeather() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let cache = scratch.url.appendingPathComponent("weather-cache")
        _ = try await ReplayTimeline.run(
            "gpx/sf-waterfront-walk.gpx", ["--weather", "local", "--weather-cache", cache.path])
        // The walk starts at 16:00 UTC in cell 37.79,-122.40: make that answer unmistakable.
        let entry = cache.appendingPathComponent("0.01/37.79,-122.40/1781366400-900.json")
        let text = try String(contentsOf: entry, encoding: .utf8)
        try #require(text.contains("\"temperatureCelsius\":19.4,"))
        try text.replacingOccurrences(of: "\"temperatureCelsius\":19.4,", with: "\"temperatureCelsius\":42.5,")
            .write(to: entry, atomically: true, encoding: .utf8)

        let server = try await ServeWeatherCommandTests.Server(["--cache", cache.path])
        let hours = "&hourly=temperature_2m&timeformat=unixtime&start_hour=2026-06-13T15:00&end_hour=2026-06-13T17:00"
        // The archive: the recorded day is past the forecast's 93 days.
        let forecast = try await server.get("/v1/archive?latitude=37.7954&longitude=-122.3942" + hours)
        let elsewhere = try await server.get("/v1/archive?latitude=47.37&longitude=8.54" + hours)
        let replay = try await TrailcastBinary.run(arguments: [
            "replay", "gpx/sf-waterfront-walk.gpx", "--format", "jsonl", "--weather", "open-meteo", "--weather-url",
            server.server.url,
        ])
        let stopped = try await server.stop()
        #expect(stopped.status == 0)
        #expect(server.process.stderr.hasPrefix("serve-weather: 14 recorded answers from \(cache.path)\n"))
        #expect(forecast.status == 200)
        let temperatures = try #require(forecast.body.firstMatch(of: /"temperature_2m":\[([^\]]*)\]/)).1.split(
            separator: ",")
        try #require(temperatures.count == 3, "15:00, 16:00, 17:00: \(forecast.body)")
        #expect(temperatures[1] == "42.5", "16:00 is recorded")
        #expect(temperatures[0] != "42.5" && temperatures[2] != "42.5", "15:00 and 17:00 are the model's")
        #expect(!elsewhere.body.contains("42.5"))
        let first = try #require(try ReplayTimeline(result: replay).events(ofType: "weather").first)
        #expect(first["temperatureCelsius"] == .number("42.5"), "the app asking the server sees the recording")
    }

    /// The ride's 43 entries are about 15 kB; beside an old 1,010,000-byte entry the cache
    /// holds about 1,025,000 bytes: over 1 MB (1,000,000 bytes), under 1 MiB (1,048,576).
    @Test("--weather-cache-max counts megabytes of 1,000,000 bytes: the oldest entry goes once the cache passes them")
    func maximumIsMegabytes() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        for (maximum, oldEntryStays) in [("1", false), ("1.04", true)] {
            let cache = scratch.url.appendingPathComponent("cache-\(maximum)")
            try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
            let old = cache.appendingPathComponent("old.json")
            try Data(repeating: UInt8(ascii: " "), count: 1_010_000).write(to: old)
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: old.path)
            let run = try await ReplayTimeline.run(
                Self.ride, ["--weather", "local", "--weather-cache", cache.path, "--weather-cache-max", maximum])
            #expect(run.end?["weatherNetworkFetches"] == .number("43"))
            #expect(FileManager.default.fileExists(atPath: old.path) == oldEntryStays, "--weather-cache-max \(maximum)")
            #expect(Self.entries(in: cache).filter { $0 != "old.json" }.count == 43, "the new entries all kept")
        }
    }

    @Test(
        "usage: the cache needs a network source, offline and max need a cache (64); a cache that cannot be made, 73",
        arguments: [
            (
                ["--weather-cache", "/tmp/x"], 64,
                "trailcast: error: --weather-cache keeps network answers: it needs --weather open-meteo or local, not builtin"
            ),
            (
                ["--weather", "local", "--weather-offline"], 64,
                "trailcast: error: --weather-offline and --weather-cache-max need --weather-cache DIR"
            ),
            (
                ["--weather", "local", "--weather-cache", "/tmp/x", "--weather-cache-max", "0"], 64,
                "trailcast: error: --weather-cache-max must be a positive number of megabytes, not 0"
            ),
            (
                ["--weather", "local", "--weather-cache", "/tmp/x", "--weather-cache-max", "1000000000"], 64,
                "trailcast: error: --weather-cache-max must be a positive number of megabytes, not 1000000000"
            ),
            (
                ["--weather", "local", "--weather-cache", "/proc/trailcast-cache"], 73,
                "/proc/trailcast-cache: error: cannot use the weather cache: No such file or directory"
            ),
            (
                ["--weather", "local", "--weather-cache", "gpx/zurich-lake-ride.gpx"], 73,
                "gpx/zurich-lake-ride.gpx: error: cannot use the weather cache: not a directory"
            ),
        ])
    func usage(arguments: [String], status: Int32, message: String) async throws {
        let result = try await TrailcastBinary.run(arguments: ["replay", Self.ride] + arguments)
        #expect(result.status == status)
        #expect(result.stdout == "")
        #expect(result.stderrLines.first?.hasPrefix(message) == true, "\(result.stderr)")
    }

    /// A cache directory the run may read but not write is refused before the run (73),
    /// with the system's reason, not taken and then failing at every answer: run as nobody
    /// when the tests are root's, as root may write anywhere.
    @Test("a cache directory the run cannot write: 73 with the system's reason")
    func readOnlyCacheDirectory() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let cache = scratch.url.appendingPathComponent("read-only-cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.url.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: cache.path)
        let result = try await FleetUnprivilegedTests.runUnprivileged([
            "replay", Repository.url(Self.ride).path, "--weather", "local", "--weather-cache", cache.path,
        ])
        #expect(result.status == 73)
        #expect(result.stdout == "")
        #expect(
            result.stderrLines.first == "\(cache.path): error: cannot use the weather cache: Permission denied",
            "\(result.stderr)")
    }
}
