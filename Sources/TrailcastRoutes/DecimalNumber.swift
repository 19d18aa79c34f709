// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/// Parses decimal numbers (`-12.5`, `3e2`, `.5`) from raw bytes without allocating.
///
/// Up to 15 significant digits with a small exponent, the result is exact
/// (Clinger's fast path: an integer below 2^53 divided or multiplied by an
/// exact power of ten), which covers every coordinate and elevation seen in
/// GPX files. Longer inputs fall back to the standard library's correctly
/// rounded parser.
enum DecimalNumber {
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    static func parse(_ bytes: UnsafeRawBufferPointer) -> Double? {
        var index = 0
        let count = bytes.count
        guard count > 0 else { return nil }
        var negative = false
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
            negative = bytes[0] == UInt8(ascii: "-")
            index = 1
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var sawDigit = false
        while index < count, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
            sawDigit = true
            if significantDigits < 19 {
                mantissa = mantissa * 10 + UInt64(digit)
                if mantissa != 0 { significantDigits += 1 }
            } else {
                exponent += 1
            }
            index += 1
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < count, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
                sawDigit = true
                if significantDigits < 19 {
                    mantissa = mantissa * 10 + UInt64(digit)
                    if mantissa != 0 { significantDigits += 1 }
                    exponent -= 1
                }
                index += 1
            }
        }
        guard sawDigit else { return nil }
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var explicitExponent = 0
            var sawExponentDigit = false
            while index < count, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
                sawExponentDigit = true
                if explicitExponent < 100_000 { explicitExponent = explicitExponent * 10 + Int(digit) }
                index += 1
            }
            guard sawExponentDigit else { return nil }
            exponent += exponentNegative ? -explicitExponent : explicitExponent
        }
        guard index == count else { return nil }

        if significantDigits <= 15, mantissa < (1 << 53), abs(exponent) <= 22 {
            var value = Double(mantissa)
            value =
                exponent < 0
                ? value / exactPowersOfTen[-exponent]
                : value * exactPowersOfTen[exponent]
            return negative ? -value : value
        }
        let value = Double(String(decoding: bytes, as: UTF8.self))
        return value.flatMap { $0.isFinite ? $0 : nil }
    }
}
