// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastDevice
import TrailcastBasics

/// A position in Traccar's OsmAnd protocol: the request target `/?id=...&lat=...`, with
/// the parameters, forms and units Traccar's decoder reads (traccar/traccar,
/// `OsmAndProtocolDecoder.java`, `decodeQuery`):
/// - `id`: the device's unique id (an unknown one is answered 400);
/// - `timestamp`: epoch milliseconds (a number at or above 2^31 is read as milliseconds,
///   below as seconds: milliseconds keep the fix's fraction of a second);
/// - `lat`, `lon`: degrees, six decimals;
/// - `speed`: knots, which Traccar stores unconverted unless its `osmand.speed` says
///   otherwise; `bearing`: degrees; `altitude`, `accuracy`: metres; `batt`: percent.
/// What Core Location reports unknown (-1, no altitude) is left out.
package struct OsmAndLocation: Sendable, Equatable {
    package var deviceID: String
    package var fix: LocationFix
    package var batteryPercent: Int?

    package init(deviceID: String, fix: LocationFix, batteryPercent: Int?) {
        self.deviceID = deviceID
        self.fix = fix
        self.batteryPercent = batteryPercent
    }

    /// Metres per second in a knot (1852 m an hour).
    package static let metersPerSecondPerKnot = 1852.0 / 3600

    /// `/?id=...&timestamp=...&lat=...`: the target of a GET.
    package func requestTarget() -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(160)
        bytes.appendASCII("/?id=")
        Self.appendPercentEncoded(deviceID, to: &bytes)
        bytes.appendASCII("&timestamp=")
        bytes.appendDecimal(Int(fix.time.secondsSince1970) * 1000 + Int(fix.time.nanoseconds) / 1_000_000)
        bytes.appendASCII("&lat=")
        bytes.appendDecimal(fix.latitude, fractionDigits: 6)
        bytes.appendASCII("&lon=")
        bytes.appendDecimal(fix.longitude, fractionDigits: 6)
        if fix.speedMetersPerSecond >= 0 {
            bytes.appendASCII("&speed=")
            bytes.appendDecimal(fix.speedMetersPerSecond / Self.metersPerSecondPerKnot, fractionDigits: 2)
        }
        if fix.courseDegrees >= 0 {
            bytes.appendASCII("&bearing=")
            bytes.appendDecimal(fix.courseDegrees, fractionDigits: 1)
        }
        if let altitude = fix.altitudeMeters {
            bytes.appendASCII("&altitude=")
            bytes.appendDecimal(altitude, fractionDigits: 1)
        }
        if fix.horizontalAccuracyMeters >= 0 {
            bytes.appendASCII("&accuracy=")
            bytes.appendDecimal(fix.horizontalAccuracyMeters, fractionDigits: 1)
        }
        if let batteryPercent {
            bytes.appendASCII("&batt=")
            bytes.appendDecimal(batteryPercent)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// RFC 3986's unreserved characters as they are; every other byte as %XX.
    static func appendPercentEncoded(_ text: String, to bytes: inout [UInt8]) {
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
    }
}
