// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// What an element means to the reader, decided once at its start tag from its
/// name, its namespace URI and its parent.
enum ElementKind: UInt8 {
    case gpx, metadata, waypoint, route, routePoint, track, trackSegment, trackPoint
    case name, description, time, elevation, symbol, type, fix, satellites
    case horizontalDilution, verticalDilution, positionDilution, speed, course
    /// `<extensions>` of a point.
    case pointExtensions
    /// Garmin `<TrackPointExtension>` (v1 or v2) and its children.
    case garminContainer
    case garminHeartRate, garminCadence, garminAirTemperature, garminWaterTemperature
    case garminDepth, garminSpeed, garminCourse
    /// Any other element inside a point's `<extensions>`, kept as a raw name/text pair.
    case foreignExtension
    /// Everything else, and everything inside it.
    case ignored

    // Other XML formats' elements (see `Formats/`): their `<name>`, `<Time>` and `<when>`,
    // `<AltitudeMeters>` are GPX's `name`, `time` and `elevation` above.

    /// The root element of a KML or TCX document.
    case routeDocument
    /// TCX: `<Activities>`, `<Courses>`: containers read through.
    case tcxContainer
    /// TCX: an activity's `<Lap>`, read through to its `<Track>`s.
    case tcxLap
    /// TCX: an `<Activity>` or `<Course>`, read as a track.
    case tcxActivity
    /// TCX: a `<Track>`, read as a track segment.
    case tcxTrack
    case tcxTrackpoint, tcxCoursePoint, tcxPosition, tcxLatitude, tcxLongitude
    case tcxHeartRate, tcxHeartRateValue, tcxCadence, tcxExtensions, tcxActivityExtension, tcxSpeed
    /// KML: `<Document>`, `<Folder>`, `<MultiGeometry>`, `<gx:MultiTrack>`: containers read through.
    case kmlContainer
    case kmlPlacemark, kmlTimeStamp, kmlPoint, kmlLineString
    /// KML: `<MultiGeometry>`, `<gx:MultiTrack>`: a placemark's geometries, read through.
    case kmlGeometryGroup
    /// KML: `<coordinates>`, read as it streams in (a `LineString`'s may hold a whole track).
    case kmlCoordinates
    /// KML: `<gx:Track>` (or KML 2.3's `<Track>`), read as a track segment of timed points.
    case kmlTrack
    /// KML: `<gx:coord>` of a track.
    case kmlTrackCoordinate
    /// KML: a placemark's `<TimeSpan>`, and its `<begin>` and `<end>`.
    case kmlTimeSpan, kmlSpanBegin, kmlSpanEnd
    /// KML: a `<gx:MultiTrack>`'s `<gx:interpolate>`: whether its tracks join up.
    case kmlInterpolate
    /// KML: an element where a placemark's parts go that is not KML's (GDAL's and GML's
    /// `<MultiLineString>`, `<MultiPoint>`): skipped with its subtree, counted and named in
    /// one warning at the document's end.
    case kmlForeign

    /// Elements whose text the reader needs.
    var capturesText: Bool {
        switch self {
        case .name, .description, .time, .elevation, .symbol, .type, .fix, .satellites,
            .horizontalDilution, .verticalDilution, .positionDilution, .speed, .course,
            .garminHeartRate, .garminCadence, .garminAirTemperature, .garminWaterTemperature,
            .garminDepth, .garminSpeed, .garminCourse, .foreignExtension,
            .tcxLatitude, .tcxLongitude, .tcxHeartRateValue, .tcxCadence, .tcxSpeed,
            .kmlCoordinates, .kmlTrackCoordinate, .kmlSpanBegin, .kmlSpanEnd, .kmlInterpolate:
            return true
        default:
            return false
        }
    }

    /// Classifies a child element of `parent`. `parent` is nil for the root.
    @inline(__always)
    static func classify(
        localName: UnsafePointer<UInt8>, namespace: Namespace, parent: ElementKind
    ) -> ElementKind {
        switch parent {
        case .gpx:
            guard namespace == .gpx else { return .ignored }
            if localName.isNamed("trk") { return .track }
            if localName.isNamed("wpt") { return .waypoint }
            if localName.isNamed("rte") { return .route }
            if localName.isNamed("metadata") { return .metadata }
            // GPX 1.0 has no <metadata>: these stand directly under <gpx>.
            if localName.isNamed("name") { return .name }
            if localName.isNamed("desc") { return .description }
            if localName.isNamed("time") { return .time }
            return .ignored
        case .metadata:
            guard namespace == .gpx else { return .ignored }
            if localName.isNamed("name") { return .name }
            if localName.isNamed("desc") { return .description }
            if localName.isNamed("time") { return .time }
            return .ignored
        case .track, .route:
            guard namespace == .gpx else { return .ignored }
            if parent == .track, localName.isNamed("trkseg") { return .trackSegment }
            if parent == .route, localName.isNamed("rtept") { return .routePoint }
            if localName.isNamed("name") { return .name }
            if localName.isNamed("desc") { return .description }
            if localName.isNamed("type") { return .type }
            return .ignored
        case .trackSegment:
            return namespace == .gpx && localName.isNamed("trkpt") ? .trackPoint : .ignored
        case .waypoint, .routePoint, .trackPoint:
            guard namespace == .gpx else { return .ignored }
            return classifyPointChild(localName)
        case .pointExtensions:
            if namespace == .garminTrackPointExtension, localName.isNamed("TrackPointExtension") {
                return .garminContainer
            }
            return .foreignExtension
        case .garminContainer:
            guard namespace == .garminTrackPointExtension else { return .foreignExtension }
            if localName.isNamed("hr") { return .garminHeartRate }
            if localName.isNamed("cad") { return .garminCadence }
            if localName.isNamed("atemp") { return .garminAirTemperature }
            if localName.isNamed("wtemp") { return .garminWaterTemperature }
            if localName.isNamed("depth") { return .garminDepth }
            if localName.isNamed("speed") { return .garminSpeed }
            if localName.isNamed("course") { return .garminCourse }
            return .foreignExtension
        case .foreignExtension:
            return .foreignExtension
        default:
            return .ignored
        }
    }

    @inline(__always)
    private static func classifyPointChild(_ localName: UnsafePointer<UInt8>) -> ElementKind {
        switch localName[0] {
        case UInt8(ascii: "e"):
            if localName.isNamed("ele") { return .elevation }
            if localName.isNamed("extensions") { return .pointExtensions }
        case UInt8(ascii: "t"):
            if localName.isNamed("time") { return .time }
            if localName.isNamed("type") { return .type }
        case UInt8(ascii: "n"):
            if localName.isNamed("name") { return .name }
        case UInt8(ascii: "d"):
            if localName.isNamed("desc") { return .description }
        case UInt8(ascii: "s"):
            if localName.isNamed("sym") { return .symbol }
            if localName.isNamed("sat") { return .satellites }
            if localName.isNamed("speed") { return .speed }
        case UInt8(ascii: "f"):
            if localName.isNamed("fix") { return .fix }
        case UInt8(ascii: "h"):
            if localName.isNamed("hdop") { return .horizontalDilution }
        case UInt8(ascii: "v"):
            if localName.isNamed("vdop") { return .verticalDilution }
        case UInt8(ascii: "p"):
            if localName.isNamed("pdop") { return .positionDilution }
        case UInt8(ascii: "c"):
            if localName.isNamed("course") { return .course }
        default:
            break
        }
        return .ignored
    }
}

/// The namespaces the reader tells apart.
enum Namespace: UInt8 {
    /// GPX 1.0, GPX 1.1, or no namespace at all (tolerated: many exporters omit it).
    case gpx
    /// Garmin TrackPointExtension v1 or v2, whatever prefix the file uses.
    case garminTrackPointExtension
    case other

    @inline(__always)
    init(uri: UnsafePointer<UInt8>?) {
        guard let uri else {
            self = .gpx
            return
        }
        if uri.isNamed("http://www.topografix.com/GPX/1/1")
            || uri.isNamed("http://www.topografix.com/GPX/1/0")
        {
            self = .gpx
        } else if uri.isNamed("http://www.garmin.com/xmlschemas/TrackPointExtension/v1")
            || uri.isNamed("http://www.garmin.com/xmlschemas/TrackPointExtension/v2")
        {
            self = .garminTrackPointExtension
        } else {
            self = .other
        }
    }
}

extension UnsafePointer where Pointee == UInt8 {
    /// Compares a NUL-terminated C string with `name`, byte for byte, without allocating.
    @inline(__always)
    func isNamed(_ name: StaticString) -> Bool {
        let expected = name.utf8Start
        let count = name.utf8CodeUnitCount
        for index in 0..<count where self[index] != expected[index] {
            return false
        }
        return self[count] == 0
    }
}

extension ElementKind {
    var tagName: String {
        switch self {
        case .waypoint: return "wpt"
        case .routePoint: return "rtept"
        default: return "trkpt"
        }
    }
}
