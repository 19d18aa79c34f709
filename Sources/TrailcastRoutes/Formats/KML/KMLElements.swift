// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// Google's KML (OGC KML 2.2, with Google's `gx:` extensions, and KML 2.3) read into GPX's
/// events, by local name whatever the namespace (2.3 moved `Track` into KML's own):
///
/// - a `<Placemark>` with a `<gx:Track>`, or several in a `<gx:MultiTrack>` (or a
///   `<MultiGeometry>`), is a track named as the placemark, each `<gx:Track>` a segment:
///   a recording; a MultiTrack with `<gx:interpolate>1` joins its tracks into one segment
///   (the KML reference: "whether to interpolate between separate tracks");
/// - each `<LineString>` is a route named as its placemark: a path drawn, not recorded. Its
///   `<coordinates>` are untimed (timed at `--travel-speed`, as an untimed GPX route):
///   `lon,lat[,alt]` tuples separated by white space, read as they stream in, since one
///   element may hold a whole recording. So `auto` replays a file's recordings, else its
///   lines, else its points; and a file that has both for one journey (GPSBabel's and
///   Google Earth's do) is not replayed twice. A placemark's `<TimeSpan>` (its `<begin>`
///   and `<end>`, before the line) times the line's points instead, spread evenly by
///   point as GPSBabel spreads them (``KMLTimeSpan``);
/// - a `<gx:Track>`'s `<when>`s and `<gx:coord>`s (`lon lat alt`) pair in order, the n-th
///   with the n-th, however they interleave (as GPSBabel, togeojson and the KML reference
///   pair them): the schema puts every `<when>` first, Google My Tracks writes each
///   coordinate before its time. Whichever comes first waits in a ``SpillQueue`` (memory,
///   then an unlinked temporary file) for the other;
/// - a `<Placemark>` with a `<Point>` is a waypoint: its `<name>`, `<description>`, and
///   `<TimeStamp><when>`;
/// - before a fault inside a `<coordinates>` (malformed XML), the tuples read so far are
///   handed out as libxml2 handed out their text: with Trailcast's 64 KiB reads, one file
///   always gives the same points before its error;
/// - polygons, styles, overlays and everything else are skipped.
struct KMLReading {
    /// Inside `<coordinates>`: text goes to the scanner, not the text buffer.
    var streamsCoordinates = false
    /// Whose `<coordinates>` are being read: a `.kmlPoint`'s or a `.kmlLineString`'s.
    var coordinatesOwner = ElementKind.kmlLineString
    var scanner = CoordinateScanner()
    var placemarkName: String?
    var placemarkDescription: String?
    var placemarkTime: Timestamp?
    /// Whether the current placemark's track has begun (its first line or track).
    var placemarkHasTrack = false
    /// A `<Point>`'s position: its first tuple.
    var pointPosition: (latitude: Double, longitude: Double, elevation: Double?)?
    /// A `<gx:Track>`'s times that came before their coordinates, and its coordinates that
    /// came before their times: at most one of the two is not empty.
    var times = SpillQueue<SpilledTime>()
    var coordinates = SpillQueue<SpilledCoordinate>()
    var warnedAboutExtraValues = false
    /// The placemark's `<TimeSpan>`, and a line's points waiting for their share of it.
    var span = KMLTimeSpan()
    /// Inside a `<gx:MultiTrack>` whose `<gx:interpolate>` is 1: its tracks are one segment.
    var interpolatesTracks = false
    /// A joined segment is open: the next track of the MultiTrack goes on with it.
    var interpolatedSegmentOpen = false
    /// Elements where a placemark's parts go that are not KML's: each name's count and
    /// where it came first, in the order met.
    var foreignElements: [(name: String, count: Int, line: Int, column: Int)] = []
}

/// A `<gx:coord>` waiting for its `<when>`: where it was, and its position (NaN when it
/// was not one, so that it still takes its time out of the pairing).
struct SpilledCoordinate: BitwiseCopyable {
    var longitude: Double
    var latitude: Double
    /// NaN: none.
    var elevation: Double
    var line: Int32
    var column: Int32
}

extension ElementKind {
    /// KML 2.2's elements a `<Placemark>` holds (ogckml22.xsd's Placemark and its
    /// Feature), and those a `<MultiGeometry>` holds, with Google's `gx:` and the `atom:`
    /// and `xal:` ones KML allows there (by local name): the parts read are classified before
    /// this; the others here are KML's own, skipped without a word.
    private static let placemarkParts: Set<String> = [
        "name", "visibility", "open", "author", "link", "address", "AddressDetails", "phoneNumber", "Snippet",
        "snippet", "description", "Camera", "LookAt", "TimeStamp", "TimeSpan", "styleUrl", "Style", "StyleMap",
        "Region", "Metadata", "ExtendedData", "balloonVisibility",
    ]
    private static let geometries: Set<String> = [
        "Point", "LineString", "LinearRing", "Polygon", "MultiGeometry", "Model", "Track", "MultiTrack",
    ]

    /// Whether a child of a placemark (or of a geometry group) is KML's.
    static func isKMLPlacemarkPart(_ localName: UnsafePointer<UInt8>, inPlacemark: Bool) -> Bool {
        let name = String(cString: localName)
        return geometries.contains(name) || (inPlacemark && placemarkParts.contains(name))
            || (!inPlacemark && name == "interpolate")
    }

    static func classifyKML(localName: UnsafePointer<UInt8>, parent: ElementKind) -> ElementKind {
        switch parent {
        case .routeDocument, .kmlContainer:
            if localName.isNamed("Document") || localName.isNamed("Folder") { return .kmlContainer }
            if localName.isNamed("Placemark") { return .kmlPlacemark }
            return .ignored
        case .kmlPlacemark, .kmlGeometryGroup:
            if parent == .kmlPlacemark {
                if localName.isNamed("name") { return .name }
                if localName.isNamed("description") { return .description }
                if localName.isNamed("TimeStamp") { return .kmlTimeStamp }
                if localName.isNamed("TimeSpan") { return .kmlTimeSpan }
            }
            if parent == .kmlGeometryGroup, localName.isNamed("interpolate") { return .kmlInterpolate }
            if localName.isNamed("Point") { return .kmlPoint }
            if localName.isNamed("LineString") { return .kmlLineString }
            if localName.isNamed("Track") { return .kmlTrack }
            if localName.isNamed("MultiGeometry") || localName.isNamed("MultiTrack") { return .kmlGeometryGroup }
            return isKMLPlacemarkPart(localName, inPlacemark: parent == .kmlPlacemark) ? .ignored : .kmlForeign
        case .kmlTimeStamp:
            return localName.isNamed("when") ? .time : .ignored
        case .kmlTimeSpan:
            if localName.isNamed("begin") { return .kmlSpanBegin }
            return localName.isNamed("end") ? .kmlSpanEnd : .ignored
        case .kmlPoint, .kmlLineString:
            return localName.isNamed("coordinates") ? .kmlCoordinates : .ignored
        case .kmlTrack:
            if localName.isNamed("when") { return .time }
            if localName.isNamed("coord") { return .kmlTrackCoordinate }
            return .ignored
        default:
            return .ignored
        }
    }
}

extension SAXParserState {
    /// Counts an element that is not KML's by its name, where it came first kept.
    mutating func noteForeignKMLElement(_ localName: UnsafePointer<UInt8>) {
        let name = String(cString: localName)
        if let index = kml.foreignElements.firstIndex(where: { $0.name == name }) {
            kml.foreignElements[index].count += 1
        } else {
            let (line, column) = position
            kml.foreignElements.append((name, 1, line, column))
        }
    }

    mutating func startKMLElement(_ kind: ElementKind) {
        switch kind {
        case .kmlPlacemark:
            deliverMetadataIfNeeded()
            kml.placemarkName = nil
            kml.placemarkDescription = nil
            kml.placemarkTime = nil
            kml.placemarkHasTrack = false
            kml.span = KMLTimeSpan()
            kml.interpolatesTracks = false
        case .kmlPoint:
            kml.pointPosition = nil
        case .kmlLineString:
            beginKMLRoute()
            kml.span.beginLine()
        case .kmlTrack:
            beginKMLSegment()
            kml.times.removeAll()
            kml.coordinates.removeAll()
        case .kmlCoordinates:
            kml.coordinatesOwner = stack.count >= 2 ? stack[stack.count - 2] : .kmlLineString
            let (line, column) = position
            kml.scanner.start(line: line, column: column)
            kml.streamsCoordinates = true
        default:
            break
        }
    }

    mutating func endKMLElement(_ kind: ElementKind, parent: ElementKind?) {
        switch kind {
        case .name: kml.placemarkName = String(decoding: trimmedText(), as: UTF8.self)
        case .description: kml.placemarkDescription = String(decoding: trimmedText(), as: UTF8.self)
        case .time:
            let time = parsedTime(allowingDateOnly: true)
            if parent == .kmlTrack {
                if let coordinate = kml.coordinates.removeFirst() {
                    takeTrackPoint(coordinate, time: time)
                } else {
                    kml.times.append(SpilledTime(time))
                    if let reason = kml.times.failure { refuse(.cannotRead(file: fileName, reason: reason)) }
                }
            } else {
                kml.placemarkTime = time
            }
        case .kmlCoordinates:
            if let tuple = kml.scanner.finish() { takeCoordinateTuple(tuple) }
            kml.streamsCoordinates = false
        case .kmlTrackCoordinate:
            takeTrackCoordinate()
        case .kmlPoint:
            guard let found = kml.pointPosition else {
                return warn("<Point> has no coordinates; placemark skipped")
            }
            let (line, column) = position
            point = RoutePoint(
                latitude: found.latitude, longitude: found.longitude, elevationMeters: found.elevation,
                time: kml.placemarkTime, line: line, column: column)
            point.name = kml.placemarkName
            point.description = kml.placemarkDescription
            pointIsValid = true
            finishPoint(.waypoint, tag: "Point")
        case .kmlLineString:
            finishTimedLine()
            pending.append(.endRoute)
        case .kmlSpanBegin: kml.span.begin = parsedTime(allowingDateOnly: true)
        case .kmlSpanEnd: kml.span.end = parsedTime(allowingDateOnly: true)
        case .kmlInterpolate:
            let text = String(decoding: trimmedText(), as: UTF8.self)
            kml.interpolatesTracks = text == "1" || text == "true"
        case .kmlGeometryGroup:
            closeInterpolatedSegment()
            kml.interpolatesTracks = false
        case .kmlTrack:
            if kml.times.count > 0 {
                warn("<gx:Track> has \(kml.times.count) more <when> than <gx:coord>; those times are ignored")
                kml.times.removeAll()
            }
            if kml.coordinates.count > 0 {
                warn("<gx:Track> has \(kml.coordinates.count) more <gx:coord> than <when>; those points are untimed")
                while let coordinate = kml.coordinates.removeFirst() { takeTrackPoint(coordinate, time: nil) }
            }
            if kml.interpolatesTracks && parent == .kmlGeometryGroup {
                kml.interpolatedSegmentOpen = true
            } else {
                pending.append(.endSegment)
            }
        case .kmlPlacemark:
            closeInterpolatedSegment()
            if kml.placemarkHasTrack { pending.append(.endTrack) }
        case .routeDocument:
            deliverMetadataIfNeeded()
            for foreign in kml.foreignElements {
                let counted =
                    foreign.count == 1
                    ? "1 <\(foreign.name)> element is" : "\(foreign.count) <\(foreign.name)> elements are"
                warn(
                    "\(counted) not KML: skipped (a placemark's geometry is a Point, LineString, Polygon, MultiGeometry "
                        + "or gx:Track)", line: foreign.line, column: foreign.column)
            }
        default:
            break
        }
    }

    /// A `<LineString>`: a route of its own, after the placemark's track, if one is open
    /// (a later `<gx:Track>` of the placemark begins another).
    private mutating func beginKMLRoute() {
        closeInterpolatedSegment()
        if kml.placemarkHasTrack {
            kml.placemarkHasTrack = false
            pending.append(.endTrack)
        }
        path = RoutePathInfo(name: kml.placemarkName, description: kml.placemarkDescription, line: position.line)
        pathDelivered = false
        deliverPathIfNeeded(.route)
        previousTimeInSegmentOrRoute = nil
    }

    /// A track of the placemark: its track begins with the first.
    private mutating func beginKMLSegment() {
        if !kml.placemarkHasTrack {
            kml.placemarkHasTrack = true
            path = RoutePathInfo(name: kml.placemarkName, description: kml.placemarkDescription, line: position.line)
            pathDelivered = false
        }
        // The MultiTrack's tracks join up: the next goes on in the same segment.
        guard !kml.interpolatedSegmentOpen else { return }
        beginSegment()
    }

    private mutating func closeInterpolatedSegment() {
        guard kml.interpolatedSegmentOpen else { return }
        kml.interpolatedSegmentOpen = false
        pending.append(.endSegment)
    }

    /// Text of a `<coordinates>` element, as libxml2 hands it out.
    mutating func scanCoordinates(_ bytes: UnsafePointer<UInt8>, count: Int) {
        var index = 0
        while index < count {
            if let tuple = kml.scanner.scan(bytes, count: count, from: &index) {
                takeCoordinateTuple(tuple)
            }
        }
    }

    private mutating func takeCoordinateTuple(_ tuple: CoordinateScanner.Tuple) {
        let (line, column) = (kml.scanner.line, kml.scanner.column)
        guard case .point(let longitude, let latitude, let elevation, let hadMore) = tuple else {
            if case .malformed(let text) = tuple {
                warn(
                    "<coordinates>'s tuple \(kml.scanner.tupleNumber), \"\(text.quotedInMessage())\", is not lon,lat[,alt] in range; "
                        + "point skipped", line: line, column: column)
            }
            return
        }
        if hadMore { warnAboutExtraValues(line: line, column: column) }
        if kml.coordinatesOwner == .kmlPoint {
            if kml.pointPosition == nil { kml.pointPosition = (latitude, longitude, elevation) }
            return
        }
        if kml.span.spreadsOverLine {
            kml.span.lineTuples.append(
                SpilledCoordinate(
                    longitude: longitude, latitude: latitude, elevation: elevation ?? .nan,
                    line: Int32(clamping: line), column: Int32(clamping: column)))
            if let reason = kml.span.lineTuples.failure { refuse(.cannotRead(file: fileName, reason: reason)) }
            return
        }
        point = RoutePoint(
            latitude: latitude, longitude: longitude, elevationMeters: elevation, line: line, column: column)
        pointIsValid = true
        finishPoint(.routePoint, tag: "coordinates")
    }

    /// A line timed by its placemark's span: its points, held until it ended, each with its
    /// share of the span.
    private mutating func finishTimedLine() {
        guard kml.span.spreadsOverLine else { return }
        var index: Int64 = 0
        let count = Int64(kml.span.lineTuples.count)
        while let tuple = kml.span.lineTuples.removeFirst() {
            point = RoutePoint(
                latitude: tuple.latitude, longitude: tuple.longitude,
                elevationMeters: tuple.elevation.isNaN ? nil : tuple.elevation,
                time: kml.span.time(ofPoint: index, of: count), line: Int(tuple.line), column: Int(tuple.column))
            pointIsValid = true
            finishPoint(.routePoint, tag: "coordinates")
            index += 1
        }
        kml.span.spreadsOverLine = false
    }

    /// A `<gx:coord>`: `lon lat alt`, with its `<when>` if that came first, else waiting
    /// for it. One that is not a position is skipped, its `<when>` with it.
    private mutating func takeTrackCoordinate() {
        let (line, column) = position
        var coordinate = SpilledCoordinate(
            longitude: .nan, latitude: .nan, elevation: .nan, line: Int32(clamping: line),
            column: Int32(clamping: column))
        if case .point(let longitude, let latitude, let elevation, let hadMore) = CoordinateScanner.trackCoordinate(
            trimmedText())
        {
            if hadMore { warnAboutExtraValues(line: line, column: column) }
            coordinate.longitude = longitude
            coordinate.latitude = latitude
            coordinate.elevation = elevation ?? .nan
        } else {
            let text = String(decoding: trimmedText().prefix(60), as: UTF8.self).quotedInMessage(limit: 60)
            warn("<gx:coord> is \"\(text)\", not lon lat [alt] in range; point skipped", line: line, column: column)
        }
        if let waiting = kml.times.removeFirst() {
            takeTrackPoint(coordinate, time: waiting.time)
        } else {
            kml.coordinates.append(coordinate)
            if let reason = kml.coordinates.failure { refuse(.cannotRead(file: fileName, reason: reason)) }
        }
    }

    /// Once a file: a tuple with more than three values keeps lon, lat and alt.
    private mutating func warnAboutExtraValues(line: Int, column: Int) {
        guard !kml.warnedAboutExtraValues else { return }
        kml.warnedAboutExtraValues = true
        warn(
            "a coordinate has more than lon, lat and alt; the first three are kept, the rest dropped (warned once)",
            line: line, column: column)
    }

    /// A `<gx:Track>`'s point, its coordinate and time paired (a skipped coordinate, NaN,
    /// gives none).
    private mutating func takeTrackPoint(_ coordinate: SpilledCoordinate, time: Timestamp?) {
        guard !coordinate.latitude.isNaN else { return }
        point = RoutePoint(
            latitude: coordinate.latitude, longitude: coordinate.longitude,
            elevationMeters: coordinate.elevation.isNaN ? nil : coordinate.elevation, time: time,
            line: Int(coordinate.line), column: Int(coordinate.column))
        pointIsValid = true
        finishPoint(.trackPoint, tag: "gx:coord")
    }
}
