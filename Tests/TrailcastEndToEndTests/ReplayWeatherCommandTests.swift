// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// `trailcast replay` with weather: the built-in model, a live `serve-weather` on
/// 127.0.0.1 (healthy, failing, gone), the weather log, and the weather flags.
@Suite("trailcast replay: weather")
struct ReplayWeatherCommandTests {
    static let walk = "gpx/sf-waterfront-walk.gpx"

    /// The (cell, 15-minute window) pairs the app's locations visit, worked out from the
    /// location lines alone: the fetches a correct cache makes.
    static func visitedCellWindows(_ timeline: ReplayTimeline, cellDegrees: Double = 0.01, ttl: Double = 900) -> Set<
        String
    > {
        Set(
            timeline.locations.compactMap { location -> String? in
                guard let lat = location["lat"]?.doubleValue, let lon = location["lon"]?.doubleValue,
                    // The fix's own time: a cached fix's weather is asked for at it.
                    let t = location["cached"]?.stringValue ?? location["t"]?.stringValue,
                    let milliseconds = ReplayTimeline.milliseconds(t)
                else { return nil }
                let row = Int((lat / cellDegrees + 1e-9).rounded(.down))
                let column = Int((lon / cellDegrees + 1e-9).rounded(.down))
                let window = Int((Double(milliseconds) / 1000 / ttl).rounded(.down))
                return "\(row),\(column)@\(window)"
            })
    }

    /// The location lines, which weather must never change.
    static func locationLines(_ timeline: ReplayTimeline) -> [String] {
        zip(timeline.lines, timeline.types).filter { $1 == "location" }.map(\.0)
    }

    @Test("built-in weather: one model answer per cell and window, right after its location")
    func builtInWeather() async throws {
        let timeline = try await ReplayTimeline.run(Self.walk)
        let weather = timeline.events(ofType: "weather")
        #expect(weather.count == Self.visitedCellWindows(timeline).count)
        #expect(weather.count == 14)
        for (index, type) in timeline.types.enumerated() where type == "weather" {
            let location = timeline.events[index - 1]
            #expect(location["type"]?.stringValue == "location")
            #expect(timeline.events[index]["lat"] == location["lat"])
            #expect(timeline.events[index]["t"] == location["t"])
            #expect(timeline.events[index]["source"]?.stringValue == "model")
            #expect(timeline.events[index]["fetchMs"]?.isNull == true)
        }
        let end = try #require(timeline.end)
        #expect(end["weatherLookups"]?.intValue == timeline.locations.count)
        #expect(end["weatherNetworkFetches"]?.intValue == 0)
        #expect(end["weatherCacheHits"]?.intValue == timeline.locations.count - weather.count)
        #expect(end["weatherErrors"]?.intValue == 0)
    }

    @Test("text output: one readable line per weather event")
    func textLine() async throws {
        let result = try await TrailcastBinary.run(arguments: ["replay", Self.walk])
        #expect(result.status == 0)
        let weatherLines = result.stdoutLines.filter { $0.contains(" weather ") }
        // The 14 weather events, and the `end` line's weather totals.
        #expect(weatherLines.count == 15)
        let line = try #require(weatherLines.first)
        #expect(
            line.range(
                of: #"weather +-?\d+\.\d °C \(feels -?\d+\.\d °C\), [a-z ,:]+, wind \d+\.\d m/s from \d+°"#,
                options: .regularExpression) != nil, "\(line)")
        #expect(line.hasSuffix("[model, cell 37.79,-122.40]"), "\(line)")
        #expect(result.stdoutLines.last?.contains("; weather 1840 lookups, 0 network, 1826 cached, 0 errors; ") == true)
    }

    @Test("--weather-log: the weather events alone, as CSV")
    func weatherLog() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let log = scratch.url.appendingPathComponent("weather.csv").path
        let timeline = try await ReplayTimeline.run(Self.walk, ["--weather-log", log])
        let rows = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(
            rows.first
                == "time,offset,lat,lon,temperatureCelsius,apparentTemperatureCelsius,relativeHumidity,precipitationMm,cloudCover,weatherCode,condition,windSpeedMps,windDirectionDegrees,source,stale"
        )
        let weather = timeline.events(ofType: "weather")
        #expect(rows.count == weather.count + 1)
        for (row, event) in zip(rows.dropFirst(), weather) {
            let cells = row.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            #expect(cells.count == 15, "\(row)")
            #expect(cells[0] == event["t"]?.stringValue)
            #expect(Double(cells[2]) == event["lat"]?.doubleValue)
            #expect(Double(cells[4]) == event["temperatureCelsius"]?.doubleValue)
            #expect(Int(cells[9]) == event["weatherCode"]?.intValue)
            #expect(cells[10] == event["condition"]?.stringValue)
            #expect(cells[13] == "model")
            #expect(cells[14] == "false")
        }
    }

    @Test("--weather none: no lookups at all")
    func noWeather() async throws {
        let timeline = try await ReplayTimeline.run(Self.walk, ["--weather", "none"])
        #expect(timeline.events(ofType: "weather").isEmpty)
        #expect(timeline.end?["weatherLookups"]?.intValue == 0)
        #expect(timeline.events.first?["settings"]?["weather"]?.stringValue == "none")
    }

    @Test("--weather-events all: a weather event for every location")
    func everyLookup() async throws {
        let timeline = try await ReplayTimeline.run(Self.walk, ["--weather-events", "all"])
        #expect(timeline.events(ofType: "weather").count == timeline.locations.count)
    }

    @Test("against serve-weather: network fetches equal the (cell, window) pairs visited")
    func networkFetches() async throws {
        let server = try await WeatherServerProcess()
        // A ceiling, not the default 5 s: not a test of timeouts, and a loaded machine's slow
        // answer would be retried (attempts 2).
        let timeline = try await ReplayTimeline.run(
            Self.walk, ["--weather-url", server.url, "--weather-timeout", "5m"])
        let weather = timeline.events(ofType: "weather")
        let visited = Self.visitedCellWindows(timeline)
        #expect(weather.count == visited.count)
        #expect(timeline.end?["weatherNetworkFetches"]?.intValue == visited.count)
        #expect(timeline.end?["weatherErrors"]?.intValue == 0)
        #expect(
            weather.allSatisfy { $0["source"]?.stringValue == "network" && ($0["fetchMs"]?.doubleValue ?? -1) >= 0 })
        #expect(weather.allSatisfy { $0["attempts"]?.intValue == 1 })
        #expect(timeline.events.first?["settings"]?["weather"]?.stringValue == "open-meteo")
        #expect(timeline.events.first?["settings"]?["weatherUrl"]?.stringValue == server.url)
        #expect(try await server.stop() == 0)
    }

    @Test("a server failing half the requests: every location arrives, errors are recorded")
    func flakyServer() async throws {
        let server = try await WeatherServerProcess(["--fail-rate", "0.5", "--seed", "7"])
        let reference = try await ReplayTimeline.run(Self.walk, ["--weather", "none"])
        let timeline = try await ReplayTimeline.run(
            Self.walk, ["--weather-url", server.url, "--weather-timeout", "5m"])
        #expect(Self.locationLines(timeline) == Self.locationLines(reference))
        let errors = timeline.events(ofType: "weatherError")
        #expect(timeline.end?["weatherErrors"]?.intValue == errors.count)
        let attempts = timeline.events(ofType: "weather").compactMap { $0["attempts"]?.intValue }
        #expect(attempts.contains { $0 > 1 }, "some fetches needed a retry")
        for error in errors {
            #expect(error["httpStatus"]?.intValue == 500)
            #expect(error["attempts"]?.intValue == 3)
            #expect(error["willRetry"]?.boolValue == true)
        }
        #expect(try await server.stop() == 0)
    }

    @Test("a closed port: weatherErrors, every location, exit 0, and the fetches backed off together")
    func closedPort() async throws {
        let port = try closedLoopbackPort()
        let reference = try await ReplayTimeline.run(Self.walk, ["--weather", "none"])
        let timeline = try await ReplayTimeline.run(Self.walk, ["--weather-url", "http://127.0.0.1:\(port)"])
        #expect(Self.locationLines(timeline) == Self.locationLines(reference))
        let errors = timeline.events(ofType: "weatherError")
        #expect(!errors.isEmpty)
        #expect(errors.allSatisfy { $0["httpStatus"]?.isNull == true && $0["attempts"]?.intValue == 3 })
        // 86 minutes of route: an unreachable server backs off every cell together (1, 2, 4,
        // 8 minutes, then every 15), so 9 fetches are tried, not one per cell and minute.
        #expect(errors.count == 9)
        #expect(timeline.end?["weatherNetworkFetches"]?.intValue == 9)
        #expect(timeline.events(ofType: "weather").isEmpty)
        // (No bound on the run's wall-clock time: on two cores busy with the rest of the suite
        // it took from 30 to 95 s. The nine fetches are what show it does not try every cell.)
    }

    @Test("a hung server (every request held): timeouts, every location, the same bounded attempts")
    func hungServer() async throws {
        let server = try await WeatherServerProcess(["--timeout-rate", "1"])
        let reference = try await ReplayTimeline.run(Self.walk, ["--weather", "none"])
        let timeline = try await ReplayTimeline.run(
            Self.walk, ["--weather-url", server.url, "--weather-timeout", "100ms"])
        #expect(Self.locationLines(timeline) == Self.locationLines(reference))
        let errors = timeline.events(ofType: "weatherError")
        // The connect timeout is the request's too (at most 2 s): a loaded machine's connect can
        // pass 100 ms and say "cannot connect to ...: timed out after 0.1 s".
        #expect(errors.allSatisfy { $0["message"]?.stringValue?.hasSuffix("timed out after 0.1 s") == true })
        // No answer in time counts as a server down: every cell backs off together.
        #expect(errors.count == 9)
        #expect(try await server.stop() == 0)
    }

    @Test(arguments: [
        (
            ["--weather-url", "ftp://example.com"],
            "trailcast: error: the weather url must be an http:// or https:// URL, not 'ftp://example.com'"
        ),
        (
            ["--weather", "builtin", "--weather-url", "http://127.0.0.1:9"],
            "trailcast: error: --weather-url and --weather-archive-url need --weather open-meteo, not builtin"
        ),
        (
            ["--weather-ttl", "soon"],
            "trailcast: error: --weather-ttl must be a duration such as 15m or 1h, not 'soon'"
        ),
        (["--weather-ttl", "0"], "trailcast: error: --weather-ttl must be at least 1s, not 0"),
        (["--weather-cell", "0"], "trailcast: error: --weather-cell must be between 0.0001 and 10 degrees, not 0"),
        (["--weather-timeout", "0"], "trailcast: error: --weather-timeout must be above 0, not 0"),
        (["--weather-timeout", "-2s"], "trailcast: error: --weather-timeout must be above 0, not -2s"),
        (["--weather-ttl", "-5m"], "trailcast: error: --weather-ttl must be at least 1s, not -5m"),
        (
            ["--weather", "sunny"],
            "trailcast: error: --weather must be one of builtin, open-meteo, local, none, not 'sunny'"
        ),
        (
            ["--weather-events", "some"],
            "trailcast: error: --weather-events must be one of fetches, all, not 'some'"
        ),
        (
            ["--server-fail-rate", "1.5"],
            "trailcast: error: --server-fail-rate must be a share between 0 and 1, not 1.5"
        ),
        (
            ["--weather", "local", "--server-rate-limit", "0"],
            "trailcast: error: --server-rate-limit must be at least 1 request a minute, not 0"
        ),
    ])
    func badWeatherFlagsExit64(arguments: [String], message: String) async throws {
        let result = try await TrailcastBinary.run(arguments: ["replay", Self.walk] + arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.first == message, "\(result.stderr)")
    }

    /// 1 request a minute is the least --server-rate-limit takes (0 is refused above).
    @Test func aServerRateLimitOfOneIsTaken() async throws {
        let result = try await TrailcastBinary.run(
            arguments: [
                "replay", Self.walk, "--weather", "local", "--server-rate-limit", "1", "--format", "jsonl",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutLines.last?.contains(#""type":"end""#) == true)
    }

    @Test func anUnwritableWeatherLogExits73() async throws {
        let result = try await TrailcastBinary.run(
            arguments: ["replay", Self.walk, "--weather-log", "/nonexistent-dir/weather.csv"])
        #expect(result.status == 73)
        #expect(
            result.stderr
                == "/nonexistent-dir/weather.csv: error: cannot create the weather log: No such file or directory\n")
    }
}
