// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// Garmin's Training Center XML (TCX) read into GPX's events, following Garmin's schema
/// (TrainingCenterDatabasev2.xsd, and ActivityExtensionv2.xsd for `<TPX><Speed>`):
///
/// - each `<Activity>` and `<Course>` is a track (a course's `<Name>` its name, an
///   activity's `Sport` its type);
/// - each `<Track>` is a segment: a lap holds one or more, and a device starts a new one
///   after a pause, which is what a GPX segment means;
/// - each `<Trackpoint>` is a track point: `<Time>`, `<Position>`'s `<LatitudeDegrees>`
///   and `<LongitudeDegrees>`, `<AltitudeMeters>`, `<HeartRateBpm><Value>`, `<Cadence>`,
///   `<TPX><Speed>`. `<DistanceMeters>` is the device's own odometer, ignored: Trailcast
///   measures along the positions, as for every format;
/// - a course's `<CoursePoint>`s are waypoints (`<PointType>` their type).
///
/// A trackpoint without a `<Position>` (indoors, or a watch recording heart rate while it
/// has no fix) has nothing to replay: it is skipped, with one warning per file.
struct TCXReading {
    var latitude: Double?
    var longitude: Double?
    /// A coordinate was there but out of range or not a number (warned about already).
    var positionWasInvalid = false
    var warnedAboutPositionlessPoint = false
}

extension ElementKind {
    static func classifyTCX(localName: UnsafePointer<UInt8>, parent: ElementKind) -> ElementKind {
        switch parent {
        case .routeDocument:
            return localName.isNamed("Activities") || localName.isNamed("Courses") ? .tcxContainer : .ignored
        case .tcxContainer:
            return localName.isNamed("Activity") || localName.isNamed("Course") ? .tcxActivity : .ignored
        case .tcxLap:
            // (Only inside an activity: a <Track> opens a segment of the activity's track.)
            return localName.isNamed("Track") ? .tcxTrack : .ignored
        case .tcxActivity:
            if localName.isNamed("Lap") { return .tcxLap }
            if localName.isNamed("Track") { return .tcxTrack }
            if localName.isNamed("Name") { return .name }
            if localName.isNamed("CoursePoint") { return .tcxCoursePoint }
            return .ignored
        case .tcxTrack:
            return localName.isNamed("Trackpoint") ? .tcxTrackpoint : .ignored
        case .tcxTrackpoint, .tcxCoursePoint:
            if localName.isNamed("Time") { return .time }
            if localName.isNamed("Position") { return .tcxPosition }
            if localName.isNamed("AltitudeMeters") { return .elevation }
            if parent == .tcxCoursePoint {
                if localName.isNamed("Name") { return .name }
                if localName.isNamed("PointType") { return .type }
                if localName.isNamed("Notes") { return .description }
                return .ignored
            }
            if localName.isNamed("HeartRateBpm") { return .tcxHeartRate }
            if localName.isNamed("Cadence") { return .tcxCadence }
            if localName.isNamed("Extensions") { return .tcxExtensions }
            return .ignored
        case .tcxPosition:
            if localName.isNamed("LatitudeDegrees") { return .tcxLatitude }
            if localName.isNamed("LongitudeDegrees") { return .tcxLongitude }
            return .ignored
        case .tcxHeartRate:
            return localName.isNamed("Value") ? .tcxHeartRateValue : .ignored
        case .tcxExtensions:
            return localName.isNamed("TPX") ? .tcxActivityExtension : .ignored
        case .tcxActivityExtension:
            return localName.isNamed("Speed") ? .tcxSpeed : .ignored
        default:
            return .ignored
        }
    }
}

extension SAXParserState {
    mutating func startTCXElement(
        _ kind: ElementKind, attributeCount: Int, attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    ) {
        switch kind {
        case .tcxActivity:
            deliverMetadataIfNeeded()
            path = RoutePathInfo(line: position.line)
            Self.forEachAttribute(attributeCount, attributes) { name, value in
                if name.isNamed("Sport") { path.type = Self.attributeText(value) }
            }
            pathDelivered = false
        case .tcxTrack:
            beginSegment()
        case .tcxTrackpoint, .tcxCoursePoint:
            if kind == .tcxCoursePoint { deliverMetadataIfNeeded() }
            let (line, column) = position
            point = RoutePoint(latitude: 0, longitude: 0, line: line, column: column)
            tcx.latitude = nil
            tcx.longitude = nil
            tcx.positionWasInvalid = false
        default:
            break
        }
    }

    mutating func endTCXElement(_ kind: ElementKind, parent: ElementKind?) {
        switch kind {
        case .name:
            if parent == .tcxActivity {
                path.name = String(decoding: trimmedText(), as: UTF8.self)
            } else {
                point.name = String(decoding: trimmedText(), as: UTF8.self)
            }
        case .type: point.type = String(decoding: trimmedText(), as: UTF8.self)
        case .description: point.description = String(decoding: trimmedText(), as: UTF8.self)
        case .time: point.time = parsedTime()
        case .elevation: point.elevationMeters = number(named: "AltitudeMeters")
        case .tcxLatitude:
            tcx.latitude = coordinate(named: "LatitudeDegrees", limit: 90)
            if tcx.latitude == nil { tcx.positionWasInvalid = true }
        case .tcxLongitude:
            tcx.longitude = coordinate(named: "LongitudeDegrees", limit: 180)
            if tcx.longitude == nil { tcx.positionWasInvalid = true }
        case .tcxHeartRateValue: point.heartRateBeatsPerMinute = integer(named: "Value")
        case .tcxCadence: point.cadenceRevolutionsPerMinute = integer(named: "Cadence")
        case .tcxSpeed: point.speedMetersPerSecond = number(named: "Speed")
        case .tcxTrackpoint, .tcxCoursePoint:
            let tag = kind == .tcxTrackpoint ? "Trackpoint" : "CoursePoint"
            guard let latitude = tcx.latitude, let longitude = tcx.longitude else {
                if !tcx.positionWasInvalid && !tcx.warnedAboutPositionlessPoint {
                    tcx.warnedAboutPositionlessPoint = true
                    warn(
                        "<\(tag)> has no <Position> (indoors, or no fix yet); "
                            + "such points are skipped (warned once)", line: point.line, column: point.column)
                }
                return
            }
            point.latitude = latitude
            point.longitude = longitude
            pointIsValid = true
            finishPoint(kind == .tcxTrackpoint ? .trackPoint : .waypoint, tag: tag)
        case .tcxTrack:
            pending.append(.endSegment)
        case .tcxActivity:
            deliverPathIfNeeded(.track)
            pending.append(.endTrack)
        case .routeDocument:
            deliverMetadataIfNeeded()
        default:
            break
        }
    }

    /// A latitude or longitude element's degrees; nil, with a warning, when not a number
    /// within ±`limit` (the point is then skipped).
    mutating func coordinate(named element: StaticString, limit: Double) -> Double? {
        guard let value = number(named: element) else { return nil }
        guard value.magnitude <= limit else {
            warn("<\(element)> is \(value), not within ±\(Int(limit)) degrees; point skipped")
            return nil
        }
        return value
    }
}
