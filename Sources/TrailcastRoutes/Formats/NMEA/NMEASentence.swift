// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// One NMEA 0183 sentence of a line: `$` (after whatever a logger put before it), the
/// address (a two-letter talker and a three-letter type: `GPRMC`, `GNGGA`), the fields, and
/// the checksum `*hh`, the XOR of every byte between `$` and `*` (NMEA 0183 §5.3; a
/// sentence without one is taken, as gpsd and GPSBabel take it).
struct NMEASentence {
    /// The type without its talker: `RMC`, `GGA`, `GSA`, `ZDA`, `GLL`.
    var type: Substring
    /// The fields after the address, as written (empty for a field left out).
    var fields: [Substring]
    /// Where the `$` is on its line, from 1.
    var column: Int

    enum Problem: Error, Equatable {
        /// No `$` on the line: not a sentence.
        case notASentence
        /// `*hh` is there but does not match the bytes.
        case checksum(stated: String, computed: String)
        /// No checksum, on a line that ends without its line end.
        case unchecked
    }

    /// The sentence on `line`; `requiresChecksum` for a line that may be cut short.
    static func parse(_ line: ArraySlice<UInt8>, requiresChecksum: Bool) -> Result<NMEASentence, Problem> {
        guard let dollar = line.firstIndex(of: UInt8(ascii: "$")) else { return .failure(.notASentence) }
        let body: ArraySlice<UInt8>
        if let star = line[dollar...].lastIndex(of: UInt8(ascii: "*")) {
            body = line[(dollar + 1)..<star]
            let stated = line[(star + 1)...].prefix(2)
            let computed = body.reduce(UInt8(0), ^)
            guard stated.count == 2, let value = UInt8(String(decoding: stated, as: UTF8.self), radix: 16),
                value == computed
            else {
                return .failure(.checksum(stated: String(decoding: stated, as: UTF8.self), computed: hex(computed)))
            }
        } else {
            guard !requiresChecksum else { return .failure(.unchecked) }
            body = line[(dollar + 1)...]
        }
        let text = Substring(String(decoding: body, as: UTF8.self))
        var parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let address = parts.removeFirst()
        // A proprietary sentence ($PUBX, $PSRF) has no talker: its type is not one of these.
        let type = address.count == 5 && !address.hasPrefix("P") ? address.dropFirst(2) : address
        return .success(
            NMEASentence(type: type, fields: parts, column: line.distance(from: line.startIndex, to: dollar) + 1))
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }

    /// Field `index`, or an empty one when the sentence is shorter.
    subscript(index: Int) -> Substring { index < fields.count ? fields[index] : "" }

    /// A time of day, `hhmmss` with any decimals, in nanoseconds since midnight.
    static func timeOfDay(_ field: Substring) -> Int64? {
        let bytes = Array(field.utf8)
        guard bytes.count >= 6, bytes[..<6].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        func number(_ at: Int) -> Int64 { Int64(bytes[at] - 0x30) * 10 + Int64(bytes[at + 1] - 0x30) }
        let (hour, minute, second) = (number(0), number(2), number(4))
        // 60: a leap second, as a receiver may send it.
        guard hour < 24, minute < 60, second <= 60 else { return nil }
        var nanoseconds: Int64 = 0
        if bytes.count > 6 {
            guard bytes[6] == UInt8(ascii: "."), bytes.count > 7, bytes.count <= 16,
                bytes[7...].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
            else { return nil }
            var scale: Int64 = 100_000_000
            for digit in bytes[7...] where scale > 0 {
                nanoseconds += Int64(digit - 0x30) * scale
                scale /= 10
            }
        }
        return ((hour * 60 + minute) * 60 + second) * 1_000_000_000 + nanoseconds
    }

    /// An angle `ddmm.mmmm` (`degreeDigits` 2) or `dddmm.mmmm` (3) with its hemisphere
    /// `N`/`S` or `E`/`W`, in degrees; nil when either is missing or out of range.
    static func angle(
        _ field: Substring, hemisphere: Substring, degreeDigits: Int, positive: Character, negative: Character
    ) -> Double? {
        guard hemisphere.count == 1, let sign = hemisphere.first, sign == positive || sign == negative else {
            return nil
        }
        let bytes = Array(field.utf8)
        let point = bytes.firstIndex(of: UInt8(ascii: ".")) ?? bytes.count
        // The minutes' two whole digits come right before the point; the degrees before them.
        guard point >= 2 + 1, point - 2 <= degreeDigits + 1,
            bytes.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ".") }),
            bytes.filter({ $0 == UInt8(ascii: ".") }).count <= 1,
            let degrees = Double(String(decoding: bytes[..<(point - 2)], as: UTF8.self)),
            let minutes = Double(String(decoding: bytes[(point - 2)...], as: UTF8.self)),
            minutes < 60
        else { return nil }
        let value = degrees + minutes / 60
        guard value <= (degreeDigits == 2 ? 90 : 180) else { return nil }
        return sign == negative ? -value : value
    }

    /// A date `ddmmyy`, as days since 1970. Two-digit years are 2000 to 2099: NMEA 0183
    /// has no century, and GPSBabel's reader reads them so too (``NMEAReader``).
    static func date(_ field: Substring) -> Int64? {
        let bytes = Array(field.utf8)
        guard bytes.count == 6, bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        func number(_ at: Int) -> Int64 { Int64(bytes[at] - 0x30) * 10 + Int64(bytes[at + 1] - 0x30) }
        let (day, month, year) = (number(0), number(2), 2000 + number(4))
        guard (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year: year, month: month) else {
            return nil
        }
        return CivilDate.daysSince1970(year: year, month: month, day: day)
    }

    /// A plain decimal number (`12.5`, `-3`), nil for an empty or malformed field.
    static func number(_ field: Substring) -> Double? {
        guard !field.isEmpty,
            field.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }),
            let value = Double(field), value.isFinite
        else { return nil }
        return value
    }
}
