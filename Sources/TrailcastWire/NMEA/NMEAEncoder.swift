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
    package mutating func append(_ epoch: DeviceEpoch, to bytes: inout [UInt8]) {
        var centiseconds = epoch.time.secondsSince1970 * 100 + Int64(epoch.time.nanoseconds / 10_000_000)
        if let last = lastCentiseconds, centiseconds <= last { centiseconds = last + 1 }
        lastCentiseconds = centiseconds
        // Floor division, for times before 1970 too.
        let hundredths = (centiseconds % 100 + 100) % 100
        let time = Timestamp(secondsSince1970: (centiseconds - hundredths) / 100, nanoseconds: Int32(hundredths) * 10_000_000)
        let utc = time.utc
        let clock = Self.digits(utc.hour, width: 2) + Self.digits(utc.minute, width: 2) + Self.digits(utc.second, width: 2)
            + "." + Self.digits(utc.nanoseconds / 10_000_000, width: 2)
        let date = Self.digits(utc.day, width: 2) + Self.digits(utc.month, width: 2) + Self.digits(utc.year % 100, width: 2)

        guard let fix = epoch.fix else {
            Self.sentence("GPGGA", [clock, "", "", "", "", "0", "00", "99.99", "", "", "", "", "", ""], to: &bytes)
            Self.sentence("GPGSA", ["A", "1"] + Array(repeating: "", count: 12) + ["99.99", "99.99", "99.99"], to: &bytes)
            Self.sentence("GPRMC", [clock, "V", "", "", "", "", "", "", date, "", "", "N"], to: &bytes)
            Self.sentence("GPVTG", ["", "T", "", "M", "", "N", "", "K", "N"], to: &bytes)
            return
        }
        let latitude = Self.angle(fix.latitude, degreeDigits: 2)
        let longitude = Self.angle(fix.longitude, degreeDigits: 3)
        let northSouth = fix.latitude < 0 ? "S" : "N"
        let eastWest = fix.longitude < 0 ? "W" : "E"
        let speed = max(fix.speedMetersPerSecond, 0)
        let knots = Self.decimal(speed * Self.knotsPerMeterPerSecond, digits: 2)
        let kilometresPerHour = Self.decimal(speed * 3.6, digits: 2)
        let course = fix.courseDegrees >= 0 && fix.courseDegrees.isFinite
            ? Self.decimal(fix.courseDegrees.truncatingRemainder(dividingBy: 360), digits: 1) : ""
        let horizontalDilution = Self.dilution(fix.horizontalAccuracyMeters)
        let verticalDilution = Self.dilution(fix.verticalAccuracyMeters ?? fix.horizontalAccuracyMeters * 2)
        let positionDilution = (horizontalDilution * horizontalDilution + verticalDilution * verticalDilution).squareRoot()
        let satellites = Self.satellites(horizontalDilution: horizontalDilution)
        let altitude = fix.altitudeMeters.map { Self.decimal($0, digits: 1) } ?? ""

        Self.sentence("GPGGA", [
            clock, latitude, northSouth, longitude, eastWest, "1", Self.digits(satellites, width: 2),
            Self.decimal(min(horizontalDilution, 99.99), digits: 2), altitude, fix.altitudeMeters == nil ? "" : "M",
            "0.0", "M", "", "",
        ], to: &bytes)
        let prns = (1...12).map { $0 <= satellites ? Self.digits($0, width: 2) : "" }
        Self.sentence("GPGSA", ["A", fix.altitudeMeters == nil ? "2" : "3"] + prns + [
            Self.decimal(min(positionDilution, 99.99), digits: 2), Self.decimal(min(horizontalDilution, 99.99), digits: 2),
            Self.decimal(min(verticalDilution, 99.99), digits: 2),
        ], to: &bytes)
        Self.sentence("GPRMC", [clock, "A", latitude, northSouth, longitude, eastWest, knots, course, date, "", "", "A"], to: &bytes)
        Self.sentence("GPVTG", [course, "T", "", "M", knots, "N", kilometresPerHour, "K", "A"], to: &bytes)
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

    /// `$TALKER,FIELD,...*CS\r\n`: the checksum is the XOR of every byte between `$` and `*`.
    static func sentence(_ name: String, _ fields: [String], to bytes: inout [UInt8]) {
        let body = Array(([name] + fields).joined(separator: ",").utf8)
        let checksum = body.reduce(UInt8(0), ^)
        let hex = Array("0123456789ABCDEF".utf8)
        bytes.append(UInt8(ascii: "$"))
        bytes.append(contentsOf: body)
        bytes.append(UInt8(ascii: "*"))
        bytes.append(hex[Int(checksum >> 4)])
        bytes.append(hex[Int(checksum & 0x0F)])
        bytes.append(contentsOf: [0x0D, 0x0A])
    }

    /// Degrees as NMEA writes them: whole degrees (2 or 3 digits), then minutes to 4
    /// decimals (about 0.2 m), e.g. 37.795403 -> `3747.7242`.
    static func angle(_ degrees: Double, degreeDigits: Int) -> String {
        // A value no coordinate can have (the caller's bug, or NaN) is an empty field,
        // never a trap converting it to an integer.
        let limit = degreeDigits == 2 ? 90.0 : 180.0
        guard degrees.isFinite, abs(degrees) <= limit else { return "" }
        // Rounded as a whole number of 1/10000 minutes, so 59.99996 minutes carries into
        // the next degree instead of printing 60.0000.
        let tenThousandths = Int64((abs(degrees) * 600_000).rounded())
        let whole = tenThousandths / 600_000
        let minutes = tenThousandths - whole * 600_000
        return digits(Int(whole), width: degreeDigits) + digits(Int(minutes / 10_000), width: 2) + "."
            + digits(Int(minutes % 10_000), width: 4)
    }

    /// A number with exactly `digits` decimals (NMEA fields keep their width).
    package static func decimal(_ value: Double, digits fractionDigits: Int) -> String {
        // NaN is an empty field; anything beyond six whole digits (an <ele> of 1e300 in a
        // GPX file) is held at the largest six-digit value, so no sentence passes NMEA's 82
        // characters and no conversion to an integer traps.
        guard value.isFinite else { return "" }
        let value = min(max(value, -Self.largestField), Self.largestField)
        var scale: Int64 = 1
        for _ in 0..<fractionDigits { scale *= 10 }
        let scaled = Int64((abs(value) * Double(scale)).rounded())
        let sign = value < 0 && scaled != 0 ? "-" : ""
        let whole = scaled / scale
        guard fractionDigits > 0 else { return sign + String(whole) }
        return sign + String(whole) + "." + digits(Int(scaled - whole * scale), width: fractionDigits)
    }

    /// The largest magnitude a numeric field is written with.
    static let largestField = 999_999.0

    /// A non-negative whole number, zero-padded to `width`.
    static func digits(_ value: Int, width: Int) -> String {
        let text = String(value)
        return text.count < width ? String(repeating: "0", count: width - text.count) + text : text
    }
}
