// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastDevice
import TrailcastBasics
import TrailcastWire

extension FuzzChecks {
    /// The bytes become two device epochs (time, coordinates, altitude, accuracies, speed
    /// and course, any Double a GPX file or the noise model could give, NaN and 1e300
    /// included). Every sentence written is one an NMEA reader takes: `$`, at most 82
    /// characters with CR LF, a correct checksum; and a fix in range reads back within
    /// the sentence's precision.
    @Sendable public static func nmea(_ bytes: [UInt8]) {
        var reader = ByteReader(bytes)
        var encoder = NMEAEncoder()
        for _ in 0..<2 {
            let time = Timestamp(
                secondsSince1970: reader.int64() % 10_000_000_000, nanoseconds: Int32(reader.byte()) * 3_900_000)
            let hasFix = reader.byte() & 1 == 0
            let fix = LocationFix(
                time: time, latitude: reader.double(), longitude: reader.double(),
                altitudeMeters: reader.byte() & 1 == 0 ? reader.double() : nil,
                horizontalAccuracyMeters: reader.double(), verticalAccuracyMeters: reader.double(),
                speedMetersPerSecond: reader.double(), courseDegrees: reader.double())
            var output: [UInt8] = []
            encoder.append(DeviceEpoch(time: time, fix: hasFix ? fix : nil), to: &output)
            let sentences = String(decoding: output, as: UTF8.self).split(
                separator: "\r\n", omittingEmptySubsequences: true)
            require(output.suffix(2) == [0x0D, 0x0A], "output that does not end with CR LF")
            for sentence in sentences {
                require(
                    sentence.utf8.count + 2 <= 82, "a sentence of \(sentence.utf8.count + 2) characters: \(sentence)")
                require(sentence.hasPrefix("$GP"), "a sentence without $GP: \(sentence)")
                let parts = sentence.dropFirst().split(separator: "*", omittingEmptySubsequences: false)
                require(parts.count == 2, "a sentence without one checksum: \(sentence)")
                let checksum = parts[0].utf8.reduce(UInt8(0), ^)
                require(UInt8(parts[1], radix: 16) == checksum, "a wrong checksum: \(sentence)")
            }
            guard hasFix, fix.latitude.isFinite, fix.longitude.isFinite, abs(fix.latitude) <= 90,
                abs(fix.longitude) <= 180, let gga = sentences.first(where: { $0.hasPrefix("$GPGGA") })
            else { continue }
            let fields = gga.split(separator: ",", omittingEmptySubsequences: false)
            require(fields.count > 5, "a short GGA: \(gga)")
            let latitude = Self.degrees(fields[2], hemisphere: fields[3], degreeDigits: 2)
            let longitude = Self.degrees(fields[4], hemisphere: fields[5], degreeDigits: 3)
            require(
                latitude.map { abs($0 - fix.latitude) < 1e-6 } == true,
                "latitude \(fix.latitude) read back as \(String(describing: latitude)): \(gga)")
            require(
                longitude.map { abs($0 - fix.longitude) < 1e-6 } == true,
                "longitude \(fix.longitude) read back as \(String(describing: longitude)): \(gga)")
        }
    }

    /// `ddmm.mmmmm` (or `dddmm.mmmmm`) and N/S/E/W as degrees.
    private static func degrees(_ field: Substring, hemisphere: Substring, degreeDigits: Int) -> Double? {
        guard field.count > degreeDigits, let whole = Double(field.prefix(degreeDigits)),
            let minutes = Double(field.dropFirst(degreeDigits)), minutes < 60
        else { return nil }
        let value = whole + minutes / 60
        return hemisphere == "S" || hemisphere == "W" ? -value : value
    }

    /// Reads values off the fuzzer's bytes, zeros once they run out.
    private struct ByteReader {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func byte() -> UInt8 {
            defer { offset += 1 }
            return offset < bytes.count ? bytes[offset] : 0
        }

        mutating func int64() -> Int64 {
            var value: UInt64 = 0
            for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
            return Int64(bitPattern: value)
        }

        mutating func double() -> Double {
            Double(bitPattern: UInt64(bitPattern: int64()))
        }
    }
}
