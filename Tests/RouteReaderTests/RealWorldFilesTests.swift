// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
import TrailcastRoutes
import TrailcastBasics

/// What gpxpy 1.6.2 reads from one file (`Tests/Fixtures/realworld/gpxpy-reference.json`).
struct GPXPyReferenceEntry: Sendable, CustomTestStringConvertible {
    /// Repository-relative path of the GPX file.
    let path: String
    let version: String?
    let waypoints: Int
    let routes: Int
    let routePoints: Int
    let tracks: Int
    let segments: Int
    let trackPoints: Int
    let length2DMeters: Double
    let startTime: String?
    let endTime: String?
    /// Set when gpxpy could not read the raw bytes; the values are then from the decoded text.
    let gpxpyError: String?

    var testDescription: String { path }

    /// Every entry of the reference file, sorted by path; empty if it cannot be read
    /// (``RealWorldFilesTests/referenceCoversEverySampleFile()`` then fails).
    static let all: [GPXPyReferenceEntry] = {
        let path = RepositoryFiles.path("Tests/Fixtures/realworld/gpxpy-reference.json")
        guard let data = FileManager.default.contents(atPath: path),
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [] }
        return json.keys.sorted().compactMap { key in
            guard let entry = json[key] as? [String: Any] else { return nil }
            let gpxpyError = entry["gpxpyError"] as? String
            let values = gpxpyError == nil ? entry : entry["fromDecodedText"] as? [String: Any]
            guard let values else { return nil }
            func int(_ name: String) -> Int { (values[name] as? NSNumber)?.intValue ?? -1 }
            return GPXPyReferenceEntry(
                path: key, version: values["version"] as? String,
                waypoints: int("waypoints"), routes: int("routes"), routePoints: int("routePoints"),
                tracks: int("tracks"), segments: int("segments"), trackPoints: int("trackPoints"),
                length2DMeters: (values["length2DMeters"] as? NSNumber)?.doubleValue ?? -1,
                startTime: values["startTime"] as? String, endTime: values["endTime"] as? String,
                gpxpyError: gpxpyError)
        }
    }()
}

/// Agreement with gpxpy on real-world-style files, and the quirks each file carries.
@Suite("Real-world files")
struct RealWorldFilesTests {
    private func summary(of relativePath: String) throws -> (RouteSummary, [RouteEvent]) {
        let events = try readAllEvents(ofFile: RepositoryFiles.path(relativePath))
        var statistics = RouteStatistics(file: relativePath)
        for event in events { statistics.add(event) }
        return (statistics.summary, events)
    }

    @Test func referenceCoversEverySampleFile() {
        #expect(GPXPyReferenceEntry.all.count == 13)
        #expect(GPXPyReferenceEntry.all.map(\.path) == RepositoryFiles.sampleGPXFiles.sorted())
        // The two files gpxpy cannot decode by itself carry values from the decoded text.
        #expect(
            GPXPyReferenceEntry.all.filter { $0.gpxpyError != nil }.map(\.path) == [
                "Tests/Fixtures/realworld/iso-8859-1.gpx", "Tests/Fixtures/realworld/utf16.gpx",
            ])
        #expect(GPXPyReferenceEntry.all.allSatisfy { $0.trackPoints >= 0 && $0.length2DMeters >= 0 })
    }

    @Test(arguments: GPXPyReferenceEntry.all)
    func agreesWithGpxpy(_ reference: GPXPyReferenceEntry) throws {
        let (result, events) = try summary(of: reference.path)
        #expect(result.metadata.version == reference.version)
        #expect(result.waypoints == reference.waypoints)
        #expect(result.routes == reference.routes)
        #expect(result.routePoints == reference.routePoints)
        #expect(result.tracks == reference.tracks)
        #expect(result.segments == reference.segments)
        #expect(result.trackPoints == reference.trackPoints)
        #expect(result.startTime?.iso8601() == reference.startTime)
        #expect(result.endTime?.iso8601() == reference.endTime)
        if reference.length2DMeters == 0 {
            #expect(result.length2DMeters == 0)
        } else {
            // gpxpy measures on a sphere of the equatorial radius, 6,378,137 m, against
            // our mean radius 6,371,008.8 m: about 0.11 % longer, never 0.5 %. Its flat
            // approximation for short steps moves the ratio by a few millionths only.
            let ratio = result.length2DMeters / reference.length2DMeters
            #expect(abs(ratio - 1) < 0.005, "ratio \(ratio)")
            #expect(abs(ratio - 6_371_008.8 / 6_378_137) < 1e-4, "ratio \(ratio)")
        }
        // Every sample is clean: no warnings at all.
        #expect(events.warnings == [])
    }

    @Test func garminConnectExportWithNs3ExtensionsAndLongCoordinates() throws {
        let (result, events) = try summary(of: "Tests/Fixtures/realworld/garmin-connect.gpx")
        #expect(result.metadata.creator == "Garmin Connect")
        #expect(result.metadata.time == Timestamp(iso8601: "2026-05-16T06:41:07Z"))
        let points = events.trackPoints
        #expect(points.count == 150)
        #expect(points.allSatisfy { $0.heartRateBeatsPerMinute != nil && $0.cadenceRevolutionsPerMinute != nil })
        #expect(points.allSatisfy { $0.airTemperatureCelsius != nil && $0.extensions.isEmpty })
        let first = try #require(points.first)
        #expect(first.latitude == 47.05030739307403564453125)
        #expect(first.longitude == 8.31078800372779369354248046875)
        #expect(first.elevationMeters == 435.600006103515625)
        #expect(first.heartRateBeatsPerMinute == 102)
        #expect(first.cadenceRevolutionsPerMinute == 85)
        #expect(first.airTemperatureCelsius == 14)
        #expect(first.line == 17)
    }

    @Test func garminDeviceFileWithTrackPointExtensionV2() throws {
        let (_, events) = try summary(of: "Tests/Fixtures/realworld/garmin-tpx-v2.gpx")
        let points = events.trackPoints
        #expect(points.count == 200)
        #expect(
            points.allSatisfy {
                $0.heartRateBeatsPerMinute != nil && $0.speedMetersPerSecond != nil && $0.courseDegrees != nil
            })
        let first = try #require(points.first)
        #expect(first.heartRateBeatsPerMinute == 106)
        #expect(first.speedMetersPerSecond == 5.5)
        #expect(first.courseDegrees == 45.7)
        #expect(events.contains(.beginTrack(RoutePathInfo(name: "2026-05-02 06:12:03", line: 3))))
    }

    @Test func stravaExport() throws {
        let (result, events) = try summary(of: "Tests/Fixtures/realworld/strava.gpx")
        #expect(result.metadata.creator == "StravaGPX")
        let info = events.compactMap { if case .beginTrack(let info) = $0 { info } else { nil } }
        #expect(info.map(\.name) == ["Morning Run"])
        #expect(info.map(\.type) == ["running"])
        #expect(events.trackPoints.allSatisfy { $0.heartRateBeatsPerMinute != nil })
    }

    @Test func gpsbabelGPX10() throws {
        let (result, events) = try summary(of: "Tests/Fixtures/realworld/gpsbabel-gpx10.gpx")
        #expect(result.metadata.version == "1.0")
        #expect(result.metadata.time == Timestamp(iso8601: "2026-03-21T19:41:40Z"))
        let waypoint = try #require(events.waypoints.first)
        #expect(waypoint.name == "BATHHOUSE")
        #expect(waypoint.description == "Green Lake Bathhouse Theatre")
        #expect(waypoint.symbol == "Building")
        #expect(waypoint.elevationMeters == 52)
        #expect(waypoint.time == Timestamp(iso8601: "2026-03-18T16:39:00Z"))
        #expect(
            events.trackPoints.allSatisfy {
                $0.speedMetersPerSecond != nil && $0.courseDegrees != nil && $0.fix == .threeDimensional
                    && $0.satellites != nil && $0.horizontalDilution != nil
            })
        // Waypoint times, three days earlier, are not the track's start.
        #expect(result.startTime == Timestamp(iso8601: "2026-03-21T17:30:00Z"))
    }

    @Test func sloppyPhoneExport() throws {
        let (result, events) = try summary(of: "Tests/Fixtures/realworld/phone-export.gpx")
        #expect(result.metadata.version == nil)
        #expect(result.metadata.creator == "PocketTrack 3.2.1 (Android)")
        let info = try #require(events.compactMap { if case .beginTrack(let info) = $0 { info } else { nil } }.first)
        #expect(info.name == "Morning & run")
        #expect(info.description == "Hyde Park <Serpentine> loop")
        #expect(events.trackPoints.count(where: { $0.elevationMeters == nil }) == 3)
        #expect(events.trackPoints.first?.time?.iso8601() == "2026-04-01T07:15:30.250Z")
        #expect(result.segments == 3)
    }

    @Test func datesBefore1970AndAround32BitLimits() throws {
        let (_, events) = try summary(of: "Tests/Fixtures/realworld/old-dates.gpx")
        #expect(events.waypoints.first?.time?.iso8601(fractionDigits: 0) == "1884-10-13T12:00:00Z")
        let times = events.trackPoints.compactMap(\.time)
        #expect(times.count == 28)
        #expect(times.contains { $0.secondsSince1970 == -2_147_483_648 && $0.nanoseconds == 0 })
        #expect(times.contains { $0.secondsSince1970 == -1 && $0.nanoseconds == 500_000_000 })
        #expect(times.contains { $0.secondsSince1970 == 0 && $0.nanoseconds == 0 })
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        let longitudes = events.trackPoints.map(\.longitude)
        #expect(longitudes.contains { $0 < 0 } && longitudes.contains { $0 > 0 })
    }

    @Test func severalTracksAndSegments() throws {
        let (result, events) = try summary(of: "Tests/Fixtures/realworld/multi-track.gpx")
        let structure = events.outline.filter { !$0.hasPrefix("trkpt") && !$0.hasPrefix("wpt") }
        #expect(
            structure == [
                "metadata", "trk Morning walk", "seg", "/seg", "seg", "/seg", "/trk",
                "trk Evening run", "seg", "/seg", "/trk",
            ])
        #expect(events.waypoints.map(\.name) == ["Eisbachwelle", "Monopteros", "Chinesischer Turm"])
        #expect(events.waypoints.allSatisfy { $0.time == nil })
        #expect(result.metadata.name == "Englischer Garten")
    }
}
