// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation

/// Reads the coordinates of a `missed` event's `path` (`[[lat,lon],...]`) and a location's
/// `truth` (`{"lat":..,"lon":..}`) from their JSON text without a JSON parser per point.
enum PathText {
    /// Calls `body` with each `[lat,lon]` pair, in order; stops at anything unexpected.
    static func forEachPair(in text: String, _ body: (Double, Double) -> Void) {
        var numbers: [Double] = []
        var depth = 0
        var token = ""
        func flush() {
            if !token.isEmpty, let value = Double(token) { numbers.append(value) }
            token = ""
        }
        for character in text.utf8 {
            switch character {
            case UInt8(ascii: "["):
                depth += 1
                numbers.removeAll(keepingCapacity: true)
            case UInt8(ascii: "]"):
                flush()
                if depth == 2, numbers.count == 2 { body(numbers[0], numbers[1]) }
                depth -= 1
            case UInt8(ascii: ","):
                flush()
            case _ where isNumberByte(character):
                if token.utf8.count < 32 { token.unicodeScalars.append(Unicode.Scalar(character)) }
            default:
                continue
            }
        }
    }

    /// A byte a JSON number can hold: digits, sign, point, exponent.
    static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            return true
        default:
            return false
        }
    }

    static func pairCount(in text: String) -> Int {
        var count = 0
        forEachPair(in: text) { _, _ in count += 1 }
        return count
    }

    /// `{"lat":37.1,"lon":-122.4}` (keys sorted, as ``TimelineRecord`` keeps objects).
    static func coordinates(inObject text: String) -> (latitude: Double, longitude: Double)? {
        func value(after key: String) -> Double? {
            guard let range = text.range(of: "\"\(key)\":") else { return nil }
            let rest = text[range.upperBound...].prefix { $0 != "," && $0 != "}" }
            return Double(rest.trimmingCharacters(in: .whitespaces))
        }
        guard let latitude = value(after: "lat"), let longitude = value(after: "lon"),
            abs(latitude) <= 90, abs(longitude) <= 180
        else { return nil }
        return (latitude, longitude)
    }
}
