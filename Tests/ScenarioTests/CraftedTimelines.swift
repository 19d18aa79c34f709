// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastScenario
import TrailcastTimeline

/// Timelines written by hand, as JSON lines, for checking expectations against.
enum CraftedTimelines {
    /// A record at `offset` seconds after 16:00:00 UTC, with `fields` the JSON members
    /// after `type` (`"to":"denied","cause":"settings"`).
    static func record(_ offset: Double, _ type: String, _ fields: String = "") -> TimelineRecord {
        let milliseconds = Int((offset * 1000).rounded())
        let seconds = milliseconds / 1000
        let time =
            "2026-06-13T\(16 + seconds / 3600):\(twoDigits(seconds / 60 % 60)):\(twoDigits(seconds % 60))"
            + ".\(String(milliseconds % 1000 + 1000).dropFirst())Z"
        let offsetText = offset == offset.rounded() ? String(Int(offset)) : String(offset)
        let members = fields.isEmpty ? "" : "," + fields
        let line = #"{"t":"\#(time)","offset":\#(offsetText),"type":"\#(type)"\#(members)}"#
        guard let record = TimelineRecord(line: line) else { fatalError("not a timeline line: \(line)") }
        return record
    }

    private static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }

    static func authorization(_ offset: Double, from: String, to: String, cause: String) -> TimelineRecord {
        record(
            offset, "authorization",
            #""from":"\#(from)","to":"\#(to)","accuracy":"full","servicesEnabled":true,"cause":"\#(cause)""#)
    }

    static func location(_ offset: Double, lat: Double, lon: Double, index: Int) -> TimelineRecord {
        record(
            offset, "location",
            #""lat":\#(lat),"lon":\#(lon),"altitude":null,"horizontalAccuracy":5,"verticalAccuracy":null,"speed":1.4,"course":90,"index":\#(index)"#
        )
    }

    /// Location revoked in Settings at 10m and granted again at 15m, with a location that
    /// slipped through at 10m5s (what `absent` must catch).
    ///
    /// ```
    ///  0 start            0s      7 authorization (denied)  10m
    ///  1 authorization    0s      8 alert                   10m
    ///  2 prompt           0s      9 locationError           10m
    ///  3 authorization    0s     10 location #2             10m5s
    ///  4 location #0      0s     11 authorization (regrant) 15m
    ///  5 weather          0s     12 location #3             15m2s
    ///  6 location #1      5m     13 end                     20m
    /// ```
    static let revoked: [TimelineRecord] = [
        record(0, "start", #""file":"walk.gpx","source":"track","points":4,"settings":{"loop":1}"#),
        authorization(0, from: "notDetermined", to: "notDetermined", cause: "initial"),
        record(0, "prompt", #""request":"whenInUse","answer":"allow""#),
        authorization(0, from: "notDetermined", to: "authorizedWhenInUse", cause: "prompt"),
        location(0, lat: 37.795403, lon: -122.394253, index: 0),
        record(
            0, "weather",
            #""lat":37.795403,"lon":-122.394253,"cell":"37.79,-122.40","source":"model","stale":false,"temperatureCelsius":19.4,"isDay":true,"attempts":1,"fetchMs":null"#
        ),
        location(300, lat: 37.796, lon: -122.395, index: 1),
        authorization(600, from: "authorizedWhenInUse", to: "denied", cause: "settings"),
        record(600, "alert", #""message":"Location access is off. Enable it in Settings to see local weather.""#),
        record(
            600, "locationError",
            #""code":"denied","message":"The app is not authorized to use location services (kCLErrorDenied).""#),
        location(605, lat: 37.797, lon: -122.396, index: 2),
        authorization(900, from: "denied", to: "authorizedWhenInUse", cause: "settings"),
        location(902, lat: 37.798, lon: -122.397, index: 3),
        record(
            1200, "end",
            #""locations":4,"distanceMeters":7080.6,"simulatedSeconds":1200,"wallSeconds":0.035,"weatherLookups":4,"weatherNetworkFetches":0,"weatherCacheHits":3,"weatherErrors":0"#
        ),
    ]
}
