// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
import TrailcastBasics
import TrailcastCoreLocation
import TrailcastDevice
import TrailcastEngine
import TrailcastSettings

/// The fleet stepped in time order, through its public API: ids, stagger, shares, shards,
/// and what Core Location lets each device's tracking app publish.
@Suite("Fleet")
struct FleetTests {
    static let sample = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("gpx/sf-waterfront-walk.gpx").path
    static let start = Timestamp(secondsSince1970: 1_780_000_000)

    /// A straight walk north, 1 m/s, `seconds` long.
    static func line(seconds: Int, name: String = "line") -> FleetRoute {
        let fixes = (0..<seconds).map { second in
            LocationFix(
                time: start.adding(seconds: Double(second)), latitude: 37.8 + Double(second) * 0.000009,
                longitude: -122.4,
                altitudeMeters: 10, horizontalAccuracyMeters: 5, verticalAccuracyMeters: 8,
                speedMetersPerSecond: 1, courseDegrees: 0)
        }
        return FleetRoute(name: name, fixes: fixes, intervalSeconds: 1)
    }

    /// Every location the fleet gives until `seconds` after its start.
    static func locations(_ plan: FleetPlan, routes: [FleetRoute], seconds: Double) -> [FleetLocation] {
        var fleet = Fleet(plan: plan, routes: routes, start: start)
        var locations: [FleetLocation] = []
        let end = Int64(seconds * 1e9)
        while let due = fleet.nextMomentNanoseconds, due < end {
            fleet.advance { if case .location(let location) = $0 { locations.append(location) } }
        }
        return locations
    }

    @Test(
        "ids are the prefix and the global index padded to six digits, whatever the fleet's size or shard; starts spread over the stagger"
    )
    func idsAndStagger() {
        let plan = FleetPlan(deviceCount: 1000, staggerSeconds: 60, idPrefix: "car-")
        #expect(plan.deviceID(0) == "car-000000")
        #expect(plan.deviceID(42) == "car-000042")
        #expect(plan.deviceID(999) == "car-000999")
        // One more device renames none of the others (a tracking server registers them by id).
        #expect(FleetPlan(deviceCount: 1001, idPrefix: "car-").deviceID(42) == "car-000042")
        #expect(FleetPlan(deviceCount: 1).deviceID(0) == "device-000000")
        #expect(
            FleetPlan(deviceCount: 2_000_000).deviceID(1_234_567) == "device-1234567", "past a million: all its digits")
        #expect(FleetPlan(deviceCount: 1000, shard: FleetShard(index: 3, count: 8)).deviceID(11) == "device-000011")
        #expect(FleetPlan(deviceCount: 1000, idWidth: 0).deviceID(42) == "device-42")
        #expect(FleetPlan(deviceCount: 1000, idWidth: 9).problem == "--id-width must be 0 (no padding) to 8")
        #expect(FleetPlan(deviceCount: 1000, idWidth: -1).problem == "--id-width must be 0 (no padding) to 8")
        #expect(
            FleetPlan(deviceCount: 1000, idWidth: 0).problem == nil
                && FleetPlan(deviceCount: 1000, idWidth: 8).problem == nil)
        #expect(plan.startOffsetSeconds(0) == 0)
        #expect(plan.startOffsetSeconds(500) == 30)
        let firsts = Dictionary(
            grouping: Self.locations(plan, routes: [Self.line(seconds: 600)], seconds: 61), by: \.device
        )
        .mapValues { $0.map(\.fix.time).min()! }
        #expect(firsts.count == 1000, "every device has started within the minute")
        #expect(firsts[500] == Self.start.adding(seconds: 30))
    }

    @Test("the same plan gives the same locations, byte for byte; another seed does not")
    func deterministic() {
        let plan = FleetPlan(
            deviceCount: 50, gpsMix: try! GPSMix(parsing: "open-sky:60,urban-canyon:30,indoor:10"), seed: 7)
        let routes = [Self.line(seconds: 300), Self.line(seconds: 120, name: "short")]
        let first = Self.locations(plan, routes: routes, seconds: 200)
        #expect(first.count > 5000)
        #expect(first == Self.locations(plan, routes: routes, seconds: 200))
        var other = plan
        other.seed = 8
        #expect(first != Self.locations(other, routes: routes, seconds: 200))
    }

    @Test("four shards together are the whole fleet, device for device, fix for fix")
    func shards() {
        let plan = FleetPlan(
            deviceCount: 103, gpsMix: try! GPSMix(parsing: "open-sky:1,urban-canyon:1"), seed: 3,
            events: [
                try! FleetEvent(parsing: "40s:authorization=denied@10%"),
                try! FleetEvent(parsing: "50s:signal=lost@25%"),
            ])
        let routes = [Self.line(seconds: 90), Self.line(seconds: 45, name: "b"), Self.line(seconds: 30, name: "c")]
        let whole = Self.locations(plan, routes: routes, seconds: 120)
        var union: [FleetLocation] = []
        for index in 0..<4 {
            var shard = plan
            shard.shard = FleetShard(index: index, count: 4)
            let part = Self.locations(shard, routes: routes, seconds: 120)
            #expect(part.allSatisfy { $0.device % 4 == index })
            union += part
        }
        func key(_ location: FleetLocation) -> [Double] { [Double(location.device), Double(location.sequence)] }
        #expect(
            union.sorted { key($0).lexicographicallyPrecedes(key($1)) }
                == whole.sorted { key($0).lexicographicallyPrecedes(key($1)) })
    }

    @Test(
        "authorization=denied@10%: exactly a tenth of the fleet goes quiet at that moment, chosen by seed; always brings it back"
    )
    func revokedShare() {
        let plan = FleetPlan(
            deviceCount: 200, staggerSeconds: 10,
            events: [
                try! FleetEvent(parsing: "30s:authorization=denied@10%"),
                try! FleetEvent(parsing: "60s:authorization=always@10%"),
            ])
        let locations = Self.locations(plan, routes: [Self.line(seconds: 600)], seconds: 90)
        let quiet = Set(locations.filter { (30..<60).contains($0.fix.time.seconds(since: Self.start)) }.map(\.device))
        let silenced = Set(0..<200).subtracting(quiet)
        #expect(silenced.count == 20)
        for device in silenced {
            let times = locations.filter { $0.device == device }.map { $0.fix.time.seconds(since: Self.start) }
            #expect(times.allSatisfy { $0 < 30 || $0 >= 60 }, "device \(device) published while denied")
            #expect(times.contains { $0 >= 60 }, "device \(device) did not resume after the re-grant")
        }
        var reseeded = plan
        reseeded.seed = 2
        let otherQuiet = Set(
            Self.locations(reseeded, routes: [Self.line(seconds: 600)], seconds: 45)
                .filter { $0.fix.time.seconds(since: Self.start) >= 30 }.map(\.device))
        #expect(Set(0..<200).subtracting(otherQuiet) != silenced, "another seed chooses another tenth")
    }

    @Test("signal=lost@25% then restored: those devices publish nothing in between; sequences have no gaps")
    func tunnel() {
        let plan = FleetPlan(
            deviceCount: 40, staggerSeconds: 0,
            events: [try! FleetEvent(parsing: "20s:signal=lost@25%"), try! FleetEvent(parsing: "40s:signal=restored")])
        let locations = Self.locations(plan, routes: [Self.line(seconds: 600)], seconds: 60)
        let perDevice = Dictionary(grouping: locations, by: \.device)
        let inTunnel = perDevice.filter { $0.value.count < 60 }
        #expect(inTunnel.count == 10)
        for (device, fixes) in perDevice {
            #expect(fixes.map(\.sequence) == Array(1...fixes.count), "device \(device)")
            if inTunnel[device] != nil {
                #expect(fixes.count == 40)
                #expect(!fixes.contains { (20..<40).contains($0.fix.time.seconds(since: Self.start)) })
            }
        }
    }

    @Test("a device loops its route: the pass after the last fix starts again at the first point")
    func loops() {
        let route = Self.line(seconds: 10)
        let locations = Self.locations(
            FleetPlan(deviceCount: 1, gpsMix: GPSMix([(.perfect, 1)])), routes: [route], seconds: 25)
        #expect(locations.count == 25)
        #expect(locations[10].fix.latitude == locations[0].fix.latitude)
        #expect(locations[10].fix.time == Self.start.adding(seconds: 10))
        #expect(locations[24].fix.latitude == locations[4].fix.latitude)
    }

    /// docs/fleet.md: "The battery starts between 50% and 100% (by seed) and drains 6% an
    /// hour": half an hour into the run each device shows 3% less than at its start, an
    /// hour in 6% less.
    @Test("a device's battery drains 6% an hour: 3% after half an hour, 6% after an hour")
    func batteryDrainsSixPercentAnHour() throws {
        let plan = FleetPlan(deviceCount: 3, staggerSeconds: 0, gpsMix: GPSMix([(.perfect, 1)]))
        let locations = Self.locations(plan, routes: [Self.line(seconds: 600)], seconds: 3601)
        for device in 0..<3 {
            let battery = Dictionary(
                locations.filter { $0.device == device }.map {
                    ($0.fix.time.seconds(since: Self.start), $0.batteryPercent)
                },
                uniquingKeysWith: { first, _ in first })
            let start = try #require(battery[0])
            #expect((50...100).contains(start))
            #expect(battery[1800] == start - 3, "device \(device)")
            #expect(battery[3600] == start - 6, "device \(device)")
        }
    }

    /// What a phone reports is the whole percent left, rounded down, never under 1%: 72.9%
    /// shows 72; 73.05% drains 0.1% a minute, so it shows 73 for 30 s and 72 after.
    @Test("a battery shows the whole percent it has left, rounded down, and at least 1%")
    func batteryShowsWholePercentRoundedDown() {
        #expect(FleetBattery.shownPercent(startPercent: 72.9, elapsedSeconds: 0) == 72)
        #expect(FleetBattery.shownPercent(startPercent: 73.05, elapsedSeconds: 29) == 73)
        #expect(FleetBattery.shownPercent(startPercent: 73.05, elapsedSeconds: 31) == 72)
        #expect(FleetBattery.shownPercent(startPercent: 73.05, elapsedSeconds: -30) == 73)
        #expect(FleetBattery.shownPercent(startPercent: 50, elapsedSeconds: 9 * 3600) == 1)
    }

    /// docs/fleet.md: "The share is exact": the whole number of devices nearest the share
    /// (27% of 10 devices is 3 of them, 7% is 1, 66% is 7), not the share rounded down.
    @Test(
        "an event's share is the nearest whole number of devices",
        arguments: [
            ("1s:signal=lost@27%", 3), ("1s:signal=lost@7%", 1), ("1s:authorization=denied@66%", 7),
        ])
    func eventShareRoundsToNearest(event: String, devices: Int) throws {
        let plan = FleetPlan(deviceCount: 10, staggerSeconds: 0, events: [try FleetEvent(parsing: event)])
        var fleet = Fleet(plan: plan, routes: [Self.line(seconds: 60)], start: Self.start)
        var affected: [Int] = []
        while let due = fleet.nextMomentNanoseconds, due < 2_000_000_000 {
            fleet.advance { if case .event(_, let count) = $0 { affected.append(count) } }
        }
        #expect(affected == [devices])
    }

    @Test("--gps-mix gives each profile its share exactly")
    func gpsMix() throws {
        let mix = try GPSMix(parsing: "open-sky:60,urban-canyon:30,indoor:10")
        #expect(mix.counts(of: 1000) == [600, 300, 100])
        #expect(mix.counts(of: 7) == [4, 2, 1])
        #expect(try GPSMix(parsing: "indoor").counts(of: 3) == [3])
        #expect(throws: GPSMixError.self) { try GPSMix(parsing: "moon:5") }
        #expect(throws: GPSMixError.self) { try GPSMix(parsing: "indoor:0") }
        #expect(throws: GPSMixError.self) { try GPSMix(parsing: "indoor:1,indoor:2") }
        // The accuracy each class reports shows the split: indoor's error is ten times open sky's.
        let plan = FleetPlan(deviceCount: 100, gpsMix: try GPSMix(parsing: "open-sky:70,indoor:30"))
        let accuracy = Dictionary(
            grouping: Self.locations(plan, routes: [Self.line(seconds: 100)], seconds: 61), by: \.device
        )
        .mapValues { fixes in fixes.map(\.fix.horizontalAccuracyMeters).reduce(0, +) / Double(fixes.count) }
        #expect(accuracy.values.filter { $0 > 12 }.count == 30)
    }

    @Test("the plan's figures at their ends: each end taken, the value just past it refused in the flag's words")
    func figureEnds() {
        let most = FleetPlan.maximumDeviceCount
        #expect(FleetPlan(deviceCount: most).problem == nil)
        #expect(FleetPlan(deviceCount: most + 1).problem == "--devices must be at most \(most), not \(most + 1)")
        for interval in [0.05, 86_400] { #expect(FleetPlan(deviceCount: 1, intervalSeconds: interval).problem == nil) }
        for interval in [(0.05).nextDown, 86_400.5] {
            #expect(
                FleetPlan(deviceCount: 1, intervalSeconds: interval).problem
                    == "--interval must be between 0.05 and 86400 seconds")
        }
        for stagger in [0, 86_400.0] { #expect(FleetPlan(deviceCount: 1, staggerSeconds: stagger).problem == nil) }
        for stagger in [-0.001, 86_400.001] {
            #expect(FleetPlan(deviceCount: 1, staggerSeconds: stagger).problem == "--stagger must be between 0 and 24h")
        }
    }

    @Test("--shard's ends: 100000 shards and the last index taken; 100001 shards and a negative index refused")
    func shardEnds() {
        #expect(FleetShard(parsing: "0/100000")?.problem == nil)
        #expect(FleetShard(parsing: "3/4")?.problem == nil)
        #expect(FleetShard(parsing: "0/1")?.problem == nil)
        #expect(FleetShard(parsing: "0/100001")?.problem == "--shard: the count of shards must be between 1 and 100000")
        #expect(FleetShard(parsing: "-1/4")?.problem == "--shard: the index must be 0 to 3 for 4 shards")
        #expect(FleetShard(parsing: "4/4")?.problem == "--shard: the index must be 0 to 3 for 4 shards")
    }

    @Test("--event's share: 0% and 100% are shares, a hair over 100% is not")
    func shareEnds() throws {
        #expect(try FleetEvent(parsing: "1m:signal=lost@0%").percent == 0)
        #expect(try FleetEvent(parsing: "1m:signal=lost@100%").percent == 100)
        #expect(throws: ScheduledEventError.self) { try FleetEvent(parsing: "1m:signal=lost@100.1%") }
    }

    @Test("--event with a share: parsed, printed back, and refused where it cannot apply")
    func eventParsing() throws {
        let event = try FleetEvent(parsing: "30m:authorization=denied@10%")
        #expect(event.percent == 10)
        #expect(event.event == .at(.minutes(30), .authorization(.denied)))
        #expect(event.description == "30m:authorization=denied@10%")
        #expect(try FleetEvent(parsing: "45m:signal=lost").percent == 100)
        #expect(try FleetEvent(parsing: "1m:signal=lost@2.5%").percent == 2.5)
        for bad in [
            "30m:authorization=denied@10", "30m:authorization=denied@150%", "30m:authorization=denied@-1%",
            "30m:authorization=denied@x%", "1m:tap=refresh", "soon:signal=lost",
        ] {
            #expect(throws: ScheduledEventError.self, "\(bad)") { try FleetEvent(parsing: bad) }
        }
    }

    @Test("--shard I/N parsed and checked; each device belongs to exactly one shard")
    func shardParsing() {
        #expect(FleetShard(parsing: "2/4") == FleetShard(index: 2, count: 4))
        #expect(FleetShard(parsing: "4/4")?.problem != nil)
        #expect(FleetShard(parsing: "0/0")?.problem != nil)
        #expect(FleetShard(parsing: "1") == nil)
        #expect(FleetShard(parsing: "a/b") == nil)
        let shards = (0..<3).map { FleetShard(index: $0, count: 3) }
        for device in 0..<30 { #expect(shards.filter { $0.contains(device) }.count == 1) }
        #expect(Array(shards[1].devices(of: 10)) == [1, 4, 7])
    }

    @Test("a GPX route is read once, timed at the interval as replay times it; a bad file names its place")
    func routeFromFile() throws {
        let route = try FleetRoute(file: Self.sample, intervalSeconds: 1)
        #expect(route.count > 100)
        #expect(route.passSeconds == Double(route.count))
        #expect(throws: FleetRouteError.self) { try FleetRoute(file: "/nonexistent.gpx", intervalSeconds: 1) }
        #expect(throws: FleetRouteError.tooLong(file: Self.sample, maximumFixes: 10)) {
            try FleetRoute(file: Self.sample, intervalSeconds: 1, maximumFixes: 10)
        }
    }
}
