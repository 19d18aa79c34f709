// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics
import TrailcastRoutes

/// Recorded NMEA 0183 read into one track: a fix per time of day, dated by RMC or ZDA.
@Suite("NMEA reader")
struct NMEAReaderTests {
    /// `body` with its checksum: `$body*hh`.
    static func sentence(_ body: String) -> String {
        "$\(body)*\(hex(body.utf8.reduce(UInt8(0), ^)))"
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }

    static func log(_ bodies: [String]) -> String {
        bodies.map { sentence($0) + "\r\n" }.joined()
    }

    /// 2026-06-13T16:00:00Z plus `seconds`.
    static func time(_ seconds: Int64, day: Int64 = 0, nanoseconds: Int32 = 0) -> Timestamp {
        Timestamp(secondsSince1970: 1_781_366_400 + day * 86_400 + seconds, nanoseconds: nanoseconds)
    }

    @Test("a SiRF's order (GGA, GSA, RMC) and a u-blox's (RMC, VTG, GGA, GSA) give the same fix, every field")
    func sentenceOrder() {
        let gga = "GPGGA,160000.25,3747.7242,N,12223.6552,W,1,09,1.20,4.5,M,-25.0,M,,"
        let gsa = "GPGSA,A,3,01,02,03,04,05,06,07,08,09,,,,2.10,1.30,1.70"
        let rmc = "GPRMC,160000.25,A,3747.7242,N,12223.6552,W,2.59,318.7,130626,,,A"
        let vtg = "GPVTG,318.7,T,,M,2.59,N,4.79,K,A"
        for order in [[gga, gsa, rmc, vtg], [rmc, vtg, gga, gsa]] {
            let (events, error) = readUntilError(Self.log(order), as: .nmea)
            #expect(error == nil)
            #expect(events.outline == ["metadata", "trk -", "seg", "trkpt -", "/seg", "/trk"])
            let point = events.trackPoints[0]
            #expect(point.latitude == 37 + 47.7242 / 60)
            #expect(point.longitude == -(122 + 23.6552 / 60))
            #expect(point.time == Self.time(0, nanoseconds: 250_000_000))
            #expect(point.elevationMeters == 4.5)
            #expect(point.speedMetersPerSecond == 2.59 * 1852 / 3600)
            #expect(point.courseDegrees == 318.7)
            #expect(point.satellites == 9)
            // GGA's HDOP first; GSA's where GGA gives none.
            #expect(point.horizontalDilution == 1.2)
            #expect(point.positionDilution == 2.1)
            #expect(point.verticalDilution == 1.7)
            #expect(point.fix == .threeDimensional)
            #expect(point.line == 1)
        }
    }

    @Test("any talker (GN, GL, GA, BD); proprietary and other sentences skipped without a word")
    func talkers() {
        let text = Self.log([
            "PUBX,00,160000.00,3747.7242,N,12223.6552,W,4.5,G3,2.1,2.0,0.0,0.0,0.0,,1.2,1.7,0.9,9,0,0",
            "GNRMC,160000.00,A,3747.7242,N,12223.6552,W,0.0,,130626,,,A,V",
            "GLGSV,1,1,04,65,40,120,30,66,50,200,35,67,20,300,25,68,10,010,20",
            "GARMC,160001.00,A,3747.7243,N,12223.6552,W,0.0,,130626,,,A",
            "BDGGA,160002.00,3747.7244,S,12223.6552,E,2,12,0.9,10.0,M,0.0,M,,",
        ])
        let (events, error) = readUntilError(text, as: .nmea)
        #expect(error == nil)
        #expect(events.warnings.isEmpty)
        #expect(events.trackPoints.map(\.time) == [Self.time(0), Self.time(1), Self.time(2)])
        let latitudes: [Double] = [37 + 47.7242 / 60, 37 + 47.7243 / 60, -(37 + 47.7244 / 60)]
        #expect(events.trackPoints.map(\.latitude) == latitudes)
        #expect(events.trackPoints[2].longitude == 122 + 23.6552 / 60)
        #expect(events.trackPoints[2].fix == .differential)
    }

    @Test("a checksum that does not match skips its sentence, warned at its line; one without a checksum is taken")
    func checksums() {
        let good = Self.sentence("GPRMC,160000.00,A,3747.7242,N,12223.6552,W,0.0,,130626,,,A")
        let text =
            good + "\r\n"
            + "$GPRMC,160001.00,A,3747.7242,N,12223.6552,W,0.0,,130626,,,A*00\r\n"
            + "$GPRMC,160002.00,A,3747.7242,N,12223.6552,W,0.0,,130626,,,A\r\n"
        let (events, error) = readUntilError(text, as: .nmea)
        #expect(error == nil)
        #expect(events.trackPoints.map(\.time) == [Self.time(0), Self.time(2)])
        let computed = Self.hex("GPRMC,160001.00,A,3747.7242,N,12223.6552,W,0.0,,130626,,,A".utf8.reduce(UInt8(0), ^))
        #expect(
            events.warnings.map(\.description) == [
                "2:1: warning: the checksum is *00, but the sentence's bytes give *\(computed); sentence skipped"
            ])
    }

    @Test("midnight UTC: a GGA-only fix after RMC's date is a day later when its time of day went back")
    func dateRollover() {
        let text = Self.log([
            "GPRMC,235959.00,A,3747.7242,N,12223.6552,W,0.0,,310726,,,A",
            "GPGGA,000000.00,3747.7242,N,12223.6552,W,1,08,1.0,4.5,M,0.0,M,,",
            "GPGGA,000001.00,3747.7242,N,12223.6552,W,1,08,1.0,4.5,M,0.0,M,,",
            "GPRMC,000002.00,A,3747.7242,N,12223.6552,W,0.0,,010826,,,A",
        ])
        let (events, error) = readUntilError(text, as: .nmea)
        #expect(error == nil)
        // 31 July is a date (a month's last day), not a warning.
        #expect(events.warnings.isEmpty)
        let midnight = Timestamp(secondsSince1970: CivilDate.daysSince1970(year: 2026, month: 8, day: 1) * 86_400)
        #expect(
            events.trackPoints.map(\.time) == [
                midnight.adding(seconds: -1), midnight, midnight.adding(seconds: 1), midnight.adding(seconds: 2),
            ])
    }

    /// A receiver counts a leap second as `23:59:60` (2016-12-31 had one); time since 1970
    /// has no such second, so it reads as the next day's first.
    @Test("a fix stamped in a leap second (235960.50) is read, as the next day's first second")
    func leapSecond() {
        let text = Self.log([
            "GPRMC,235959.50,A,3747.7242,N,12223.6552,W,0.0,,311216,,,A",
            "GPRMC,235960.50,A,3747.7243,N,12223.6552,W,0.0,,311216,,,A",
        ])
        let (events, error) = readUntilError(text, as: .nmea)
        #expect(error == nil)
        #expect(events.warnings.isEmpty, "\(events.warnings)")
        let newYear = Timestamp(secondsSince1970: CivilDate.daysSince1970(year: 2017, month: 1, day: 1) * 86_400)
        #expect(
            events.trackPoints.map(\.time) == [
                newYear.adding(seconds: -0.5), newYear.adding(seconds: 0.5),
            ])
        let latitudes: [Double] = [37 + 47.7242 / 60, 37 + 47.7243 / 60]
        #expect(events.trackPoints.map(\.latitude) == latitudes)
    }

    /// GGA's quality: 2 is a differential fix (GPX's `dgps`), 3 a PPS one (`pps`); 4 and 5
    /// (RTK) are no GPX fix type, so GSA's dimensions say it (3D here).
    @Test("GGA quality 2 is dgps, 3 is pps; 4 and 5 (RTK) fall back to GSA's 3D")
    func fixQuality() {
        func fix(quality: Int) -> FixType? {
            let text = Self.log([
                "GPGGA,160000.00,3747.7242,N,12223.6552,W,\(quality),09,1.20,4.5,M,-25.0,M,,",
                "GPGSA,A,3,01,02,03,04,05,06,07,08,09,,,,2.10,1.30,1.70",
                "GPRMC,160000.00,A,3747.7242,N,12223.6552,W,2.59,318.7,130626,,,A",
            ])
            return readUntilError(text, as: .nmea).events.trackPoints.first?.fix
        }
        #expect(fix(quality: 1) == .threeDimensional)
        #expect(fix(quality: 2) == .differential)
        #expect(fix(quality: 3) == .precise)
        #expect(fix(quality: 4) == .threeDimensional)
        #expect(fix(quality: 5) == .threeDimensional)
    }

    @Test("a time of day that goes back a little is no midnight: the same day, its position kept and its time dropped")
    func smallStepBack() {
        let text = Self.log([
            "GPRMC,160005.00,A,3747.7242,N,12223.6552,W,0.0,,130626,,,A",
            "GPGGA,160004.00,3747.7243,N,12223.6552,W,1,08,1.0,4.5,M,0.0,M,,",
            "GPGGA,160006.00,3747.7244,N,12223.6552,W,1,08,1.0,4.5,M,0.0,M,,",
        ])
        let (events, error) = readUntilError(text, as: .nmea)
        #expect(error == nil)
        #expect(events.trackPoints.map(\.time) == [Self.time(5), nil, Self.time(6)])
        #expect(
            events.warnings.map(\.description) == [
                "2:1: warning: a fix's time 2026-06-13T16:00:04.000Z is earlier than the previous fix's 2026-06-13T16:00:05.000Z; position kept, time dropped"
            ])
    }

    @Test("fixes before the first date wait for it and are dated back from it, across midnight too")
    func datedBack() {
        let text = Self.log([
            "GPGGA,235958.00,3747.7242,N,12223.6552,W,1,08,1.0,4.5,M,0.0,M,,",
            "GPGGA,235959.00,3747.7242,N,12223.6552,W,1,08,1.0,4.5,M,0.0,M,,",
            "GPGGA,000000.00,3747.7242,N,12223.6552,W,1,08,1.0,4.5,M,0.0,M,,",
            "GPGGA,000001.00,3747.7242,N,12223.6552,W,1,08,1.0,4.5,M,0.0,M,,",
            "GPZDA,000001.00,01,08,2026,00,00",
        ])
        let (events, error) = readUntilError(text, as: .nmea)
        #expect(error == nil)
        #expect(events.warnings.isEmpty)
        let midnight = Timestamp(secondsSince1970: CivilDate.daysSince1970(year: 2026, month: 8, day: 1) * 86_400)
        #expect(events.trackPoints.map(\.time) == [-2, -1, 0, 1].map { midnight.adding(seconds: $0) })
    }

    /// A four-digit year a receiver could send dates the log; a year outside 1900...2999 (a
    /// receiver's garbage) does not, and the log keeps its times on 2000-01-01.
    @Test("ZDA dates the log with years 1900 and 2999, not 1899 or 3000", arguments: [1899, 1900, 2999, 3000])
    func zdaYearEdges(year: Int64) {
        let text = Self.log([
            "GPGGA,120000.00,3747.7242,N,12223.6552,W,1,08,1.0,4.5,M,0.0,M,,",
            "GPZDA,120000.00,01,03,\(year),00,00",
        ])
        let (events, error) = readUntilError(text, as: .nmea)
        #expect(error == nil)
        let dated = (1900...2999).contains(year)
        let day = dated ? CivilDate.daysSince1970(year: year, month: 3, day: 1) : 10_957
        #expect(events.trackPoints.map(\.time) == [Timestamp(secondsSince1970: day * 86_400 + 43_200)])
        #expect(events.warnings.isEmpty == dated)
    }

    @Test("a log that never says its date keeps its times of day on 2000-01-01, warned once")
    func undated() {
        let text = Self.log([
            "GPGGA,120000.00,3747.7242,N,12223.6552,W,1,08,1.0,4.5,M,0.0,M,,",
            "GPGGA,120001.50,3747.7242,N,12223.6552,W,1,08,1.0,4.5,M,0.0,M,,",
        ])
        let (events, error) = readUntilError(text, as: .nmea)
        #expect(error == nil)
        #expect(
            events.trackPoints.map(\.time) == [
                Timestamp(secondsSince1970: 946_728_000),
                Timestamp(secondsSince1970: 946_728_001, nanoseconds: 500_000_000),
            ])
        #expect(
            events.warnings.map(\.message) == [
                "no date in the log (no RMC or ZDA sentence with one): times of day kept, on 2000-01-01"
            ])
    }

    @Test("times without a fix (RMC V, GGA quality 0) are skipped and counted; a receiver's empty times too")
    func withoutFix() {
        let text = Self.log([
            "GPRMC,,V,,,,,,,,,,N",
            "GPGGA,155958.00,,,,,0,00,99.99,,,,,,",
            "GPRMC,155958.00,V,,,,,,,130626,,,N",
            "GPRMC,155959.00,V,,,,,,,130626,,,N",
            "GPRMC,160000.00,A,3747.7242,N,12223.6552,W,0.0,,130626,,,A",
        ])
        let (events, error) = readUntilError(text, as: .nmea)
        #expect(error == nil)
        #expect(events.trackPoints.map(\.time) == [Self.time(0)])
        #expect(
            events.warnings.map(\.message) == ["2 times of day without a fix (RMC status V, GGA quality 0); skipped"])
    }

    @Test("a last line cut short ends the read with an error at its end, after every fix before it")
    func truncated() {
        let whole = Self.log([
            "GPRMC,160000.00,A,3747.7242,N,12223.6552,W,0.0,,130626,,,A",
            "GPRMC,160001.00,A,3747.7242,N,12223.6552,W,0.0,,130626,,,A",
        ])
        let cut = whole + "$GPRMC,160002.00,A,3747.72"
        let (events, error) = readUntilError(cut, as: .nmea)
        #expect(events.trackPoints.map(\.time) == [Self.time(0), Self.time(1)])
        #expect(error?.description == "test.nmea:3:27: error: the file ends inside a sentence: it is truncated")
        // A whole last sentence without its line end is no cut.
        // ("\r\n" is one Character.)
        let unterminated = String(whole.dropLast())
        let (complete, noError) = readUntilError(unterminated, as: .nmea)
        #expect(noError == nil)
        #expect(complete.trackPoints.count == 2)
    }

    @Test("lines that hold no sentence are skipped: ten warned, the rest counted; a line too long is one")
    func notSentences() {
        var text = ""
        for index in 0..<12 { text += "not nmea \(index)\n" }
        text += String(repeating: "x", count: 5000) + "\n"
        text += Self.log(["GPRMC,160000.00,A,3747.7242,N,12223.6552,W,0.0,,130626,,,A"])
        // A logger's time stamp before the sentence is no problem.
        text +=
            "2026-06-13T16:00:01Z " + Self.sentence("GPRMC,160001.00,A,3747.7242,N,12223.6552,W,0.0,,130626,,,A") + "\n"
        let (events, error) = readUntilError(text, as: .nmea, options: .init(chunkSize: 16))
        #expect(error == nil)
        #expect(events.trackPoints.map(\.time) == [Self.time(0), Self.time(1)])
        #expect(events.trackPoints[1].column == 22)
        let messages = events.warnings.map(\.description)
        #expect(messages.count == 11)
        #expect(messages.first == "1:1: warning: no sentence (no `$`): not an NMEA sentence; line skipped")
        #expect(messages.last == "1:1: warning: 13 lines in all hold no NMEA sentence; skipped")
    }

    /// The limit is 1024 bytes before the line feed, a CR included: a line of exactly that
    /// many is read, one byte more is skipped, whatever the chunks the file is read in.
    @Test(
        "a line of exactly 1024 bytes is read, with or without its CR; one of 1025 is too long",
        arguments: [16, 1000, 65_536])
    func lineLengthLimit(chunkSize: Int) {
        /// `sentence` after a logger's padding, `ending` after it, `length` bytes before the LF.
        func line(_ body: String, length: Int, ending: String) -> String {
            let sentence = Self.sentence(body) + ending
            return String(repeating: " ", count: length - sentence.utf8.count) + sentence + "\n"
        }
        let text =
            line("GPRMC,160000.00,A,3747.7242,N,12223.6552,W,0.0,,130626,,,A", length: 1024, ending: "\r")
            + line("GPRMC,160001.00,A,3747.7243,N,12223.6553,W,0.0,,130626,,,A", length: 1025, ending: "\r")
            + line("GPRMC,160002.00,A,3747.7244,N,12223.6554,W,0.0,,130626,,,A", length: 1024, ending: "")
        #expect(text.utf8.count == 1024 + 1025 + 1024 + 3)
        let (events, error) = readUntilError(text, as: .nmea, options: .init(chunkSize: chunkSize))
        #expect(error == nil)
        #expect(events.trackPoints.map(\.time) == [Self.time(0), Self.time(2)])
        #expect(events.trackPoints.map(\.line) == [1, 3])
        #expect(
            events.warnings.map(\.description) == [
                "2:1: warning: a line longer than 1024 bytes: not an NMEA sentence; line skipped"
            ])
    }

    @Test("positions out of range or not ddmm.mm are skipped with a warning; the fix waits for another")
    func badPositions() {
        let text = Self.log([
            "GPGGA,160000.00,3760.0000,N,12223.6552,W,1,08,1.0,4.5,M,0.0,M,,",
            "GPRMC,160000.00,A,3747.7242,X,12223.6552,W,0.0,,130626,,,A",
            "GPRMC,160001.00,A,9100.0000,N,12223.6552,W,0.0,,130626,,,A",
            "GPRMC,160002.00,A,3747.7242,N,18100.0000,W,0.0,,130626,,,A",
            "GPRMC,160003.00,A,3747.7242,N,12223.6552,W,0.0,,130626,,,A",
        ])
        let (events, error) = readUntilError(text, as: .nmea)
        #expect(error == nil)
        #expect(events.trackPoints.map(\.time) == [Self.time(3)])
        #expect(events.warnings.count == 4)
        #expect(
            events.warnings.first?.description
                == "1:1: warning: the position \"3760.0000,N,12223.6552,W\" is not ddmm.mm,N|S,dddmm.mm,E|W; position skipped"
        )
    }

    @Test("the same events whatever the chunk size; strict makes the first warning an error")
    func chunksAndStrict() {
        let text =
            Self.log([
                "GPGGA,160000.00,3747.7242,N,12223.6552,W,1,08,1.0,4.5,M,0.0,M,,",
                "GPRMC,160000.00,A,3747.7242,N,12223.6552,W,1.0,90.0,130626,,,A",
                "GPGGA,160001.00,3747.7243,N,12223.6553,W,1,08,1.0,4.6,M,0.0,M,,",
            ]) + "$GPRMC,160001.00,A,3747.7242,N,12223.6552,W,0.0,,130626,,,A*00\n"
        let whole = readUntilError(text, as: .nmea)
        for size in [16, 17, 64, 1000] {
            #expect(readUntilError(text, as: .nmea, options: .init(chunkSize: size)).events == whole.events)
        }
        #expect(whole.events.trackPoints.count == 2)
        let strict = readUntilError(text, as: .nmea, options: .init(strict: true))
        #expect(strict.error?.description.hasPrefix("test.nmea:4:1: error: the checksum is *00") == true)
    }

    @Test("found by its first bytes, and by .nmea or .nma")
    func detection() {
        #expect(RouteFormat.detect(head: Array("$GPRMC,160000.00,A".utf8)) == .nmea)
        #expect(RouteFormat.detect(head: Array("\r\n$GNGGA,1".utf8)) == .nmea)
        #expect(RouteFormat.detect(head: Array("$GPRMC".utf8)) == nil)
        #expect(RouteFormat.detect(head: Array("$gprmc,1".utf8)) == nil)
        #expect(RouteFormat.detect(head: Array("# Name: a receiver\n#\r\n$GPGGA,1".utf8)) == .nmea)
        #expect(RouteFormat.detect(head: Array("# notes\nnot a sentence".utf8)) == nil)
        #expect(RouteFormat(fileName: "drive.NMEA") == .nmea)
        #expect(RouteFormat(fileName: "drive.nma") == .nmea)
        #expect(RouteFormat.nmea.displayName == "NMEA 0183")
    }

    @Test("GLL alone gives positions and times (field 5 is its time, 6 its status); GSA's mode 2 is a 2D fix")
    func gllAndTwoDimensions() {
        let text = Self.log([
            "GPZDA,160000.00,13,06,2026,00,00",
            "GPGLL,3747.7242,N,12223.6552,W,160000.00,A,A",
            "GPGSA,A,2,01,02,03,,,,,,,,,,3.10,2.50,1.80",
            "GPGLL,3747.7243,N,12223.6552,W,160001.00,A,A",
            "GPGSA,A,3,01,02,03,04,,,,,,,,,2.10,1.50,1.40",
            "GPGLL,3747.7244,N,12223.6552,W,160002.00,V,N",
        ])
        let (events, error) = readUntilError(text, as: .nmea)
        #expect(error == nil)
        #expect(events.trackPoints.map(\.time) == [Self.time(0), Self.time(1)])
        #expect(events.trackPoints.map(\.fix) == [.twoDimensional, .threeDimensional])
        #expect(events.trackPoints.map(\.horizontalDilution) == [2.5, 1.5])
        #expect(
            events.warnings.map(\.message) == ["1 times of day without a fix (RMC status V, GGA quality 0); skipped"])
    }
}
