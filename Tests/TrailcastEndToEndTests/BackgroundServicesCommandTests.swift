// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// `--significant-changes`, `--visits` and `--background-updates`: Core Location's services
/// beyond foreground updates, through the binary (the rules: docs/background.md).
@Suite("trailcast replay: significant changes, visits, background updates")
struct BackgroundServicesCommandTests {
    static func run(_ route: String, _ arguments: [String]) async throws -> ReplayTimeline {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let gpx = try scratch.file(named: "route.gpx", text: route)
        return try await ReplayTimeline.run(gpx.path, ["--weather", "none"] + arguments)
    }

    static func offsets(_ events: [OrderedJSON]) -> [Double] {
        events.compactMap { $0["offset"]?.doubleValue }
    }

    static func metres(_ a: OrderedJSON, _ b: OrderedJSON) -> Double {
        let latitude = ((a["lat"]?.doubleValue ?? 0) + (b["lat"]?.doubleValue ?? 0)) / 2 * .pi / 180
        let north = ((b["lat"]?.doubleValue ?? 0) - (a["lat"]?.doubleValue ?? 0)) * 111_320
        let east = ((b["lon"]?.doubleValue ?? 0) - (a["lon"]?.doubleValue ?? 0)) * 111_320 * cos(latitude)
        return (north * north + east * east).squareRoot()
    }

    // MARK: - Significant changes

    @Test(
        "a 30 km drive at 10 m/s: a delivery at the first fix, then every 300 s (3 km), never sooner",
        arguments: [["--gps", "perfect"], ["--gps", "suburban", "--seed", "4"]])
    func drive(gps: [String]) async throws {
        let timeline = try await Self.run(RegionRoute.gpx(legs: [(0, 30_000, 3000)]), ["--significant-changes"] + gps)
        let locations = timeline.locations
        #expect(Self.offsets(locations) == stride(from: 0.0, through: 3000, by: 300).map { $0 })
        for (a, b) in zip(locations, locations.dropFirst()) { #expect(Self.metres(a, b) >= 500) }
        // The missed fixes say why: waiting for the next significant change.
        #expect(timeline.events(ofType: "missed").allSatisfy { $0["reason"] == .string("significantChanges") })
    }

    @Test("a 2 km walk at 1 m/s: a delivery every 500 m (500 s), the distance deciding, not the five minutes")
    func slowWalk() async throws {
        let timeline = try await Self.run(RegionRoute.gpx(legs: [(0, 2000, 2000)]), ["--significant-changes"])
        let offsets = Self.offsets(timeline.locations)
        // The first fix 500 m on: the 500th metre, or the 501st where rounding leaves it a hair short.
        #expect(offsets.count == 4 && offsets.first == 0)
        // 501 s apart: the 500th metre is a hair short after rounding, so the 501st it is.
        #expect(offsets == [0, 501, 1002, 1503])
    }

    @Test("When In Use hears no significant change in the background; Always does")
    func significantChangesInTheBackground() async throws {
        let route = RegionRoute.gpx(legs: [(0, 30_000, 3000)])
        let whenInUse = try await Self.run(route, ["--significant-changes", "--event", "10m:app=background"])
        // The change due at 10 min comes in the in-use grace after leaving the foreground.
        #expect(Self.offsets(whenInUse.locations) == [0, 300, 600])
        let always = try await Self.run(
            route, ["--significant-changes", "--request", "always", "--event", "10m:app=background"])
        #expect(Self.offsets(always.locations).count == 11)
    }

    // MARK: - Visits

    /// A walk at 1.5 m/s with three stops of ten minutes, at 300, 900 and 1500 m.
    static let threeStops = RegionRoute.gpx(legs: [
        (0, 300, 200), (300, 300, 600), (300, 900, 400), (900, 900, 600), (900, 1500, 400), (1500, 1500, 600),
        (1500, 2000, 333),
    ])
    /// When each stop begins and ends, in seconds from the start.
    static let stops: [(from: Double, to: Double)] = [(200, 800), (1200, 1800), (2200, 2800)]

    @Test(
        "three stops of ten minutes: three arrivals (5 min after), three departures (1 min after), dated within 50 m of walking (34 s)"
    )
    func threeVisits() async throws {
        let timeline = try await Self.run(Self.threeStops, ["--visits"])
        let visits = timeline.events(ofType: "visit")
        try #require(visits.count == 6, "\(visits)")
        let start = Date(timeIntervalSince1970: 1_781_366_400)
        func seconds(_ value: OrderedJSON?) -> Double? {
            value?.stringValue.flatMap { try? Date($0, strategy: .iso8601) }.map { $0.timeIntervalSince(start) }
        }
        for index in Self.stops.indices {
            let arrival = visits[2 * index], departure = visits[2 * index + 1]
            #expect(arrival["departure"] == .null, "an arrival has no departure (Core Location's distantFuture)")
            let arrived = try #require(seconds(arrival["arrival"]))
            // The dwell's first fix, within 34 s (50 m) before the stop began.
            #expect(arrived == [170.0, 1198, 2199][index], "stop \(index): arrived")
            #expect(arrival["offset"]?.doubleValue == arrived + 300, "told when the dwell is confirmed")
            #expect(seconds(departure["arrival"]) == arrived)
            let departed = try #require(seconds(departure["departure"]))
            // The last fix within 50 m of the stop, at most 34 s after it ended.
            #expect(departed == [831.0, 1833, 2833][index], "stop \(index): departed")
            // The place: the mean of the dwell's 301 fixes (the route's own: no noise), from the
            // first within 50 m, walking in at 1.5 m/s, to the 300th second after it. The first
            // stop's: 30 fixes from 255 to 298.5 m and 271 at 300 m, 89,602.5 / 301 m east.
            #expect(arrival["lat"]?.doubleValue == 47, "stop \(index)")
            #expect(arrival["lon"]?.doubleValue == [8.003921, 8.0118544, 8.0197576][index], "stop \(index)")
            #expect(departure["lat"] == arrival["lat"] && departure["lon"] == arrival["lon"], "stop \(index)")
            let east = RegionRoute.distanceFromCenter(
                latitude: arrival["lat"]?.doubleValue ?? 0, longitude: arrival["lon"]?.doubleValue ?? 0)
            // To the 7 decimals of a degree written (1 cm here).
            #expect(
                abs(east - [89_602.5 / 301, 270_895.5 / 301, 451_498.5 / 301][index]) < 0.01,
                "stop \(index): \(east) m east")
        }
    }

    @Test("no visit on the waterfront walk, whose stops last 72 s and 58 s")
    func shortStopsAreNoVisits() async throws {
        let timeline = try await ReplayTimeline.run("gpx/sf-waterfront-walk.gpx", ["--visits", "--weather", "none"])
        #expect(timeline.events(ofType: "visit").isEmpty)
    }

    @Test(
        "When In Use in the background: visits are told when the app is back, in order; denied: a locationError and none"
    )
    func visitsHeld() async throws {
        // In the background from 100 s to 2400 s: the first two stops' four events wait.
        let held = try await Self.run(
            Self.threeStops, ["--visits", "--event", "100s:app=background", "--event", "2400s:app=foreground"])
        let offsets = Self.offsets(held.events(ofType: "visit"))
        try #require(offsets.count == 6)
        #expect(offsets.prefix(4) == [2400, 2400, 2400, 2400])
        #expect(Array(offsets.suffix(2)) == [2499, 2927], "the third stop's, as they happen")
        let always = try await Self.run(
            Self.threeStops, ["--visits", "--request", "always", "--event", "100s:app=background"])
        #expect(
            Self.offsets(always.events(ofType: "visit"))
                == Self.offsets(try await Self.run(Self.threeStops, ["--visits"]).events(ofType: "visit")))
        let denied = try await Self.run(Self.threeStops, ["--visits", "--prompt", "deny"])
        #expect(denied.events(ofType: "visit").isEmpty)
    }

    // MARK: - Background updates

    @Test(
        "When In Use, updates started in the foreground: in the background they stop without --background-updates and go on with it"
    )
    func backgroundUpdates() async throws {
        let route = RegionRoute.gpx(legs: [(0, 600, 300)])
        let without = try await Self.run(route, ["--event", "60s:app=background"])
        #expect(without.locations.last?["offset"]?.doubleValue == 59)
        #expect(without.events(ofType: "missed").last?["reason"] == .string("background"))
        #expect(without.events(ofType: "indicator").isEmpty)
        let with = try await Self.run(route, ["--background-updates", "--event", "60s:app=background"])
        #expect(with.locations.count == 301)
        // A When In Use app's background updates show the indicator, from the step it leaves.
        #expect(
            with.events(ofType: "indicator").map { [$0["offset"], $0["state"]] } == [[.number("60"), .string("shown")]])
    }

    @Test("Always without --background-updates gets nothing in the background either (Core Location suspends the app)")
    func alwaysNeedsTheFlagToo() async throws {
        let route = RegionRoute.gpx(legs: [(0, 600, 300)])
        let always = try await Self.run(route, ["--request", "always", "--event", "60s:app=background"])
        #expect(always.locations.last?["offset"]?.doubleValue == 59)
        let flagged = try await Self.run(
            route, ["--request", "always", "--background-updates", "--event", "60s:app=background"])
        #expect(flagged.locations.count == 301)
        #expect(
            flagged.events(ofType: "indicator").isEmpty,
            "an Always app shows it only with showsBackgroundLocationIndicator")
    }

    @Test(
        "Allow Once with background updates running does not expire in the background (the indicator keeps the app in use)"
    )
    func allowOnceKeptInUse() async throws {
        let route = RegionRoute.gpx(legs: [(0, 600, 300)])
        let kept = try await Self.run(
            route, ["--prompt", "once", "--background-updates", "--event", "60s:app=background"])
        #expect(
            !kept.events(ofType: "authorization").contains {
                $0["cause"] == .string("expired") && $0["offset"]?.doubleValue == 60
            })
        #expect(kept.locations.count == 301)
        let expired = try await Self.run(route, ["--prompt", "once", "--event", "60s:app=background"])
        // Once the in-use grace (5 s) after leaving the foreground is over.
        #expect(
            expired.events(ofType: "authorization").contains {
                $0["cause"] == .string("expired") && $0["offset"]?.doubleValue == 65
            })
    }

    @Test(
        "standing still in the background for ten minutes pauses updates; back in the foreground, the app resumes them")
    func pauseAndResume() async throws {
        // 100 m in 50 s, then 20 minutes standing; background at 30 s, foreground at 1500 s.
        let route = RegionRoute.gpx(legs: [(0, 100, 50), (100, 100, 1500)])
        let timeline = try await Self.run(
            route,
            [
                "--background-updates", "--event", "30s:app=background", "--event", "1500s:app=foreground",
            ])
        let pause = try #require(timeline.events(ofType: "pause").first)
        let paused = try #require(pause["offset"]?.doubleValue)
        // The stop began at 50 s; the anchor, the first fix within 50 m of where it stands, is
        // 20 s before it, and the pause comes 10 minutes after the anchor.
        #expect(paused == 630)
        #expect(timeline.events(ofType: "resume").map { $0["offset"] } == [.number("1500")])
        #expect(
            !timeline.locations.contains {
                ($0["offset"]?.doubleValue ?? 0) > paused && ($0["offset"]?.doubleValue ?? 0) < 1500
            })
        #expect(timeline.events(ofType: "missed").contains { $0["reason"] == .string("paused") })
        // Paused updates show no indicator.
        #expect(
            timeline.events(ofType: "indicator").map { [$0["offset"], $0["state"]] }
                == [[.number("30"), .string("shown")], [pause["offset"], .string("hidden")]])
    }
}
