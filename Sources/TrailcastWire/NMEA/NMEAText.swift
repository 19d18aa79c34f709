// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// NMEA sentences as they are written, into a scratch buffer that the caller owns: the
/// fields' rules (widths, rounding, empty fields) and the sentences' frame and checksum.
///
/// A byte is a store, not an array append (which checks its buffer's uniqueness and
/// capacity every time): an NMEA log writes four sentences per epoch, a million epochs
/// per long route.
struct NMEAText {
    /// Room for one epoch's four sentences, with a wide margin: every field has a bounded
    /// width (numbers are held at six whole digits and two decimals, angles at 180 degrees,
    /// times at two digits a part), so an epoch stays under four of NMEA's 82-character
    /// sentences.
    static let epochCapacity = 1024

    private let buffer: UnsafeMutableBufferPointer<UInt8>
    /// The bytes written so far, from the buffer's start.
    private(set) var count = 0

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// What `body` writes, as a String (for a single field, and for tests).
    static func string(_ body: (inout NMEAText) -> Void) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: epochCapacity) { buffer in
            var text = NMEAText(buffer)
            body(&text)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<text.count]), as: UTF8.self)
        }
    }

    mutating func byte(_ value: UInt8) {
        precondition(count < buffer.count, "an NMEA epoch longer than \(Self.epochCapacity) bytes")
        buffer[count] = value
        count += 1
    }

    mutating func ascii(_ text: StaticString) {
        for index in 0..<text.utf8CodeUnitCount { byte(text.utf8Start[index]) }
    }

    /// A whole number, zero-padded to `width`; a negative one (a year's last two digits
    /// before year 0) as a minus and its digits.
    mutating func digits(_ value: Int, width: Int) {
        if value < 0 {
            byte(UInt8(ascii: "-"))
            digits(UInt64(value.magnitude), width: 1)
        } else {
            digits(UInt64(value), width: width)
        }
    }

    mutating func digits(_ value: UInt64, width: Int) {
        var power: UInt64 = 1
        var digitCount = 1
        while digitCount < 20, value / power >= 10 {
            power &*= 10
            digitCount += 1
        }
        if width > digitCount {
            for _ in digitCount..<width { byte(UInt8(ascii: "0")) }
        }
        var remaining = value
        while true {
            byte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining / power))
            remaining %= power
            if power == 1 { break }
            power /= 10
        }
    }

    /// A number with exactly `digits` decimals (NMEA fields keep their width).
    mutating func decimal(_ value: Double, digits fractionDigits: Int) {
        // NaN is an empty field; anything beyond six whole digits (an <ele> of 1e300 in a
        // GPX file) is held at the largest six-digit value, so no sentence passes NMEA's 82
        // characters and no conversion to an integer traps.
        guard value.isFinite else { return }
        let value = min(max(value, -NMEAEncoder.largestField), NMEAEncoder.largestField)
        var scale: UInt64 = 1
        for _ in 0..<fractionDigits { scale *= 10 }
        let scaled = UInt64((abs(value) * Double(scale)).rounded())
        if value < 0 && scaled != 0 { byte(UInt8(ascii: "-")) }
        digits(scaled / scale, width: 1)
        guard fractionDigits > 0 else { return }
        byte(UInt8(ascii: "."))
        digits(scaled % scale, width: fractionDigits)
    }

    /// Degrees as NMEA writes them: whole degrees (2 or 3 digits), then minutes to 4
    /// decimals (about 0.2 m), e.g. 37.795403 -> `3747.7242`.
    mutating func angle(_ degrees: Double, degreeDigits: Int) {
        // A value no coordinate can have (the caller's bug, or NaN) is an empty field,
        // never a trap converting it to an integer.
        let limit = degreeDigits == 2 ? 90.0 : 180.0
        guard degrees.isFinite, abs(degrees) <= limit else { return }
        // Rounded as a whole number of 1/10000 minutes, so 59.99996 minutes carries into
        // the next degree instead of printing 60.0000.
        let tenThousandths = UInt64((abs(degrees) * 600_000).rounded())
        let whole = tenThousandths / 600_000
        let minutes = tenThousandths - whole * 600_000
        digits(whole, width: degreeDigits)
        digits(minutes / 10_000, width: 2)
        byte(UInt8(ascii: "."))
        digits(minutes % 10_000, width: 4)
    }

    /// Starts a sentence: `$` and its name; its fields follow, each with its comma.
    mutating func begin(_ name: StaticString) -> SentenceStart {
        byte(UInt8(ascii: "$"))
        let start = SentenceStart(bodyStart: count)
        ascii(name)
        return start
    }

    /// Ends a sentence: `*`, the checksum (the XOR of every byte between `$` and `*`) in
    /// two upper-case hex digits, CR LF.
    mutating func end(_ sentence: SentenceStart) {
        var checksum: UInt8 = 0
        for index in sentence.bodyStart..<count { checksum ^= buffer[index] }
        byte(UInt8(ascii: "*"))
        byte(Self.hexDigit(checksum >> 4))
        byte(Self.hexDigit(checksum & 0x0F))
        byte(0x0D)
        byte(0x0A)
    }

    /// Where a sentence's checksummed part starts.
    struct SentenceStart {
        fileprivate let bodyStart: Int
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}
