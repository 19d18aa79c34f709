// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics
import TrailcastWire

/// Numbers as the exports write them: no exponent, no trailing zeros beyond need.
enum ExportNumber {
    /// Degrees to 7 decimals (about 1 cm), as the timeline writes them.
    static let coordinateDigits = 7

    /// At most `digits` decimals, trailing zeros dropped.
    static func fixed(_ value: Double, digits: Int) -> String {
        var bytes: [UInt8] = []
        append(value, digits: digits, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``fixed(_:digits:)``'s text: rounded half away from zero, trailing zeros and
    /// a bare point dropped, never `-0`; nothing for NaN and infinities, and magnitudes held
    /// at NMEA's largest field (999,999), as every export has written them since NMEA's
    /// encoder first did.
    static func append(_ value: Double, digits: Int, to bytes: inout [UInt8]) {
        guard value.isFinite else { return }
        bytes.appendDecimal(
            min(max(value, -NMEAEncoder.largestField), NMEAEncoder.largestField), fractionDigits: digits)
    }
}
