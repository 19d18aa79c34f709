// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
public import TrailcastBasics
/// One waypoint, route point or track point: where, when, and what a receiver said of its
/// fix (dilution, speed, course). The readers keep more of what a file holds (names, heart
/// rate, extensions), for `inspect` and the exports; those fields are the package's own, since
/// nothing a simulation does reads them. Fields absent from the file are nil.
public struct RoutePoint: Sendable, Equatable {
    /// Latitude in degrees, -90...90 (WGS 84).
    public var latitude: Double
    /// Longitude in degrees, -180...180 (WGS 84).
    public var longitude: Double
    /// `<ele>`: elevation above mean sea level.
    public var elevationMeters: Double?
    /// `<time>`, in UTC. Dropped (nil, with a warning) when unparsable or going backwards.
    public var time: Timestamp?
    /// `<name>`: the point's name as the file gives it.
    package var name: String?
    /// `<desc>`: a text description of the point.
    package var description: String?
    /// `<sym>`: the symbol name a GPS shows for the point.
    package var symbol: String?
    /// `<type>`: the point's classification, free text.
    package var type: String?
    /// `<fix>`: what kind of fix the receiver had at this point; nil when the file does not say.
    public var fix: FixType?
    /// `<sat>`: satellites used for the fix.
    package var satellites: Int?
    /// `<hdop>`: horizontal dilution of precision, without unit (lower is better).
    public var horizontalDilution: Double?
    /// `<vdop>`: vertical dilution of precision, without unit (lower is better).
    public var verticalDilution: Double?
    /// `<pdop>`: position (3D) dilution of precision, without unit (lower is better).
    package var positionDilution: Double?
    /// GPX 1.0 `<speed>` or TrackPointExtension v2 `<speed>`, in m/s.
    public var speedMetersPerSecond: Double?
    /// GPX 1.0 `<course>` or TrackPointExtension v2 `<course>`: degrees from true north.
    public var courseDegrees: Double?
    /// TrackPointExtension `<hr>`.
    package var heartRateBeatsPerMinute: Int?
    /// TrackPointExtension `<cad>`.
    package var cadenceRevolutionsPerMinute: Int?
    /// TrackPointExtension `<atemp>`.
    package var airTemperatureCelsius: Double?
    /// TrackPointExtension `<wtemp>`.
    package var waterTemperatureCelsius: Double?
    /// TrackPointExtension `<depth>`.
    package var depthMeters: Double?
    /// Other elements found under `<extensions>`, as raw name/text pairs, in document order.
    package var extensions: [RouteExtensionElement]
    /// Where the point's start tag ends in the file (1-based), for warnings.
    package var line: Int
    /// The column on that `line`, from 1; 0 for a point not read from a text file.
    package var column: Int
    /// Where a binary file's point (a FIT record) starts, in bytes from the file's start;
    /// nil for a text format, whose points have a ``line`` and ``column``.
    package var byteOffset: Int?

    /// A point with a position and, optionally, elevation and time; every other field is nil,
    /// with no extensions. `line` and `column` are 0 unless given.
    public init(
        latitude: Double, longitude: Double, elevationMeters: Double? = nil,
        time: Timestamp? = nil, line: Int = 0, column: Int = 0
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.elevationMeters = elevationMeters
        self.time = time
        self.extensions = []
        self.line = line
        self.column = column
    }
}

/// `<fix>`: the kind of fix the receiver had.
public enum FixType: String, Sendable, Equatable, CaseIterable {
    /// `none`: the receiver had no fix.
    case none
    /// `2d`: a fix in latitude and longitude only, without altitude.
    case twoDimensional = "2d"
    /// `3d`: a fix in latitude, longitude and altitude.
    case threeDimensional = "3d"
    /// `dgps`: a fix corrected by differential GPS.
    case differential = "dgps"
    /// `pps`: a fix from the military Precise Positioning Service signal.
    case precise = "pps"
}

/// An extension element Trailcast does not interpret, kept as written.
package struct RouteExtensionElement: Sendable, Equatable {
    /// The qualified name as written in the file, such as `gpxx:Temperature`.
    package var name: String
    /// The namespace URI the element belongs to, if any.
    package var namespaceURI: String?
    /// The element's text, without surrounding white space.
    package var text: String

    package init(name: String, namespaceURI: String?, text: String) {
        self.name = name
        self.namespaceURI = namespaceURI
        self.text = text
    }
}
