// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// libxml2: Debian's through pkg-config (CTrailcastLibXML2), or the Apple SDK's own module,
// as Package.swift chooses (even should the system library's module map be visible there).
#if canImport(CTrailcastLibXML2) && !canImport(Darwin)
internal import CTrailcastLibXML2
#else
internal import libxml2
#endif
import TrailcastBasics

/// The reader's state between libxml2 SAX2 callbacks.
///
/// libxml2 calls plain C functions with a `void *` user-data pointer; this struct
/// lives behind that pointer (see ``GPXStreamReader``), so callbacks reach it
/// without reference counting. Everything on the per-point path works on bytes:
/// names are compared in place, numbers and times are parsed from the text
/// buffer, and no `String` is made unless the file has a string to give.
struct SAXParserState {
    /// Deeper nesting than this is refused before libxml2's own limit, to keep the
    /// element stack bounded whatever the document.
    static let maximumDepth = 256
    /// Text kept per element; a longer value is cut, with a warning, so a single
    /// 100 MB `<desc>` cannot exhaust memory.
    static let maximumTextBytes = 1 << 20

    let fileName: String
    /// The XML format read: GPX, or KML or TCX through their own elements (`Formats/`).
    let dialect: XMLRouteDialect
    let strict: Bool
    let checksTimeOrder: Bool
    let fields: RouteFieldSelection
    var context: xmlParserCtxtPtr?

    /// Events produced by the callbacks of the current chunk, handed out by the reader.
    var pending: [RouteEvent] = []
    /// Set by a callback that refuses the document; the reader throws it.
    var failure: RouteError?
    /// libxml2's first fatal error, with its position.
    var firstFatalError: (line: Int, column: Int, message: String)?
    /// Where the DOCTYPE's declaration ends (its internal subset's `[`, if it has one).
    var documentTypeSubsetStart: (line: Int, column: Int)?

    private(set) var stack: [ElementKind] = []
    private(set) var text = TextBuffer(capacity: 256)
    private(set) var isCapturingText = false
    private var textWasCut = false
    private(set) var depthOfLastStartedElement = 0

    // Shared with the other formats' element handling (`Formats/`).
    var point = RoutePoint(latitude: 0, longitude: 0)
    var pointIsValid = false
    var metadata = RouteMetadata()
    private var metadataDelivered = false
    var path = RoutePathInfo()
    var pathDelivered = false
    var pointsInSegment = 0
    var previousTimeInSegmentOrRoute: Timestamp?
    var warnedAboutZonelessTime = false
    /// libxml2's recoverable problems already said: an undeclared `gx:` prefix is met on
    /// every point of a track, and one line each would bury the rest.
    var libXMLWarningsSaid: Set<String> = []
    /// What KML's and TCX's elements need between callbacks.
    var kml = KMLReading()
    var tcx = TCXReading()

    init(
        fileName: String, dialect: XMLRouteDialect = .gpx, strict: Bool, checksTimeOrder: Bool = true,
        fields: RouteFieldSelection = .all
    ) {
        self.fileName = fileName
        self.dialect = dialect
        self.strict = strict
        self.checksTimeOrder = checksTimeOrder
        self.fields = fields
        pending.reserveCapacity(1024)
        stack.reserveCapacity(Self.maximumDepth)
    }

    /// Where libxml2 is in the input: just past the construct being reported.
    var position: (line: Int, column: Int) {
        guard let input = context?.pointee.input else { return (0, 0) }
        return (Int(input.pointee.line), Int(input.pointee.col))
    }

    // MARK: - Callbacks

    mutating func startElement(
        localName: UnsafePointer<UInt8>,
        namespaceURI: UnsafePointer<UInt8>?,
        attributeCount: Int,
        attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    ) {
        guard failure == nil else { return }
        guard stack.count < Self.maximumDepth else {
            let (line, column) = position
            refuse(
                .unsafeDocument(
                    file: fileName, line: line, column: column,
                    reason: "elements nested deeper than \(Self.maximumDepth) levels"))
            return
        }
        guard let parent = stack.last else {
            startRoot(
                localName: localName, namespaceURI: namespaceURI,
                attributeCount: attributeCount, attributes: attributes)
            return
        }
        if dialect != .gpx {
            let kind =
                dialect == .kml
                ? ElementKind.classifyKML(localName: localName, parent: parent)
                : ElementKind.classifyTCX(localName: localName, parent: parent)
            stack.append(kind)
            depthOfLastStartedElement = stack.count
            if kind.capturesText && fields.includes(kind) { startCapturingText() }
            if dialect == .kml {
                if kind == .kmlForeign { noteForeignKMLElement(localName) }
                startKMLElement(kind)
            } else {
                startTCXElement(kind, attributeCount: attributeCount, attributes: attributes)
            }
            return
        }
        let kind = ElementKind.classify(
            localName: localName, namespace: Namespace(uri: namespaceURI), parent: parent)
        stack.append(kind)
        depthOfLastStartedElement = stack.count

        switch kind {
        case .waypoint, .routePoint, .trackPoint:
            deliverMetadataIfNeeded()
            if kind == .routePoint { deliverPathIfNeeded(.route) }
            startPoint(kind, attributeCount: attributeCount, attributes: attributes)
        case .route, .track:
            deliverMetadataIfNeeded()
            path = RoutePathInfo(line: position.line)
            pathDelivered = false
            previousTimeInSegmentOrRoute = nil
        case .trackSegment:
            beginSegment()
        default:
            if kind.capturesText && fields.includes(kind) { startCapturingText() }
        }
    }

    /// A track segment begins (GPX's `<trkseg>`, TCX's `<Track>`, KML's `gx:Track`), after
    /// its track's own event if that is still to come.
    mutating func beginSegment() {
        deliverPathIfNeeded(.track)
        pointsInSegment = 0
        previousTimeInSegmentOrRoute = nil
        pending.append(.beginSegment(line: position.line))
    }

    /// Enters the root element, of any dialect.
    mutating func enterRoot(_ kind: ElementKind) {
        stack.append(kind)
        depthOfLastStartedElement = 1
    }

    private mutating func startCapturingText() {
        text.removeAll()
        textWasCut = false
        isCapturingText = true
    }

    mutating func endElement(
        localName: UnsafePointer<UInt8>?, prefix: UnsafePointer<UInt8>?,
        namespaceURI: UnsafePointer<UInt8>?
    ) {
        guard failure == nil, let kind = stack.popLast() else { return }
        let parent = stack.last
        if kind.capturesText {
            isCapturingText = false
            if !fields.includes(kind) { return }
        }
        switch dialect {
        case .gpx: break
        case .kml: return endKMLElement(kind, parent: parent)
        case .tcx: return endTCXElement(kind, parent: parent)
        }

        switch kind {
        case .name, .description, .type, .symbol:
            assignString(kind, parent: parent)
        case .time:
            assignTime(parent: parent)
        case .elevation:
            point.elevationMeters = number(named: "ele")
        case .horizontalDilution:
            point.horizontalDilution = number(named: "hdop")
        case .verticalDilution:
            point.verticalDilution = number(named: "vdop")
        case .positionDilution:
            point.positionDilution = number(named: "pdop")
        case .speed, .garminSpeed:
            point.speedMetersPerSecond = number(named: "speed") ?? point.speedMetersPerSecond
        case .course, .garminCourse:
            point.courseDegrees = number(named: "course") ?? point.courseDegrees
        case .satellites:
            point.satellites = integer(named: "sat")
        case .fix:
            assignFix()
        case .garminHeartRate:
            point.heartRateBeatsPerMinute = integer(named: "hr")
        case .garminCadence:
            point.cadenceRevolutionsPerMinute = integer(named: "cad")
        case .garminAirTemperature:
            point.airTemperatureCelsius = number(named: "atemp")
        case .garminWaterTemperature:
            point.waterTemperatureCelsius = number(named: "wtemp")
        case .garminDepth:
            point.depthMeters = number(named: "depth")
        case .foreignExtension:
            // Only leaves carry a value: a container's text is just indentation.
            if depthOfLastStartedElement == stack.count + 1 {
                keepForeignExtension(localName: localName, prefix: prefix, namespaceURI: namespaceURI)
            }
        case .waypoint, .routePoint, .trackPoint:
            finishPoint(kind)
        case .trackSegment:
            if pointsInSegment == 0 {
                warn("empty track segment <trkseg> (it has no valid points); nothing read from it")
            }
            pending.append(.endSegment)
        case .track:
            deliverPathIfNeeded(.track)
            pending.append(.endTrack)
        case .route:
            deliverPathIfNeeded(.route)
            pending.append(.endRoute)
        case .metadata, .gpx:
            deliverMetadataIfNeeded()
        default:
            break
        }
    }

    mutating func appendText(_ bytes: UnsafePointer<UInt8>, count: Int) {
        // A KML `<coordinates>` may hold a whole track: read as it comes, never kept whole.
        if kml.streamsCoordinates { return scanCoordinates(bytes, count: count) }
        guard !textWasCut else { return }
        let room = Self.maximumTextBytes - text.count
        guard count > room else {
            text.append(bytes, count: count)
            return
        }
        // Cut before a UTF-8 lead byte, never inside a character (libxml2 hands out
        // valid UTF-8), and keep nothing after the cut, even if a later fragment fits.
        var kept = room
        while kept > 0, bytes[kept] & 0xC0 == 0x80 { kept -= 1 }
        text.append(bytes, count: kept)
        textWasCut = true
        warn(
            "element text longer than \(Self.maximumTextBytes) bytes; the first \(Self.maximumTextBytes) bytes kept, the rest ignored"
        )
    }

    // MARK: - Elements

    private mutating func startRoot(
        localName: UnsafePointer<UInt8>, namespaceURI: UnsafePointer<UInt8>?,
        attributeCount: Int, attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    ) {
        if dialect != .gpx {
            return startOtherRoot(localName: localName)
        }
        guard localName.isNamed("gpx") else {
            let (line, column) = position
            refuse(
                .notGPX(
                    file: fileName, line: line, column: column,
                    rootElement: String(cString: localName)))
            return
        }
        stack.append(.gpx)
        depthOfLastStartedElement = 1
        Self.forEachAttribute(attributeCount, attributes) { name, value in
            if name.isNamed("version") {
                metadata.version = Self.attributeText(value)
            } else if name.isNamed("creator") {
                metadata.creator = Self.attributeText(value)
            }
        }
        if metadata.version == nil, let namespaceURI {
            if namespaceURI.isNamed("http://www.topografix.com/GPX/1/1") { metadata.version = "1.1" }
            if namespaceURI.isNamed("http://www.topografix.com/GPX/1/0") { metadata.version = "1.0" }
        }
    }

    private mutating func startPoint(
        _ kind: ElementKind, attributeCount: Int,
        attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    ) {
        let (line, column) = position
        point = RoutePoint(latitude: 0, longitude: 0, line: line, column: column)
        var latitude: Double?
        var longitude: Double?
        var latitudeText: UnsafeRawBufferPointer?
        var longitudeText: UnsafeRawBufferPointer?
        Self.forEachAttribute(attributeCount, attributes) { name, value in
            if name.isNamed("lat") {
                latitudeText = value
                latitude = DecimalNumber.parse(value.trimmingASCIIWhitespace())
            } else if name.isNamed("lon") {
                longitudeText = value
                longitude = DecimalNumber.parse(value.trimmingASCIIWhitespace())
            }
        }
        let element = kind.tagName
        pointIsValid = false
        guard let latitudeText else {
            return warn("<\(element)> has no lat attribute; point skipped", line: line, column: column)
        }
        guard let longitudeText else {
            return warn("<\(element)> has no lon attribute; point skipped", line: line, column: column)
        }
        guard let latitude, latitude >= -90, latitude <= 90 else {
            return warn(
                "<\(element)> has lat=\"\(String(decoding: latitudeText, as: UTF8.self).quotedInMessage(limit: 60))\", "
                    + "not a latitude in -90...90; point skipped", line: line, column: column)
        }
        guard let longitude, longitude >= -180, longitude <= 180 else {
            return warn(
                "<\(element)> has lon=\"\(String(decoding: longitudeText, as: UTF8.self).quotedInMessage(limit: 60))\", "
                    + "not a longitude in -180...180; point skipped", line: line, column: column)
        }
        point.latitude = latitude
        point.longitude = longitude
        pointIsValid = true
    }

    /// Hands out the point as a waypoint, route point or track point (`kind`); `tag` names its
    /// element in a warning (GPX's own by default).
    mutating func finishPoint(_ kind: ElementKind, tag: String? = nil) {
        guard pointIsValid else { return }
        // Waypoints are places, not a sequence: each keeps its own time, in any order (a
        // file's places are often listed by name). Points of a segment or route are a path.
        if checksTimeOrder, kind != .waypoint, let time = point.time {
            if let previous = previousTimeInSegmentOrRoute, time < previous {
                warn(
                    "<\(tag ?? kind.tagName)> time \(time) is earlier than the previous point's \(previous); "
                        + "position kept, time dropped", line: point.line, column: point.column)
                // Strict reading stops here: the point is not handed out after the error.
                guard failure == nil else { return }
                point.time = nil
            } else {
                previousTimeInSegmentOrRoute = time
            }
        }
        switch kind {
        case .waypoint: pending.append(.waypoint(point))
        case .routePoint: pending.append(.routePoint(point))
        default:
            pointsInSegment += 1
            pending.append(.trackPoint(point))
        }
    }

    // MARK: - Delivery

    mutating func deliverMetadataIfNeeded() {
        guard !metadataDelivered else { return }
        metadataDelivered = true
        pending.append(.metadata(metadata))
    }

    mutating func deliverPathIfNeeded(_ kind: ElementKind) {
        guard !pathDelivered else { return }
        pathDelivered = true
        pending.append(kind == .track ? .beginTrack(path) : .beginRoute(path))
    }

    func trimmedText() -> UnsafeRawBufferPointer {
        text.bytes.trimmingASCIIWhitespace()
    }

    /// Frees what the state allocated by hand; called once by the reader's deinit.
    func deallocate() { text.deallocate() }
}
