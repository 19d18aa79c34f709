// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics

@Suite("ISO 8601 times")
struct ISO8601Tests {
    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        let expected: String?
        let hadZone: Bool
        var testDescription: String { text }
    }

    static let accepted: [Case] = [
        Case(text: "2026-06-13T16:00:00Z", expected: "2026-06-13T16:00:00.000000000Z", hadZone: true),
        Case(text: "2026-06-13 16:00:00Z", expected: "2026-06-13T16:00:00.000000000Z", hadZone: true),
        Case(text: "2026-06-13t16:00:00z", expected: "2026-06-13T16:00:00.000000000Z", hadZone: true),
        Case(text: "2026-06-13T16:00:00.Z", expected: "2026-06-13T16:00:00.000000000Z", hadZone: true),
        Case(text: "2026-06-13T16:00:00.5Z", expected: "2026-06-13T16:00:00.500000000Z", hadZone: true),
        Case(text: "2026-06-13T16:00:00.250Z", expected: "2026-06-13T16:00:00.250000000Z", hadZone: true),
        Case(text: "2026-06-13T16:00:00.123456789Z", expected: "2026-06-13T16:00:00.123456789Z", hadZone: true),
        Case(text: "2026-06-13T16:00:00.1234567891Z", expected: "2026-06-13T16:00:00.123456789Z", hadZone: true),
        Case(text: "2026-06-13T16:00:00,5Z", expected: "2026-06-13T16:00:00.500000000Z", hadZone: true),
        Case(text: "2026-04-01T08:15:30.25+01:00", expected: "2026-04-01T07:15:30.250000000Z", hadZone: true),
        Case(text: "2026-04-01T08:15:30+0100", expected: "2026-04-01T07:15:30.000000000Z", hadZone: true),
        Case(text: "2026-04-01T08:15:30+01", expected: "2026-04-01T07:15:30.000000000Z", hadZone: true),
        Case(text: "2026-04-01T00:15:30-05:30", expected: "2026-04-01T05:45:30.000000000Z", hadZone: true),
        Case(text: "2026-01-01T00:30:00+01:00", expected: "2025-12-31T23:30:00.000000000Z", hadZone: true),
        Case(text: "2026-06-13T16:00:00", expected: "2026-06-13T16:00:00.000000000Z", hadZone: false),
        Case(text: "2026-06-13T16:00:00.75", expected: "2026-06-13T16:00:00.750000000Z", hadZone: false),
        Case(text: "1970-01-01T00:00:00Z", expected: "1970-01-01T00:00:00.000000000Z", hadZone: true),
        Case(text: "1969-12-31T23:59:59.5Z", expected: "1969-12-31T23:59:59.500000000Z", hadZone: true),
        Case(text: "1901-12-13T20:45:52Z", expected: "1901-12-13T20:45:52.000000000Z", hadZone: true),
        Case(text: "1901-01-01T00:00:00Z", expected: "1901-01-01T00:00:00.000000000Z", hadZone: true),
        Case(text: "2024-02-29T12:00:00Z", expected: "2024-02-29T12:00:00.000000000Z", hadZone: true),
        Case(text: "2000-02-29T12:00:00Z", expected: "2000-02-29T12:00:00.000000000Z", hadZone: true),
        Case(text: "2026-06-13T24:00:00Z", expected: "2026-06-14T00:00:00.000000000Z", hadZone: true),
        Case(text: "2016-12-31T23:59:60Z", expected: "2017-01-01T00:00:00.000000000Z", hadZone: true),
        Case(text: "9999-12-31T23:59:59Z", expected: "9999-12-31T23:59:59.000000000Z", hadZone: true),
        // The ends of every field: day 01, and a zone of 23 hours and of 59 minutes.
        Case(text: "2026-06-01T00:00:00Z", expected: "2026-06-01T00:00:00.000000000Z", hadZone: true),
        Case(text: "2026-06-13T16:00:00+23:00", expected: "2026-06-12T17:00:00.000000000Z", hadZone: true),
        Case(text: "2026-06-13T16:00:00-23:59", expected: "2026-06-14T15:59:00.000000000Z", hadZone: true),
        Case(text: "2026-06-13T16:00:00+01:59", expected: "2026-06-13T14:01:00.000000000Z", hadZone: true),
    ]

    @Test(arguments: accepted)
    func parsesAcceptedForms(_ testCase: Case) throws {
        let parsed = try #require(ISO8601.parse(testCase.text))
        #expect(parsed.timestamp.iso8601(fractionDigits: 9) == testCase.expected)
        #expect(parsed.hadZone == testCase.hadZone)
    }

    static let rejected = [
        "", "2026", "2026-06-13", "2026-06-13T16:00", "2026-06-13T16:00Z",
        "2026-13-01T00:00:00Z", "2026-00-01T00:00:00Z", "2026-02-29T00:00:00Z",
        "1900-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "2026-06-13T25:00:00Z",
        "2026-06-13T24:00:01Z", "2026-06-13T16:60:00Z", "2026-06-13T16:00:61Z",
        "2026-06-13X16:00:00Z", "2026-6-13T16:00:00Z", "26-06-13T16:00:00Z",
        "2026-06-13T16:00:00+1", "2026-06-13T16:00:00+24:00", "2026-06-13T16:00:00+01:60",
        "2026-06-13T16:00:00ZZ", "2026-06-13T16:00:00 Z", "2026-06-13T16:00:00Q",
        "2026-06-13T16:00:00.5Z junk", " 2026-06-13T16:00:00Z", "2026-06-13T16:00:00.-5Z",
        "abcd-ef-ghTij:kl:mnZ", "2026-06-00T00:00:00Z",
    ]

    /// Every month's last day is a date, the day after it is not (2026: February has 28).
    @Test(arguments: zip(1...12, [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]))
    func eachMonthsLastDay(month: Int, days: Int) {
        func text(_ day: Int) -> String {
            "2026-\(month < 10 ? "0" : "")\(month)-\(day)T12:00:00Z"
        }
        #expect(ISO8601.parse(text(days)) != nil, "\(text(days))")
        #expect(ISO8601.parse(text(days + 1)) == nil, "\(text(days + 1))")
    }

    @Test(arguments: rejected)
    func rejectsMalformedTimes(_ text: String) {
        #expect(ISO8601.parse(text) == nil)
    }

    @Test(arguments: [
        ("2026-06-13T16:00:00.123456789Z", 0, "2026-06-13T16:00:00Z"),
        ("2026-06-13T16:00:00.123456789Z", 3, "2026-06-13T16:00:00.123Z"),
        ("2026-06-13T16:00:00.999999999Z", 3, "2026-06-13T16:00:00.999Z"),
        ("1969-12-31T23:59:59.001Z", 3, "1969-12-31T23:59:59.001Z"),
    ])
    func formatsTruncatingTheFraction(_ text: String, _ digits: Int, _ expected: String) throws {
        let timestamp = try #require(Timestamp(iso8601: text))
        #expect(timestamp.iso8601(fractionDigits: digits) == expected)
    }

    @Test func secondsSinceEpochMatchKnownInstants() throws {
        #expect(Timestamp(iso8601: "1970-01-01T00:00:00Z")?.secondsSince1970 == 0)
        #expect(Timestamp(iso8601: "2001-01-01T00:00:00Z")?.secondsSince1970 == 978_307_200)
        #expect(Timestamp(iso8601: "1901-12-13T20:45:52Z")?.secondsSince1970 == -2_147_483_648)
        let beforeEpoch = try #require(Timestamp(iso8601: "1969-12-31T23:59:59.25Z"))
        #expect(beforeEpoch.secondsSince1970 == -1)
        #expect(beforeEpoch.nanoseconds == 250_000_000)
        #expect(beforeEpoch.timeIntervalSince1970 == -0.75)
    }

    @Test func arithmeticIsExactToTheNanosecond() throws {
        let start = try #require(Timestamp(iso8601: "2026-06-13T16:00:00.900Z"))
        let later = start.adding(seconds: 1.25)
        #expect(later.iso8601() == "2026-06-13T16:00:02.150Z")
        #expect(later.seconds(since: start) == 1.25)
        #expect(start.adding(seconds: -1.0).iso8601() == "2026-06-13T15:59:59.900Z")
        #expect(start < later)
    }

    /// Two times in the same whole second are ordered by their fractions, before 1970 as
    /// after it: readers drop a time that goes backwards by comparing with `<`.
    @Test("times within one second order by their fraction; whole seconds first")
    func orderWithinOneSecond() throws {
        let texts = [
            "2026-06-13T16:00:10.800Z", "2026-06-13T16:00:10.200Z", "2026-06-13T16:00:10.000000001Z",
            "2026-06-13T16:00:09.999Z", "2026-06-13T16:00:10Z", "1969-12-31T23:59:59.750Z",
            "1969-12-31T23:59:59.250Z",
        ]
        let times = try texts.map { try #require(Timestamp(iso8601: $0)) }
        #expect(
            times.sorted().map { $0.iso8601(fractionDigits: 9) } == [
                "1969-12-31T23:59:59.250000000Z", "1969-12-31T23:59:59.750000000Z", "2026-06-13T16:00:09.999000000Z",
                "2026-06-13T16:00:10.000000000Z", "2026-06-13T16:00:10.000000001Z", "2026-06-13T16:00:10.200000000Z",
                "2026-06-13T16:00:10.800000000Z",
            ])
        let earlier = try #require(Timestamp(iso8601: "2026-06-13T16:00:10.200Z"))
        let later = try #require(Timestamp(iso8601: "2026-06-13T16:00:10.800Z"))
        #expect(earlier < later)
        #expect(!(later < earlier))
        #expect(later > earlier)
        #expect(!(earlier < earlier) && earlier <= earlier)
        #expect(max(earlier, later) == later && min(later, earlier) == earlier)
    }

    @Test func everyDayRoundTripsFrom1900To2100() throws {
        // Walk day by day through leap years, century rules and the epoch.
        var timestamp = try #require(Timestamp(iso8601: "1900-01-01T12:00:00Z"))
        let end = try #require(Timestamp(iso8601: "2100-12-31T12:00:00Z"))
        while timestamp <= end {
            let text = timestamp.iso8601()
            #expect(Timestamp(iso8601: text) == timestamp, "\(text)")
            timestamp = timestamp.adding(seconds: 86_400)
        }
    }
}
