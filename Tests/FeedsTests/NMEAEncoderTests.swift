// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastDevice
import Foundation
@testable import TrailcastWire
import Testing
import TrailcastBasics

/// NMEA sentences from the device stream: fields, checksums, order, no-fix epochs.
@Suite("NMEA encoder")
struct NMEAEncoderTests {
    static let time = Timestamp(iso8601: "2026-06-13T16:00:00.250Z")!

    static func lines(_ epochs: [DeviceEpoch]) -> [String] {
        var encoder = NMEAEncoder()
        var bytes: [UInt8] = []
        for epoch in epochs { encoder.append(epoch, to: &bytes) }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasSuffix("\r\n"))
        return text.components(separatedBy: "\r\n").dropLast()
    }

    /// The XOR of the bytes between `$` and `*`, as two hex digits.
    static func checksumHolds(_ sentence: String) -> Bool {
        guard sentence.hasPrefix("$"), let star = sentence.lastIndex(of: "*") else { return false }
        let body = sentence[sentence.index(after: sentence.startIndex)..<star]
        let checksum = body.utf8.reduce(UInt8(0), ^)
        let hex = String(checksum, radix: 16, uppercase: true)
        return sentence[sentence.index(after: star)...] == (hex.count == 1 ? "0" + hex : hex)
    }

    /// Found by the NMEA fuzz target (Fuzz/Crashes/nmea/): an altitude, speed or
    /// accuracy too large for an integer, or not a number, trapped the encoder; an
    /// <ele>1e300</ele> in a GPX file crashed any run with --nmea.
    @Test(arguments: [
        (altitude: 1e300, accuracy: 5.0, speed: 1.0, course: 90.0),
        (altitude: -1e300, accuracy: Double.nan, speed: Double.infinity, course: 1e300),
        (altitude: Double.nan, accuracy: Double.infinity, speed: Double.nan, course: Double.nan),
        (altitude: 8848.0, accuracy: 1e308, speed: 1e20, course: 719.5),
    ])
    func valuesBeyondAnyReceiverStayValidSentences(
        _ values: (altitude: Double, accuracy: Double, speed: Double, course: Double)
    ) {
        let fix = LocationFix(
            time: Self.time, latitude: 37.795403, longitude: -122.394253, altitudeMeters: values.altitude,
            horizontalAccuracyMeters: values.accuracy, verticalAccuracyMeters: values.accuracy,
            speedMetersPerSecond: values.speed, courseDegrees: values.course)
        let sentences = Self.lines([DeviceEpoch(time: Self.time, fix: fix)])
        #expect(sentences.count == 4)
        for sentence in sentences {
            #expect(sentence.utf8.count + 2 <= 82, "\(sentence)")
            #expect(Self.checksumHolds(sentence), "\(sentence)")
        }
        let gga = sentences[0].split(separator: ",", omittingEmptySubsequences: false)
        #expect(gga[2] == "3747.7242" && gga[4] == "12223.6552", "the position is unharmed: \(sentences[0])")
        if values.altitude.isFinite && abs(values.altitude) < 1e6 {
            #expect(gga[9] == "8848.0")
        } else if values.altitude.isFinite {
            #expect(gga[9] == (values.altitude < 0 ? "-999999.0" : "999999.0"))
        } else {
            #expect(gga[9] == "")
        }
        let course = sentences[2].split(separator: ",", omittingEmptySubsequences: false)[8]
        #expect(
            values.course.isFinite ? Double(course).map { $0 >= 0 && $0 < 360 } == true : course == "",
            "course \(course)")
    }

    @Test func aFixIsGGAGSARMCVTGWithValidChecksums() {
        let fix = LocationFix(
            time: Self.time, latitude: 37.795403, longitude: -122.394253, altitudeMeters: 4.5,
            horizontalAccuracyMeters: 5, verticalAccuracyMeters: 10, speedMetersPerSecond: 1.33, courseDegrees: 318.7)
        let lines = Self.lines([DeviceEpoch(time: Self.time, fix: fix)])
        #expect(lines.map { String($0.prefix(6)) } == ["$GPGGA", "$GPGSA", "$GPRMC", "$GPVTG"])
        #expect(lines.allSatisfy(Self.checksumHolds))
        #expect(lines[0].hasPrefix("$GPGGA,160000.25,3747.7242,N,12223.6552,W,1,12,1.00,4.5,M,0.0,M,,*"))
        #expect(lines[1].hasPrefix("$GPGSA,A,3,01,02,03,04,05,06,07,08,09,10,11,12,2.24,1.00,2.00*"))
        #expect(lines[2].hasPrefix("$GPRMC,160000.25,A,3747.7242,N,12223.6552,W,2.59,318.7,130626,,,A*"))
        #expect(lines[3].hasPrefix("$GPVTG,318.7,T,,M,2.59,N,4.79,K,A*"))
    }

    /// A receiver never claims a dilution under 0.5 however small the accuracy (1 m would
    /// be 0.20), and an altitude that rounds to zero is `0.0`, never `-0.0`.
    @Test func aTinyAccuracyIsHDOPHalfAndANegativeZeroAltitudeIsZero() {
        let fix = LocationFix(
            time: Self.time, latitude: 37.795403, longitude: -122.394253, altitudeMeters: -0.04,
            horizontalAccuracyMeters: 1, verticalAccuracyMeters: 1, speedMetersPerSecond: 1, courseDegrees: 10)
        let gga = Self.lines([DeviceEpoch(time: Self.time, fix: fix)])[0]
            .split(separator: ",", omittingEmptySubsequences: false)
        #expect(gga[8] == "0.50", "HDOP: \(gga)")
        #expect(gga[9] == "0.0", "altitude: \(gga)")
    }

    /// A speed Core Location calls invalid (negative, -1) goes out as a receiver at rest
    /// says it, 0, never as a negative speed, which NMEA has no way to say.
    @Test func anUnknownSpeedIsZeroKnotsAndZeroKilometresAnHour() {
        let fix = LocationFix(
            time: Self.time, latitude: 37.795403, longitude: -122.394253, altitudeMeters: 4.5,
            horizontalAccuracyMeters: 5, verticalAccuracyMeters: 10, speedMetersPerSecond: -1, courseDegrees: 318.7)
        let lines = Self.lines([DeviceEpoch(time: Self.time, fix: fix)])
        #expect(lines[2].hasPrefix("$GPRMC,160000.25,A,3747.7242,N,12223.6552,W,0.00,318.7,130626,,,A*"), "\(lines[2])")
        #expect(lines[3].hasPrefix("$GPVTG,318.7,T,,M,0.00,N,0.00,K,A*"), "\(lines[3])")
    }

    /// A fix without a vertical accuracy is taken to be twice as uncertain vertically as
    /// horizontally, as receivers are: HDOP 2 (10 m at 5 m a unit) gives VDOP 4 and PDOP
    /// sqrt(2² + 4²) = 4.47; HDOP 2 is 6 satellites.
    @Test func withoutAVerticalAccuracyTheVDOPIsTwiceTheHDOP() {
        let fix = LocationFix(
            time: Self.time, latitude: 37.795403, longitude: -122.394253, altitudeMeters: 12.3,
            horizontalAccuracyMeters: 10, verticalAccuracyMeters: nil, speedMetersPerSecond: 0, courseDegrees: -1)
        let lines = Self.lines([DeviceEpoch(time: Self.time, fix: fix)])
        #expect(lines.allSatisfy(Self.checksumHolds))
        #expect(
            lines[0].hasPrefix("$GPGGA,160000.25,3747.7242,N,12223.6552,W,1,06,2.00,12.3,M,0.0,M,,*"), "\(lines[0])")
        #expect(lines[1].hasPrefix("$GPGSA,A,3,01,02,03,04,05,06,,,,,,,4.47,2.00,4.00*"), "\(lines[1])")
        // A vertical accuracy given is used as it is: 7.5 m is VDOP 1.5, PDOP 2.5.
        var measured = fix
        measured.verticalAccuracyMeters = 7.5
        let measuredLines = Self.lines([DeviceEpoch(time: Self.time, fix: measured)])
        #expect(measuredLines[1].hasPrefix("$GPGSA,A,3,01,02,03,04,05,06,,,,,,,2.50,2.00,1.50*"), "\(measuredLines[1])")
    }

    @Test func withoutASignalTheReceiverSaysSoAtTheSameCadence() {
        let lines = Self.lines([DeviceEpoch(time: Self.time, fix: nil)])
        #expect(lines.count == 4)
        #expect(lines.allSatisfy(Self.checksumHolds))
        #expect(lines[0].hasPrefix("$GPGGA,160000.25,,,,,0,00,99.99,,,,,,*"))
        #expect(lines[1].hasPrefix("$GPGSA,A,1,"))
        #expect(lines[2].hasPrefix("$GPRMC,160000.25,V,,,,,,,130626,,,N*"))
    }

    @Test func timesStrictlyIncreaseEvenForFixesCloserThanAHundredth() {
        let fix = LocationFix(time: Self.time, latitude: -33.8688, longitude: 151.2093)
        let lines = Self.lines(
            (0..<3).map { DeviceEpoch(time: Self.time.adding(seconds: Double($0) * 0.001), fix: fix) })
        let times = lines.filter { $0.hasPrefix("$GPRMC") }.map { $0.split(separator: ",")[1] }
        #expect(times == ["160000.25", "160000.26", "160000.27"])
        #expect(lines[0].contains(",3352.1280,S,15112.5580,E,"), "southern and eastern hemispheres")
        #expect(lines[2].contains(",0.00,,130626,"), "no speed or course known: 0 knots, course empty")
    }

    /// A route recorded before 1970 (an old survey, a test that counts back from the epoch)
    /// is a time before zero: its day is the one it falls in and its time of day runs
    /// forward from that midnight, as for any other day.
    @Test func aFixBefore1970IsStampedWithItsOwnDayAndTimeOfDay() throws {
        let time = try #require(Timestamp(iso8601: "1969-07-20T20:17:40.250Z"))
        let fix = LocationFix(time: time, latitude: 0.67408, longitude: 23.47297)
        let lines = Self.lines([DeviceEpoch(time: time, fix: fix)])
        #expect(lines[0].hasPrefix("$GPGGA,201740.25,0040.4448,N,02328.3782,E,"), "\(lines[0])")
        #expect(lines[2].hasPrefix("$GPRMC,201740.25,A,0040.4448,N,02328.3782,E,0.00,,200769,,,A*"), "\(lines[2])")
        let lastSecond = try #require(Timestamp(iso8601: "1969-12-31T23:59:59.500Z"))
        let beforeMidnight = Self.lines([DeviceEpoch(time: lastSecond, fix: nil)])
        #expect(beforeMidnight[2].hasPrefix("$GPRMC,235959.50,V,,,,,,,311269,,,N*"), "\(beforeMidnight[2])")
    }

    @Test(arguments: [
        (0.0, 2, "0000.0000"), (47.999999999, 2, "4800.0000"), (8.5, 3, "00830.0000"), (-0.0000001, 2, "0000.0000"),
        (179.9999999, 3, "18000.0000"), (179.999998, 3, "17959.9999"),
        // The poles and the antimeridian are written; a hair beyond them is an empty field.
        (90.0, 2, "9000.0000"), (-90.0, 2, "9000.0000"), (180.0, 3, "18000.0000"), ((90.0).nextUp, 2, ""),
        ((180.0).nextUp, 3, ""),
    ])
    func anglesAreDegreesAndMinutes(degrees: Double, width: Int, expected: String) {
        #expect(NMEAEncoder.angle(degrees, degreeDigits: width) == expected)
    }

    @Test(arguments: [(1.0, 12), (2.0, 6), (3.0, 4), (20.0, 4), (0.5, 12)])
    func satellitesFallAsTheDilutionGrows(dilution: Double, satellites: Int) {
        #expect(NMEAEncoder.satellites(horizontalDilution: dilution) == satellites)
    }
}
