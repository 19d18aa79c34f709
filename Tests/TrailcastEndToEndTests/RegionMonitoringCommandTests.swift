// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// `--regions FILE`: Core Location's region monitoring for the model app, through the
/// binary, on routes built here around a region centred at ``RegionRoute/center``.
@Suite("trailcast replay --regions")
struct RegionMonitoringCommandTests {
    static let regionsCSV =
        "identifier,lat,lon,radius\nshop,\(RegionRoute.center.latitude),\(RegionRoute.center.longitude),100\n"

    /// The `region` events after the `started` ones, as `change identifier @offset`.
    static func crossings(_ timeline: ReplayTimeline) -> [String] {
        timeline.events(ofType: "region").compactMap { event in
            guard let change = event["change"]?.stringValue, change != "started" else { return nil }
            return
                "\(change) \(event["identifier"]?.stringValue ?? "?") @\(event["offset"]?.doubleValue.map { "\($0)" } ?? "?")"
        }
    }

    static func run(_ route: String, regions: String = regionsCSV, _ arguments: [String] = []) async throws
        -> ReplayTimeline
    {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let gpx = try scratch.file(named: "route.gpx", text: route)
        let file = try scratch.file(named: "regions.csv", text: regions)
        return try await ReplayTimeline.run(gpx.path, ["--regions", file.path, "--weather", "none"] + arguments)
    }

    /// West to east at 2 m/s through the 100 m region, 60 s a metre from its centre. The
    /// boundary and the cushion fall between fixes, so that rounding cannot move an event.
    static let throughAndStay = RegionRoute.gpx(legs: [(-201, 1, 101), (1, 1, 60), (1, 301, 150)])

    @Test(
        "entering: the boundary at 50.5 s, the cushion (10 m for a 5 m fix) at 55.5 s, enter at the first fix 20 s after the first fix past it (56 s): 76 s; exit likewise at 236 s"
    )
    func enterAndExit() async throws {
        let timeline = try await Self.run(Self.throughAndStay)
        #expect(timeline.events(ofType: "region").first?["change"] == .string("started"))
        #expect(Self.crossings(timeline) == ["enter shop @76.0", "exit shop @236.0"])
        let enter = try #require(timeline.events(ofType: "region").first { $0["change"] == .string("enter") })
        #expect(enter["lat"]?.doubleValue != nil && enter["lon"]?.doubleValue != nil, "the fix that settled it")
        #expect(timeline.events.first?["settings"]?["regions"]?.stringValue?.hasSuffix("regions.csv") == true)
    }

    @Test("the header's names in any case, with spaces around them, as the places file takes them")
    func headerInAnyCase() async throws {
        let regions =
            "Identifier, Lat ,LON,Radius\nshop,\(RegionRoute.center.latitude),\(RegionRoute.center.longitude),100\n"
        let timeline = try await Self.run(Self.throughAndStay, regions: regions)
        #expect(Self.crossings(timeline) == ["enter shop @76.0", "exit shop @236.0"])
    }

    @Test("a corner cut at 10 m/s: 13 s inside the boundary, 10 s beyond the cushion: no event")
    func cornerCut() async throws {
        // 74.8 m from the centre: inside the 90 m line for 100 m of road, the 100 m boundary for 133 m.
        let timeline = try await Self.run(RegionRoute.gpx(legs: [(-300, 300, 60)], north: 74.8))
        #expect(Self.crossings(timeline) == [])
        // Deeper and slower, 40 m out at 4 m/s: 40 s beyond the cushion, an enter and an exit.
        let deeper = try await Self.run(RegionRoute.gpx(legs: [(-300, 300, 150)], north: 40))
        #expect(Self.crossings(deeper) == ["enter shop @75.0", "exit shop @121.0"])
    }

    @Test("the 21st region fails with regionMonitoringFailure; the first 20 start")
    func twentyFirst() async throws {
        var regions = "identifier,lat,lon,radius\n"
        for index in 1...21 {
            regions +=
                "r\(index),\(RegionRoute.center.latitude),\(RegionRoute.center.longitude + Double(index) * 0.01),100\n"
        }
        let timeline = try await Self.run(Self.throughAndStay, regions: regions)
        #expect(timeline.events(ofType: "region").filter { $0["change"] == .string("started") }.count == 20)
        let errors = timeline.events(ofType: "regionError")
        #expect(errors.map { $0["identifier"] } == [.string("r21")])
        #expect(
            errors.first?["code"] == .string("regionMonitoringFailure") && errors.first?["reason"] == .string("limit"))
    }

    @Test("a radius above maximumRegionMonitoringDistance (100 km here) fails; the others are monitored")
    func radiusTooLarge() async throws {
        let regions = Self.regionsCSV + "county,0,0,100001\n"
        let timeline = try await Self.run(Self.throughAndStay, regions: regions)
        #expect(timeline.events(ofType: "regionError").map { $0["reason"] } == [.string("radius")])
        #expect(Self.crossings(timeline) == ["enter shop @76.0", "exit shop @236.0"])
    }

    @Test("denied: regionMonitoringDenied, and no crossing reaches the app")
    func denied() async throws {
        let timeline = try await Self.run(Self.throughAndStay, ["--prompt", "deny"])
        let error = try #require(timeline.events(ofType: "regionError").first)
        #expect(error["code"] == .string("regionMonitoringDenied") && error["reason"] == .string("denied"))
        #expect(timeline.events(ofType: "region").isEmpty)
    }

    @Test("approximate location: regionMonitoringDenied (reason reducedAccuracy), no crossing")
    func approximate() async throws {
        let timeline = try await Self.run(Self.throughAndStay, ["--accuracy", "reduced"])
        #expect(timeline.events(ofType: "regionError").map { $0["reason"] } == [.string("reducedAccuracy")])
        #expect(timeline.events(ofType: "regionError").map { $0["code"] } == [.string("regionMonitoringDenied")])
        #expect(Self.crossings(timeline) == [])
    }

    @Test(
        "When In Use in the background: the enter waits until the app is in use again, then comes once; Always hears it at once"
    )
    func whenInUseInTheBackground() async throws {
        let held = try await Self.run(
            Self.throughAndStay, ["--event", "30s:app=background", "--event", "120s:app=foreground"])
        #expect(Self.crossings(held) == ["enter shop @120.0", "exit shop @236.0"])
        let always = try await Self.run(
            Self.throughAndStay,
            [
                "--request", "always", "--event", "30s:app=background", "--event", "120s:app=foreground",
            ])
        #expect(Self.crossings(always) == ["enter shop @76.0", "exit shop @236.0"])
    }

    @Test("a crossing while the app is denied is not told later; monitoring resumes silently when allowed again")
    func revokedThenRestored() async throws {
        let timeline = try await Self.run(
            Self.throughAndStay,
            [
                "--event", "30s:authorization=denied", "--event", "120s:authorization=authorizedWhenInUse",
            ])
        #expect(Self.crossings(timeline) == ["exit shop @236.0"])
    }

    @Test("urban-canyon noise on a device standing on the boundary for an hour: no enter or exit")
    func noFlapping() async throws {
        // The shop's boundary, 100 m east of its centre, for an hour.
        let standing = RegionRoute.gpx(legs: [(100, 100, 3600)])
        for seed in 1...3 {
            let timeline = try await Self.run(standing, ["--gps", "urban-canyon", "--seed", "\(seed)"])
            #expect(Self.crossings(timeline) == [], "seed \(seed)")
            // The noise is real: the fixes fall on both sides of the boundary, some far.
            let distances = timeline.events(ofType: "location").compactMap { fix -> Double? in
                guard let latitude = fix["lat"]?.doubleValue, let longitude = fix["lon"]?.doubleValue else {
                    return nil
                }
                return RegionRoute.distanceFromCenter(latitude: latitude, longitude: longitude)
            }
            #expect(distances.count > 3000)
            #expect(
                distances.filter { $0 < 90 }.count > 100 && distances.filter { $0 > 110 }.count > 100, "seed \(seed)")
        }
    }

    @Test("a GeoJSON regions file gives the same run as the CSV")
    func geoJSON() async throws {
        let geoJSON = """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [\(RegionRoute.center.longitude), \(RegionRoute.center.latitude)]},
               "properties": {"identifier": "shop", "radius": 100}}
            ]}
            """
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let gpx = try scratch.file(named: "route.gpx", text: Self.throughAndStay)
        let file = try scratch.file(named: "regions.geojson", text: geoJSON)
        let fromGeoJSON = try await ReplayTimeline.run(gpx.path, ["--regions", file.path, "--weather", "none"])
        let fromCSV = try await Self.run(Self.throughAndStay)
        #expect(
            fromGeoJSON.lines.dropFirst().map(ReplayTimeline.withoutWallSeconds)
                == fromCSV.lines.dropFirst().map(ReplayTimeline.withoutWallSeconds))
    }

    @Test("a GeoJSON region's identifier: properties.identifier, else name, else region-N counting features from 1")
    func geoJSONIdentifiers() async throws {
        let point =
            #"{"type": "Point", "coordinates": [\#(RegionRoute.center.longitude), \#(RegionRoute.center.latitude)]}"#
        let properties = [
            #"{"identifier": "shop", "name": "Corner shop", "radius": 100}"#,
            #"{"name": "Corner shop", "radius": 100}"#,
            #"{"radius": 100}"#, #"{"identifier": "", "radius": 100}"#,
        ]
        let geoJSON =
            #"{"type": "FeatureCollection", "features": ["#
            + properties.map { #"{"type": "Feature", "geometry": \#(point), "properties": \#($0)}"# }.joined(
                separator: ",") + "]}"
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let gpx = try scratch.file(named: "route.gpx", text: Self.throughAndStay)
        let file = try scratch.file(named: "regions.geojson", text: geoJSON)
        let timeline = try await ReplayTimeline.run(gpx.path, ["--regions", file.path, "--weather", "none"])
        let started = timeline.events(ofType: "region").filter { $0["change"] == .string("started") }
        #expect(
            started.map { $0["identifier"] } == ["shop", "Corner shop", "region-3", "region-4"].map { .string($0) })
    }

    @Test(
        "a bad regions file: one line naming it, exit 65; a missing one, 66",
        arguments: [
            (
                "regions.csv", "identifier,lat,lon,radius\nshop,47,8,-5\n",
                "regions.csv:2:11: error: radius must be a positive number of metres, not '-5'", Int32(65)
            ),
            // Excel's CRLF, with a line break inside a quoted name: the row after it is line 4.
            (
                "regions.csv", "identifier,lat,lon,radius\r\n\"two\r\nlines\",47,8,100\r\nshop,47,8,-5\r\n",
                "regions.csv:4:11: error: radius must be a positive number of metres, not '-5'", 65
            ),
            (
                "regions.csv", "name,lat,lon\nshop,47,8\n",
                "regions.csv:1:1: error: the header must name the columns identifier, lat, lon and radius, not 'name,lat,lon'",
                65
            ),
            (
                "regions.geojson",
                #"{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "Point", "coordinates": [8, 47]}}]}"#,
                "regions.geojson:1:44: error: features[0]: a region needs properties.radius, a positive number of metres",
                65
            ),
        ])
    func badFile(name: String, contents: String, message: String, status: Int32) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file(named: name, text: contents)
        let result = try await TrailcastBinary.run(arguments: [
            "replay", "gpx/sf-waterfront-walk.gpx", "--regions", file.path,
        ])
        #expect(result.status == status)
        #expect(result.stderr == "\(scratch.url.path)/\(message)\n")
        let missing = try await TrailcastBinary.run(arguments: [
            "replay", "gpx/sf-waterfront-walk.gpx", "--regions", "\(scratch.url.path)/none.csv",
        ])
        #expect(missing.status == 66)
        #expect(missing.stderr == "\(scratch.url.path)/none.csv: error: no such regions file\n")
    }
}

/// A GPX track of 1 s points along a west-east line near ``center``.
enum RegionRoute {
    static let center = (latitude: 47.0, longitude: 8.0)

    /// Metres from the centre, on the flat approximation the routes are built with.
    static func distanceFromCenter(latitude: Double, longitude: Double) -> Double {
        let north = (latitude - center.latitude) * 111_320
        let east = (longitude - center.longitude) * 111_320 * cos(center.latitude * .pi / 180)
        return (north * north + east * east).squareRoot()
    }

    /// Legs of `(from, to, seconds)` in metres east of the centre, on a line `north` metres
    /// north of it; each leg's points from its start, one per second, the last leg's end too.
    static func gpx(legs: [(from: Double, to: Double, seconds: Int)], north: Double = 0) -> String {
        let metresPerDegreeLatitude = 111_320.0
        let metresPerDegreeLongitude = metresPerDegreeLatitude * cos(center.latitude * .pi / 180)
        var text = #"<?xml version="1.0"?><gpx version="1.1" creator="test"><trk><trkseg>"# + "\n"
        var second = 0
        func point(east: Double) {
            let latitude = center.latitude + north / metresPerDegreeLatitude
            let longitude = center.longitude + east / metresPerDegreeLongitude
            let time = Date(timeIntervalSince1970: 1_781_366_400 + Double(second))
            text +=
                #"<trkpt lat="\#(latitude)" lon="\#(longitude)"><time>\#(time.ISO8601Format())</time></trkpt>"# + "\n"
            second += 1
        }
        for leg in legs {
            for step in 0..<leg.seconds {
                point(east: leg.from + (leg.to - leg.from) * Double(step) / Double(leg.seconds))
            }
        }
        if let last = legs.last { point(east: last.to) }
        return text + "</trkseg></trk></gpx>\n"
    }
}

/// `--app reminders` and a terminated app relaunched by Core Location.
@Suite("trailcast replay --app reminders, app=terminated")
struct RemindersAppCommandTests {
    static let walk = "gpx/sf-waterfront-walk.gpx"
    static let regions = "gpx/places/sf-regions.geojson"

    static func messages(_ timeline: ReplayTimeline) -> [String] {
        timeline.events(ofType: "alert").compactMap { $0["message"]?.stringValue }
    }

    @Test(
        "the two steps: When In Use at launch, the regions, then Always; a reminder on each arrival and departure; no updates, no weather"
    )
    func twoSteps() async throws {
        let timeline = try await ReplayTimeline.run(Self.walk, ["--app", "reminders", "--regions", Self.regions])
        #expect(timeline.events(ofType: "prompt").map { $0["request"] } == [.string("whenInUse"), .string("always")])
        #expect(timeline.types.prefix(10).filter { $0 == "region" }.count == 4, "registered between the two prompts")
        #expect(
            Self.messages(timeline) == [
                "Reminder: you arrived at pharmacy.", "Reminder: you left pharmacy.",
                "Reminder: you arrived at bakery.",
                "Reminder: you left bakery.", "Reminder: you arrived at office.", "Reminder: you left office.",
            ])
        #expect(timeline.locations.isEmpty && timeline.events(ofType: "weather").isEmpty)
        #expect(timeline.events.first?["settings"]?["app"] == .string("reminders"))
    }

    @Test("Always refused: one warning that reminders come only while the app is open; none in the background")
    func upgradeRefused() async throws {
        let timeline = try await ReplayTimeline.run(
            Self.walk,
            [
                "--app", "reminders", "--regions", Self.regions, "--prompt-always", "deny", "--event",
                "5m:app=background",
            ])
        #expect(Self.messages(timeline) == [RegionRoute.onlyWhileOpen])
    }

    /// Without location access the app says once that reminders need it, and again after
    /// each time access came back and went; never the While Using warning then.
    @Test("no location access: one alert that reminders need it, again when access is lost after coming back")
    func noAccess() async throws {
        let denied = try await ReplayTimeline.run(
            Self.walk, ["--app", "reminders", "--regions", Self.regions, "--prompt", "deny"])
        #expect(Self.messages(denied) == [RegionRoute.needsAccess])
        let revoked = try await ReplayTimeline.run(
            Self.walk,
            [
                "--app", "reminders", "--regions", Self.regions, "--event", "1m:authorization=denied",
                "--event", "2m:authorization=always", "--event", "3m:authorization=restricted",
            ])
        #expect(
            Self.messages(revoked).filter { !$0.hasPrefix("Reminder: ") } == [
                RegionRoute.needsAccess, RegionRoute.needsAccess,
            ])
    }

    @Test(
        "no Always purpose string: the second step does nothing but say why (again back in the foreground); reminders only while open"
    )
    func noAlwaysPurposeString() async throws {
        let timeline = try await ReplayTimeline.run(
            Self.walk,
            [
                "--app", "reminders", "--regions", Self.regions, "--plist-missing",
                "NSLocationAlwaysAndWhenInUseUsageDescription",
                "--event", "5m:app=background", "--event", "6m:app=foreground",
            ])
        #expect(timeline.events(ofType: "prompt").map { $0["request"] } == [.string("whenInUse")])
        #expect(
            timeline.events(ofType: "plistError").map {
                "\($0["method"]?.stringValue ?? "") \($0["offset"]?.doubleValue ?? -1)"
            } == [
                "requestAlwaysAuthorization 0.0", "requestAlwaysAuthorization 360.0",
            ])
        #expect(Self.messages(timeline).first == RegionRoute.onlyWhileOpen)
    }

    @Test(
        "an Always app terminated at 5 minutes is relaunched into the background for the first crossing, which it then hears"
    )
    func relaunchedForARegion() async throws {
        let timeline = try await ReplayTimeline.run(
            Self.walk,
            [
                "--app", "reminders", "--regions", Self.regions, "--event", "5m:app=terminated",
            ])
        let story = timeline.events.filter {
            ["app", "launch", "region", "alert"].contains($0["type"]?.stringValue ?? "")
                && $0["change"] != .string("started")
        }
        #expect(
            story.prefix(4).map {
                "\($0["type"]?.stringValue ?? "") \($0["state"]?.stringValue ?? $0["reason"]?.stringValue ?? $0["change"]?.stringValue ?? $0["message"]?.stringValue ?? "")@\($0["offset"]?.doubleValue ?? -1)"
            } == [
                "app terminated@300.0", "launch region@697.0", "region enter@697.0",
                "alert Reminder: you arrived at pharmacy.@697.0",
            ])
    }

    @Test(
        "When In Use, terminated: never relaunched; launched by the person later, it hears only regions crossed after")
    func whenInUseNotRelaunched() async throws {
        let timeline = try await ReplayTimeline.run(
            Self.walk,
            [
                "--app", "reminders", "--regions", Self.regions, "--prompt-always", "deny",
                "--event", "5m:app=terminated", "--event", "50m:app=foreground",
            ])
        #expect(timeline.events(ofType: "launch").isEmpty)
        #expect(
            Self.messages(timeline).dropFirst() == ["Reminder: you arrived at office.", "Reminder: you left office."])
        #expect(timeline.events(ofType: "missed").contains { $0["reason"] == .string("notRunning") })
    }

    @Test("significant changes and visits wake an Always app too; a When In Use app stays terminated")
    func otherWakeUps() async throws {
        let drive = RegionRoute.gpx(legs: [(0, 30_000, 3000)])
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let gpx = try scratch.file(named: "drive.gpx", text: drive)
        let significant = try await ReplayTimeline.run(
            gpx.path,
            [
                "--significant-changes", "--request", "always", "--event", "100s:app=terminated", "--weather", "none",
            ])
        #expect(significant.events(ofType: "launch").map { $0["reason"] } == [.string("significantChange")])
        #expect(significant.events(ofType: "launch").first?["offset"] == .number("300"))
        #expect(significant.locations.count == 11, "the app hears every later change, relaunched in the background")
        let stops = try scratch.file(named: "stops.gpx", text: BackgroundServicesCommandTests.threeStops)
        let visits = try await ReplayTimeline.run(
            stops.path,
            [
                "--visits", "--request", "always", "--event", "100s:app=terminated", "--weather", "none",
            ])
        #expect(visits.events(ofType: "launch").map { $0["reason"] } == [.string("visit")])
        #expect(visits.events(ofType: "visit").count == 6)
        let whenInUse = try await ReplayTimeline.run(
            gpx.path,
            [
                "--significant-changes", "--event", "100s:app=terminated", "--weather", "none",
            ])
        #expect(whenInUse.events(ofType: "launch").isEmpty && whenInUse.locations.count == 1)
    }

    @Test("--app reminders without --regions: exit 64 and one line")
    func needsRegions() async throws {
        let result = try await TrailcastBinary.run(arguments: ["replay", Self.walk, "--app", "reminders"])
        #expect(result.status == 64)
        #expect(
            result.stderr.split(separator: "\n").first
                == "trailcast: error: --app reminders needs --regions FILE: the places to be reminded at")
    }
}

extension RegionRoute {
    static let onlyWhileOpen =
        "Reminders come only while the app is open. Choose Always in Settings to be reminded in the background."
    static let needsAccess = "Reminders need location access. Allow it in Settings to be reminded at your places."
}
