// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import TrailcastDevice
import TrailcastBasics

/// Turns the device stream into NMEA 0183 sentences, as a GPS receiver on a serial line
/// sends them: per epoch `GGA`, `GSA`, `RMC`, `VTG` (talker `GP`), in that order (a SiRF
/// receiver's), each with its checksum and CR LF.
///
/// - Times are UTC from the simulated clock, `hhmmss.ss`, strictly increasing from epoch to
///   epoch (gpsd ends an epoch when the time changes). `GGA` opens the epoch and `RMC`
///   follows with the date: gpsbabel starts a point at `GGA` and dates it from the next
///   `RMC`, and gpsd, which takes no date from `GGA`, has one from the first epoch's `RMC` on.
/// - Positions are `ddmm.mmmm` / `dddmm.mmmm` with hemispheres; speed in knots (and km/h
///   in `VTG`), course true; altitude above mean sea level with a geoid separation of 0.
/// - Quality from the reported accuracy: HDOP is `horizontalAccuracy / 5` (the 5 m a
///   fix of HDOP 1 is worth, as the route timer assumes), VDOP likewise, and the number
///   of satellites falls as the dilution grows (12 at HDOP 1, at least 4).
/// - Without a signal the same four sentences say so: `RMC` status `V`, `GGA` quality 0,
///   `GSA` mode 1, `VTG` mode `N`, at the same cadence, as a receiver without a fix does.
///
/// ```
/// $GPGGA,160000.00,3747.7242,N,12223.6552,W,1,12,1.00,4.5,M,0.0,M,,*7A
/// $GPGSA,A,3,01,02,03,04,05,06,07,08,09,10,11,12,2.24,1.00,2.00*06
/// $GPRMC,160000.00,A,3747.7242,N,12223.6552,W,2.59,318.7,130626,,,A*78
/// $GPVTG,318.7,T,,M,2.59,N,4.79,K,A*04
/// ```
package struct NMEAEncoder: Sendable {
    /// Metres of horizontal accuracy per unit of HDOP.
    package static let metersPerDilution = 5.0
    package static let knotsPerMeterPerSecond = 3600.0 / 1852.0

    /// The time of the last epoch, in hundredths of a second since 1970.
    private var lastCentiseconds: Int64?

    package init() {}

    /// The sentences of one epoch, appended as whole CR LF lines.
    ///
    /// Written field by field into a scratch buffer, then appended at once: building each
    /// sentence from an array of Strings was four fifths of `export --to nmea`'s
    /// instructions, and appending to the array a byte at a time half of what was left
    /// (callgrind, issue 58).
    package mutating func append(_ epoch: DeviceEpoch, to bytes: inout [UInt8]) {
        var centiseconds = epoch.time.secondsSince1970 * 100 + Int64(epoch.time.nanoseconds / 10_000_000)
        if let last = lastCentiseconds, centiseconds <= last { centiseconds = last + 1 }
        lastCentiseconds = centiseconds
        // Floor division, for times before 1970 too.
        let hundredths = (centiseconds % 100 + 100) % 100
        let time = Timestamp(
            secondsSince1970: (centiseconds - hundredths) / 100, nanoseconds: Int32(hundredths) * 10_000_000)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: NMEAText.epochCapacity) { buffer in
            var text = NMEAText(buffer)
            Self.write(epoch.fix, at: time.utc, to: &text)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<text.count]))
        }
    }

    private static func write(_ fix: LocationFix?, at utc: UTCDateTime, to text: inout NMEAText) {
        func clock(_ text: inout NMEAText) {
            text.byte(UInt8(ascii: ","))
            text.digits(utc.hour, width: 2)
            text.digits(utc.minute, width: 2)
            text.digits(utc.second, width: 2)
            text.byte(UInt8(ascii: "."))
            text.digits(utc.nanoseconds / 10_000_000, width: 2)
        }
        func date(_ text: inout NMEAText) {
            text.byte(UInt8(ascii: ","))
            text.digits(utc.day, width: 2)
            text.digits(utc.month, width: 2)
            text.digits(utc.year % 100, width: 2)
        }

        guard let fix else {
            var sentence = text.begin("GPGGA")
            clock(&text)
            text.ascii(",,,,,0,00,99.99,,,,,,")
            text.end(sentence)
            sentence = text.begin("GPGSA")
            text.ascii(",A,1,,,,,,,,,,,,,99.99,99.99,99.99")
            text.end(sentence)
            sentence = text.begin("GPRMC")
            clock(&text)
            text.ascii(",V,,,,,,")
            date(&text)
            text.ascii(",,,N")
            text.end(sentence)
            sentence = text.begin("GPVTG")
            text.ascii(",,T,,M,,N,,K,N")
            text.end(sentence)
            return
        }
        func position(_ text: inout NMEAText) {
            text.byte(UInt8(ascii: ","))
            text.angle(fix.latitude, degreeDigits: 2)
            text.byte(UInt8(ascii: ","))
            text.byte(UInt8(ascii: fix.latitude < 0 ? "S" : "N"))
            text.byte(UInt8(ascii: ","))
            text.angle(fix.longitude, degreeDigits: 3)
            text.byte(UInt8(ascii: ","))
            text.byte(UInt8(ascii: fix.longitude < 0 ? "W" : "E"))
        }
        let speed = max(fix.speedMetersPerSecond, 0)
        func course(_ text: inout NMEAText) {
            text.byte(UInt8(ascii: ","))
            if fix.courseDegrees >= 0 && fix.courseDegrees.isFinite {
                text.decimal(fix.courseDegrees.truncatingRemainder(dividingBy: 360), digits: 1)
            }
        }
        func knots(_ text: inout NMEAText) {
            text.byte(UInt8(ascii: ","))
            text.decimal(speed * Self.knotsPerMeterPerSecond, digits: 2)
        }
        func dilution(_ value: Double, _ text: inout NMEAText) {
            text.byte(UInt8(ascii: ","))
            text.decimal(min(value, 99.99), digits: 2)
        }
        let horizontalDilution = Self.dilution(fix.horizontalAccuracyMeters)
        let verticalDilution = Self.dilution(fix.verticalAccuracyMeters ?? fix.horizontalAccuracyMeters * 2)
        let positionDilution = (horizontalDilution * horizontalDilution + verticalDilution * verticalDilution)
            .squareRoot()
        let satellites = Self.satellites(horizontalDilution: horizontalDilution)

        var sentence = text.begin("GPGGA")
        clock(&text)
        position(&text)
        text.ascii(",1,")
        text.digits(satellites, width: 2)
        dilution(horizontalDilution, &text)
        text.byte(UInt8(ascii: ","))
        if let altitude = fix.altitudeMeters {
            text.decimal(altitude, digits: 1)
            text.ascii(",M")
        } else {
            text.byte(UInt8(ascii: ","))
        }
        text.ascii(",0.0,M,,")
        text.end(sentence)

        sentence = text.begin("GPGSA")
        text.ascii(fix.altitudeMeters == nil ? ",A,2" : ",A,3")
        for prn in 1...12 {
            text.byte(UInt8(ascii: ","))
            if prn <= satellites { text.digits(prn, width: 2) }
        }
        dilution(positionDilution, &text)
        dilution(horizontalDilution, &text)
        dilution(verticalDilution, &text)
        text.end(sentence)

        sentence = text.begin("GPRMC")
        clock(&text)
        text.ascii(",A")
        position(&text)
        knots(&text)
        course(&text)
        date(&text)
        text.ascii(",,,A")
        text.end(sentence)

        sentence = text.begin("GPVTG")
        course(&text)
        text.ascii(",T,,M")
        knots(&text)
        text.ascii(",N,")
        text.decimal(speed * 3.6, digits: 2)
        text.ascii(",K,A")
        text.end(sentence)
    }

    /// An accuracy radius as a dilution of precision, within what a receiver reports
    /// (0.5 to 99.99; an accuracy that is not a number is the worst).
    static func dilution(_ accuracyMeters: Double) -> Double {
        guard accuracyMeters.isFinite else { return 99.99 }
        return min(max(accuracyMeters / metersPerDilution, 0.5), 99.99)
    }

    /// A plausible number of satellites in view for a dilution: 12 at HDOP 1, fewer as it
    /// grows, never below the 4 a 3D fix needs.
    package static func satellites(horizontalDilution: Double) -> Int {
        min(12, max(4, Int((12 / horizontalDilution).rounded())))
    }

    /// Degrees as NMEA writes them: whole degrees (2 or 3 digits), then minutes to 4
    /// decimals (about 0.2 m), e.g. 37.795403 -> `3747.7242`.
    static func angle(_ degrees: Double, degreeDigits: Int) -> String {
        NMEAText.string { $0.angle(degrees, degreeDigits: degreeDigits) }
    }

    /// A number with exactly `digits` decimals (NMEA fields keep their width).
    package static func decimal(_ value: Double, digits fractionDigits: Int) -> String {
        NMEAText.string { $0.decimal(value, digits: fractionDigits) }
    }

    /// The largest magnitude a numeric field is written with.
    package static let largestField = 999_999.0
}
