// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import TrailcastScenario
import Testing
import TrailcastSettings
import TrailcastDevice
import TrailcastCoreLocation
import TrailcastWeather

/// Reading scenario files: every key to its setting, and every mistake to an error that
/// names the file, line, column and key.
@Suite("Scenario files: parsing and validation")
struct ScenarioParserTests {
    /// Scenario files live beside the repository's samples, so `gpx:` paths resolve as
    /// they would for a user's scenario in `gpx/scenarios/`.
    static let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("gpx/scenarios/test.yaml").path

    static func parse(_ yaml: String) throws(ScenarioError) -> Scenario {
        try ScenarioParser.parse(yaml: yaml, file: file)
    }

    /// YAML 1.1's booleans, as the docs promise for `services: on` and `strict: off`:
    /// true, yes and on in their three cases; false, no and off likewise.
    @Test(arguments: [
        ("true", true), ("True", true), ("TRUE", true), ("yes", true), ("Yes", true), ("YES", true),
        ("on", true), ("On", true), ("ON", true),
        ("false", false), ("False", false), ("FALSE", false), ("no", false), ("No", false), ("NO", false),
        ("off", false), ("Off", false), ("OFF", false),
    ])
    func yamlBooleans(text: String, value: Bool) throws {
        let scenario = try Self.parse("gpx: ../sf-waterfront-walk.gpx\nservices: \(text)\nstrict: \(text)\n")
        #expect(scenario.configuration.location.servicesEnabled == value)
        #expect(scenario.configuration.strict == value)
    }

    @Test func everyKeySetsItsReplaySetting() throws {
        let scenario = try Self.parse(
            """
            name: everything
            gpx: ../sf-waterfront-walk.gpx
            source: track
            travelSpeed: 2.5
            interval: 5
            loop: 2
            distanceFilter: 25
            authorization: whenInUse
            accuracy: reduced
            services: off
            prompt: once
            promptAlways: deny
            request: always
            events:
              - 10m:app=background
              - "90:authorization=denied"
            strict: true
            weather:
              source: local
              timeout: 800ms
              cell: 0.05
              ttl: 1h
              events: all
              server: {failRate: 0.25, latency: 200ms, timeoutRate: 0.1, malformedRate: 0.05, rateLimit: 30, seed: 7}
            expect:
              - count: location
                atLeast: 1
            """)
        #expect(scenario.name == "everything")
        #expect(scenario.gpxPath.hasSuffix("/gpx/sf-waterfront-walk.gpx"))
        #expect(!scenario.gpxPath.contains(".."))
        let configuration = scenario.configuration
        #expect(configuration.source == .track)
        #expect(configuration.travelSpeedMetersPerSecond == 2.5)
        #expect(configuration.intervalSeconds == 5)
        #expect(configuration.loops == 2)
        #expect(configuration.speed == 0)
        #expect(configuration.location.distanceFilterMeters == 25)
        #expect(configuration.location.initialStatus == .authorizedWhenInUse)
        #expect(configuration.location.initialAccuracy == .reduced)
        #expect(!configuration.location.servicesEnabled)
        #expect(configuration.location.promptAnswer == .once)
        #expect(configuration.location.alwaysUpgradeAnswer == .deny)
        #expect(configuration.request == .always)
        #expect(configuration.events.map(\.description) == ["10m:app=background", "1m30s:authorization=denied"])
        #expect(configuration.strict)
        #expect(configuration.weather.provider == .local)
        #expect(configuration.weather.url == nil)
        #expect(configuration.weather.policy.cellDegrees == 0.05)
        #expect(configuration.weather.policy.freshnessSeconds == 3600)
        #expect(configuration.weather.policy.reportsCacheHits)
        #expect(scenario.network.timeout == .milliseconds(800))
        let faults = scenario.network.serverFaults
        #expect(faults.failRate == 0.25)
        #expect(faults.latency == .milliseconds(200))
        #expect(faults.timeoutRate == 0.1)
        #expect(faults.malformedRate == 0.05)
        #expect(faults.rateLimitPerMinute == 30)
        #expect(faults.seed == 7)
        #expect(scenario.expectations.map(\.line) == [26])
    }

    /// A share is 0 to 1, both ends taken: every request failing is a test worth writing.
    @Test func sharesTakeBothEnds() throws {
        let all = try Self.parse(
            "gpx: ../sf-waterfront-walk.gpx\nweather:\n  source: local\n  server: {failRate: 1, timeoutRate: 0, malformedRate: 1}\n"
        )
        #expect(all.network.serverFaults.failRate == 1)
        #expect(all.network.serverFaults.timeoutRate == 0)
        #expect(all.network.serverFaults.malformedRate == 1)
        #expect(throws: ScenarioError.self) {
            try Self.parse("gpx: ../sf-waterfront-walk.gpx\nweather:\n  source: local\n  server: {failRate: -0.01}\n")
        }
    }

    @Test func theDefaultsAreReplaysDefaults() throws {
        let scenario = try Self.parse("gpx: ../sf-waterfront-walk.gpx\n")
        #expect(scenario.name == "test")
        #expect(scenario.configuration == ReplayConfiguration())
        #expect(scenario.network == WeatherNetworkSettings())
        #expect(scenario.expectations.isEmpty)
    }

    @Test func aURLMeansOpenMeteoThere() throws {
        let scenario = try Self.parse(
            """
            gpx: ../sf-waterfront-walk.gpx
            weather: {url: "http://127.0.0.1:8080/"}
            """)
        #expect(scenario.configuration.weather.provider == .openMeteo)
        #expect(scenario.configuration.weather.url == "http://127.0.0.1:8080")
        #expect(scenario.network.effectiveArchiveURL == "http://127.0.0.1:8080")
    }

    @Test func expectationsOfEveryKind() throws {
        let scenario = try Self.parse(
            """
            gpx: ../sf-waterfront-walk.gpx
            expect:
              - count: location
                atLeast: 10
                atMost: 20
                from: 1m
                to: 90
              - none: weather
                fields: {stale: true}
                after: 10m
              - event: location
                fields: {index: 3, lat: "37.8 +- 0.01", speed: ">= 1", altitude: null, type: location}
                at: 10m
                tolerance: 2s
              - order: [prompt, {type: alert, fields: {message: "x"}}]
              - end: {locations: ">= 100", weatherErrors: 0}
            """)
        let location = EventSelector(type: "location")
        #expect(
            scenario.expectations.map(\.expectation) == [
                .count(location, .between(10, 20), window: OffsetWindow(from: 60, to: 90)),
                .absent(
                    EventSelector(type: "weather", fields: [FieldMatch(key: "stale", matcher: .bool(true))]),
                    after: 600, before: nil),
                .present(
                    EventSelector(
                        type: "location",
                        fields: [
                            FieldMatch(key: "index", matcher: .number(3, tolerance: 0)),
                            FieldMatch(key: "lat", matcher: .number(37.8, tolerance: 0.01)),
                            FieldMatch(key: "speed", matcher: .comparison(NumberComparison(.greaterOrEqual, 1))),
                            FieldMatch(key: "altitude", matcher: .null),
                            FieldMatch(key: "type", matcher: .string("location")),
                        ]), at: 600, tolerance: 2),
                .order(
                    first: EventSelector(type: "prompt"),
                    then: EventSelector(type: "alert", fields: [FieldMatch(key: "message", matcher: .string("x"))])),
                .end([
                    FieldMatch(key: "locations", matcher: .comparison(NumberComparison(.greaterOrEqual, 100))),
                    FieldMatch(key: "weatherErrors", matcher: .number(0, tolerance: 0)),
                ]),
            ])
        #expect(scenario.expectations.map(\.line) == [3, 8, 11, 15, 16])
    }

    /// YAML's core schema spells null four ways and as nothing at all; a scenario written
    /// by hand (or by a YAML library that writes `~`) means the same by each.
    @Test("every YAML spelling of null matches a null field: ~, null, Null, NULL and nothing")
    func nullSpellings() throws {
        let scenario = try Self.parse(
            """
            gpx: ../sf-waterfront-walk.gpx
            expect:
              - none: location
                fields: {altitude: ~, course: null, speed: Null, verticalAccuracy: NULL, truth: }
            """)
        #expect(
            scenario.expectations.map(\.expectation) == [
                .absent(
                    EventSelector(
                        type: "location",
                        fields: ["altitude", "course", "speed", "verticalAccuracy", "truth"].map {
                            FieldMatch(key: $0, matcher: .null)
                        }), after: nil, before: nil)
            ])
    }

    @Test("a count's window is inclusive at both ends: from and to the same instant is one moment, not an error")
    func aOneInstantWindow() throws {
        let scenario = try Self.parse(
            """
            gpx: ../sf-waterfront-walk.gpx
            expect:
              - count: location
                exactly: 1
                from: 10m
                to: 10m
            """)
        #expect(
            scenario.expectations.map(\.expectation) == [
                .count(EventSelector(type: "location"), .exactly(1), window: OffsetWindow(from: 600, to: 600))
            ])
    }

    /// `!=` is one of the comparisons a field may hold (`==`, `!=`, `<`, `<=`, `>`, `>=`),
    /// so `"!= 0"` is a number comparison, not text that no number ever equals.
    @Test func notEqualIsAComparison() throws {
        let scenario = try Self.parse(
            """
            gpx: ../sf-waterfront-walk.gpx
            expect:
              - event: location
                fields: {speed: "!= 0", course: "!=-1"}
            """)
        #expect(
            scenario.expectations.map(\.expectation) == [
                .present(
                    EventSelector(
                        type: "location",
                        fields: [
                            FieldMatch(key: "speed", matcher: .comparison(NumberComparison(.notEqual, 0))),
                            FieldMatch(key: "course", matcher: .comparison(NumberComparison(.notEqual, -1))),
                        ]), at: nil, tolerance: 0)
            ])
    }

    /// A count with `atLeast` equal to `atMost` is a range of one count, not an error
    /// (only `atLeast` above `atMost` is).
    @Test func equalCountBoundsAreOneCount() throws {
        let scenario = try Self.parse(
            """
            gpx: ../sf-waterfront-walk.gpx
            expect:
              - count: location
                atLeast: 3
                atMost: 3
            """)
        #expect(
            scenario.expectations.map(\.expectation) == [
                .count(EventSelector(type: "location"), .between(3, 3), window: OffsetWindow())
            ])
    }

    @Test func theSimulatedGPSKeysSetTheReceiver() throws {
        let scenario = try Self.parse(
            """
            gpx: ../sf-waterfront-walk.gpx
            gps: urban-canyon
            gpsSigma: 6
            gpsCorrelation: 45
            gpsMultipath: 0.01
            seed: 12
            jitter: 250
            maxGap: 2m
            events: [30m:signal=lost, 32m:signal=restored]
            """)
        let configuration = scenario.configuration
        #expect(configuration.gps.name == "custom")
        #expect(configuration.gps.sigmaMeters == 6)
        #expect(configuration.gps.correlationSeconds == 45)
        #expect(configuration.gps.multipathPerSecond == 0.01)
        #expect(
            configuration.gps.dropoutsPerHour == GPSProfile.urbanCanyon.dropoutsPerHour, "the rest is urban canyon's")
        #expect(configuration.seed == 12)
        #expect(configuration.jitterMilliseconds == 250)
        #expect(configuration.maxGapSeconds == 120)
        #expect(configuration.events.map(\.change) == [.signal(.lost), .signal(.restored)])
        #expect(try Self.parse("gpx: ../sf-waterfront-walk.gpx\ngps: indoor\n").configuration.gps == .indoor)
    }

    @Test("zero is taken where a setting must not be negative: distanceFilter, gpsSigma, gpsMultipath, jitter")
    func zeroIsNotNegative() throws {
        let scenario = try Self.parse(
            """
            gpx: ../sf-waterfront-walk.gpx
            distanceFilter: 0
            gps: open-sky
            gpsSigma: 0
            gpsMultipath: 0
            jitter: 0
            """)
        let configuration = scenario.configuration
        #expect(configuration.location.distanceFilterMeters == 0)
        #expect(configuration.gps.sigmaMeters == 0)
        #expect(configuration.gps.multipathPerSecond == 0)
        #expect(configuration.jitterMilliseconds == 0)
    }

    @Test("the lowest values taken: loop 1, seed 0, exactly 0, atLeast equal to atMost")
    func lowestValues() throws {
        let scenario = try Self.parse(
            """
            gpx: ../sf-waterfront-walk.gpx
            loop: 1
            seed: 0
            expect:
              - count: alert
                exactly: 0
              - count: location
                atLeast: 3
                atMost: 3
            """)
        #expect(scenario.configuration.loops == 1)
        #expect(scenario.configuration.seed == 0)
        #expect(
            scenario.expectations.map(\.expectation) == [
                .count(EventSelector(type: "alert"), .exactly(0), window: OffsetWindow(from: nil, to: nil)),
                .count(EventSelector(type: "location"), .between(3, 3), window: OffsetWindow(from: nil, to: nil)),
            ])
    }

    /// YAML's own messages quote the offending line on a line of their own: the error is one
    /// line still (`FILE:LINE:COL: error: REASON`), its lines joined by a space.
    @Test("a message of several lines is one line, its lines joined by a space")
    func messageOnOneLine() {
        let error = ScenarioError(
            file: "s.yaml", line: 2, column: 3, message: "mapping values\nare not\r\nallowed here")
        #expect(error.message == "mapping values are not allowed here")
        #expect(error.description == "s.yaml:2:3: error: mapping values are not allowed here")
    }

    @Test func aQuotedNumberIsText() throws {
        let scenario = try Self.parse(
            """
            gpx: ../sf-waterfront-walk.gpx
            expect:
              - event: alert
                fields: {message: "1"}
            """)
        #expect(
            scenario.expectations.first?.expectation
                == .present(
                    EventSelector(type: "alert", fields: [FieldMatch(key: "message", matcher: .string("1"))]), at: nil,
                    tolerance: 0))
    }

    /// A tolerance may be written with the sign itself, `12 ± 0.5`, as the timeline's text
    /// writes an accuracy: the same number and tolerance as `12 +- 0.5`, not text.
    @Test("a field written with ± is a number within a tolerance, as with +-")
    func plusMinusSignIsATolerance() throws {
        let scenario = try Self.parse(
            """
            gpx: ../sf-waterfront-walk.gpx
            expect:
              - event: location
                fields: {lat: "37.8 ± 0.01", speed: "1.5±0.25"}
            """)
        #expect(
            scenario.expectations.map(\.expectation) == [
                .present(
                    EventSelector(
                        type: "location",
                        fields: [
                            FieldMatch(key: "lat", matcher: .number(37.8, tolerance: 0.01)),
                            FieldMatch(key: "speed", matcher: .number(1.5, tolerance: 0.25)),
                        ]), at: nil, tolerance: 0)
            ])
    }

    /// A tolerance is how far from the number a value may be (docs/scenarios.md, "within a
    /// tolerance"): never negative, but zero is one, and `5 +- 0` is 5 exactly in that form.
    @Test("a tolerance of zero is a tolerance")
    func zeroTolerance() throws {
        let scenario = try Self.parse(
            """
            gpx: ../sf-waterfront-walk.gpx
            expect:
              - end: {weatherErrors: "0 +- 0", points: "5±0"}
            """)
        #expect(
            scenario.expectations.map(\.expectation) == [
                .end([
                    FieldMatch(key: "weatherErrors", matcher: .number(0, tolerance: 0)),
                    FieldMatch(key: "points", matcher: .number(5, tolerance: 0)),
                ])
            ])
    }

    /// docs/replay.md: the places app shows "the `--places-limit N` (default 5) nearest";
    /// a scenario's `places:` without `placesLimit` is that default.
    @Test("places without placesLimit shows the 5 nearest")
    func placesLimitDefaultsToFive() throws {
        let scenario = try Self.parse("gpx: ../sf-waterfront-walk.gpx\nplaces: ../places/sf-clinics.geojson\n")
        let gpx = URL(fileURLWithPath: Self.file).deletingLastPathComponent().deletingLastPathComponent().path
        #expect(scenario.configuration.app == .places(file: gpx + "/places/sf-clinics.geojson", limit: 5))
    }

    /// The lowest values the weather's bounds take: a rate limit of 1 a minute, a timeout of 1ms.
    @Test("weather: rateLimit 1 and timeout 1ms are taken, the least each allows")
    func edgesTaken() throws {
        let scenario = try Self.parse(
            "gpx: ../sf-waterfront-walk.gpx\nweather:\n  source: local\n  timeout: 1ms\n  server: {rateLimit: 1}\n")
        #expect(scenario.network.timeout == .milliseconds(1))
        #expect(scenario.network.serverFaults.rateLimitPerMinute == 1)
    }

    /// The bounds of `placesLimit` are those of `--places-limit`: 1 and 1000 are taken.
    @Test("placesLimit takes 1 to 1000, as --places-limit does", arguments: [1, 1000])
    func placesLimitBounds(limit: Int) throws {
        let scenario = try Self.parse(
            "gpx: ../sf-waterfront-walk.gpx\nplaces: ../places/sf-clinics.geojson\nplacesLimit: \(limit)\n")
        let gpx = URL(fileURLWithPath: Self.file).deletingLastPathComponent().deletingLastPathComponent().path
        #expect(scenario.configuration.app == .places(file: gpx + "/places/sf-clinics.geojson", limit: limit))
    }

    /// A relative path starts at the scenario file's folder; `..` takes away only a folder
    /// the path names, never a `..` before it: `../dir/x.yaml`'s `../../walk.gpx` is
    /// `../../walk.gpx`. The paths are named in the no-such-file error (none of them exists).
    @Test(
        "a gpx path joined to a relative scenario folder keeps each '..' that climbs above it",
        arguments: [
            ("../dir/x.yaml", "../../trailcast-no-walk.gpx", "../../trailcast-no-walk.gpx"),
            ("../../dir/x.yaml", "../trailcast-no-walk.gpx", "../../trailcast-no-walk.gpx"),
            ("../dir/x.yaml", "./sub/../trailcast-no-walk.gpx", "../dir/trailcast-no-walk.gpx"),
            ("trailcast-no-dir/scenarios/x.yaml", "../trailcast-no-walk.gpx", "trailcast-no-dir/trailcast-no-walk.gpx"),
            ("x.yaml", "../trailcast-no-walk.gpx", "../trailcast-no-walk.gpx"),
            ("/trailcast-no-dir/x.yaml", "trailcast-no-walk.gpx", "/trailcast-no-dir/trailcast-no-walk.gpx"),
        ])
    func relativeScenarioFolders(file: String, gpx: String, resolved: String) {
        #expect(
            throws: ScenarioError(
                file: file, line: 1, column: 6,
                message: "gpx: no such file: \(resolved) (a relative path starts at the scenario file's folder)")
        ) {
            try ScenarioParser.parse(yaml: "gpx: \(gpx)\n", file: file)
        }
    }

    /// A relative path starts at the scenario's folder and is shown tidied: each `.` is
    /// dropped and each `..` takes its folder away, so `start` events and errors name
    /// `gpx/places/...`, not `gpx/scenarios/./../places/./...`.
    @Test("relative paths are tidied: '.' dropped, '..' removes the folder before it")
    func relativePathsTidied() throws {
        let scenario = try Self.parse("gpx: ./../sf-waterfront-walk.gpx\nplaces: .././places/./sf-clinics.geojson\n")
        let gpx = URL(fileURLWithPath: Self.file).deletingLastPathComponent().deletingLastPathComponent().path
        #expect(scenario.gpxPath == gpx + "/sf-waterfront-walk.gpx")
        #expect(scenario.configuration.app == .places(file: gpx + "/places/sf-clinics.geojson", limit: 5))
    }

    struct Broken: Sendable, CustomTestStringConvertible {
        var yaml: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { message }
    }

    @Test("a weather cache path starts at the scenario file's folder, like the route")
    func weatherCacheIsRelativeToTheScenario() throws {
        let scenario = try ScenarioParser.parse(
            yaml:
                "gpx: ../sf-waterfront-walk.gpx\nweather:\n  source: local\n  cache: recorded\n  offline: true\n  cacheMax: 2.5\n",
            file: Self.file)
        let folder = URL(fileURLWithPath: Self.file).deletingLastPathComponent().path
        #expect(
            scenario.configuration.weather.cache
                == WeatherSettings.Cache(directory: folder + "/recorded", offline: true, maximumMegabytes: 2.5))
    }

    @Test(
        "a broken scenario is one error naming the file, line, column and key",
        arguments: [
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\npromt: deny\n", line: 2, column: 1,
                message:
                    "unknown key 'promt' (did you mean 'prompt'?); known keys: name, gpx, source, inputFormat, travelSpeed, interval, loop, authorization, accuracy, services, prompt, promptAlways, request, distanceFilter, events, strict, weather, gps, gpsSigma, gpsCorrelation, gpsMultipath, seed, jitter, maxGap, app, places, placesLimit, regions, significantChanges, visits, backgroundUpdates, plistMissing, plistDefaultAccuracyReduced, expect"
            ),
            Broken(yaml: "prompt: deny\n", line: 1, column: 1, message: "'gpx' is missing: which route to replay"),
            Broken(
                yaml: "gpx: ../missing.gpx\n", line: 1, column: 6,
                message:
                    "gpx: no such file: \(URL(fileURLWithPath: ScenarioParserTests.file).deletingLastPathComponent().deletingLastPathComponent().path)/missing.gpx (a relative path starts at the scenario file's folder)"
            ),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nloop: many\n", line: 2, column: 7,
                message: "loop: expected a whole number, not 'many'"),
            // Quoted, YAML's 2 is text, not a number (as a quoted number elsewhere).
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nloop: '2'\n", line: 2, column: 7,
                message: "loop: expected a whole number, not '2'"),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nloop: 0\n", line: 2, column: 7,
                message: "loop: must be at least 1: a scenario runs on virtual time"),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\ninterval: -1\n", line: 2, column: 11,
                message: "interval: must be greater than 0, not '-1'"),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nprompt: maybe\n", line: 2, column: 9,
                message: "prompt: expected one of allow, once, deny, not 'maybe'"),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nservices: sometimes\n", line: 2, column: 11,
                message: "services: expected on or off, not 'sometimes'"),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nevents: [10m:app=sleeping]\n", line: 2, column: 10,
                message:
                    "events[0]: invalid event '10m:app=sleeping': 'sleeping' is not a valid app; use background, foreground, terminated"
            ),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nweather:\n  server: {failRate: 1.5}\n", line: 3, column: 22,
                message: "weather.server.failRate: must be a share between 0 and 1, not '1.5'"),
            // The bounds of --server-rate-limit and --weather-timeout: 0 a minute and under a
            // millisecond (0.4ms rounds to 0) are refused (1 and 1ms are taken: `edgesTaken`).
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nweather:\n  server: {rateLimit: 0}\n", line: 3, column: 23,
                message: "weather.server.rateLimit: must be at least 1 request a minute"),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nweather:\n  timeout: 0.4ms\n", line: 3, column: 12,
                message: "weather.timeout: must be at least 1ms"),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nweather:\n  cache: recorded\n", line: 3, column: 10,
                message:
                    "weather.cache: a weather cache keeps network answers: it needs 'source: open-meteo' or 'local', not 'builtin'"
            ),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nweather:\n  source: local\n  offline: true\n", line: 4,
                column: 12,
                message: "weather.offline: 'offline' and 'cacheMax' need 'cache: DIR'"),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nweather:\n  source: builtin\n  server: {seed: 1}\n", line: 4,
                column: 11,
                message: "weather.server: a local server's faults need 'source: local', not 'builtin'"),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nweather: {ttl: soon}\n", line: 2, column: 16,
                message: "weather.ttl: expected a duration such as 45s, 10m, 1h5m or 250ms, not 'soon'"),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nexpect:\n  - count: locaton\n    exactly: 1\n", line: 3,
                column: 12,
                message:
                    "expect[0].count: unknown event type 'locaton' (did you mean 'location'?); types: start, authorization, prompt, location, missed, locationError, region, regionError, visit, pause, resume, indicator, alert, tap, places, app, launch, signal, control, call, plistError, weather, weatherError, end"
            ),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nexpect:\n  - event: location\n    fields: {latitude: 37}\n",
                line: 4, column: 14,
                message:
                    "expect[0].fields: unknown key 'latitude' (did you mean 'altitude'?); known keys: t, offset, type, lat, lon, altitude, horizontalAccuracy, verticalAccuracy, speed, course, index, cached, truth"
            ),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nexpect:\n  - none: authorization\n    fields: {to: denyed}\n",
                line: 4, column: 18,
                message:
                    "expect[0].fields.to: unknown value 'denyed' (did you mean 'denied'?); authorization.to is one of: notDetermined, restricted, denied, authorizedWhenInUse, authorizedAlways"
            ),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nexpect:\n  - count: alert\n", line: 3, column: 5,
                message: "expect[0]: a count needs 'exactly', or 'atLeast' and/or 'atMost'"),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nexpect:\n  - count: alert\n    none: alert\n", line: 3,
                column: 5,
                message:
                    "expect[0]: an expectation needs exactly one of count, none, event, order, end; found count and none"
            ),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nexpect:\n  - order: [prompt]\n", line: 3, column: 12,
                message: "expect[0].order: expected two events, [first, then], not 1"),
            Broken(
                yaml:
                    "gpx: ../sf-waterfront-walk.gpx\nexpect:\n  - count: location\n    atLeast: 1\n    from: 10m\n    to: 9m59s\n",
                line: 6, column: 9,
                message: "expect[0].to: the window ends (9m59s) before it starts (10m)"),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nexpect:\n  - none: location\n    after: 20m\n    before: 10m\n",
                line: 5, column: 13,
                message: "expect[0].before: nothing lies strictly between 20m and 10m"),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nexpect:\n  - end: {weatherErrors: \"x +- 3\"}\n", line: 3,
                column: 26,
                message: "expect[0].end.weatherErrors: expected 'NUMBER +- TOLERANCE', not 'x +- 3'"),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nexpect:\n  - end: {weatherErrors: \"3 +- -1\"}\n", line: 3,
                column: 26,
                message: "expect[0].end.weatherErrors: expected 'NUMBER +- TOLERANCE', not '3 +- -1'"),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nexpect:\n  - end: {errors: 0}\n", line: 3, column: 11,
                message:
                    "expect[0].end: unknown key 'errors'; known keys: t, offset, type, points, locations, distanceMeters, simulatedSeconds, wallSeconds, weatherLookups, weatherNetworkFetches, weatherCacheHits, weatherErrors, reason, message"
            ),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\n  prompt: deny\n", line: 2, column: 9,
                message: "not valid YAML: mapping values are not allowed in this context"),
            Broken(yaml: "- gpx\n", line: 1, column: 1, message: "expected a mapping of keys, not a list"),
            // Found by the scenario fuzz target: YAML's message quoted the line on a second one.
            Broken(
                yaml: "gpx: a\u{01}\n", line: 1, column: 7,
                message: "not valid YAML: control characters are not allowed"),
            // Past the first line, the columns count from 1 again after each line break.
            Broken(
                yaml: "gpx: a\nname: \u{01}b\n", line: 2, column: 7,
                message: "not valid YAML: control characters are not allowed"),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\ngps: foggy\n", line: 2, column: 6,
                message: "gps: expected one of perfect, open-sky, suburban, urban-canyon, indoor, not 'foggy'"),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\ngpsMultipath: 3\n", line: 2, column: 15,
                message: "gpsMultipath: --gps-multipath must be a probability per second from 0 to 1, not 3"),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nseed: -1\n", line: 2, column: 7,
                message: "seed: must not be negative"),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\ninterval: 0\n", line: 2, column: 11,
                message: "interval: must be greater than 0, not '0'"),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nexpect:\n  - count: location\n    atLeast: 4\n    atMost: 3\n",
                line: 3, column: 5, message: "expect[0]: atLeast 4 is more than atMost 3"),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nexpect:\n  - count: location\n    exactly: -1\n", line: 4,
                column: 14, message: "expect[0].exactly: a count cannot be negative"),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nexpect:\n  - none: location\n    after: 10m\n    before: 10m\n",
                line: 5, column: 13, message: "expect[0].before: nothing lies strictly between 10m and 10m"),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nmaxGap: soon\n", line: 2, column: 9,
                message: "maxGap: expected a duration such as 45s, 10m, 1h5m or 250ms, not 'soon'"),
            // `app`, `places` and `placesLimit` settle together: each mismatch is refused.
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\napp: weather\nplaces: ../places/sf-clinics.geojson\n", line: 3,
                column: 9,
                message: "places: 'places' is for 'app: places'"),
            Broken(
                yaml:
                    "gpx: ../sf-waterfront-walk.gpx\napp: reminders\nregions: ../places/sf-regions.geojson\nplaces: ../places/sf-clinics.geojson\n",
                line: 2, column: 6, message: "app: 'places' is for 'app: places'"),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\napp: places\n", line: 2, column: 6,
                message: "app: 'app: places' needs 'places: FILE'"),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nplacesLimit: 3\n", line: 1, column: 1,
                message: "'placesLimit' needs 'places: FILE'"),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nplaces: ../places/sf-clinics.geojson\nplacesLimit: 0\n", line: 3,
                column: 14,
                message: "placesLimit: must be from 1 to 1000"),
            Broken(
                yaml: "gpx: ../sf-waterfront-walk.gpx\nplaces: ../places/sf-clinics.geojson\nplacesLimit: 1001\n",
                line: 3, column: 14,
                message: "placesLimit: must be from 1 to 1000"),
        ])
    func brokenScenarios(_ broken: Broken) {
        do {
            _ = try Self.parse(broken.yaml)
            Issue.record("parsed: \(broken.yaml)")
        } catch {
            #expect(error.file == Self.file)
            #expect(error.message == broken.message)
            #expect(error.line == broken.line)
            #expect(error.column == broken.column)
            #expect(error.description == "\(Self.file):\(broken.line):\(broken.column): error: \(broken.message)")
            #expect(!error.isUnreadable)
        }
    }

    @Test func anUnreadableFileIsSaidSo() {
        #expect(throws: ScenarioError(file: "/nonexistent/s.yaml", message: "no such file", isUnreadable: true)) {
            _ = try ScenarioParser.load(contentsOfFile: "/nonexistent/s.yaml")
        }
    }
}
