// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
import TrailcastBasics
import TrailcastDevice
import TrailcastWire

/// OwnTracks location messages against the booklet's JSON page
/// (https://owntracks.org/booklet/tech/json/): fields, units, integers, omissions.
@Suite("OwnTracks location messages")
struct OwnTracksLocationTests {
    static func object(_ bytes: [UInt8]) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    @Test(
        "a fix becomes _type location with tst in seconds, acc/alt/vac in metres, vel in km/h, cog in degrees, all integers"
    )
    func units() throws {
        let fix = LocationFix(
            time: Timestamp(secondsSince1970: 1_780_000_123, nanoseconds: 900_000_000), latitude: 37.80812345678,
            longitude: -122.41, altitudeMeters: 12.6, horizontalAccuracyMeters: 4.4, verticalAccuracyMeters: 6.5,
            speedMetersPerSecond: 10, courseDegrees: 359.7)
        let message = OwnTracksLocation(fix: fix, trackerID: "07", batteryPercent: 83, trigger: .timer)
        #expect(
            OwnTracksLocation(fix: fix, trackerID: "07", batteryPercent: 83, trigger: nil).json().count
                < message.json().count)
        let json = try Self.object(message.json())
        #expect(json["_type"] as? String == "location")
        #expect(json["tst"] as? Int == 1_780_000_124, "rounded to the second, as iOS rounds it")
        #expect(json["lat"] as? Double == 37.808123)
        #expect(json["lon"] as? Double == -122.41)
        #expect(json["acc"] as? Int == 4)
        #expect(json["alt"] as? Int == 13)
        #expect(json["vac"] as? Int == 7)
        #expect(json["vel"] as? Int == 36, "10 m/s is 36 km/h")
        #expect(json["cog"] as? Int == 0, "359.7 degrees rounds to north")
        #expect(json["batt"] as? Int == 83)
        #expect(json["tid"] as? String == "07")
        #expect(json["t"] as? String == "t")
        #expect(json["m"] as? Int == 2)
        #expect(
            String(decoding: message.json(), as: UTF8.self).hasPrefix(
                #"{"_type":"location","tid":"07","tst":1780000124,"#))
    }

    @Test(
        "what Core Location reports unknown is left out; real zeros (standing, heading north, sea level) are sent, as iOS sends them"
    )
    func omissions() throws {
        let unknown = LocationFix(
            time: Timestamp(secondsSince1970: 0), latitude: 0, longitude: 0, horizontalAccuracyMeters: -1,
            speedMetersPerSecond: -1, courseDegrees: -1)
        let json = try Self.object(
            OwnTracksLocation(fix: unknown, trackerID: "AB", batteryPercent: nil, trigger: nil).json())
        #expect(Set(json.keys) == ["_type", "tid", "tst", "lat", "lon", "m"])
        let still = LocationFix(
            time: Timestamp(secondsSince1970: 5), latitude: 1, longitude: 2, altitudeMeters: 0,
            horizontalAccuracyMeters: 5,
            verticalAccuracyMeters: 3, speedMetersPerSecond: 0, courseDegrees: 0)
        let stillJSON = try Self.object(
            OwnTracksLocation(fix: still, trackerID: "AB", batteryPercent: 0, trigger: .ping).json())
        #expect(stillJSON["vel"] as? Int == 0)
        #expect(stillJSON["cog"] as? Int == 0)
        #expect(stillJSON["alt"] as? Int == 0)
        #expect(stillJSON["batt"] as? Int == 0)
        #expect(stillJSON["t"] as? String == "p")
    }

    @Test("tst: half a second and more is the next second; a nanosecond under half is this one")
    func timestampRoundsHalfUp() throws {
        for (nanoseconds, expected) in [(Int32(500_000_000), 1_780_000_124), (499_999_999, 1_780_000_123)] {
            let fix = LocationFix(
                time: Timestamp(secondsSince1970: 1_780_000_123, nanoseconds: nanoseconds), latitude: 37.8,
                longitude: -122.41)
            let json = try Self.object(
                OwnTracksLocation(fix: fix, trackerID: "07", batteryPercent: nil, trigger: nil).json())
            #expect(json["tst"] as? Int == expected, "\(nanoseconds) ns")
        }
    }

    @Test("the topic is owntracks/USER/DEVICE; wildcards and slashes in names cannot add levels")
    func topic() {
        #expect(OwnTracksLocation.topic(user: "fleet", device: "device-0042") == "owntracks/fleet/device-0042")
        #expect(OwnTracksLocation.topic(user: "a/b", device: "c+#") == "owntracks/a_b/c__")
        #expect(
            OwnTracksLocation.topicFilter(user: "fleet") == "owntracks/fleet/+",
            "a subscriber's filter keeps its wildcard")
    }

    @Test("a tracker id with quotes or control characters is escaped: the payload stays valid JSON")
    func escaping() throws {
        let fix = LocationFix(time: Timestamp(secondsSince1970: 1), latitude: 1, longitude: 1)
        let json = try Self.object(
            OwnTracksLocation(fix: fix, trackerID: "\"\n", batteryPercent: 50, trigger: .timer).json())
        #expect(json["tid"] as? String == "\"\n")
    }
}

/// Traccar's OsmAnd query as its decoder reads it (OsmAndProtocolDecoder.java, decodeQuery).
@Suite("OsmAnd positions")
struct OsmAndLocationTests {
    /// Six decimals (about 0.1 m) for the longitude as for the latitude.
    @Test("id, timestamp in milliseconds, lat/lon, speed in knots, bearing, altitude, accuracy, batt")
    func parameters() {
        let fix = LocationFix(
            time: Timestamp(secondsSince1970: 1_780_000_123, nanoseconds: 456_000_000), latitude: 37.8081234,
            longitude: -122.4123456,
            altitudeMeters: 12.34, horizontalAccuracyMeters: 4.44, verticalAccuracyMeters: 6,
            speedMetersPerSecond: 10.288889,
            courseDegrees: 90.04)
        let target = OsmAndLocation(deviceID: "device-07", fix: fix, batteryPercent: 83).requestTarget()
        #expect(
            target
                == "/?id=device-07&timestamp=1780000123456&lat=37.808123&lon=-122.412346&speed=20&bearing=90&altitude=12.3&accuracy=4.4&batt=83"
        )
    }

    @Test("what is unknown is left out; an id is percent-encoded")
    func omissions() {
        let fix = LocationFix(
            time: Timestamp(secondsSince1970: 1), latitude: 1, longitude: 2, horizontalAccuracyMeters: -1)
        #expect(
            OsmAndLocation(deviceID: "a b&c", fix: fix, batteryPercent: nil).requestTarget()
                == "/?id=a%20b%26c&timestamp=1000&lat=1&lon=2")
    }

    // Only a negative speed or course means unknown (Core Location's -1): a device standing
    // still, heading due north, at sea level, with an empty battery reports real zeros, and
    // Traccar must get them (a missing bearing shows no direction at all).
    @Test("real zeros (standing, heading north, sea level, empty battery) are sent, not left out")
    func realZeros() {
        let still = LocationFix(
            time: Timestamp(secondsSince1970: 5), latitude: 1, longitude: 2, altitudeMeters: 0,
            horizontalAccuracyMeters: 0,
            speedMetersPerSecond: 0, courseDegrees: 0)
        #expect(
            OsmAndLocation(deviceID: "d", fix: still, batteryPercent: 0).requestTarget()
                == "/?id=d&timestamp=5000&lat=1&lon=2&speed=0&bearing=0&altitude=0&accuracy=0&batt=0")
    }
}
