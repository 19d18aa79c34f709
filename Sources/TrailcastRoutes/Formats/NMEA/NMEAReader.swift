// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// A recorded NMEA 0183 log (a receiver's serial output saved by gpsd, a u-blox tool or a
/// phone's logger; Trailcast's own `export --to nmea`) read into one GPX track, in constant
/// memory:
///
/// - sentences of any talker (`GP`, `GN`, `GL`, `GA`, `BD`...): `RMC` (position, speed,
///   course, date), `GGA` (position, altitude above mean sea level, quality, satellites,
///   HDOP), `GSA` (2D/3D, PDOP, HDOP, VDOP), `GLL` (position) and `ZDA` (date); others and
///   proprietary ones (`$PUBX`) are skipped silently, and so are blank lines and comments
///   (`#`, as gpsd's logs have); other lines that hold no sentence with a warning (ten, then
///   their count);
/// - the sentences of one time of day are one fix, whatever their order (a SiRF receiver
///   sends `GGA` first, a u-blox `RMC`); `GSA` has no time and belongs to the fix before it;
///   a fix without a position (`RMC` status `V`, `GGA` quality 0) is skipped, counted;
/// - a checksum that does not match skips its sentence with a warning; a sentence without
///   one is taken, except on a last line cut short (the file ends without its line end), which
///   ends the read with an error after the fixes before it;
/// - the date comes from `RMC` or `ZDA`; a fix without one takes the last date seen, a day
///   later when its time of day went back by more than twelve hours (midnight UTC passed);
///   fixes before the first date wait for it in a ``SpillQueue`` and are dated back from it.
///   A log with no date at all keeps its times of day on 2000-01-01, with one warning.
final class NMEAReader: RouteEventReader {
    /// One fix as it waits for its date: NaN for a field left out.
    struct Fix: BitwiseCopyable {
        var timeOfDay: Int64 = 0
        var latitude = Double.nan
        var longitude = Double.nan
        var altitude = Double.nan
        var speed = Double.nan
        var course = Double.nan
        var horizontalDilution = Double.nan
        var verticalDilution = Double.nan
        var positionDilution = Double.nan
        var satellites: Int32 = -1
        /// GGA's quality (0 none, 1 GPS, 2 differential, 3 PPS...), -1 when not given.
        var quality: Int8 = -1
        /// GSA's mode 2 (2D) or 3 (3D), 0 when not given.
        var dimensions: Int8 = 0
        /// A sentence said there was no fix (RMC `V`, GGA quality 0, GLL `V`).
        var saysNoFix = false
        /// Its own RMC or ZDA gave its date (the reader's last date).
        var hasOwnDate = false
        var line: Int32 = 0
        var column: Int32 = 0
        /// Midnights passed since the first fix, for a fix waiting for its date.
        var daysAfterFirst: Int32 = 0
    }

    private static let nanosecondsPerDay: Int64 = 86_400_000_000_000
    /// 2000-01-01, for a log that never says its date.
    private static let undatedDay: Int64 = 10_957
    /// Far above NMEA 0183's 82 characters, for a logger's prefix (a time stamp) before
    /// the sentence.
    static let maximumLineLength = 1024
    /// Warnings of one kind said line by line before the rest are only counted.
    private static let warningsPerKind = 10

    private var lines: TextLines
    private let options: GPXStreamReader.Options
    private var pending = EventQueue()
    private var started = false
    private var trackBegun = false
    private var finished = false
    private var current: Fix?
    /// The date (days since 1970) and time of day of the last fix dated.
    private var lastDay: Int64?
    private var lastTimeOfDay: Int64?
    /// Fixes before the first date, and the midnights counted among them.
    private var undated = SpillQueue<Fix>()
    private var undatedMidnights: Int32 = 0
    private var undatedLastTimeOfDay: Int64?
    private var previousTime: Timestamp?
    private var notSentences = 0
    private var badChecksums = 0
    private var withoutFix = 0
    private var failure: RouteError?

    init(source: ByteSource, options: GPXStreamReader.Options) {
        lines = TextLines(source: source, chunkSize: options.chunkSize, maximumLength: Self.maximumLineLength)
        self.options = options
    }

    deinit { lines.deallocate() }

    func next() throws(RouteError) -> RouteEvent? {
        do throws(RouteError) {
            while true {
                if let event = pending.next() { return event }
                if let failure {
                    finished = true
                    self.failure = nil
                    throw failure
                }
                if finished { return nil }
                try readLine()
            }
        } catch {
            finished = true
            pending.removeAll()
            undated.removeAll()
            throw error
        }
    }

    private func readLine() throws(RouteError) {
        if !started {
            started = true
            pending.append(.metadata(RouteMetadata()))
        }
        guard let line = try lines.next() else { return try finish() }
        if line.overlong {
            return try notASentence(line: line.number, reason: "a line longer than \(Self.maximumLineLength) bytes")
        }
        // Blank lines, and a log's comments (gpsd's test logs open with `# Name: ...`).
        if line.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) || line.bytes.first == UInt8(ascii: "#") { return }
        switch NMEASentence.parse(line.bytes, requiresChecksum: !line.terminated) {
        case .success(let sentence):
            try take(sentence, line: line.number)
        case .failure(.notASentence):
            try notASentence(line: line.number, reason: "no sentence (no `$`)")
        case .failure(.checksum(let stated, let computed)) where line.terminated:
            badChecksums += 1
            if badChecksums <= Self.warningsPerKind {
                try warn(
                    "the checksum is *\(stated), but the sentence's bytes give *\(computed); sentence skipped",
                    line: line.number, column: 1)
            }
        case .failure:
            // The last line, without its line end and without a checksum that holds.
            try flush()
            failure = .malformed(
                file: lines.fileName, line: line.number, column: line.bytes.count + 1,
                reason: "the file ends inside a sentence: it is truncated")
            try finishTrack()
            finished = true
        }
    }

    private func notASentence(line: Int, reason: String) throws(RouteError) {
        notSentences += 1
        if notSentences <= Self.warningsPerKind {
            try warn("\(reason): not an NMEA sentence; line skipped", line: line, column: 1)
        }
    }

    private func take(_ sentence: NMEASentence, line: Int) throws(RouteError) {
        switch sentence.type {
        case "RMC":
            guard let time = try timeOfDay(sentence[0], of: sentence, line: line) else { return }
            try begin(time, sentence: sentence, line: line)
            if sentence[1] == "A" {
                try position(sentence, latitudeAt: 2, line: line)
            } else {
                current?.saysNoFix = true
            }
            if let knots = NMEASentence.number(sentence[6]) { current?.speed = knots * 1852 / 3600 }
            if let course = NMEASentence.number(sentence[7]) { current?.course = course }
            if !sentence[8].isEmpty {
                guard let day = NMEASentence.date(sentence[8]) else {
                    return try warn("the date \"\(sentence[8])\" is not ddmmyy", line: line, column: sentence.column)
                }
                try dated(day)
            }
        case "GGA":
            guard let time = try timeOfDay(sentence[0], of: sentence, line: line) else { return }
            try begin(time, sentence: sentence, line: line)
            let quality = Int8(sentence[5]) ?? -1
            current?.quality = quality
            if quality == 0 {
                current?.saysNoFix = true
            } else {
                try position(sentence, latitudeAt: 1, line: line)
            }
            if let satellites = Int32(sentence[6]) { current?.satellites = satellites }
            if let dilution = NMEASentence.number(sentence[7]) { current?.horizontalDilution = dilution }
            if let altitude = NMEASentence.number(sentence[8]) { current?.altitude = altitude }
        case "GLL":
            guard let time = try timeOfDay(sentence[4], of: sentence, line: line) else { return }
            try begin(time, sentence: sentence, line: line)
            if sentence[5] == "A" {
                try position(sentence, latitudeAt: 0, line: line)
            } else {
                current?.saysNoFix = true
            }
        case "ZDA":
            guard let time = try timeOfDay(sentence[0], of: sentence, line: line) else { return }
            try begin(time, sentence: sentence, line: line)
            // A four-digit year a receiver could send: 1900 to 2999.
            if let day = Int64(sentence[1]), let month = Int64(sentence[2]), let year = Int64(sentence[3]),
                (1900...2999).contains(year), (1...12).contains(month), day >= 1,
                day <= CivilDate.daysInMonth(year: year, month: month)
            {
                try dated(CivilDate.daysSince1970(year: year, month: month, day: day))
            }
        case "GSA":
            guard current != nil else { return }
            if let mode = Int8(sentence[1]), mode == 2 || mode == 3 { current?.dimensions = mode }
            if let dilution = NMEASentence.number(sentence[14]), current?.positionDilution.isNaN == true {
                current?.positionDilution = dilution
            }
            if let dilution = NMEASentence.number(sentence[15]), current?.horizontalDilution.isNaN == true {
                current?.horizontalDilution = dilution
            }
            if let dilution = NMEASentence.number(sentence[16]), current?.verticalDilution.isNaN == true {
                current?.verticalDilution = dilution
            }
        default:
            break
        }
    }

    /// A sentence's time of day, or nil (with a warning) when it has none a fix can have.
    private func timeOfDay(_ field: Substring, of sentence: NMEASentence, line: Int) throws(RouteError) -> Int64? {
        if let time = NMEASentence.timeOfDay(field) { return time }
        // A receiver without a fix yet sends its sentences with the time left out.
        if !field.isEmpty {
            try warn("the time \"\(field)\" is not hhmmss(.ss); sentence skipped", line: line, column: sentence.column)
        }
        return nil
    }

    /// The sentence's fix: the current one when the time is the same, else a new one (the
    /// current one handed on).
    private func begin(_ timeOfDay: Int64, sentence: NMEASentence, line: Int) throws(RouteError) {
        if let current, current.timeOfDay == timeOfDay { return }
        try flush()
        current = Fix(timeOfDay: timeOfDay, line: Int32(clamping: line), column: Int32(clamping: sentence.column))
    }

    private func position(_ sentence: NMEASentence, latitudeAt index: Int, line: Int) throws(RouteError) {
        guard
            let latitude = NMEASentence.angle(
                sentence[index], hemisphere: sentence[index + 1], degreeDigits: 2, positive: "N", negative: "S"),
            let longitude = NMEASentence.angle(
                sentence[index + 2], hemisphere: sentence[index + 3], degreeDigits: 3, positive: "E", negative: "W")
        else {
            return try warn(
                "the position \"\(sentence[index]),\(sentence[index + 1]),\(sentence[index + 2]),\(sentence[index + 3])\" is not "
                    + "ddmm.mm,N|S,dddmm.mm,E|W; position skipped", line: line, column: sentence.column)
        }
        guard current?.latitude.isNaN == true else { return }
        current?.latitude = latitude
        current?.longitude = longitude
    }

    /// The current fix's date is `day`: it, and every fix waiting for a date, are dated.
    private func dated(_ day: Int64) throws(RouteError) {
        guard var fix = current else { return }
        if !undated.isEmpty || undatedLastTimeOfDay != nil {
            // The waiting fixes were counted in midnights after the first; this one too.
            let midnights = undatedMidnights + (passedMidnight(from: undatedLastTimeOfDay, to: fix.timeOfDay) ? 1 : 0)
            let firstDay = day - Int64(midnights)
            while let waiting = undated.removeFirst() {
                try emit(waiting, day: firstDay + Int64(waiting.daysAfterFirst))
            }
            undatedLastTimeOfDay = nil
            undatedMidnights = 0
        }
        lastDay = day
        lastTimeOfDay = fix.timeOfDay
        fix.hasOwnDate = true
        current = fix
    }

    private func passedMidnight(from earlier: Int64?, to later: Int64) -> Bool {
        guard let earlier else { return false }
        return earlier - later > Self.nanosecondsPerDay / 2
    }

    /// The current fix handed on: out when its date is known, else to wait for one.
    private func flush() throws(RouteError) {
        guard var fix = current else { return }
        current = nil
        guard !fix.latitude.isNaN else {
            if fix.saysNoFix { withoutFix += 1 }
            return
        }
        if fix.hasOwnDate, let lastDay {
            return try emit(fix, day: lastDay)
        }
        if let lastDay, let lastTimeOfDay {
            let day = lastDay + (passedMidnight(from: lastTimeOfDay, to: fix.timeOfDay) ? 1 : 0)
            self.lastDay = day
            self.lastTimeOfDay = fix.timeOfDay
            return try emit(fix, day: day)
        }
        if passedMidnight(from: undatedLastTimeOfDay, to: fix.timeOfDay) { undatedMidnights += 1 }
        undatedLastTimeOfDay = fix.timeOfDay
        fix.daysAfterFirst = undatedMidnights
        undated.append(fix)
        if let reason = undated.failure { throw .cannotRead(file: lines.fileName, reason: reason) }
    }

    private func emit(_ fix: Fix, day: Int64) throws(RouteError) {
        var point = RoutePoint(
            latitude: fix.latitude, longitude: fix.longitude, elevationMeters: fix.altitude.isNaN ? nil : fix.altitude,
            line: Int(fix.line), column: Int(fix.column))
        // In seconds, not nanoseconds since 1970, which overflow 292 years from it (a ZDA of
        // year 2,02..., found by the route-formats fuzz target).
        point.time = Timestamp(
            secondsSince1970: day * 86_400 + fix.timeOfDay / 1_000_000_000,
            nanoseconds: Int32(fix.timeOfDay % 1_000_000_000))
        point.speedMetersPerSecond = fix.speed.isNaN ? nil : fix.speed
        point.courseDegrees = fix.course.isNaN ? nil : fix.course
        point.satellites = fix.satellites < 0 ? nil : Int(fix.satellites)
        point.horizontalDilution = fix.horizontalDilution.isNaN ? nil : fix.horizontalDilution
        point.verticalDilution = fix.verticalDilution.isNaN ? nil : fix.verticalDilution
        point.positionDilution = fix.positionDilution.isNaN ? nil : fix.positionDilution
        switch (fix.quality, fix.dimensions) {
        case (2, _): point.fix = .differential
        case (3, _): point.fix = .precise
        case (_, 2): point.fix = .twoDimensional
        case (_, 3): point.fix = .threeDimensional
        default: break
        }
        if !trackBegun {
            trackBegun = true
            pending.append(.beginTrack(RoutePathInfo()))
            pending.append(.beginSegment(line: Int(fix.line)))
        }
        if options.checksTimeOrder, let time = point.time {
            if let previousTime, time < previousTime {
                try warn(
                    "a fix's time \(time) is earlier than the previous fix's \(previousTime); position kept, time dropped",
                    line: point.line, column: point.column)
                point.time = nil
            } else {
                previousTime = time
            }
        }
        pending.append(.trackPoint(point))
    }

    private func finishTrack() throws(RouteError) {
        if trackBegun {
            pending.append(.endSegment)
            pending.append(.endTrack)
            trackBegun = false
        }
    }

    private func finish() throws(RouteError) {
        try flush()
        if !undated.isEmpty {
            try warn(
                "no date in the log (no RMC or ZDA sentence with one): times of day kept, on 2000-01-01", line: 1,
                column: 1)
            let firstDay = Self.undatedDay
            while let waiting = undated.removeFirst() {
                try emit(waiting, day: firstDay + Int64(waiting.daysAfterFirst))
            }
        }
        if notSentences > Self.warningsPerKind {
            try warn("\(notSentences) lines in all hold no NMEA sentence; skipped", line: 1, column: 1)
        }
        if badChecksums > Self.warningsPerKind {
            try warn(
                "\(badChecksums) sentences in all have a checksum that does not match; skipped", line: 1, column: 1)
        }
        if withoutFix > 0 {
            try warn(
                "\(withoutFix) times of day without a fix (RMC status V, GGA quality 0); skipped", line: 1, column: 1)
        }
        try finishTrack()
        finished = true
    }

    private func warn(_ message: String, line: Int, column: Int) throws(RouteError) {
        if options.strict { throw .invalidContent(file: lines.fileName, line: line, column: column, message: message) }
        pending.append(.warning(RouteWarning(line: line, column: column, message: message)))
    }
}
