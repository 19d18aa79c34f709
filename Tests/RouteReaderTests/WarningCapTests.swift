// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics
import TrailcastRoutes

/// The logs' readers warn of each kind of problem ten times, then once more with the count:
/// ten problems are ten lines and no count; the eleventh brings the count.
@Suite("Ten warnings of a kind, then the count")
struct WarningCapTests {
    /// How many lines `count` problems of a kind make: each up to ten, then the count.
    static func lines(_ count: Int) -> Int { min(count, 10) + (count > 10 ? 1 : 0) }

    static let good = NMEAReaderTests.log(["GPRMC,160000.00,A,3747.7242,N,12223.6552,W,0.0,,130626,,,A"])

    @Test("NMEA: ten bad checksums are ten warnings; eleven are ten and the count", arguments: [10, 11])
    func badChecksums(count: Int) {
        let bad = String(repeating: "$GPRMC,160001.00,A,3747.7242,N,12223.6552,W,0.0,,130626,,,A*00\r\n", count: count)
        let (events, error) = readUntilError(Self.good + bad, as: .nmea)
        #expect(error == nil)
        let messages = events.warnings.map(\.description)
        #expect(messages.count == Self.lines(count), "\(messages)")
        #expect(messages.allSatisfy { !$0.contains("in all") } == (count <= 10), "\(messages)")
        if count > 10 {
            #expect(
                messages.last == "1:1: warning: 11 sentences in all have a checksum that does not match; skipped")
        }
    }

    @Test("NMEA: ten lines that are no sentence are ten warnings; eleven are ten and the count", arguments: [10, 11])
    func notSentences(count: Int) {
        let (events, error) = readUntilError(Self.good + String(repeating: "noise\n", count: count), as: .nmea)
        #expect(error == nil)
        let messages = events.warnings.map(\.description)
        #expect(messages.count == Self.lines(count), "\(messages)")
        #expect(messages.contains("1:1: warning: 11 lines in all hold no NMEA sentence; skipped") == (count > 10))
    }

    @Test("CSV: ten rows out of range are ten warnings; eleven are ten and the count", arguments: [10, 11])
    func rowsOutOfRange(count: Int) {
        let text =
            "lat,lon,time\n47,8,2026-06-13T16:00:00Z\n" + String(repeating: "91,8,2026-06-13T16:00:01Z\n", count: count)
        let (events, error) = readUntilError(text, as: .csv)
        #expect(error == nil)
        let messages = events.warnings.map(\.description)
        #expect(messages.count == Self.lines(count), "\(messages)")
        #expect(messages.contains("1:1: warning: 11 rows in all have no position in range; skipped") == (count > 10))
    }

    @Test("CSV: ten times that do not read are ten warnings; eleven are ten and the count", arguments: [10, 11])
    func timesDropped(count: Int) {
        let text = "lat,lon,time\n" + String(repeating: "47,8,soon\n", count: count)
        let (events, error) = readUntilError(text, as: .csv)
        #expect(error == nil)
        let messages = events.warnings.map(\.description)
        #expect(messages.count == Self.lines(count), "\(messages)")
        #expect(
            messages.contains("1:1: warning: 11 rows in all have a time that does not read; times dropped")
                == (count > 10))
    }
}
