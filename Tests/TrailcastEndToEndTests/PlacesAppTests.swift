// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// `--app places`: the second model app, through the binary.
@Suite("trailcast replay --app places")
struct PlacesAppTests {
    static let walk = "gpx/sf-waterfront-walk.gpx"
    static let clinics = "gpx/places/sf-clinics.geojson"

    static func names(_ event: OrderedJSON) -> [String] {
        event["nearest"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
    }

    @Test("each list is the nearest places in order, shown only when it changed, the first at the first fix")
    func nearestChanges() async throws {
        let timeline = try await ReplayTimeline.run(
            Self.walk, ["--places", Self.clinics, "--places-limit", "3", "--weather", "none"])
        let lists = timeline.events(ofType: "places")
        #expect(lists.count == 105, "\(lists.count) lists for 1840 fixes: shown only when the list changed")
        #expect(lists.first?["offset"] == .number("0"))
        #expect(timeline.events.first?["settings"]?["app"] == .string("places"))
        #expect(timeline.events.first?["settings"]?["places"] == .string(Self.clinics))
        #expect(timeline.events.first?["settings"]?["placesLimit"] == .number("3"))
        var previous: [String]?
        for list in lists {
            #expect(list["order"] == .string("distance") && list["total"] == .number("37"))
            let names = Self.names(list)
            #expect(names.count == 3)
            #expect(names != previous, "shown again unchanged at \(list["offset"].map { "\($0)" } ?? "?")")
            previous = names
            let distances = list["nearest"]?.arrayValue?.compactMap { $0["distanceMeters"]?.doubleValue } ?? []
            #expect(distances == distances.sorted() && distances.count == 3)
        }
        // The first list, as Python's haversine orders the places from the first fix: 101, 280 and 281 m.
        #expect(
            Self.names(lists[0]) == [
                "Embarcadero Vaccination Centre", "Embarcadero Community Clinic", "Embarcadero Pharmacy",
            ])
    }

    @Test("the places app still looks up the weather: the same weather lines as the weather app's run")
    func weatherStays() async throws {
        let places = try await ReplayTimeline.run(Self.walk, ["--places", Self.clinics])
        let weather = try await ReplayTimeline.run(Self.walk)
        #expect(places.events(ofType: "weather").count == 14)
        #expect(places.events(ofType: "weather") == weather.events(ofType: "weather"))
        #expect(places.end?["weatherLookups"] == weather.end?["weatherLookups"])
    }

    @Test("CSV, GeoJSON and GPX waypoints give the same timeline")
    func threeFormats() async throws {
        var outputs: [[String]] = []
        for file in ["gpx/places/sf-clinics.geojson", "gpx/places/sf-clinics.csv", "gpx/places/sf-clinics.gpx"] {
            let timeline = try await ReplayTimeline.run(Self.walk, ["--places", file, "--weather", "none"])
            outputs.append(timeline.lines.dropFirst().map(ReplayTimeline.withoutWallSeconds))
        }
        #expect(outputs[0] == outputs[1])
        #expect(outputs[0] == outputs[2])
    }

    @Test("denied: the file order and one alert; asking again offers Settings; the location button alerts")
    func denied() async throws {
        let timeline = try await ReplayTimeline.run(
            Self.walk,
            [
                "--places", Self.clinics, "--prompt", "deny", "--event", "5m:tap=requestPermission", "--event",
                "10m:tap=currentLocation",
            ])
        let lists = timeline.events(ofType: "places")
        #expect(lists.count == 1)
        #expect(lists.first?["order"] == .string("file"))
        #expect(
            Self.names(lists[0]) == [
                "Embarcadero Vaccination Centre", "Embarcadero Community Clinic", "Embarcadero Pharmacy",
                "Ferry Building Health Center", "Ferry Building Vaccination Centre",
            ])
        #expect(lists.first?["nearest"]?.arrayValue?.first?["distanceMeters"] == .null)
        #expect(timeline.events(ofType: "prompt").count == 1)
        #expect(
            timeline.events(ofType: "tap").compactMap { $0["action"]?.stringValue } == [
                "requestPermission", "currentLocation",
            ])
        #expect(
            timeline.events(ofType: "alert").compactMap { $0["message"]?.stringValue } == [
                "Location is not allowed: places are listed in file order. Allow location in Settings to sort them by distance.",
                "Location access is off. Open Settings to allow it.",
                "Location is not allowed: places are listed in file order. Allow location in Settings to sort them by distance.",
            ])
        #expect(timeline.locations.isEmpty)
    }

    @Test("allowed: the current-location tap asks for one fix; refresh shows the list again even unchanged")
    func taps() async throws {
        let timeline = try await ReplayTimeline.run(
            Self.walk,
            [
                "--places", Self.clinics, "--authorization", "whenInUse", "--event", "10m:tap=refresh", "--event",
                "10m:tap=currentLocation",
                "--weather", "none",
            ])
        let atTen = timeline.events.filter { $0["offset"] == .number("600") }.compactMap { $0["type"]?.stringValue }
        // Refresh shows the list (unchanged since the last fix, shown anyway); the location
        // button's request is met by the device's fix at 10m, which comes after the taps.
        #expect(atTen == ["tap", "places", "tap", "location"])
        #expect(timeline.events(ofType: "alert").isEmpty)
    }

    @Test("--app places over a scenario that names its places file: the scenario's places, not a usage error")
    func appFlagOverAScenario() async throws {
        let result = try await TrailcastBinary.run(arguments: [
            "replay", "--scenario", "gpx/scenarios/places-nearest.yaml", "--app", "places", "--format", "jsonl",
            "--weather", "none",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let timeline = try ReplayTimeline(result: result)
        #expect(timeline.events.first?["settings"]?["places"] == .string("gpx/places/sf-clinics.geojson"))
        // The scenario's limit of 3: the same 105 lists as `--places-limit 3` on the walk.
        #expect(timeline.events(ofType: "places").count == 105)
    }

    @Test(
        "usage and bad files: 64, 65 with FILE:LINE:COL, 66",
        arguments: [
            (["--app", "places"], Int32(64), "trailcast: error: --app places needs --places FILE"),
            (
                ["--places", "gpx/places/sf-clinics.csv", "--places-limit", "0"], 64,
                "trailcast: error: --places-limit must be from 1 to 1000, not 0"
            ),
            (
                ["--app", "weather", "--places", "gpx/places/sf-clinics.csv"], 64,
                "trailcast: error: --places and --places-limit are for --app places, not weather"
            ),
            (
                ["--app", "weather", "--places-limit", "3"], 64,
                "trailcast: error: --places and --places-limit are for --app places, not weather"
            ),
            (
                ["--app", "reminders", "--regions", "gpx/places/sf-regions.geojson", "--places-limit", "3"], 64,
                "trailcast: error: --places and --places-limit are for --app places, not reminders"
            ),
            (
                [
                    "--app", "reminders", "--regions", "gpx/places/sf-regions.geojson", "--places",
                    "gpx/places/sf-clinics.csv",
                ], 64,
                "trailcast: error: --places and --places-limit are for --app places, not reminders"
            ),
            (["--places-limit", "3"], 64, "trailcast: error: --places-limit needs --places FILE"),
            (
                ["--places", "gpx/places/sf-clinics.csv", "--places-limit", "1001"], 64,
                "trailcast: error: --places-limit must be from 1 to 1000, not 1001"
            ),
            (["--places", "gpx/places/none.csv"], 66, "gpx/places/none.csv: error: no such places file"),
            (
                ["--places", "gpx/sf-waterfront-walk.gpx"], 65,
                "gpx/sf-waterfront-walk.gpx:1:1: error: no <wpt> in the file: the places are its waypoints"
            ),
        ])
    func errors(arguments: [String], status: Int32, message: String) async throws {
        let result = try await TrailcastBinary.run(arguments: ["replay", Self.walk] + arguments)
        #expect(result.status == status)
        #expect(result.stdout == "")
        #expect(result.stderrLines.first == message, "\(result.stderr)")
    }
}
