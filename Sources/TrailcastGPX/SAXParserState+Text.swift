import TrailcastBasics

/// What an element's text becomes: strings, times, numbers, a fix, a foreign extension,
/// each with the warning a bad value gets. The elements' handling is in
/// ``SAXParserState``; the other formats' (`Formats/`) use the same conversions.
extension SAXParserState {
    mutating func assignString(_ kind: ElementKind, parent: ElementKind?) {
        let value = String(decoding: trimmedText(), as: UTF8.self)
        switch (parent, kind) {
        case (.metadata?, .name), (.gpx?, .name): metadata.name = value
        case (.metadata?, .description), (.gpx?, .description): metadata.description = value
        case (.track?, .name), (.route?, .name): path.name = value
        case (.track?, .description), (.route?, .description): path.description = value
        case (.track?, .type), (.route?, .type): path.type = value
        case (_, .name): point.name = value
        case (_, .description): point.description = value
        case (_, .symbol): point.symbol = value
        case (_, .type): point.type = value
        default: break
        }
    }

    mutating func assignTime(parent: ElementKind?) {
        guard let time = parsedTime() else { return }
        if parent == .metadata || parent == .gpx {
            metadata.time = time
        } else {
            point.time = time
        }
    }

    /// The element's text as an ISO 8601 time; nil (with a warning if it was not empty)
    /// when it is not one.
    mutating func parsedTime() -> Timestamp? {
        let bytes = trimmedText()
        guard bytes.count > 0 else { return nil }
        guard let parsed = ISO8601.parse(bytes) else {
            warn("unparsable time \"\(String(decoding: bytes, as: UTF8.self).quotedInMessage(limit: 60))\"; time dropped")
            return nil
        }
        if !parsed.hadZone && !warnedAboutZonelessTime {
            warnedAboutZonelessTime = true
            warn("time \"\(String(decoding: bytes, as: UTF8.self).quotedInMessage(limit: 60))\" has no zone; "
                + "times without a zone are read as UTC")
        }
        return parsed.timestamp
    }

    mutating func assignFix() {
        let value = String(decoding: trimmedText(), as: UTF8.self)
        guard !value.isEmpty else { return }
        if let fix = GPXFix(rawValue: value) {
            point.fix = fix
        } else {
            warn("<fix> is \"\(value.quotedInMessage(limit: 60))\", not one of none, 2d, 3d, dgps, pps; value dropped")
        }
    }

    mutating func keepForeignExtension(
        localName: UnsafePointer<UInt8>?, prefix: UnsafePointer<UInt8>?,
        namespaceURI: UnsafePointer<UInt8>?
    ) {
        let value = trimmedText()
        guard value.count > 0, let localName else { return }
        var name = String(cString: localName)
        if let prefix { name = String(cString: prefix) + ":" + name }
        point.extensions.append(GPXExtensionElement(
            name: name, namespaceURI: namespaceURI.map { String(cString: $0) },
            text: String(decoding: value, as: UTF8.self)))
    }

    mutating func number(named element: StaticString) -> Double? {
        let bytes = trimmedText()
        guard bytes.count > 0 else { return nil }  // <ele/> and friends: simply unknown
        if let value = DecimalNumber.parse(bytes) { return value }
        warn("<\(element)> is \"\(String(decoding: bytes, as: UTF8.self).quotedInMessage(limit: 60))\", not a number; value dropped")
        return nil
    }

    mutating func integer(named element: StaticString) -> Int? {
        guard let value = number(named: element) else { return nil }
        guard value.magnitude < 1e9 else {
            warn("<\(element)> is \(value), out of range; value dropped")
            return nil
        }
        return Int(value.rounded())
    }
}
