import GPXReader

extension FuzzChecks {
    /// Any bytes: the reader gives the same events, and the same error after them, for any
    /// chunk size; the statistics of those events are finite where they are defined.
    @Sendable public static func gpxReader(_ bytes: [UInt8]) {
        let oddChunk = 16 + Int(bytes.first ?? 0) % 50
        let reference = read(bytes, chunkSize: 64 * 1024)
        for chunkSize in [16, oddChunk] {
            let other = read(bytes, chunkSize: chunkSize)
            if isEncodingMismatch(other.error) || isEncodingMismatch(reference.error) {
                // libxml2 converts ahead of parsing, as much as it has been given: how many
                // events come before it notices depends on the cut (both runs fail).
                let shorter = min(other.events.count, reference.events.count)
                require(other.events.prefix(shorter) == reference.events.prefix(shorter),
                        "chunk size \(chunkSize) gave other events than 64 KiB before an encoding error")
            } else {
                require(other.events == reference.events, "chunk size \(chunkSize) gave other events than 64 KiB")
            }
            require(sameFault(other.error, reference.error), "chunk size \(chunkSize) gave another error: \(String(describing: other.error)) vs \(String(describing: reference.error))")
        }
        for event in reference.events {
            guard let point = event.point else { continue }
            require(point.latitude.isFinite && abs(point.latitude) <= 90, "a point with latitude \(point.latitude)")
            require(point.longitude.isFinite && abs(point.longitude) <= 180, "a point with longitude \(point.longitude)")
        }
        if let error = reference.error {
            let text = error.description
            require(!text.contains("\n"), "an error of more than one line: \(text)")
            require(text.hasPrefix("fuzz"), "an error that does not name the file: \(text)")
        }
    }

    /// The same error, or the same malformed-XML error at the same place: libxml2 words one
    /// fault differently depending on where a chunk was cut (bad UTF-8 at a tag's end is
    /// "expected '>'" in one and "Input is not proper UTF-8" in another).
    ///
    /// Bytes the encoding cannot convert are converted ahead of parsing, a chunk at a time,
    /// so where the parse stops then depends on the cut too: any malformed-XML error will do
    /// when either one says so.
    private static func isEncodingMismatch(_ error: GPXError?) -> Bool {
        if case .malformedXML(_, _, _, GPXError.encodingMismatchReason)? = error { return true }
        return false
    }

    private static func sameFault(_ one: GPXError?, _ other: GPXError?) -> Bool {
        let encoding = GPXError.encodingMismatchReason
        if case .malformedXML(let file, let line, let column, let reason)? = one,
           case .malformedXML(file, let otherLine, let otherColumn, let otherReason)? = other {
            return (line, column) == (otherLine, otherColumn) || reason == encoding || otherReason == encoding
        }
        return one == other
    }

    private static func read(_ bytes: [UInt8], chunkSize: Int) -> (events: [GPXEvent], error: GPXError?) {
        let reader = GPXStreamReader(bytes: bytes, name: "fuzz.gpx", options: .init(chunkSize: chunkSize))
        var events: [GPXEvent] = []
        do {
            while let event = try reader.next() { events.append(event) }
            return (events, nil)
        } catch {
            return (events, error)
        }
    }
}

extension GPXEvent {
    fileprivate var point: GPXPoint? {
        switch self {
        case .trackPoint(let point), .routePoint(let point), .waypoint(let point): return point
        default: return nil
        }
    }
}
