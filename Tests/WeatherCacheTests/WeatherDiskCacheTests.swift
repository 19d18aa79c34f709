// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import TrailcastBasics
import TrailcastWeather
@testable import TrailcastOpenMeteo
import Testing

/// The disk cache on its own: its layout, its misses, what it does with a bad entry, its
/// size limit, and two caches writing the same directory at once.
@Suite("Weather disk cache")
struct WeatherDiskCacheTests {
    static let policy = WeatherServicePolicy()
    static let query = WeatherQuery(latitude: 37.7954, longitude: -122.3942, unixTime: 1_781_366_700)
    static let conditions = WeatherConditions(
        temperatureCelsius: 19.4, apparentTemperatureCelsius: 18, relativeHumidity: 61, precipitationMm: 0.2,
        cloudCover: 17, weatherCode: .mainlyClear, windSpeedMps: 2.7, windDirectionDegrees: 272, isDay: true)

    final class Warnings: Sendable {
        let list = LockedValue<[WeatherDiskCache.Warning]>([])
        func add(_ warning: WeatherDiskCache.Warning) { list.withLock { $0.append(warning) } }
        var all: [WeatherDiskCache.Warning] { list.withLock { $0 } }
    }

    static func scratch() throws -> String {
        let path = NSTemporaryDirectory() + "trailcast-cache-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("an answer is kept as one JSON file named by cell size, cell and window, and read back equal")
    func roundTrip() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cache = WeatherDiskCache(directory: directory)
        #expect(cache.conditions(for: Self.query, policy: Self.policy) == nil)
        #expect(cache.store(Self.conditions, for: Self.query, policy: Self.policy))
        // 1,781,366,700 s falls in the 15-minute window starting at 1,781,366,400.
        let path = directory + "/0.01/37.79,-122.40/1781366400-900.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            text.hasPrefix(
                #"{"cell":"37.79,-122.40","cellDegrees":0.01,"conditions":{"apparentTemperatureCelsius":18,"#))
        #expect(
            text.contains(#""format":"trailcast-weather-cache\/1""#)
                || text.contains(#""format":"trailcast-weather-cache/1""#))
        #expect(text.hasSuffix("}\n"))
        #expect(cache.conditions(for: Self.query, policy: Self.policy) == Self.conditions)
        // Another place in the cell, later in the window: the same entry.
        let neighbour = WeatherQuery(latitude: 37.7999, longitude: -122.3901, unixTime: 1_781_367_299)
        #expect(cache.conditions(for: neighbour, policy: Self.policy) == Self.conditions)
        // The next window, or a cache with another window length: a miss.
        #expect(
            cache.conditions(
                for: WeatherQuery(latitude: 37.7954, longitude: -122.3942, unixTime: 1_781_367_300), policy: Self.policy
            ) == nil)
        var hourly = Self.policy
        hourly.freshnessSeconds = 3600
        #expect(cache.conditions(for: Self.query, policy: hourly) == nil)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory + "/0.01/37.79,-122.40")
        #expect(leftovers == ["1781366400-900.json"], "no temporary file left behind")
    }

    /// `serve-weather --cache DIR` reads the directory whole: a window answers from its start
    /// up to, not including, its end, where the next window begins.
    @Test("recorded windows are half-open: the instant one ends, the next one answers")
    func recordedWindowsAreHalfOpen() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cache = WeatherDiskCache(directory: directory)
        var later = Self.conditions
        later.temperatureCelsius = 25
        let next = WeatherQuery(latitude: 37.7954, longitude: -122.3942, unixTime: 1_781_367_300)
        #expect(cache.store(Self.conditions, for: Self.query, policy: Self.policy))
        #expect(cache.store(later, for: next, policy: Self.policy))
        let recorded = try RecordedWeather.load(directory: directory)
        #expect(recorded.count == 2)
        #expect(
            recorded.conditions(latitude: 37.7954, longitude: -122.3942, unixTime: 1_781_366_400) == Self.conditions)
        #expect(
            recorded.conditions(latitude: 37.7954, longitude: -122.3942, unixTime: 1_781_367_299.5) == Self.conditions)
        #expect(recorded.conditions(latitude: 37.7954, longitude: -122.3942, unixTime: 1_781_367_300) == later)
        #expect(
            recorded.conditions(latitude: 37.7954, longitude: -122.3942, unixTime: 1_781_368_200) == nil,
            "past the last window")
        #expect(
            recorded.conditions(latitude: 37.7954, longitude: -122.3942, unixTime: 1_781_366_399) == nil,
            "before the first")
    }

    /// An entry's cell is 0.0001 to 10 degrees (the policy's own limits) and its window longer
    /// than 0: at either end it is read; just past them it is left out, warned.
    @Test(
        "recorded entries of a 0.0001° or 10° cell and a 1 s window are read; 0.00009°, 10.5° or a 0 s window are not",
        arguments: [
            ("0.0001", "900", true), ("10", "1", true), ("0.00009", "900", false), ("10.5", "900", false),
            ("0.01", "0", false),
        ])
    func recordedEntryLimits(cellDegrees: String, windowSeconds: String, read: Bool) throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let entry = Self.entry("cloudCover", "17")
            .replacing(#""cellDegrees":0.01"#, with: #""cellDegrees":\#(cellDegrees)"#)
            .replacing(#""windowSeconds":900"#, with: #""windowSeconds":\#(windowSeconds)"#)
        try Data(entry.utf8).write(to: URL(fileURLWithPath: directory + "/entry.json"))
        let warnings = Warnings()
        let recorded = try RecordedWeather.load(directory: directory, warn: warnings.add)
        #expect(recorded.count == (read ? 1 : 0))
        #expect(warnings.all.count == (read ? 0 : 1))
    }

    /// An entry as this version writes it for `query`, with one condition replaced.
    static func entry(_ field: String, _ value: String) -> String {
        let conditions = [
            ("temperatureCelsius", "19.4"), ("apparentTemperatureCelsius", "18"), ("relativeHumidity", "61"),
            ("precipitationMm", "0"), ("cloudCover", "17"), ("weatherCode", "0"), ("windSpeedMps", "2.7"),
            ("windDirectionDegrees", "272"), ("isDay", "true"),
        ].map { "\"\($0.0)\":\($0.0 == field ? value : $0.1)" }.joined(separator: ",")
        return #"{"format":"trailcast-weather-cache/1","cell":"37.79,-122.40","cellDegrees":0.01,"#
            + #""windowStart":1781366400,"windowSeconds":900,"fetchedAt":1795478400.25,"conditions":{"#
            + conditions + "}}"
    }

    @Test(
        "a truncated, foreign or garbage entry is a miss with a warning naming the file; the next answer replaces it",
        arguments: [
            "", "{\"format\":\"trailcast-weather-cache/1\",\"cell\":\"37.79,-122.40\"", "not json",
            "{\"format\":\"other/9\"}", "\u{0}\u{1}\u{2}",
            // Values no model or Open-Meteo gives (found by the weather-cache fuzz target's check).
            entry("relativeHumidity", "101"), entry("relativeHumidity", "-1"), entry("cloudCover", "101"),
            entry("cloudCover", "-1"), entry("windDirectionDegrees", "361"), entry("windDirectionDegrees", "-1"),
            entry("windSpeedMps", "-0.1"), entry("precipitationMm", "-0.1"),
        ])
    func corruptEntries(content: String) throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let warnings = Warnings()
        let cache = WeatherDiskCache(directory: directory, warn: warnings.add)
        cache.store(Self.conditions, for: Self.query, policy: Self.policy)
        let path = directory + "/0.01/37.79,-122.40/1781366400-900.json"
        try Data(content.utf8).write(to: URL(fileURLWithPath: path))
        #expect(cache.conditions(for: Self.query, policy: Self.policy) == nil)
        #expect(warnings.all.map(\.path) == [path])
        #expect(warnings.all.first?.description.hasPrefix("\(path): warning: unreadable weather cache entry") == true)
        cache.store(Self.conditions, for: Self.query, policy: Self.policy)
        #expect(cache.conditions(for: Self.query, policy: Self.policy) == Self.conditions)
    }

    @Test("an entry at the edges of every range is read: 0 and 100 %, 0 and 360°, no wind, no rain")
    func edgesRead() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cache = WeatherDiskCache(directory: directory)
        cache.store(Self.conditions, for: Self.query, policy: Self.policy)
        let path = directory + "/0.01/37.79,-122.40/1781366400-900.json"
        for (field, value) in [
            ("relativeHumidity", "0"), ("relativeHumidity", "100"), ("cloudCover", "0"), ("cloudCover", "100"),
            ("windDirectionDegrees", "0"), ("windDirectionDegrees", "360"), ("windSpeedMps", "0"),
            ("precipitationMm", "0"),
        ] {
            try Data(Self.entry(field, value).utf8).write(to: URL(fileURLWithPath: path))
            #expect(cache.conditions(for: Self.query, policy: Self.policy) != nil, "\(field) \(value)")
        }
    }

    @Test("past its maximum the cache drops the entries written longest ago")
    func eviction() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let unlimited = WeatherDiskCache(directory: directory)
        var queries: [WeatherQuery] = []
        for index in 0..<10 {
            let query = WeatherQuery(
                latitude: 37.7954 + Double(index) * 0.01, longitude: -122.3942, unixTime: 1_781_366_700)
            unlimited.store(Self.conditions, for: query, policy: Self.policy)
            // Written a minute apart, as far as the file system is concerned.
            let path = directory + "/" + WeatherCacheKey(query: query, policy: Self.policy).relativePath
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_800_000_000 + Double(index) * 60)], ofItemAtPath: path
            )
            queries.append(query)
        }
        let size =
            try FileManager.default.attributesOfItem(
                atPath: directory + "/" + WeatherCacheKey(query: queries[0], policy: Self.policy).relativePath)[.size]
            as! Int
        // Room for four entries: the six oldest go.
        let limited = WeatherDiskCache(directory: directory, maximumBytes: Int64(size * 4 + size / 2))
        limited.evictIfNeeded()
        let kept = queries.map { limited.conditions(for: $0, policy: Self.policy) != nil }
        #expect(kept == [false, false, false, false, false, false, true, true, true, true])
    }

    /// The eviction stops as soon as the cache fits: at its maximum exactly, nothing more goes.
    @Test(
        "a cache exactly at its maximum keeps every entry; a byte over and the oldest goes; down to the maximum exactly, only the oldest",
        arguments: [0, 1, 2])
    func exactlyAtTheMaximum(overBy: Int) throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let unlimited = WeatherDiskCache(directory: directory)
        var sizes: [Int64] = []
        let queries = (0..<4).map { index in
            WeatherQuery(latitude: 37.7954 + Double(index) * 0.01, longitude: -122.3942, unixTime: 1_781_366_700)
        }
        for (index, query) in queries.enumerated() {
            unlimited.store(Self.conditions, for: query, policy: Self.policy)
            let path = directory + "/" + WeatherCacheKey(query: query, policy: Self.policy).relativePath
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_800_000_000 + Double(index) * 60)],
                ofItemAtPath: path)
            sizes.append(Int64(try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int))
        }
        let bytes = sizes.reduce(0, +)
        // 0: the maximum is the four entries; 1: a byte short of them; 2: the three newest.
        let maximum = [bytes, bytes - 1, bytes - sizes[0]][overBy]
        let limited = WeatherDiskCache(directory: directory, maximumBytes: maximum)
        let remaining = limited.evictIfNeeded()
        #expect(remaining == (overBy == 0 ? bytes : bytes - sizes[0]))
        #expect(
            queries.map { limited.conditions(for: $0, policy: Self.policy) != nil }
                == (overBy == 0 ? [true, true, true, true] : [false, true, true, true]))
    }

    @Test("storing past the maximum keeps the directory within it, the newest entries kept")
    func storingEvicts() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cache = WeatherDiskCache(directory: directory, maximumBytes: 2_000)
        let queries = (0..<30).map {
            WeatherQuery(latitude: 37.7954 + Double($0) * 0.01, longitude: -122.3942, unixTime: 1_781_366_700)
        }
        for query in queries { cache.store(Self.conditions, for: query, policy: Self.policy) }
        var total = 0
        let walker = FileManager.default.enumerator(atPath: directory)
        while let path = walker?.nextObject() as? String {
            guard path.hasSuffix(".json") else { continue }
            total += try FileManager.default.attributesOfItem(atPath: directory + "/" + path)[.size] as! Int
        }
        #expect(total <= 2_000)
        #expect(cache.conditions(for: queries.last!, policy: Self.policy) == Self.conditions, "the newest entry stays")
    }

    @Test("two caches writing the same entries at once leave every entry whole")
    func concurrentWriters() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let warnings = Warnings()
        let first = WeatherDiskCache(directory: directory, warn: warnings.add)
        let second = WeatherDiskCache(directory: directory, warn: warnings.add)
        let queries = (0..<50).map {
            WeatherQuery(
                latitude: 37.7 + Double($0 % 5) * 0.01, longitude: -122.39,
                unixTime: 1_781_366_700 + Double($0 / 5) * 900)
        }
        await withTaskGroup(of: Void.self) { group in
            for cache in [first, second] {
                group.addTask {
                    for _ in 0..<4 {
                        for query in queries {
                            cache.store(Self.conditions, for: query, policy: Self.policy)
                            _ = cache.conditions(for: query, policy: Self.policy)
                        }
                    }
                }
            }
        }
        #expect(warnings.all.isEmpty, "a reader saw half an entry: \(warnings.all.prefix(3))")
        for query in queries { #expect(first.conditions(for: query, policy: Self.policy) == Self.conditions) }
    }

    @Test("offline, a miss is a failure that says so; a hit is an answer from disk with no request")
    func offlineFetcher() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cache = WeatherDiskCache(directory: directory)
        let fetcher = CachingWeatherFetcher(cache: cache, network: nil, policy: Self.policy)
        let miss = await fetcher.fetch(Self.query)
        #expect(
            miss.result
                == .failure(
                    WeatherFetchFailure(
                        message: "offline: cell 37.79,-122.40 at this hour is not in the weather cache",
                        isTransient: true)))
        #expect(miss.attempts == 0 && miss.origin == .disk)
        cache.store(Self.conditions, for: Self.query, policy: Self.policy)
        let hit = await fetcher.fetch(Self.query)
        #expect(
            hit
                == WeatherFetchOutcome(
                    result: .success(Self.conditions), attempts: 0, elapsedMilliseconds: 0, origin: .disk))
    }
}
