// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
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
    /// - Parameter allowingDateOnly: KML's `<when>` is XML Schema's union of `dateTime`,
    ///   `date`, `gYearMonth` and `gYear` (KML 2.2, `kml:dateTimeType`): `1997-07-16`,
    ///   `1997-07` and `1997` are read as their first instant in UTC, as GPSBabel reads them.
    mutating func parsedTime(allowingDateOnly: Bool = false) -> Timestamp? {
        let bytes = trimmedText()
        guard bytes.count > 0 else { return nil }
        if allowingDateOnly, let day = Self.firstInstantOfDate(bytes) { return day }
        guard let parsed = ISO8601.parse(bytes) else {
            warn(
                "unparsable time \"\(String(decoding: bytes, as: UTF8.self).quotedInMessage(limit: 60))\"; time dropped"
            )
            return nil
        }
        if !parsed.hadZone && !warnedAboutZonelessTime {
            warnedAboutZonelessTime = true
            warn(
                "time \"\(String(decoding: bytes, as: UTF8.self).quotedInMessage(limit: 60))\" has no zone; "
                    + "times without a zone are read as UTC")
        }
        return parsed.timestamp
    }

    /// `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (with an optional `Z`): its first instant in UTC.
    static func firstInstantOfDate(_ bytes: UnsafeRawBufferPointer) -> Timestamp? {
        var text = Array(bytes)
        if text.last == UInt8(ascii: "Z") { text.removeLast() }
        func number(_ range: Range<Int>) -> Int64? {
            guard range.upperBound <= text.count, range.allSatisfy({ text[$0] >= 0x30 && text[$0] <= 0x39 }) else {
                return nil
            }
            return range.reduce(0) { $0 * 10 + Int64(text[$1] - 0x30) }
        }
        guard let year = number(0..<4) else { return nil }
        var month: Int64 = 1
        var day: Int64 = 1
        switch text.count {
        case 4:
            break
        case 7 where text[4] == UInt8(ascii: "-"):
            guard let parsed = number(5..<7) else { return nil }
            month = parsed
        case 10 where text[4] == UInt8(ascii: "-") && text[7] == UInt8(ascii: "-"):
            guard let parsedMonth = number(5..<7), let parsedDay = number(8..<10) else { return nil }
            (month, day) = (parsedMonth, parsedDay)
        default:
            return nil
        }
        guard (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year: year, month: month) else {
            return nil
        }
        return Timestamp(secondsSince1970: CivilDate.daysSince1970(year: year, month: month, day: day) * 86_400)
    }

    mutating func assignFix() {
        let value = String(decoding: trimmedText(), as: UTF8.self)
        guard !value.isEmpty else { return }
        if let fix = FixType(rawValue: value) {
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
        point.extensions.append(
            RouteExtensionElement(
                name: name, namespaceURI: namespaceURI.map { String(cString: $0) },
                text: String(decoding: value, as: UTF8.self)))
    }

    mutating func number(named element: StaticString) -> Double? {
        let bytes = trimmedText()
        guard bytes.count > 0 else { return nil }  // <ele/> and friends: simply unknown
        if let value = DecimalNumber.parse(bytes) { return value }
        warn(
            "<\(element)> is \"\(String(decoding: bytes, as: UTF8.self).quotedInMessage(limit: 60))\", not a number; value dropped"
        )
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
