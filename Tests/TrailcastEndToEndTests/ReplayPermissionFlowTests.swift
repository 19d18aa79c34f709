// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// The permission stories of `trailcast replay`, line by line, on the San Francisco walk
/// (1840 track points, 16:00:00 to 17:26:06 UTC, one point every ~3 s).
///
/// Each test compares the run's non-location lines (its "story") exactly, then checks
/// which locations reached the app.
@Suite("trailcast replay: permission flows")
struct ReplayPermissionFlowTests {
    static let walk = "gpx/sf-waterfront-walk.gpx"
    static let walkSeconds = 5166
    static let walkPoints = 1840

    @Test("default: the prompt is allowed and every point becomes a location")
    func promptAllowed() async throws {
        let timeline = try await ReplayTimeline.run(Self.walk)
        #expect(
            timeline.storyLines == [
                Self.authorization(0, "notDetermined", "notDetermined", cause: "initial"),
                Self.prompt(0, "whenInUse", "allow"),
                Self.authorization(0, "notDetermined", "authorizedWhenInUse", cause: "prompt"),
                Self.end(locations: Self.walkPoints, of: timeline),
            ])
        #expect(timeline.locations.compactMap { $0["index"]?.intValue } == Array(0..<Self.walkPoints))
        #expect(Array(timeline.types.prefix(5)) == ["start", "authorization", "prompt", "authorization", "location"])
    }

    @Test("--prompt deny: the alert, and no location at all")
    func promptDenied() async throws {
        let timeline = try await ReplayTimeline.run(Self.walk, ["--prompt", "deny"])
        #expect(
            timeline.storyLines == [
                Self.authorization(0, "notDetermined", "notDetermined", cause: "initial"),
                Self.prompt(0, "whenInUse", "deny"),
                Self.authorization(0, "notDetermined", "denied", cause: "prompt"),
                Self.alert(0),
                Self.end(locations: 0),
            ])
        #expect(timeline.locations.isEmpty)
    }

    @Test(
        "denied or restricted at launch: the alert, no prompt, no locations, no error",
        arguments: ["denied", "restricted"])
    func noAccessAtLaunch(status: String) async throws {
        let timeline = try await ReplayTimeline.run(Self.walk, ["--authorization", status])
        #expect(
            timeline.storyLines == [
                Self.authorization(0, status, status, cause: "initial"),
                Self.alert(0),
                Self.end(locations: 0),
            ])
        #expect(timeline.events.first?["settings"]?["authorization"] == .string(status))
    }

    @Test("--services off at launch: the app sees denied, gets the alert and never a prompt")
    func servicesOffAtLaunch() async throws {
        let timeline = try await ReplayTimeline.run(Self.walk, ["--services", "off"])
        #expect(
            timeline.storyLines == [
                Self.authorization(0, "denied", "denied", services: false, cause: "initial"),
                Self.alert(0),
                Self.end(locations: 0),
            ])
    }

    @Test("revoked at 10m: change, alert, denied error, no more locations; re-granted at 20m: they resume")
    func revokedThenRegranted() async throws {
        let timeline = try await ReplayTimeline.run(
            Self.walk, ["--event", "10m:authorization=denied", "--event", "20m:authorization=whenInUse"])
        #expect(
            timeline.storyLines == [
                Self.authorization(0, "notDetermined", "notDetermined", cause: "initial"),
                Self.prompt(0, "whenInUse", "allow"),
                Self.authorization(0, "notDetermined", "authorizedWhenInUse", cause: "prompt"),
                Self.authorization(600, "authorizedWhenInUse", "denied", cause: "settings"),
                Self.alert(600),
                Self.deniedError(600),
                Self.authorization(1200, "denied", "authorizedWhenInUse", cause: "settings"),
                Self.end(locations: 1632, of: timeline),
            ])
        let offsets = timeline.locations.compactMap { $0["offset"]?.doubleValue }
        #expect(offsets.allSatisfy { $0 < 600 || $0 >= 1200 })
        // The last fix before the revocation (596 s, point 205), handed over again from Core
        // Location's cache as updates start at 1200 s, then the first fresh one (1202 s, point 415).
        let indexes = timeline.locations.compactMap { $0["index"]?.intValue }
        #expect(indexes == Array(0...205) + [205] + Array(415..<Self.walkPoints))
        let cached = timeline.locations.filter { $0["cached"] != .null }
        #expect(
            cached.map { [$0["offset"], $0["cached"]] } == [[.number("1200"), .string("2026-06-13T16:09:56.000Z")]])
        #expect(
            timeline.events.first?["settings"]?["events"]
                == .array([.string("10m:authorization=denied"), .string("20m:authorization=whenInUse")]))
    }

    @Test("revoked for good: the last location is the one before the revocation")
    func revokedForGood() async throws {
        let timeline = try await ReplayTimeline.run(Self.walk, ["--event", "10m:authorization=denied"])
        #expect(timeline.locations.count == 206)
        #expect(timeline.locations.last?["offset"] == .number("596"))
        #expect(Array(timeline.types.suffix(5)) == ["authorization", "alert", "locationError", "missed", "end"])
    }

    @Test("Allow Once: expires in the background, prompts again in the foreground, expires at the end")
    func allowOnce() async throws {
        let timeline = try await ReplayTimeline.run(
            Self.walk, ["--prompt", "once", "--event", "5m:app=background", "--event", "6m:app=foreground"])
        #expect(
            timeline.storyLines == [
                Self.authorization(0, "notDetermined", "notDetermined", cause: "initial"),
                Self.prompt(0, "whenInUse", "once"),
                Self.authorization(0, "notDetermined", "authorizedWhenInUse", cause: "prompt"),
                Self.app(300, "background"),
                // Once the few seconds of "in use" after leaving the foreground are over.
                Self.authorization(305, "authorizedWhenInUse", "notDetermined", cause: "expired"),
                Self.app(360, "foreground"),
                Self.prompt(360, "whenInUse", "once"),
                Self.authorization(360, "notDetermined", "authorizedWhenInUse", cause: "prompt"),
                Self.authorization(Self.walkSeconds, "authorizedWhenInUse", "notDetermined", cause: "expired"),
                Self.end(locations: 1822, of: timeline),
            ])
        let offsets = timeline.locations.compactMap { $0["offset"]?.doubleValue }
        #expect(offsets.allSatisfy { $0 < 300 || $0 >= 360 })
        // At 360 s only the last known fix, handed over as updates start again.
        #expect(timeline.locations.filter { $0["offset"]?.doubleValue == 360 }.map { $0["cached"] != .null } == [true])
        // An expiry is not an error: Core Location just stops.
        #expect(timeline.events(ofType: "locationError").isEmpty)
        #expect(timeline.events(ofType: "alert").isEmpty)
    }

    @Test("Allow Once without leaving the app: the grant expires at the end, just before `end`")
    func allowOnceExpiresAtEnd() async throws {
        let timeline = try await ReplayTimeline.run(Self.walk, ["--prompt", "once"])
        #expect(
            Array(timeline.storyLines.suffix(2)) == [
                Self.authorization(Self.walkSeconds, "authorizedWhenInUse", "notDetermined", cause: "expired"),
                Self.end(locations: Self.walkPoints, of: timeline),
            ])
        #expect(Array(timeline.types.suffix(3)) == ["location", "authorization", "end"])
    }

    @Test("--request always: the prompt asks for Always and the app gets every fix")
    func requestAlways() async throws {
        let timeline = try await ReplayTimeline.run(Self.walk, ["--request", "always"])
        #expect(
            timeline.storyLines == [
                Self.authorization(0, "notDetermined", "notDetermined", cause: "initial"),
                Self.prompt(0, "always", "allow"),
                Self.authorization(0, "notDetermined", "authorizedAlways", cause: "prompt"),
                Self.end(locations: Self.walkPoints, of: timeline),
            ])
    }

    @Test("--request always --prompt deny: denied, alert, no locations")
    func requestAlwaysDenied() async throws {
        let timeline = try await ReplayTimeline.run(Self.walk, ["--request", "always", "--prompt", "deny"])
        #expect(
            timeline.storyLines == [
                Self.authorization(0, "notDetermined", "notDetermined", cause: "initial"),
                Self.prompt(0, "always", "deny"),
                Self.authorization(0, "notDetermined", "denied", cause: "prompt"),
                Self.alert(0),
                Self.end(locations: 0),
            ])
    }

    @Test("--prompt-always answers only the upgrade offer: a first prompt for Always is answered by --prompt")
    func promptAlwaysDeny() async throws {
        let denied = try await ReplayTimeline.run(Self.walk, ["--request", "always", "--prompt-always", "deny"])
        let allowed = try await ReplayTimeline.run(Self.walk, ["--request", "always"])
        #expect(denied.events.first?["settings"]?["promptAlways"] == .string("deny"))
        #expect(
            Array(denied.lines.dropFirst()).map(ReplayTimeline.withoutWallSeconds)
                == Array(allowed.lines.dropFirst()).map(ReplayTimeline.withoutWallSeconds))
    }

    @Test("--accuracy reduced: grid coordinates, accuracy >= 3 km, speed/course -1, one fix per 15 min")
    func reducedAccuracy() async throws {
        let timeline = try await ReplayTimeline.run(Self.walk, ["--accuracy", "reduced"])
        #expect(
            timeline.storyLines == [
                Self.authorization(0, "notDetermined", "notDetermined", accuracy: "reduced", cause: "initial"),
                Self.prompt(0, "whenInUse", "allow"),
                Self.authorization(0, "notDetermined", "authorizedWhenInUse", accuracy: "reduced", cause: "prompt"),
                Self.end(locations: 6, of: timeline),
            ])
        let locations = timeline.locations
        #expect(locations.compactMap { $0["offset"]?.intValue } == [0, 903, 1805, 2705, 3605, 4507])
        for location in locations {
            let latitude = try #require(location["lat"]?.doubleValue)
            let longitude = try #require(location["lon"]?.doubleValue)
            // Cell centres: (k + 0.5) x 0.045 degrees of latitude, and cells of
            // 0.045 / cos(latitude) degrees of longitude east of -180.
            let row = latitude / 0.045 - 0.5
            #expect(abs(row - row.rounded()) < 1e-6, "lat \(latitude) is not a cell centre")
            let cellWidth = 0.045 / cos(latitude * .pi / 180)
            let column = (longitude + 180) / cellWidth - 0.5
            #expect(abs(column - column.rounded()) < 1e-4, "lon \(longitude) is not a cell centre")
            #expect(location["horizontalAccuracy"] == .number("3000"))
            #expect(location["speed"] == .number("-1"))
            #expect(location["course"] == .number("-1"))
        }
        #expect(locations.first?["lat"] == .number("37.7775"))
    }

    @Test("location services off at 10m and on at 20m: cause `services`, and locations resume")
    func servicesOffThenOn() async throws {
        let timeline = try await ReplayTimeline.run(
            Self.walk, ["--event", "10m:services=off", "--event", "20m:services=on"])
        #expect(
            timeline.storyLines == [
                Self.authorization(0, "notDetermined", "notDetermined", cause: "initial"),
                Self.prompt(0, "whenInUse", "allow"),
                Self.authorization(0, "notDetermined", "authorizedWhenInUse", cause: "prompt"),
                Self.authorization(600, "authorizedWhenInUse", "denied", services: false, cause: "services"),
                Self.alert(600),
                Self.deniedError(600),
                Self.authorization(1200, "denied", "authorizedWhenInUse", cause: "services"),
                Self.end(locations: 1632, of: timeline),
            ])
    }

    @Test(
        "in the background no app gets fixes, When In Use or Always, unless it allows background updates: then both do")
    func background() async throws {
        let events = ["--event", "10m:app=background", "--event", "20m:app=foreground"]
        let whenInUse = try await ReplayTimeline.run(Self.walk, ["--authorization", "whenInUse"] + events)
        let always = try await ReplayTimeline.run(
            Self.walk, ["--authorization", "always", "--background-updates"] + events)
        let alwaysWithout = try await ReplayTimeline.run(Self.walk, ["--authorization", "always"] + events)
        let whenInUseWith = try await ReplayTimeline.run(
            Self.walk, ["--authorization", "whenInUse", "--background-updates"] + events)

        #expect(
            whenInUse.storyLines == [
                Self.authorization(0, "authorizedWhenInUse", "authorizedWhenInUse", cause: "initial"),
                Self.app(600, "background"),
                Self.app(1200, "foreground"),
                Self.end(locations: 1631, of: whenInUse),
            ])
        #expect(
            always.storyLines == [
                Self.authorization(0, "authorizedAlways", "authorizedAlways", cause: "initial"),
                Self.app(600, "background"),
                Self.app(1200, "foreground"),
                Self.end(locations: Self.walkPoints, of: always),
            ])
        func inBackground(_ timeline: ReplayTimeline) -> Int {
            timeline.locations.filter { ($0["offset"]?.doubleValue).map { $0 >= 600 && $0 < 1200 } ?? false }.count
        }
        #expect(inBackground(whenInUse) == 0)
        #expect(inBackground(always) == 209)
        #expect(inBackground(alwaysWithout) == 0)
        #expect(inBackground(whenInUseWith) == 209)
        #expect(alwaysWithout.end?["locations"] == whenInUse.end?["locations"])
    }

    // MARK: - Expected lines

    /// `2026-06-13T16:00:00.000Z` plus whole `seconds`.
    static func time(_ seconds: Int) -> String {
        let minutes = seconds / 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "2026-06-13T\(two(16 + minutes / 60)):\(two(minutes % 60)):\(two(seconds % 60)).000Z"
    }

    static func line(_ offset: Int, _ rest: String) -> String {
        "{\"t\":\"\(time(offset))\",\"offset\":\(offset),\(rest)}"
    }

    static func authorization(
        _ offset: Int, _ from: String, _ to: String, accuracy: String = "full", services: Bool = true,
        cause: String
    ) -> String {
        line(
            offset,
            """
            "type":"authorization","from":"\(from)","to":"\(to)","accuracy":"\(accuracy)",\
            "servicesEnabled":\(services),"cause":"\(cause)"
            """)
    }

    static func prompt(_ offset: Int, _ request: String, _ answer: String) -> String {
        line(offset, "\"type\":\"prompt\",\"request\":\"\(request)\",\"answer\":\"\(answer)\"")
    }

    static func alert(_ offset: Int) -> String {
        line(offset, "\"type\":\"alert\",\"message\":\"\(ReplayTimeline.alertMessage)\"")
    }

    static func deniedError(_ offset: Int) -> String {
        line(offset, "\"type\":\"locationError\",\"code\":\"denied\",\"message\":\"\(ReplayTimeline.deniedMessage)\"")
    }

    static func app(_ offset: Int, _ state: String) -> String {
        line(offset, "\"type\":\"app\",\"state\":\"\(state)\"")
    }

    /// The walk's `end`, `wallSeconds` blanked: the device always moves the whole 7080.6 m.
    /// The `end` line of a run on the walk. Every location is a weather lookup; the model
    /// is asked once per (cell, window) the locations visit, worked out from them
    /// independently of the cache (``ReplayWeatherCommandTests/visitedCellWindows(_:cellDegrees:ttl:)``).
    static func end(locations: Int, of timeline: ReplayTimeline? = nil) -> String {
        let fetches = timeline.map { ReplayWeatherCommandTests.visitedCellWindows($0).count } ?? 0
        return line(
            walkSeconds,
            """
            "type":"end","points":\(walkPoints),"locations":\(locations),"distanceMeters":7080.6,"simulatedSeconds":\(walkSeconds),\
            "wallSeconds":_,"weatherLookups":\(locations),"weatherNetworkFetches":0,\
            "weatherCacheHits":\(locations - fetches),"weatherErrors":0,"reason":"finished","message":null
            """)
    }
}
