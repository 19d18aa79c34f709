// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastTimeline
import TrailcastWeather
import TrailcastCoreLocation
import TrailcastSettings
import TrailcastDevice
import TrailcastBasics

@Suite("Text timeline format")
struct TextTimelineFormatTests {
    static func lines(_ events: [TimelineEvent], colors: Bool = false, width: Int? = nil) -> [String] {
        TimelineSamples.render(events, in: TextTimelineFormat(colors: colors, width: width))
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// The text without ANSI escape sequences (`ESC [ ... m`).
    static func withoutEscapes(_ line: String) -> String {
        var result = ""
        var inEscape = false
        for character in line {
            if character == "\u{1B}" { inEscape = true; continue }
            if inEscape { if character == "m" { inEscape = false }; continue }
            result.append(character)
        }
        return result
    }

    @Test("one exact line per event kind")
    func exactLines() {
        #expect(
            Self.lines(TimelineSamples.all) == [
                " +0:00:00.000  start          gpx/walk.gpx: track points, virtual time",
                " +0:00:00.000  authorization  notDetermined -> authorizedWhenInUse, accuracy full, services on (prompt)",
                " +0:00:00.000  prompt         whenInUse requested, user chose allow",
                " +0:00:03.000  location        37.795412, -122.394263  alt    4.5 m  ±   5 m    1.33 m/s  319°  #1",
                " +0:00:03.000  weather        14.2 °C (feels 12.9 °C), partly cloudy, wind 3.1 m/s from 240°, humidity 71%, cloud 40%, precipitation 0.0 mm, day  [model, cell 37.79,-122.40]",
                " +0:00:04.500  location       -33.868800,  151.209300  alt      - m  ±   5 m       - m/s    -°  #2",
                " +0:10:00.000  locationError  denied: The app is not authorized to use location services (kCLErrorDenied).",
                " +0:10:00.000  alert          \"Location access is off. Enable it in Settings to see local weather.\"",
                " +1:00:00.000  app            background",
                " +1:01:40.000  weather        14.2 °C (feels 12.9 °C), partly cloudy, wind 3.1 m/s from 240°, humidity 71%, cloud 40%, precipitation 0.0 mm, day  [network, 2 attempts, 183.2 ms, cell 37.80,-122.42]",
                " +1:06:40.000  weatherError   cell 37.79,-122.40: HTTP 500: Internal Server Error (3 attempts, will retry)",
                " +1:06:40.000  weather        14.2 °C (feels 12.9 °C), partly cloudy, wind 3.1 m/s from 240°, humidity 71%, cloud 40%, precipitation 0.0 mm, day  [cache, stale, cell 37.79,-122.40]",
                " +1:15:00.000  weatherError   cell 37.79,-122.40: timed out after 5 s (3 attempts, will retry)",
                " +1:26:06.000  end            1840 points read, 1840 locations, 7080.6 m, 5166 s simulated; weather 1840 lookups, 9 network, 1829 cached, 2 errors; 0.086 s wall (finished)",
            ])
    }

    @Test(
        "the offset is rounded to the millisecond as JSON Lines and CSV round it, not cut: 1.001 s whose product is 1000.999... reads +0:00:01.001"
    )
    func offsetRoundedLikeTheOtherFormats() {
        // Each offset times 1000 falls just below or at a half in binary floating point.
        let offsets = [1.001, 4.35, 1.005, 3599.9996]
        let events = offsets.map { TimelineSamples.event($0, .app(.background)) }
        #expect(
            Self.lines(events).map { String($0.prefix(13)) } == [
                " +0:00:01.001", " +0:00:04.350", " +0:00:01.005", " +1:00:00.000",
            ])
        let json = TimelineSamples.render(events, in: JSONLinesTimelineFormat())
        #expect(json.split(separator: "\n").map { $0.contains(#""offset":"#) } == [true, true, true, true])
        #expect(["1.001", "4.35", "1.005", "3600"].allSatisfy { json.contains(#""offset":\#($0),"#) })
    }

    /// With a noisy `--gps`, how far the fix is from where the device really was: 0.0001°
    /// of latitude, 11.1 m on Earth's mean radius (or on its equatorial one).
    @Test("a noisy fix: `off N m` after the index, to a tenth of a metre; none without the truth")
    func noisyFix() {
        var fix = LocationFix(time: TimelineSamples.start, latitude: 47.0001, longitude: 8, sourceIndex: 4)
        fix.truth = Coordinate(latitude: 47, longitude: 8)
        let plain = LocationFix(time: TimelineSamples.start, latitude: 47.0001, longitude: 8, sourceIndex: 4)
        let lines = Self.lines([TimelineSamples.event(0, .location(fix)), TimelineSamples.event(0, .location(plain))])
        #expect(lines[0] == lines[1] + "  off 11.1 m", "\(lines)")
        #expect(!lines[1].contains("off"))
    }

    @Test("an event prints as its text line: description and string interpolation, no newline")
    func eventDescription() {
        #expect(
            TimelineSamples.location.description
                == " +0:00:03.000  location        37.795412, -122.394263  alt    4.5 m  ±   5 m    1.33 m/s  319°  #1")
        #expect("\(TimelineSamples.app)" == " +1:00:00.000  app            background")
        #expect(String(describing: TimelineSamples.all).contains(" +0:10:00.000  locationError  denied: "))
    }

    @Test("on a terminal of 80 columns: the weather line wrapped at spaces, under its details, colours aside")
    func wrappedToTheTerminal() {
        let weather = TimelineSamples.all.filter { $0.kind.typeName == "weather" }.prefix(1)
        let expected = [
            " +0:00:03.000  weather        14.2 °C (feels 12.9 °C), partly cloudy, wind 3.1",
            "                              m/s from 240°, humidity 71%, cloud 40%,",
            "                              precipitation 0.0 mm, day  [model, cell",
            "                              37.79,-122.40]",
        ]
        #expect(Self.lines(Array(weather), width: 80) == expected)
        #expect(Self.lines(Array(weather), colors: true, width: 80).map(Self.withoutEscapes) == expected)
        // Every line of every kind fits, and nothing but the breaks changed.
        let wrapped = Self.lines(TimelineSamples.all, width: 80)
        #expect(wrapped.allSatisfy { $0.count <= 80 }, "\(wrapped.filter { $0.count > 80 })")
        let rejoined = wrapped.reduce(into: [String]()) { joined, line in
            if line.hasPrefix(String(repeating: " ", count: 30)) {
                joined[joined.count - 1] += " " + line.drop { $0 == " " }
            } else {
                joined.append(line)
            }
        }
        let collapsed = { (line: String) in line.split(separator: " ").joined(separator: " ") }
        #expect(rejoined.map(collapsed) == Self.lines(TimelineSamples.all).map(collapsed))
        // A terminal too narrow to hold 20 characters of details: lines as they are.
        #expect(Self.lines(Array(weather), width: 45) == Self.lines(Array(weather)))
        // At the edge: the details start at column 30, so 50 columns leave exactly 20 for
        // them, and the line wraps to fit; 49 leave 19, and it stays as it is.
        let edge = Self.lines(Array(weather), width: 50)
        #expect(edge.count > 3 && edge.allSatisfy { $0.count <= 50 }, "\(edge)")
        #expect(Self.lines(Array(weather), width: 49) == Self.lines(Array(weather)))
    }

    @Test("a control event: what changed, then whether the run is paused and at which speed")
    func control() {
        #expect(
            Self.lines([
                TimelineSamples.event(90.5, .control(ControlChange(action: .pause, paused: true, speed: 60))),
                TimelineSamples.event(90.5, .control(ControlChange(action: .resume, paused: false, speed: 0.25))),
            ]) == [
                " +0:01:30.500  control        pause: paused at 60x",
                " +0:01:30.500  control        resume: running at 0.25x",
            ])
    }

    @Test("a call event: which manager, and the method it called")
    func call() {
        #expect(
            Self.lines([TimelineSamples.event(2, .call(ManagerCall(method: .requestLocation, manager: 1)))])
                == [" +0:00:02.000  call           manager 1: requestLocation()"])
    }

    @Test("columns line up: the type starts at column 15 and the details at 30, for every kind")
    func alignment() {
        var events = TimelineSamples.all
        events.append(TimelineSamples.event(36_000.25, .app(.foreground)))  // 10 hours: a two-digit hour
        for line in Self.lines(events) {
            let characters = Array(line)
            #expect(characters[12] != " " && characters[13] == " " && characters[14] == " ", "\(line)")
            #expect(characters[15] != " ", "\(line)")
            // The longest types (authorization, locationError) are 13 characters: at least two spaces follow.
            #expect(characters[28] == " " && characters[29] == " ", "\(line)")
        }
        #expect(Self.lines([events.last!]) == ["+10:00:00.250  app            foreground"])
    }

    /// Standing still is a speed (0.00 m/s) and a course of 0 is north; only -1 is unknown.
    @Test("a speed of 0 and a course of 0 are values; -1 is a dash")
    func zeroIsAValue() {
        let standing = TimelineSamples.event(
            5,
            .location(
                LocationFix(
                    time: TimelineSamples.start.adding(seconds: 5), latitude: 1, longitude: 2,
                    horizontalAccuracyMeters: 5,
                    speedMetersPerSecond: 0, courseDegrees: 0, sourceIndex: 3)))
        #expect(
            Self.lines([standing]) == [
                " +0:00:05.000  location         1.000000,    2.000000  alt      - m  ±   5 m    0.00 m/s    0°  #3"
            ])
    }

    @Test("location lines of different magnitudes have the same width up to the index")
    func locationColumns() {
        let lines = Self.lines([TimelineSamples.location, TimelineSamples.bareLocation])
        #expect(lines[0].split(separator: "#")[0].count == lines[1].split(separator: "#")[0].count)
    }

    @Test("no colour unless asked; with colour, only the type is wrapped and alignment is kept")
    func colours() {
        let plain = Self.lines(TimelineSamples.all)
        let coloured = Self.lines(TimelineSamples.all, colors: true)
        #expect(plain.allSatisfy { !$0.contains("\u{1B}") })
        #expect(TextTimelineFormat().colors == false)
        #expect(coloured.map(Self.withoutEscapes) == plain)
        #expect(
            coloured[0] == " +0:00:00.000  \u{1B}[1mstart\u{1B}[0m          gpx/walk.gpx: track points, virtual time")
        let codes = coloured.map { line -> String in
            let start = line.firstIndex(of: "\u{1B}")!
            return String(line[start...].prefix { $0 != "m" }.dropFirst(2))
        }
        // start/end bold, authorization yellow, prompt magenta, location green, weather blue,
        // errors bold red, app cyan.
        #expect(codes == ["1", "33", "35", "32", "34", "32", "1;31", "1;31", "36", "34", "1;31", "34", "1;31", "1"])
    }

    @Test("start says the pace: virtual time, or real time at N x")
    func pace() {
        let realTime = TimelineSamples.startEvent(settings: ReplayConfiguration(speed: 60))
        #expect(
            Self.lines([realTime]) == [" +0:00:00.000  start          gpx/walk.gpx: track points, real time at 60x"])
        let route = TimelineSamples.event(
            0,
            .start(
                ReplayStart(
                    file: "r.gpx", source: .route, points: 24, settings: ReplayConfiguration())))
        #expect(Self.lines([route])[0].hasSuffix("r.gpx: 24 route points, virtual time"))
    }

    @Test("an interrupted run's end says so; an unchanged status prints once")
    func interruptedAndInitial() {
        let end = TimelineSamples.event(
            3,
            .end(
                ReplaySummary(
                    points: 1, locations: 1, distanceMeters: 0, simulatedSeconds: 3, wallSeconds: 3.0004,
                    interrupted: true)))
        #expect(
            Self.lines([end]) == [
                " +0:00:03.000  end            1 point read, 1 location, 0 m, 3 s simulated; 3 s wall (interrupted)"
            ])
        // An error that names no file says "error" once; one that names its file keeps it.
        for (error, said) in [
            ("error: the app crashed", "the app crashed"),
            ("walk.fit: byte 12: error: bad CRC", "walk.fit: byte 12: error: bad CRC"),
        ] {
            let stopped = TimelineSamples.event(
                3,
                .end(
                    ReplaySummary(
                        points: 2, locations: 1, distanceMeters: 0, simulatedSeconds: 3, wallSeconds: 3, error: error)))
            #expect(
                Self.lines([stopped]) == [
                    " +0:00:03.000  end            2 points read, 1 location, 0 m, 3 s simulated; 3 s wall (stopped by an error: \(said))"
                ])
        }
        let initial = TimelineSamples.event(
            0,
            .authorization(
                AuthorizationChange(
                    from: .denied, to: .denied, accuracy: .reduced, servicesEnabled: false, cause: .initial)))
        #expect(
            Self.lines([initial]) == [" +0:00:00.000  authorization  denied, accuracy reduced, services off (initial)"])
    }

    /// A stretch the app missed reads from its first missed epoch to its last, each offset to
    /// the millisecond: a stretch is the point of the line, so both ends must be its own.
    @Test("a missed event: how many fixes, why, and the stretch from its first to its last offset")
    func missed() {
        let path = [Coordinate(latitude: 37.8, longitude: -122.4)]
        #expect(
            Self.lines([
                TimelineSamples.event(
                    71.25,
                    .missed(
                        MissedFixes(
                            reason: .background, fixes: 12, sinceOffset: 60.125, untilOffset: 71.25, path: path))),
                TimelineSamples.event(
                    902,
                    .missed(
                        MissedFixes(
                            reason: .distanceFilter, fixes: 1, sinceOffset: 900, untilOffset: 902, path: []))),
            ]) == [
                " +0:01:11.250  missed         12 fixes not delivered (background) from +60.125 s to +71.25 s",
                " +0:15:02.000  missed         1 fix not delivered (distanceFilter) from +900 s to +902 s",
            ])
    }

    /// An offline cache miss makes no request at all: "0 attempts", plural as in English.
    @Test("a weather error counts its attempts in the plural except for exactly one; whether it will retry")
    func weatherErrorAttempts() {
        let lines = Self.lines(
            [0, 1, 2].map { attempts in
                TimelineSamples.event(
                    Double(attempts),
                    .weatherError(
                        WeatherFailure(
                            cell: TimelineSamples.cell, message: "not in the offline cache", attempts: attempts,
                            httpStatus: nil,
                            willRetry: attempts == 0)))
            })
        #expect(
            lines == [
                " +0:00:00.000  weatherError   cell 37.79,-122.40: not in the offline cache (0 attempts, will retry)",
                " +0:00:01.000  weatherError   cell 37.79,-122.40: not in the offline cache (1 attempt, will not retry)",
                " +0:00:02.000  weatherError   cell 37.79,-122.40: not in the offline cache (2 attempts, will not retry)",
            ])
    }
}
