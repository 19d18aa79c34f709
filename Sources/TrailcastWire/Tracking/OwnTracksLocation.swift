// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastDevice
package import TrailcastBasics

/// An OwnTracks location message (`_type: "location"`), as the OwnTracks iOS app publishes
/// it to `owntracks/USER/DEVICE`: the fields and units of the OwnTracks booklet's JSON page
/// (https://owntracks.org/booklet/tech/json/), built as the iOS app builds them
/// (owntracks/ios, `OwnTracking.m` `-waypointAsJSON:`, with extended data on, its default):
/// - `lat`, `lon` with six decimals; `tst`, `acc`, `alt`, `vac`, `vel` (km/h: m/s × 3.6) and
///   `cog` rounded to integers; `batt` a whole percent.
/// - What Core Location reports as unknown (a negative speed, course or accuracy, no
///   altitude) is left out; a real zero (standing still, heading north) is sent, as iOS
///   sends it. (The Android app leaves zeros out too; the fleet's phones run iOS rules.)
/// - `t` only when there is a trigger: an ordinary location update has none
///   (`OwnTracksAppDelegate.m`, `-newLocation:` publishes with `trigger:nil`).
///
/// ```swift
/// let message = OwnTracksLocation(fix: fix, trackerID: "07", batteryPercent: 83, trigger: nil)
/// message.json()   // {"_type":"location","tid":"07","tst":1700000000,"lat":...}
/// ```
package struct OwnTracksLocation: Sendable, Equatable {
    /// `t`: why the app sent the message (the booklet's list).
    package enum Trigger: String, Sendable {
        /// `p`: a ping issued by the app's background task.
        case ping = "p"
        /// `c`: entering or leaving a circular region.
        case circularRegion = "c"
        /// `r`: the answer to a `reportLocation` command.
        case reportLocationResponse = "r"
        /// `u`: the user asked to publish.
        case user = "u"
        /// `t`: the move mode's timer, between ordinary updates.
        case timer = "t"
    }

    package var latitude: Double
    package var longitude: Double
    /// `tst`: the fix's time, whole seconds since 1970 (required).
    package var timestampSeconds: Int
    /// `acc`: horizontal accuracy, metres.
    package var accuracyMeters: Int?
    /// `alt`: metres above sea level.
    package var altitudeMeters: Int?
    /// `vac`: vertical accuracy, metres.
    package var verticalAccuracyMeters: Int?
    /// `vel`: speed, km/h.
    package var velocityKilometersPerHour: Int?
    /// `cog`: course over ground, degrees.
    package var courseDegrees: Int?
    /// `batt`: battery level, percent.
    package var batteryPercent: Int?
    /// `tid`: the tracker id the apps show on the map (two characters by default).
    package var trackerID: String
    /// `t`.
    package var trigger: Trigger?
    /// `m`: the monitoring mode (2: move mode, reporting continuously).
    package var monitoringMode: Int?

    package init(
        latitude: Double, longitude: Double, timestampSeconds: Int, accuracyMeters: Int? = nil,
        altitudeMeters: Int? = nil, verticalAccuracyMeters: Int? = nil, velocityKilometersPerHour: Int? = nil,
        courseDegrees: Int? = nil, batteryPercent: Int? = nil, trackerID: String, trigger: Trigger? = nil,
        monitoringMode: Int? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.timestampSeconds = timestampSeconds
        self.accuracyMeters = accuracyMeters
        self.altitudeMeters = altitudeMeters
        self.verticalAccuracyMeters = verticalAccuracyMeters
        self.velocityKilometersPerHour = velocityKilometersPerHour
        self.courseDegrees = courseDegrees
        self.batteryPercent = batteryPercent
        self.trackerID = trackerID
        self.trigger = trigger
        self.monitoringMode = monitoringMode
    }

    /// The message for a fix as Core Location delivered it: its time, accuracy and altitude
    /// rounded, m/s turned into km/h; what is unknown (-1, nil) is left out.
    package init(fix: LocationFix, trackerID: String, batteryPercent: Int?, trigger: Trigger?, monitoringMode: Int? = 2)
    {
        self.init(
            latitude: fix.latitude, longitude: fix.longitude,
            timestampSeconds: Int(fix.time.secondsSince1970) + (fix.time.nanoseconds >= 500_000_000 ? 1 : 0),
            accuracyMeters: fix.horizontalAccuracyMeters >= 0 ? Self.rounded(fix.horizontalAccuracyMeters) : nil,
            altitudeMeters: fix.altitudeMeters.flatMap(Self.rounded),
            verticalAccuracyMeters: fix.verticalAccuracyMeters.flatMap { $0 >= 0 ? Self.rounded($0) : nil },
            velocityKilometersPerHour: fix.speedMetersPerSecond >= 0
                ? Self.rounded(fix.speedMetersPerSecond * 3.6) : nil,
            courseDegrees: fix.courseDegrees >= 0 ? Self.rounded(fix.courseDegrees).map { $0 % 360 } : nil,
            batteryPercent: batteryPercent, trackerID: trackerID, trigger: trigger, monitoringMode: monitoringMode)
    }

    private static func rounded(_ value: Double) -> Int? {
        guard value.isFinite, value.magnitude < 1e9 else { return nil }
        return Int(value.rounded())
    }

    /// The payload, one JSON object without a line end; keys in a fixed order, so equal
    /// messages are equal bytes.
    package func json() -> [UInt8] {
        var writer = JSONLineWriter(capacity: 192)
        write(into: &writer)
        return writer.bytes
    }

    /// Appends the payload to `writer` (for a caller that batches messages into one buffer).
    package func write(into writer: inout JSONLineWriter) {
        writer.beginObject()
        writer.field("_type", "location")
        writer.field("tid", trackerID)
        writer.field("tst", timestampSeconds)
        // Six decimals, as the iOS app writes them: 11 cm, finer than a phone's fix.
        writer.field("lat", latitude, fractionDigits: 6)
        writer.field("lon", longitude, fractionDigits: 6)
        Self.optional("acc", accuracyMeters, into: &writer)
        Self.optional("alt", altitudeMeters, into: &writer)
        Self.optional("vac", verticalAccuracyMeters, into: &writer)
        Self.optional("vel", velocityKilometersPerHour, into: &writer)
        Self.optional("cog", courseDegrees, into: &writer)
        Self.optional("batt", batteryPercent, into: &writer)
        if let trigger { writer.field("t", trigger.rawValue) }
        Self.optional("m", monitoringMode, into: &writer)
        writer.endObject()
    }

    private static func optional(_ key: StaticString, _ value: Int?, into writer: inout JSONLineWriter) {
        guard let value else { return }
        writer.field(key, value)
    }

    /// `owntracks/USER/DEVICE`, the topic the apps publish locations to. MQTT forbids the
    /// wildcards `+` and `#` in a topic name, and `/` would add levels: each becomes `_`.
    package static func topic(user: String, device: String) -> String {
        "owntracks/\(topicLevel(user))/\(topicLevel(device))"
    }

    /// `owntracks/USER/+`: every device's locations of one user, for a subscriber.
    package static func topicFilter(user: String) -> String {
        "owntracks/\(topicLevel(user))/+"
    }

    static func topicLevel(_ text: String) -> String {
        String(text.map { $0 == "/" || $0 == "+" || $0 == "#" || $0 == "\u{0}" ? "_" : $0 })
    }
}
