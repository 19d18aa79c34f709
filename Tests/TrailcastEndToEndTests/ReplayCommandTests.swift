// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// `trailcast replay --format jsonl`: the JSON Lines contract, determinism, and how the
/// route options shape the stream of locations.
@Suite("trailcast replay: JSON Lines")
struct ReplayCommandTests {
    static let walk = "gpx/sf-waterfront-walk.gpx"

    @Test("the default run on the walk: exact first lines and `end`")
    func exactLines() async throws {
        let timeline = try await ReplayTimeline.run(Self.walk)
        // start, 3 permission lines, 1840 locations, 14 weather answers (one per cell and
        // 15-minute window visited), end.
        #expect(timeline.lines.count == 1859)
        #expect(
            Array(timeline.lines.prefix(7)) == [
                #"{"t":"2026-06-13T16:00:00.000Z","offset":0,"type":"start","file":"gpx/sf-waterfront-walk.gpx","source":"track","points":null,"settings":{"travelSpeed":1.4,"interval":null,"speed":0,"loop":1,"authorization":"notDetermined","accuracy":"full","services":"on","prompt":"allow","promptAlways":"allow","request":"whenInUse","distanceFilter":null,"events":[],"strict":false,"weather":"builtin","weatherUrl":null,"weatherCell":0.01,"weatherTtl":900,"weatherEvents":"fetches","weatherCache":null,"weatherOffline":false,"weatherCacheMax":null,"gps":"perfect","gpsSigma":null,"gpsCorrelation":null,"gpsMultipath":null,"seed":1,"jitter":0,"maxGap":300,"app":"weather","places":null,"placesLimit":null,"regions":null,"significantChanges":false,"visits":false,"backgroundUpdates":false}}"#,
                #"{"t":"2026-06-13T16:00:00.000Z","offset":0,"type":"authorization","from":"notDetermined","to":"notDetermined","accuracy":"full","servicesEnabled":true,"cause":"initial"}"#,
                #"{"t":"2026-06-13T16:00:00.000Z","offset":0,"type":"prompt","request":"whenInUse","answer":"allow"}"#,
                #"{"t":"2026-06-13T16:00:00.000Z","offset":0,"type":"authorization","from":"notDetermined","to":"authorizedWhenInUse","accuracy":"full","servicesEnabled":true,"cause":"prompt"}"#,
                #"{"t":"2026-06-13T16:00:00.000Z","offset":0,"type":"location","lat":37.795403,"lon":-122.394253,"altitude":4.5,"horizontalAccuracy":5,"verticalAccuracy":10,"speed":1.33,"course":318.7,"index":0,"cached":null,"truth":null}"#,
                #"{"t":"2026-06-13T16:00:00.000Z","offset":0,"type":"weather","lat":37.795403,"lon":-122.394253,"cell":"37.79,-122.40","source":"model","stale":false,"temperatureCelsius":19.4,"apparentTemperatureCelsius":18,"relativeHumidity":61,"precipitationMm":0,"cloudCover":17,"weatherCode":0,"condition":"clear sky","windSpeedMps":2.7,"windDirectionDegrees":272,"isDay":true,"attempts":1,"fetchMs":null}"#,
                #"{"t":"2026-06-13T16:00:03.000Z","offset":3,"type":"location","lat":37.79543,"lon":-122.394283,"altitude":4.2,"horizontalAccuracy":5,"verticalAccuracy":10,"speed":1.79,"course":311.4,"index":1,"cached":null,"truth":null}"#,
            ])
        #expect(
            Array(timeline.lines.suffix(2)).map(ReplayTimeline.withoutWallSeconds) == [
                #"{"t":"2026-06-13T17:26:06.000Z","offset":5166,"type":"location","lat":37.804206,"lon":-122.461537,"altitude":4,"horizontalAccuracy":5,"verticalAccuracy":10,"speed":1.05,"course":270,"index":1839,"cached":null,"truth":null}"#,
                #"{"t":"2026-06-13T17:26:06.000Z","offset":5166,"type":"end","points":1840,"locations":1840,"distanceMeters":7080.6,"simulatedSeconds":5166,"wallSeconds":_,"weatherLookups":1840,"weatherNetworkFetches":0,"weatherCacheHits":1826,"weatherErrors":0,"reason":"finished","message":null}"#,
            ])
        let wall = try #require(timeline.end?["wallSeconds"]?.doubleValue)
        #expect(wall < 5166, "virtual time: the 5,166 simulated seconds are not waited for")
        // A second parser: every line is JSON to Foundation too.
        for line in timeline.lines {
            #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any])
        }
    }

    @Test(
        "one run with every event type but weatherError, control, call, places and plistError: each has its documented keys, in order"
    )
    func everyEventType() async throws {
        let timeline = try await ReplayTimeline.run(
            Self.walk,
            [
                "--prompt", "once", "--event", "5m:app=background", "--event", "6m:app=foreground",
                "--event", "10m:authorization=denied", "--event", "2m:signal=lost", "--event", "3m:signal=restored",
                "--event", "7m:tap=refresh", "--regions", "gpx/places/sf-regions.csv",
            ])
        // The built-in model never fails; weatherError's keys are checked against a dead server
        // in ReplayWeatherCommandTests; control's, with a live run, in LiveStreamTests; call
        // is the testing library's; places, the places app's, in PlacesAppTests; regionError's
        // in RegionMonitoringCommandTests (here the four regions start, and no crossing is
        // heard: Allow Once has expired by the first); visit, pause, resume and indicator in
        // BackgroundServicesCommandTests; plistError (an app without an Info.plist entry) in
        // ReplayInfoPlistTests.
        let types = Set(ReplayTimeline.keys.keys).subtracting([
            "weatherError", "control", "call", "places", "regionError", "visit", "pause", "resume", "indicator",
            "launch",
            "plistError",
        ])
        #expect(Set(timeline.types) == types)
        // How many of each: 162 fixes (none while lost, in the background or denied) and the
        // last known one handed over again when updates start at 6m, the
        // weather of the first two cells, a missed stretch for the tunnel, the in-use grace
        // after 5m (the background), the rest of the background (not authorized) and the
        // denial, two prompts and five authorization changes (Allow Once expiring at 5m5s).
        let counts = [
            "start": 1, "authorization": 5, "prompt": 2, "location": 163, "missed": 4, "locationError": 2,
            "alert": 1, "tap": 1, "app": 2, "signal": 2, "weather": 2, "end": 1, "region": 4,
        ]
        for type in types.sorted() {
            let events = timeline.events(ofType: type)
            #expect(events.count == counts[type], "\(type)")
            for event in events { #expect(event.keys == ReplayTimeline.keys[type], "\(type)") }
        }
        let errors = timeline.events(ofType: "locationError")
        #expect(
            errors.map { $0["code"] } == [.string("locationUnknown"), .string("denied")], "the tunnel at 2m, then 10m")
        let error = try #require(errors.last)
        #expect(error["message"] == .string(ReplayTimeline.deniedMessage))
        #expect(timeline.events(ofType: "alert").first?["message"] == .string(ReplayTimeline.alertMessage))
        #expect(timeline.events(ofType: "app").map { $0["state"] } == [.string("background"), .string("foreground")])
    }

    @Test("`settings` records every effective option, spelled as the flags are")
    func settingsEchoTheFlags() async throws {
        let timeline = try await ReplayTimeline.run(
            Self.walk,
            [
                "--source", "track", "--travel-speed", "2", "--interval", "5", "--loop", "2",
                "--authorization", "whenInUse", "--accuracy", "reduced", "--services", "off", "--prompt", "once",
                "--prompt-always", "deny", "--request", "always", "--distance-filter", "25",
                "--event", "20m:authorization=always", "--event", "600:app=background", "--strict",
                "--gps", "suburban", "--gps-sigma", "4", "--seed", "9", "--jitter", "150", "--max-gap", "2m",
            ])
        let start = try #require(timeline.events.first)
        #expect(start["file"] == .string(Self.walk))
        #expect(start["source"] == .string("track"))
        #expect(start["points"] == .null, "a file is read once: its count is in end")
        #expect(timeline.end?["points"] == .number("1840"), "one play of the walk, not two loops")
        let settings = try #require(start["settings"])
        #expect(
            settings
                == (try OrderedJSON(
                    parsing: """
                        {"travelSpeed":2,"interval":5,"speed":0,"loop":2,"authorization":"whenInUse","accuracy":"reduced",\
                        "services":"off","prompt":"once","promptAlways":"deny","request":"always","distanceFilter":25,\
                        "events":["20m:authorization=always","10m:app=background"],"strict":true,\
                        "weather":"builtin","weatherUrl":null,"weatherCell":0.01,"weatherTtl":900,"weatherEvents":"fetches",\
                        "weatherCache":null,"weatherOffline":false,"weatherCacheMax":null,\
                        "gps":"custom","gpsSigma":4,"gpsCorrelation":30,"gpsMultipath":0.002,"seed":9,"jitter":150,"maxGap":120,"app":"weather","places":null,"placesLimit":null,"regions":null,"significantChanges":false,"visits":false,"backgroundUpdates":false}
                        """)))
    }

    @Test(
        "two runs are byte-identical except `wallSeconds`",
        arguments: [
            ["--event", "10m:authorization=denied", "--event", "20m:authorization=whenInUse"],
            ["--prompt", "once", "--event", "5m:app=background", "--event", "6m:app=foreground"],
            ["--accuracy", "reduced", "--interval", "7.5"],
        ])
    func deterministic(arguments: [String]) async throws {
        let first = try await ReplayTimeline.run(Self.walk, arguments)
        let second = try await ReplayTimeline.run(Self.walk, arguments)
        #expect(first.stdoutWithoutWallSeconds == second.stdoutWithoutWallSeconds)
        #expect(first.result.stdout.utf8.count > 1_000)
    }

    @Test("`t` is always the start time plus `offset`, also for times off the millisecond grid")
    func timesAgreeWithOffsets() async throws {
        // Points without <time> are reached at 1.4 m/s: arbitrary fractions of a second.
        let timeline = try await ReplayTimeline.run("gpx/route-no-times.gpx")
        #expect(timeline.locations[1]["t"] == .string("2001-01-01T00:01:10.776Z"))
        #expect(timeline.locations[1]["offset"] == .number("70.776"))
    }

    @Test("--source: auto picks routes over waypoints; waypoints and Xcode files replay as given")
    func sources() async throws {
        let route = try await ReplayTimeline.run("gpx/route-no-times.gpx")
        let waypoints = try await ReplayTimeline.run("gpx/route-no-times.gpx", ["--source", "waypoints"])
        let xcode = try await ReplayTimeline.run("gpx/xcode-waypoints.gpx")

        for (timeline, source, points) in [(route, "route", 24), (waypoints, "waypoints", 3), (xcode, "waypoints", 14)]
        {
            let start = try #require(timeline.events.first)
            #expect(start["source"] == .string(source))
            #expect(start["points"] == .null)
            #expect(timeline.end?["points"] == .number(String(points)))
            #expect(timeline.locations.compactMap { $0["index"]?.intValue } == Array(0..<points))
        }
        // No times: the route starts at Core Foundation's reference date and moves at 1.4 m/s.
        #expect(route.events.first?["t"] == .string("2001-01-01T00:00:00.000Z"))
        #expect(route.locations.allSatisfy { $0["speed"] == .number("1.4") })
        #expect(
            route.lines.last.map(ReplayTimeline.withoutWallSeconds)
                == #"{"t":"2001-01-01T00:29:42.479Z","offset":1782.479,"type":"end","points":24,"locations":24,"distanceMeters":2495.5,"simulatedSeconds":1782.479,"wallSeconds":_,"weatherLookups":24,"weatherNetworkFetches":0,"weatherCacheHits":18,"weatherErrors":0,"reason":"finished","message":null}"#
        )
        // Xcode's waypoints have times and no elevation.
        #expect(xcode.locations.allSatisfy { $0["altitude"] == .null && $0["verticalAccuracy"] == .null })
        #expect(xcode.end?["simulatedSeconds"] == .number("246"))
        #expect(xcode.end?["distanceMeters"] == .number("2387"))
    }

    @Test("--source track on a file without tracks: nothing to replay, exit 65")
    func sourceWithNothing() async throws {
        let result = try await TrailcastBinary.run(
            arguments: ["replay", "gpx/xcode-waypoints.gpx", "--source", "track", "--format", "jsonl"])
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(
            result.stderr == """
                gpx/xcode-waypoints.gpx: error: nothing to replay: the file has no track points (<trkpt>); \
                try --source route or waypoints\n
                """)
    }

    @Test("--loop 2: the route twice, the second one second after the first, distance doubled")
    func loopTwice() async throws {
        let timeline = try await ReplayTimeline.run("gpx/xcode-waypoints.gpx", ["--loop", "2"])
        #expect(timeline.locations.compactMap { $0["index"]?.intValue } == Array(0..<14) + Array(0..<14))
        #expect(timeline.locations[14]["offset"] == .number("247"))
        #expect(timeline.locations[14]["t"] == .string("2026-06-13T17:04:07.000Z"))
        #expect(timeline.end?["simulatedSeconds"] == .number("493"))
        // 2 x 2387 m; the jump back to the start is not travelled.
        #expect(timeline.end?["distanceMeters"] == .number("4774.1"))
        #expect(timeline.end?["locations"] == .number("28"))
    }

    @Test("--interval 1: one interpolated location per simulated second")
    func intervalInterpolation() async throws {
        let timeline = try await ReplayTimeline.run(Self.walk, ["--interval", "1"])
        let locations = timeline.locations
        #expect(locations.count == 5167)
        #expect(locations.compactMap { $0["offset"]?.intValue } == Array(0...5166))
        // Between point 0 (0 s) and point 1 (3 s): a third of the way at 1 s, the leg's speed.
        #expect(
            timeline.lines[6]
                == #"{"t":"2026-06-13T16:00:01.000Z","offset":1,"type":"location","lat":37.795412,"lon":-122.394263,"altitude":4.4,"horizontalAccuracy":5,"verticalAccuracy":10,"speed":1.33,"course":318.7,"index":0,"cached":null,"truth":null}"#
        )
        #expect(locations[3]["index"] == .number("1"))
        // Interpolation does not change where the device goes.
        #expect(timeline.end?["distanceMeters"] == .number("7080.6"))
    }

    @Test("--distance-filter 100: each delivered fix at least 100 m from the previous one")
    func distanceFilter() async throws {
        let timeline = try await ReplayTimeline.run(Self.walk, ["--distance-filter", "100"])
        let locations = timeline.locations
        #expect(locations.count == 66)
        #expect(locations.first?["index"] == .number("0"))
        for (previous, next) in zip(locations, locations.dropFirst()) {
            let meters = Self.haversineMeters(
                previous["lat"]?.doubleValue ?? 0, previous["lon"]?.doubleValue ?? 0,
                next["lat"]?.doubleValue ?? 0, next["lon"]?.doubleValue ?? 0)
            #expect(meters >= 99.99, "\(meters) m between fixes \(previous["index"]!) and \(next["index"]!)")
        }
        // The device still walks the whole way.
        #expect(timeline.end?["distanceMeters"] == .number("7080.6"))
    }

    static func haversineMeters(_ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double)
        -> Double
    {
        let radians = Double.pi / 180
        let dLatitude = (latitude2 - latitude1) * radians
        let dLongitude = (longitude2 - longitude1) * radians
        let a =
            sin(dLatitude / 2) * sin(dLatitude / 2)
            + cos(latitude1 * radians) * cos(latitude2 * radians) * sin(dLongitude / 2) * sin(dLongitude / 2)
        return 2 * 6_371_008.8 * asin(min(1, a.squareRoot()))
    }
}
