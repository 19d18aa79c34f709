// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// Usage errors as people meet them: one line, `trailcast: error: ...`, exit 64 and nothing
/// on standard output; a mistyped name answered with the nearest real one; a value refused
/// in its own words, quoting it (a negative number is a value, not a flag).
@Suite("Usage errors: one line, the name meant, the value given")
struct UsageErrorTests {
    static let walk = "gpx/sf-waterfront-walk.gpx"

    @Test(
        "a mistyped name gets the nearest real one",
        arguments: [
            // Subcommands, and `help` of one (the parser printed the top-level help and exited 0).
            (["repaly", walk], "trailcast: error: unknown command 'repaly' (did you mean 'replay'?)"),
            (["help", "repaly"], "trailcast: error: unknown command 'repaly' (did you mean 'replay'?)"),
            (["serve-wether"], "trailcast: error: unknown command 'serve-wether' (did you mean 'serve-weather'?)"),
            // Flags: a swap of two letters is one edit (the parser's own guess was '--prompt').
            (
                ["replay", walk, "--fromat", "jsonl"],
                "trailcast: error: unknown option '--fromat' (did you mean '--format'?)"
            ),
            (
                ["serve-weather", "--prot", "8080"],
                "trailcast: error: unknown option '--prot' (did you mean '--port'?)"
            ),
            // The unknown flag, not the missing option it hid.
            (["export", walk, "--too", "csv"], "trailcast: error: unknown option '--too' (did you mean '--to'?)"),
            // A short name's swap: one edit, where plain edit distance counts two, too many for a
            // name of four letters or fewer.
            (["export", walk, "--ot", "csv"], "trailcast: error: unknown option '--ot' (did you mean '--to'?)"),
            // Values of a list: a near miss, and a name cut short.
            (
                ["replay", walk, "--format", "json"],
                "trailcast: error: --format must be one of text, jsonl, csv, not 'json' (did you mean 'jsonl'?)"
            ),
            (
                ["replay", walk, "--format", "cvs"],
                "trailcast: error: --format must be one of text, jsonl, csv, not 'cvs' (did you mean 'csv'?)"
            ),
            (
                ["check", "--format", "junt", "x.yaml"],
                "trailcast: error: --format must be one of text, junit, html, not 'junt' (did you mean 'junit'?)"
            ),
            (
                ["export", walk, "--to", "xcode"],
                "trailcast: error: --to must be one of xcode-gpx, nmea, geojson, csv, kml, tcx, not 'xcode' (did you mean 'xcode-gpx'?)"
            ),
            (
                ["replay", walk, "--gps", "urban"],
                "trailcast: error: unknown GPS profile 'urban' (did you mean 'urban-canyon'?); use perfect, open-sky, suburban, urban-canyon, indoor, or --gps-sigma for a custom one"
            ),
            // A value attached with `=` is the value after the `=`: a near miss there is named
            // as given, and a good one does not hide a mistake later on the line.
            (
                ["replay", walk, "--format=cvs"],
                "trailcast: error: --format must be one of text, jsonl, csv, not 'cvs' (did you mean 'csv'?)"
            ),
            (
                ["replay", walk, "--format=jsonl", "--seeed", "3"],
                "trailcast: error: unknown option '--seeed' (did you mean '--seed'?)"
            ),
            // A key pressed twice: one edit from --seed and one from --speed; the doubled key wins.
            (["replay", walk, "--seeed", "3"], "trailcast: error: unknown option '--seeed' (did you mean '--seed'?)"),
            (
                ["replay", walk, "--event", "1m:authorization=wheninuse"],
                "trailcast: error: invalid event '1m:authorization=wheninuse': 'wheninuse' is not a valid authorization (did you mean 'whenInUse'?); use notDetermined, restricted, denied, whenInUse, always"
            ),
        ])
    func nearestName(arguments: [String], line: String) async throws {
        let result = try await TrailcastBinary.run(arguments: arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stdout == "")
        #expect(result.stderrLines == [line], "\(arguments)")
    }

    @Test(
        "no guess when nothing is near: the list, or where the help is",
        arguments: [
            (
                ["frobnicate"],
                "trailcast: error: unknown command 'frobnicate'; the commands are replay, report, check, inspect, export, fleet, serve-weather (see 'trailcast --help')"
            ),
            (
                ["replay", walk, "--no-such-flag-anywhere"],
                "trailcast: error: unknown option '--no-such-flag-anywhere' (see 'trailcast replay --help')"
            ),
            (
                ["export", walk, "--to", "shp"],
                "trailcast: error: --to must be one of xcode-gpx, nmea, geojson, csv, kml, tcx, not 'shp'"
            ),
            // A request, but not one an app starts with: `--request` takes the status requests only.
            (
                ["replay", walk, "--request", "temporaryFullAccuracy"],
                "trailcast: error: --request must be one of whenInUse, always, not 'temporaryFullAccuracy'"
            ),
        ])
    func noGuess(arguments: [String], line: String) async throws {
        let result = try await TrailcastBinary.run(arguments: arguments)
        #expect(result.status == 64)
        #expect(result.stderrLines == [line], "\(arguments)")
    }

    @Test(
        "a value refused quotes the value given, negative numbers included",
        arguments: [
            (
                ["replay", walk, "--speed", "-1"],
                "trailcast: error: --speed must be 0 (virtual time) or a positive multiplier, not -1"
            ),
            (
                ["replay", walk, "--interval", "-5"],
                "trailcast: error: --interval must be at least 0.001 seconds, not -5"
            ),
            (
                ["replay", walk, "--gps-sigma", "-3"],
                "trailcast: error: --gps-sigma must be a number of metres from 0 to 10000, not -3"
            ),
            (
                ["replay", walk, "--travel-speed", "-2"],
                "trailcast: error: --travel-speed must be a positive number of metres per second, not -2"
            ),
            (["replay", walk, "--speed", "abc"], "trailcast: error: --speed must be a number, not 'abc'"),
            // Each value name in its words: S, MS, port.
            (
                ["replay", walk, "--interval", "abc"],
                "trailcast: error: --interval must be a number of seconds, not 'abc'"
            ),
            (
                ["replay", walk, "--jitter", "abc"],
                "trailcast: error: --jitter must be a number of milliseconds, not 'abc'"
            ),
            (["serve-weather", "--port", "abc"], "trailcast: error: --port must be a port number, not 'abc'"),
            (
                ["export", walk, "--to", "csv", "--interval", "-5"],
                "trailcast: error: --interval must be at least 0.001 seconds, not -5"
            ),
            (
                ["fleet", walk, "--devices", "-3", "--virtual", "--duration", "1m"],
                "trailcast: error: --devices must be at least 1, not -3"
            ),
            (
                ["fleet", walk, "--devices", "2", "--virtual", "--duration", "1m", "--speed", "-2"],
                "trailcast: error: --speed must be from 0 to 1000, not -2"
            ),
            (["serve-weather", "--seed", "minus"], "trailcast: error: --seed must be a number, not 'minus'"),
            // One rule: a word of `-` and a digit after an option that takes a value is its value,
            // checked by the option's own rule (not "missing value").
            (["replay", walk, "--seed", "-1"], "trailcast: error: --seed must be 0 or more, not -1"),
            (["replay", walk, "--max-gap", "-1m"], "trailcast: error: --max-gap must be 0 or more, not -1m"),
            (["replay", walk, "--weather-ttl", "-5m"], "trailcast: error: --weather-ttl must be at least 1s, not -5m"),
            (
                ["replay", walk, "--weather-ttl", "999ms"],
                "trailcast: error: --weather-ttl must be at least 1s, not 999ms"
            ),
            (
                ["replay", walk, "--browser", "http://127.0.0.1:9", "--speed", "1", "--browser-hold", "-5s"],
                "trailcast: error: --browser-hold must be 0 or more, not -5s"
            ),
            (
                ["fleet", walk, "--devices", "2", "--virtual", "--duration", "-1m"],
                "trailcast: error: --duration must be above 0, not -1m"
            ),
            (
                ["fleet", walk, "--devices", "2", "--virtual", "--duration", "0"],
                "trailcast: error: --duration must be above 0, not 0"
            ),
            (
                ["fleet", walk, "--devices", "2", "--virtual", "--duration", "1m", "--stagger", "-1s"],
                "trailcast: error: --stagger must be 0 or more, not -1s"
            ),
            (
                ["fleet", walk, "--devices", "2", "--mqtt", "mqtt://127.0.0.1:1", "--reconnect-max", "-5s"],
                "trailcast: error: --reconnect-max must be from 100ms to 10m, not -5s"
            ),
            (
                ["fleet", walk, "--devices", "2", "--mqtt", "mqtt://127.0.0.1:1", "--reconnect-max", "20m"],
                "trailcast: error: --reconnect-max must be from 100ms to 10m, not 20m"
            ),
            (["serve-weather", "--port", "-1"], "trailcast: error: --port must be from 0 to 65535, not -1"),
            (["serve-weather", "--seed", "-1"], "trailcast: error: --seed must be 0 or more, not -1"),
        ])
    func valueGiven(arguments: [String], line: String) async throws {
        let result = try await TrailcastBinary.run(arguments: arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderrLines == [line], "\(arguments)")
    }

    /// Each span at the least its option takes is a value (the route is opened next, and
    /// is missing: 66), as the refusals just below it (valueGiven) are not.
    @Test(
        "each duration option's least value is taken: 0 where zero is a value, 1ms above 0, 1s for --weather-ttl, 100ms for --reconnect-max",
        arguments: [
            ["replay", "nope.gpx", "--max-gap", "0"], ["replay", "nope.gpx", "--weather-ttl", "1s"],
            ["replay", "nope.gpx", "--weather", "open-meteo", "--weather-timeout", "1ms"],
            ["fleet", "nope.gpx", "--devices", "1", "--virtual", "--duration", "1ms", "--stagger", "0s"],
            ["fleet", "nope.gpx", "--devices", "1", "--mqtt", "mqtt://127.0.0.1:1", "--reconnect-max", "100ms"],
            ["fleet", "nope.gpx", "--devices", "1", "--mqtt", "mqtt://127.0.0.1:1", "--reconnect-max", "10m"],
        ])
    func leastDurations(arguments: [String]) async throws {
        let result = try await TrailcastBinary.run(arguments: arguments)
        #expect(result.status == 66, "\(arguments): \(result.stderr)")
        #expect(result.stderrLines == ["nope.gpx: error: no such file"], "\(arguments)")
    }

    /// Settings are checked before the route is opened: a pair that is allowed gets as far
    /// as the missing file (66), a pair that is not is refused in one line (64).
    @Test(
        "clock pairs: --virtual with --speed 0 and --loop 0 with real time are taken; the others refused",
        arguments: [
            (["--virtual", "--speed", "0"], 66, "nope.gpx: error: no such file"),
            (
                ["--virtual", "--speed", "2"], 64,
                "trailcast: error: --virtual and --speed 2 ask for different clocks: give one"
            ),
            (["--loop", "0", "--speed", "2"], 66, "nope.gpx: error: no such file"),
            (["--loop", "0"], 64, "trailcast: error: --loop 0 (forever) needs real time: add --speed N"),
            (["--loop", "0", "--virtual"], 64, "trailcast: error: --loop 0 (forever) needs real time: add --speed N"),
        ])
    func clockPairs(flags: [String], status: Int32, line: String) async throws {
        let result = try await TrailcastBinary.run(arguments: ["replay", "nope.gpx"] + flags)
        #expect(result.status == status, "\(flags): \(result.stderr)")
        #expect(result.stderrLines == [line], "\(flags)")
    }

    @Test(
        "fleet's clocks: the same pairs refused in replay's words",
        arguments: [
            (
                ["--virtual", "--duration", "1m", "--speed", "5"], 64,
                "trailcast: error: --virtual and --speed 5 ask for different clocks: give one"
            ),
            (["--virtual", "--duration", "1m", "--speed", "0"], 66, "nope.gpx: error: no such file"),
            (
                ["--mqtt", "mqtt://127.0.0.1:1", "--speed", "0"], 64,
                "trailcast: error: --speed 0 is virtual time, which is --virtual here (as in replay)"
            ),
            (
                ["--virtual", "--duration", "1m", "--speed", "1000"], 64,
                "trailcast: error: --virtual and --speed 1000 ask for different clocks: give one"
            ),
        ])
    func fleetClockPairs(flags: [String], status: Int32, line: String) async throws {
        let result = try await TrailcastBinary.run(arguments: ["fleet", "nope.gpx", "--devices", "2"] + flags)
        #expect(result.status == status, "\(flags): \(result.stderr)")
        #expect(result.stderrLines == [line], "\(flags)")
    }

    @Test("a virtual fleet's --progress counts virtual time: a line every tenth, then the totals")
    func virtualProgress() async throws {
        let result = try await TrailcastBinary.run(arguments: [
            "fleet", Self.walk, "--devices", "3", "--virtual", "--duration", "2m", "--progress", "--output",
            "/dev/null",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        // Three devices a second apart at first (the stagger), one fix a second each.
        #expect(result.stderrLines.count == 12)
        #expect(result.stderrLines.first == "fleet: 10s virtual, active 1, messages 10")
        #expect(result.stderrLines.dropFirst().first == "fleet: 20s virtual, active 1, messages 20")
        #expect(result.stderrLines.last == "fleet: done, 2m virtual, devices 3, messages 300")
        // At ten steps exactly (100 s), the step is still 10 s: ten lines, not twenty at 5 s.
        let edge = try await TrailcastBinary.run(arguments: [
            "fleet", Self.walk, "--devices", "1", "--virtual", "--duration", "100s", "--progress", "--output",
            "/dev/null",
        ])
        #expect(edge.stderrLines.count == 10, "\(edge.stderr)")
        #expect(edge.stderrLines.first == "fleet: 10s virtual, active 1, messages 10")
        let quiet = try await TrailcastBinary.run(arguments: [
            "fleet", Self.walk, "--devices", "3", "--virtual", "--duration", "2m", "--output", "/dev/null",
        ])
        #expect(quiet.stderr == "", "no terminal, not asked: no progress")
    }

    @Test(
        "help where nobody asked is a usage error; asked for, it is 0 on standard output",
        arguments: [
            ([], 64),
            (["inspect", "-dash.gpx"], 64),
            (["--version", "extra"], 64),
            (["--help"], 0),
            (["inspect", "-h"], 0),
            (["help", "inspect"], 0),
            (["--version"], 0),
        ] as [([String], Int32)])
    func unaskedHelp(arguments: [String], status: Int32) async throws {
        let result = try await TrailcastBinary.run(arguments: arguments)
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        switch arguments {
        case []:
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix("OVERVIEW: "))
            #expect(result.stderr.contains("1 a check whose expectations failed"))
        case ["inspect", "-dash.gpx"]:
            #expect(
                result.stderrLines == [
                    "trailcast: error: unknown option '-dash.gpx' (a file named so: write ./-dash.gpx; see 'trailcast inspect --help')"
                ])
        case ["--version", "extra"]:
            #expect(result.stderrLines == ["trailcast: error: --version takes no arguments, not 'extra'"])
        case ["--version"]:
            #expect(result.stdoutLines.count == 1)
            #expect(result.stderr == "")
        default:
            #expect(result.stdout.hasPrefix("OVERVIEW: "))
            #expect(result.stderr == "")
        }
    }

    @Test("a word after -- stays a positional: -1m there is a file name, not a value")
    func afterTheTerminator() async throws {
        let result = try await TrailcastBinary.run(arguments: ["inspect", "--", "-1m"])
        #expect(result.status == 66)
        #expect(result.stderrLines == ["-1m: error: no such file"])
    }

    @Test("one option under two names with two values is refused; the same name twice overrides")
    func twoNamesTwoValues() async throws {
        let conflict = try await TrailcastBinary.run(arguments: ["export", Self.walk, "--to", "kml", "--format", "tcx"])
        #expect(conflict.status == 64)
        #expect(conflict.stdout == "")
        #expect(
            conflict.stderrLines == ["trailcast: error: --to kml and --format tcx give one option two values: give one"]
        )
        let short = try await TrailcastBinary.run(arguments: ["export", Self.walk, "-f", "csv", "--format=nmea"])
        #expect(
            short.stderrLines == ["trailcast: error: -f csv and --format nmea give one option two values: give one"])
        let agreeing = try await TrailcastBinary.run(arguments: ["export", Self.walk, "--to", "csv", "--format", "csv"])
        #expect(agreeing.status == 0, "\(agreeing.stderr)")
        #expect(agreeing.stdoutLines.first?.hasPrefix("time,") == true, "\(agreeing.stdout.prefix(40))")
        let overridden = try await TrailcastBinary.run(arguments: [
            "export", Self.walk, "--format", "kml", "--format", "csv",
        ])
        #expect(overridden.status == 0, "\(overridden.stderr)")
        #expect(overridden.stdoutLines.first?.hasPrefix("time,") == true)
        // The tool looks for the conflict only where a short name or an older long one is
        // typed (the parser's description is slow to make): so no other option may have two
        // long names, nor two short ones.
        let dump = try await TrailcastBinary.run(arguments: ["--experimental-dump-help"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        var several: [String] = []
        func walk(_ command: [String: Any], _ path: String) {
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                let names = argument["names"] as? [[String: Any]] ?? []
                let longs = names.filter { $0["kind"] as? String == "long" }.compactMap { $0["name"] as? String }
                let shorts = names.filter { $0["kind"] as? String == "short" }.compactMap { $0["name"] as? String }
                if longs.count > 1 || shorts.count > 1 { several.append("\(path) \(longs)") }
                // A short name is its long name's first letter (`-o`, `--output`).
                if let short = shorts.first, !longs.contains(where: { $0.hasPrefix(short) }) {
                    several.append("\(path) -\(short)")
                }
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                walk(sub, path + " " + (sub["commandName"] as? String ?? ""))
            }
        }
        walk(try #require(root["command"] as? [String: Any]), "trailcast")
        #expect(several == ["trailcast export [\"format\", \"to\"]"])
    }

    @Test("the parser's own complaints are one line with where the help is")
    func parserComplaints() async throws {
        let missing = try await TrailcastBinary.run(arguments: ["inspect", "--format"])
        #expect(missing.status == 64)
        #expect(missing.stdout == "")
        #expect(
            missing.stderrLines == [
                "trailcast: error: missing value for '--format <format>' (see 'trailcast inspect --help')"
            ])
        let noFile = try await TrailcastBinary.run(arguments: ["inspect"])
        #expect(noFile.status == 64)
        #expect(noFile.stdout == "")
        #expect(
            noFile.stderrLines == [
                "trailcast: error: missing expected argument '<route-file> ...' (see 'trailcast inspect --help')"
            ])
        // `inspect --format json` is jsonl's older name, still taken though its help no longer
        // lists it: the fault is the missing file, not the value.
        let olderName = try await TrailcastBinary.run(arguments: ["inspect", "--format", "json"])
        #expect(olderName.status == 64)
        #expect(
            olderName.stderrLines == [
                "trailcast: error: missing expected argument '<route-file> ...' (see 'trailcast inspect --help')"
            ])
    }

    @Test("the rest of the tool names route files, not GPX, where any format is meant")
    func routeFilesNotGPX() async throws {
        let help = try await TrailcastBinary.run(arguments: ["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Replay route files"), "\(help.stdout.prefix(200))")
        #expect(help.stdout.contains("65 a malformed or invalid route file"))
        let replayHelp = try await TrailcastBinary.run(arguments: ["replay", "--help"])
        #expect(replayHelp.status == 0)
        #expect(replayHelp.stdout.contains("Replay a route file"))
        let directory = try await TrailcastBinary.run(arguments: ["inspect", "gpx"])
        #expect(directory.status == 66)
        #expect(directory.stderrLines == ["gpx: error: is a directory, not a route file"])
    }
}
