// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// Writes one JSON object per line into a byte buffer, keys in the order given.
///
/// Encoders that sort keys, box values or allocate per field are too slow for a
/// timeline of a million events; this writes bytes directly. Numbers use a fixed
/// maximum of fraction digits so output is compact and identical on every machine.
///
/// ```swift
/// var line = JSONLineWriter()
/// line.beginObject()
/// line.field("type", "location")
/// line.field("lat", 37.7955, fractionDigits: 7)
/// line.field("altitude", nil as Double?)
/// line.endObject()   // {"type":"location","lat":37.7955,"altitude":null}\n
/// ```
package struct JSONLineWriter {
    /// The bytes written so far.
    package private(set) var bytes: [UInt8] = []
    private var needsComma = false

    package init(capacity: Int = 512) {
        bytes.reserveCapacity(capacity)
    }

    /// Writes through `body` straight onto the end of `buffer`, without a copy: for a
    /// caller that batches many lines into one output buffer.
    package static func append(to buffer: inout [UInt8], _ body: (inout JSONLineWriter) -> Void) {
        var writer = JSONLineWriter(capacity: 0)
        swap(&writer.bytes, &buffer)
        body(&writer)
        swap(&writer.bytes, &buffer)
    }

    /// Forgets the written bytes but keeps the buffer, to reuse it for the next line.
    package mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
    }

    package mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Closes an object; at nesting depth zero it also ends the line.
    package mutating func endObject(endingLine: Bool = false) {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
        if endingLine {
            bytes.append(UInt8(ascii: "\n"))
            needsComma = false
        }
    }

    package mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    package mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes `"key":` and leaves the value to the next call.
    package mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.appendASCII(key)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes `"key":` for a key known only at run time (escaped, so any text will do);
    /// the `StaticString` form stays the fast path for fixed keys.
    package mutating func key(named key: String) {
        separate()
        bytes.appendJSONString(key)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    package mutating func field(_ key: StaticString, _ value: String?) {
        self.key(key)
        value.map { string($0) } ?? null()
    }

    package mutating func field(_ key: StaticString, _ value: Int?) {
        self.key(key)
        value.map { integer($0) } ?? null()
    }

    package mutating func field(_ key: StaticString, _ value: Bool?) {
        self.key(key)
        value.map { boolean($0) } ?? null()
    }

    package mutating func field(_ key: StaticString, _ value: Double?, fractionDigits: Int) {
        self.key(key)
        value.map { number($0, fractionDigits: fractionDigits) } ?? null()
    }

    package mutating func null() {
        separate()
        bytes.appendASCII("null")
        needsComma = true
    }

    package mutating func boolean(_ value: Bool) {
        separate()
        bytes.appendASCII(value ? "true" : "false")
        needsComma = true
    }

    package mutating func integer(_ value: Int) {
        separate()
        bytes.appendDecimal(value)
        needsComma = true
    }

    /// Writes a number rounded to at most `fractionDigits` decimals, without trailing
    /// zeros; a non-finite value (which JSON cannot hold) becomes `null`.
    package mutating func number(_ value: Double, fractionDigits: Int) {
        separate()
        bytes.appendDecimal(value, fractionDigits: fractionDigits)
        needsComma = true
    }

    /// Writes a string, escaped as RFC 8259 requires.
    /// A decimal written with at least one fraction digit (`15.0`, not `15`), as a strictly
    /// typed reader of floating-point fields expects; `null` for what JSON cannot hold.
    package mutating func numberWithFraction(_ value: Double, fractionDigits: Int) {
        separate()
        let start = bytes.count
        bytes.appendDecimal(value, fractionDigits: fractionDigits)
        if !bytes[start...].contains(where: {
            $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "n")
        }) {
            bytes.appendASCII(".0")
        }
        needsComma = true
    }

    package mutating func string(_ value: String) {
        separate()
        bytes.appendJSONString(value)
        needsComma = true
    }

    /// Writes bytes that are already valid JSON (a pre-rendered value).
    package mutating func raw(_ json: some Collection<UInt8>) {
        separate()
        bytes.append(contentsOf: json)
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }
}

extension Array where Element == UInt8 {
    /// Appends a literal's bytes: no array is built for them (a literal `[0x6E, ...]`
    /// argument would allocate one on every call).
    @inline(__always)
    package mutating func appendASCII(_ text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends a signed integer in decimal.
    package mutating func appendDecimal(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        appendDigits(of: UInt64(value.magnitude), minimumCount: 1)
    }

    /// Appends the decimal digits of `value`, left-padded with zeros to `minimumCount`.
    /// Digits are rendered into a small stack buffer and appended in one go: a
    /// timeline writes several numbers per line, a million lines per run.
    @inline(__always)
    mutating func appendDigits(of value: UInt64, minimumCount: Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var remaining = value
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
                remaining /= 10
            } while remaining != 0 || 20 - start < minimumCount
            append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
        }
    }

    /// Appends `value` rounded half away from zero to `fractionDigits` (0...9) decimals,
    /// trailing zeros removed; `null` for NaN and infinities.
    ///
    /// The sign, the whole part, the point and the fraction are put together right to left
    /// in a scratch buffer and appended at once: a timeline, an export or a forecast
    /// writes millions of these, and one append per part cost more than the digits
    /// (callgrind, issue 58).
    package mutating func appendDecimal(_ value: Double, fractionDigits: Int) {
        guard value.isFinite else {
            appendASCII("null")
            return
        }
        let digits = Swift.min(Swift.max(fractionDigits, 0), 9)
        var scale: Double = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = (value.magnitude * scale).rounded()
        // Beyond 2^63 a fixed-point rendering is meaningless; fall back to Swift's.
        guard scaled < 9.2e18 else {
            append(contentsOf: value.description.utf8)
            return
        }
        let units = UInt64(scaled)
        let integerScale = UInt64(scale)
        var whole = units / integerScale
        var fraction = units % integerScale
        var fractionLength = fraction == 0 ? 0 : digits
        if fraction != 0 {
            while fraction % 10 == 0 {
                fraction /= 10
                fractionLength -= 1
            }
        }
        // At most a sign, 19 whole digits, a point and 9 decimals.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { text in
            var start = 32
            for _ in 0..<fractionLength {
                start -= 1
                text[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10)
                fraction /= 10
            }
            if fractionLength > 0 {
                start -= 1
                text[start] = UInt8(ascii: ".")
            }
            repeat {
                start -= 1
                text[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: whole % 10)
                whole /= 10
            } while whole != 0
            if value < 0, units != 0 {
                start -= 1
                text[start] = UInt8(ascii: "-")
            }
            append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<32]))
        }
    }

    /// Appends a JSON string literal.
    package mutating func appendJSONString(_ value: String) {
        append(UInt8(ascii: "\""))
        // Most text needs no escape: one bulk copy instead of a byte at a time.
        if value.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            append(contentsOf: value.utf8)
            append(UInt8(ascii: "\""))
            return
        }
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): append(contentsOf: [0x5C, 0x5C])
            case 0x0A: append(contentsOf: [0x5C, 0x6E])
            case 0x0D: append(contentsOf: [0x5C, 0x72])
            case 0x09: append(contentsOf: [0x5C, 0x74])
            case 0..<0x20:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default:
                append(byte)
            }
        }
        append(UInt8(ascii: "\""))
    }
}
