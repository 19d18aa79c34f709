// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastRoutes

extension FuzzChecks {
    /// Any bytes: the reader gives the same events, and the same error after them, for any
    /// chunk size; the statistics of those events are finite where they are defined.
    ///
    /// A document libxml2 converts (UTF-16, or a declared encoding other than UTF-8) is
    /// converted ahead of parsing, as far as it has been given: where an error is placed,
    /// how libxml2 words it, and how many events come before it depend on the cut (random
    /// seeds kept finding new cases: an error in the declaration with one cut and at the
    /// bytes with another, a truncation one column apart). For those the check is that both
    /// reads fail or neither, with the same kind of error, and agree as far as both go.
    @Sendable public static func gpxReader(_ bytes: [UInt8]) {
        checkReader(bytes, format: .gpx)
    }

    /// The same for any format: libxml2's formats (GPX, KML, TCX) with its allowances for
    /// converted documents; the others (KMZ's zip, GeoJSON, FIT), whose readers are
    /// Trailcast's own, give exactly the same events and error for every chunk size.
    static func checkReader(_ bytes: [UInt8], format: RouteFormat) {
        let oddChunk = 16 + Int(bytes.first ?? 0) % 50
        let reference = read(bytes, format: format, chunkSize: 64 * 1024)
        // (A KMZ's KML is zipped: whether libxml2 converts it cannot be seen in its bytes, so
        // any KMZ is held to the converted documents' check.)
        let converted = format == .kmz || [.gpx, .kml, .tcx].contains(format) && isConvertedByLibXML2(bytes)
        for chunkSize in [16, oddChunk] {
            let other = read(bytes, format: format, chunkSize: chunkSize)
            let described =
                "chunk size \(chunkSize): \(other.events.count) events, \(String(describing: other.error)); "
                + "64 KiB: \(reference.events.count) events, \(String(describing: reference.error))"
            if format == .kmz, isArchiveFault(other.error) != isArchiveFault(reference.error) {
                // A fault of the archive (cut, damaged) and one of the KML before it are met in
                // an order that depends on how far libxml2 has read ahead; Trailcast always
                // reads 64 KiB at a time, so one file gives one answer. Both must fail, and
                // agree as far as both go.
                let shorter = min(other.events.count, reference.events.count)
                require(other.events.prefix(shorter) == reference.events.prefix(shorter), "other events: \(described)")
                require(other.error != nil && reference.error != nil, "only one read failed: \(described)")
            } else if format == .kml && !converted && (other.error != nil || reference.error != nil) {
                // A KML `<coordinates>` is read as libxml2 hands out its text, which it does
                // at the end of each chunk: before a fault inside the element, the tuples read
                // so far come out with some cuts and not with others. The same error, and the
                // same events as far as both go.
                let shorter = min(other.events.count, reference.events.count)
                require(other.events.prefix(shorter) == reference.events.prefix(shorter), "other events: \(described)")
                require(sameFault(other.error, reference.error), "another error: \(described)")
            } else if converted && (other.error != nil || reference.error != nil) {
                // Where the error is placed depends on the cut, and so does a warning libxml2
                // gives at that place as it gives up on the element (an undefined namespace
                // prefix, met at the end of a start tag cut short by the conversion).
                let (otherEvents, referenceEvents) = (
                    withoutWarningsAtTheError(other), withoutWarningsAtTheError(reference)
                )
                let shorter = min(otherEvents.count, referenceEvents.count)
                require(otherEvents.prefix(shorter) == referenceEvents.prefix(shorter), "other events: \(described)")
                require(sameKind(other.error, reference.error), "another kind of error: \(described)")
            } else {
                require(
                    withoutWarningsAtTheError(other) == withoutWarningsAtTheError(reference),
                    "other events: \(described)")
                require(sameFault(other.error, reference.error), "another error: \(described)")
            }
        }
        for event in reference.events {
            guard let point = event.point else { continue }
            require(point.latitude.isFinite && abs(point.latitude) <= 90, "a point with latitude \(point.latitude)")
            require(
                point.longitude.isFinite && abs(point.longitude) <= 180, "a point with longitude \(point.longitude)")
        }
        if let error = reference.error {
            let text = error.description
            require(!text.contains("\n"), "an error of more than one line: \(text)")
            require(text.hasPrefix("fuzz"), "an error that does not name the file: \(text)")
        }
    }

    private static func isArchiveFault(_ error: RouteError?) -> Bool {
        if case .malformedBinary? = error { return true }
        return false
    }

    /// A UTF-16 byte order or a declaration naming an encoding other than UTF-8: bytes
    /// libxml2 does not take as they are.
    private static func isConvertedByLibXML2(_ bytes: [UInt8]) -> Bool {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
            || bytes.starts(with: [0x3C, 0x00]) || bytes.starts(with: [0x00, 0x3C])
        {
            return true
        }
        return ChunkBoundary.declaresConvertedEncoding(bytes)
    }

    /// The events, less a warning at the place of a malformed-XML error: the reader hands
    /// it out or not depending on whether it came with the error's chunk or an earlier one.
    private static func withoutWarningsAtTheError(_ read: (events: [RouteEvent], error: RouteError?)) -> [RouteEvent] {
        guard case .malformedXML(_, let line, let column, _)? = read.error else { return read.events }
        return read.events.filter { event in
            guard case .warning(let warning) = event else { return true }
            return (warning.line, warning.column) != (line, column)
        }
    }

    /// Both nil, or both errors of the same case. A root element that is not `<gpx>` (or
    /// `<kml>`, `<TrainingCenterDatabase>`: `malformed`) and malformed XML count as one: with
    /// one cut libxml2 starts the root element on the name it has converted so far (`<g`),
    /// with another it fails inside the name.
    private static func sameKind(_ one: RouteError?, _ other: RouteError?) -> Bool {
        switch (one, other) {
        case (nil, nil): return true
        case (.malformedXML?, .notGPX?), (.notGPX?, .malformedXML?), (.malformedXML?, .malformed?),
            (.malformed?, .malformedXML?):
            return true
        case (.malformedXML?, .malformedXML?), (.notGPX?, .notGPX?), (.unsafeDocument?, .unsafeDocument?),
            (.invalidContent?, .invalidContent?), (.cannotRead?, .cannotRead?), (.cannotOpen?, .cannotOpen?),
            (.malformed?, .malformed?), (.malformedBinary?, .malformedBinary?):
            return true
        default: return false
        }
    }

    /// The same error, or the same malformed-XML error at the same place: libxml2 words one
    /// fault differently depending on where a chunk was cut (bad UTF-8 at a tag's end is
    /// "expected '>'" in one and "Input is not proper UTF-8" in another).
    ///
    /// Bytes the encoding cannot convert are converted ahead of parsing, a chunk at a time,
    /// so where the parse stops then depends on the cut too: any malformed-XML error will do
    /// when either one says so.
    private static func sameFault(_ one: RouteError?, _ other: RouteError?) -> Bool {
        let encoding = RouteError.encodingMismatchReason
        if case .malformedXML(let file, let line, let column, let reason)? = one,
            case .malformedXML(file, let otherLine, let otherColumn, let otherReason)? = other
        {
            return (line, column) == (otherLine, otherColumn) || reason == encoding || otherReason == encoding
        }
        return one == other
    }

    private static func read(_ bytes: [UInt8], format: RouteFormat, chunkSize: Int) -> (
        events: [RouteEvent], error: RouteError?
    ) {
        var events: [RouteEvent] = []
        do {
            let reader = try format.makeReader(
                bytes: bytes, name: "fuzz.\(format.rawValue)", options: .init(chunkSize: chunkSize))
            while let event = try reader.next() { events.append(event) }
            return (events, nil)
        } catch {
            return (events, error)
        }
    }
}

extension RouteEvent {
    fileprivate var point: RoutePoint? {
        switch self {
        case .trackPoint(let point), .routePoint(let point), .waypoint(let point): return point
        default: return nil
        }
    }
}
