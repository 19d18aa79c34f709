public import TrailcastDevice
public import TrailcastJSON
import TrailcastBasics

/// An OwnTracks location message (`_type: "location"`), as the OwnTracks apps publish it to
/// `owntracks/USER/DEVICE`: the fields and units of the OwnTracks booklet's JSON page
/// (https://owntracks.org/booklet/tech/json/). Integers where the booklet says integer
/// (accuracy, altitude, velocity in km/h, course, battery); optional fields that are zero or
/// unknown are left out, as the app leaves them out.
///
/// ```swift
/// let message = OwnTracksLocation(fix: fix, trackerID: "07", batteryPercent: 83, trigger: .timer)
/// message.json()   // {"_type":"location","tid":"07","tst":1700000000,"lat":...}
/// ```
public struct OwnTracksLocation: Sendable, Equatable {
    /// `t`: why the app sent the message (the booklet's list).
    public enum Trigger: String, Sendable {
        /// `p`: a ping issued by the app's background task.
        case ping = "p"
        /// `c`: entering or leaving a circular region.
        case circularRegion = "c"
        /// `r`: the answer to a `reportLocation` command.
        case reportLocationResponse = "r"
        /// `u`: the user asked to publish.
        case user = "u"
        /// `t`: timer-based publishing in move mode, as a tracking fleet's device sends.
        case timer = "t"
    }

    public var latitude: Double
    public var longitude: Double
    /// `tst`: the fix's time, whole seconds since 1970 (required).
    public var timestampSeconds: Int
    /// `acc`: horizontal accuracy, metres.
    public var accuracyMeters: Int?
    /// `alt`: metres above sea level.
    public var altitudeMeters: Int?
    /// `vac`: vertical accuracy, metres.
    public var verticalAccuracyMeters: Int?
    /// `vel`: speed, km/h.
    public var velocityKilometersPerHour: Int?
    /// `cog`: course over ground, degrees.
    public var courseDegrees: Int?
    /// `batt`: battery level, percent.
    public var batteryPercent: Int?
    /// `tid`: the tracker id the apps show on the map (two characters by default).
    public var trackerID: String
    /// `t`.
    public var trigger: Trigger?
    /// `m`: the monitoring mode (2: move mode, reporting continuously).
    public var monitoringMode: Int?

    public init(
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

    /// The message for a fix as Core Location delivered it: its time truncated to the
    /// second, accuracy and altitude rounded to the metre, m/s turned into km/h; an unknown
    /// speed or course (-1) is left out.
    public init(fix: LocationFix, trackerID: String, batteryPercent: Int?, trigger: Trigger?, monitoringMode: Int? = 2) {
        self.init(
            latitude: fix.latitude, longitude: fix.longitude,
            timestampSeconds: Int(fix.time.secondsSince1970),
            accuracyMeters: Self.rounded(fix.horizontalAccuracyMeters),
            altitudeMeters: fix.altitudeMeters.flatMap(Self.rounded),
            verticalAccuracyMeters: fix.verticalAccuracyMeters.flatMap(Self.rounded),
            velocityKilometersPerHour: fix.speedMetersPerSecond >= 0 ? Self.rounded(fix.speedMetersPerSecond * 3.6) : nil,
            courseDegrees: fix.courseDegrees >= 0 ? Self.rounded(fix.courseDegrees).map { $0 % 360 } : nil,
            batteryPercent: batteryPercent, trackerID: trackerID, trigger: trigger, monitoringMode: monitoringMode)
    }

    private static func rounded(_ value: Double) -> Int? {
        guard value.isFinite, value.magnitude < 1e9 else { return nil }
        return Int(value.rounded())
    }

    /// The payload, one JSON object without a line end; keys in a fixed order, so equal
    /// messages are equal bytes.
    public func json() -> [UInt8] {
        var writer = JSONLineWriter(capacity: 192)
        write(into: &writer)
        return writer.bytes
    }

    /// Appends the payload to `writer` (for a caller that batches messages into one buffer).
    public func write(into writer: inout JSONLineWriter) {
        writer.beginObject()
        writer.field("_type", "location")
        writer.field("tid", trackerID)
        writer.field("tst", timestampSeconds)
        // Seven decimals: a centimetre, finer than any phone's fix.
        writer.field("lat", latitude, fractionDigits: 7)
        writer.field("lon", longitude, fractionDigits: 7)
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
        guard let value, value != 0 else { return }
        writer.field(key, value)
    }

    /// `owntracks/USER/DEVICE`, the topic the apps publish locations to. MQTT forbids the
    /// wildcards `+` and `#` in a topic name, and `/` would add levels: each becomes `_`.
    public static func topic(user: String, device: String) -> String {
        "owntracks/\(topicLevel(user))/\(topicLevel(device))"
    }

    static func topicLevel(_ text: String) -> String {
        String(text.map { $0 == "/" || $0 == "+" || $0 == "#" || $0 == "\u{0}" ? "_" : $0 })
    }
}
