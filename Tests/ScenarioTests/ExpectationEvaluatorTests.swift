// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastScenario
import Testing

// Testing has an `Expectation` too; a scoped import wins over both module imports.
import enum TrailcastScenario.Expectation
import TrailcastWeather

import TrailcastBasics
import TrailcastCoreLocation
import TrailcastTimeline

/// One expectation checked against ``CraftedTimelines/revoked``, and the detail it must
/// fail with (nil: it must hold).
struct EvaluatorCase: Sendable, CustomTestStringConvertible {
    var expectation: Expectation
    var detail: String?

    init(_ expectation: Expectation, _ detail: String? = nil) {
        self.expectation = expectation
        self.detail = detail
    }

    var testDescription: String { "\(expectation)\(detail == nil ? " holds" : " fails")" }
}

private let timeline = CraftedTimelines.revoked
private func line(_ index: Int) -> String { timeline[index].line }

private func select(_ type: String, _ fields: (String, ValueMatcher)...) -> EventSelector {
    EventSelector(type: type, fields: fields.map { FieldMatch(key: $0.0, matcher: $0.1) })
}

private func field(_ key: String, _ matcher: ValueMatcher) -> FieldMatch {
    FieldMatch(key: key, matcher: matcher)
}

private func number(_ value: Double, _ tolerance: Double = 0) -> ValueMatcher {
    .number(value, tolerance: tolerance)
}

private func compare(_ op: NumberComparison.Operator, _ value: Double) -> ValueMatcher {
    .comparison(NumberComparison(op, value))
}

@Suite struct ExpectationEvaluatorTests {
    private func check(_ testCase: EvaluatorCase, in records: [TimelineRecord] = timeline) {
        let outcome = ExpectationEvaluator.evaluate(testCase.expectation, line: 12, in: records)
        #expect(outcome.expectation == testCase.expectation)
        #expect(outcome.line == 12)
        #expect(outcome.passed == (testCase.detail == nil))
        #expect(outcome.detail == testCase.detail)
    }

    // MARK: count

    static let countCases: [EvaluatorCase] = [
        .init(.count(select("location"), .exactly(4), window: .init())),
        .init(.count(select("location"), .atLeast(4), window: .init())),
        .init(.count(select("location"), .atMost(4), window: .init())),
        .init(.count(select("location"), .between(4, 4), window: .init())),
        .init(.count(select("weatherError"), .exactly(0), window: .init())),
        // Windows are inclusive at both ends.
        .init(.count(select("location"), .exactly(2), window: .init(from: 300, to: 605))),
        .init(.count(select("location"), .exactly(0), window: .init(from: 300.001, to: 604.999))),
        .init(.count(select("location"), .exactly(2), window: .init(to: 300))),
        .init(.count(select("location"), .exactly(1), window: .init(from: 902))),
        .init(.count(select("authorization", ("cause", .string("settings"))), .exactly(2), window: .init())),
        .init(
            .count(select("location"), .exactly(3), window: .init()),
            "found 4; the 4th (over the limit): \(line(12))"),
        .init(
            .count(select("location"), .atMost(1), window: .init()),
            "found 4; the 2nd (over the limit): \(line(6))"),
        .init(
            .count(select("alert"), .exactly(0), window: .init()),
            "found 1; the 1st (over the limit): \(line(8))"),
        .init(
            .count(select("location"), .between(1, 2), window: .init(from: 0)),
            "found 4; the 3rd (over the limit): \(line(10))"),
        // Too few: when each counted event happened.
        .init(.count(select("location"), .atLeast(5), window: .init()), "found 4: at 0s, 5m, 10m5s, 15m2s"),
        .init(.count(select("location"), .between(5, 9), window: .init()), "found 4: at 0s, 5m, 10m5s, 15m2s"),
        .init(.count(select("location"), .exactly(5), window: .init()), "found 4: at 0s, 5m, 10m5s, 15m2s"),
        .init(
            .count(select("location"), .atLeast(2), window: .init(from: 300.001, to: 605)),
            "found 1: at 10m5s (3 more outside the window)"),
        .init(
            .count(select("location"), .exactly(1), window: .init(from: 0.001, to: 299.999)),
            "found 0 (4 more outside the window)"),
        .init(
            .count(select("authorization", ("to", .string("restricted"))), .atLeast(1), window: .init()),
            "found 0"),
    ]

    @Test(arguments: countCases)
    func count(_ testCase: EvaluatorCase) {
        check(testCase)
    }

    /// Too few of many: the first ten offsets, then how many more (twelve found: two more).
    @Test func tooFewOfManyListsTheFirstTenAndCountsTheRest() {
        let records = (0..<12).map { CraftedTimelines.record(Double($0), "tap") }
        check(
            .init(
                .count(select("tap"), .atLeast(13), window: .init()),
                "found 12: at 0s, 1s, 2s, 3s, 4s, 5s, 6s, 7s, 8s, 9s and 2 more"),
            in: records)
        check(
            .init(.count(select("tap"), .atLeast(11), window: .init())), in: records)
        let ten = Array(records.prefix(10))
        check(
            .init(
                .count(select("tap"), .atLeast(11), window: .init()),
                "found 10: at 0s, 1s, 2s, 3s, 4s, 5s, 6s, 7s, 8s, 9s"),
            in: ten)
    }

    // MARK: absent

    static let absentCases: [EvaluatorCase] = [
        .init(.absent(select("weatherError"), after: nil, before: nil)),
        // `after` and `before` are strict: the locations at 10m5s and 15m2s are not between them.
        .init(.absent(select("location"), after: 605, before: 902)),
        .init(.absent(select("location"), after: 902, before: nil)),
        .init(.absent(select("location"), after: nil, before: 0)),
        .init(.absent(select("alert"), after: nil, before: 600)),
        .init(.absent(select("alert"), after: 600, before: nil)),
        .init(.absent(select("authorization", ("to", .string("restricted"))), after: nil, before: nil)),
        .init(
            .absent(select("location"), after: 600, before: nil),
            "first offending event: \(line(10))"),
        .init(
            .absent(select("location"), after: nil, before: nil),
            "first offending event: \(line(4))"),
        .init(
            .absent(select("location"), after: 604.999, before: 605.001),
            "first offending event: \(line(10))"),
        .init(
            .absent(select("location"), after: nil, before: 0.001),
            "first offending event: \(line(4))"),
        .init(
            .absent(select("authorization", ("to", .string("authorizedWhenInUse"))), after: 0, before: nil),
            "first offending event: \(line(11))"),
    ]

    @Test(arguments: absentCases)
    func absent(_ testCase: EvaluatorCase) {
        check(testCase)
    }

    // MARK: present

    static let presentCases: [EvaluatorCase] = [
        .init(.present(select("alert"), at: nil, tolerance: 0)),
        .init(
            .present(
                select("authorization", ("to", .string("denied")), ("cause", .string("settings"))), at: nil,
                tolerance: 0)),
        .init(.present(select("alert"), at: 600, tolerance: 0)),
        // Offset tolerance is inclusive at both sides.
        .init(.present(select("alert"), at: 605, tolerance: 5)),
        .init(.present(select("alert"), at: 595, tolerance: 5)),
        .init(.present(select("location", ("index", number(2))), at: 605.1, tolerance: 0.1)),
        .init(
            .present(select("alert"), at: 605.001, tolerance: 5),
            "none at 10m5.001s +- 5s; nearest at 10m: \(line(8))"),
        .init(
            .present(select("alert"), at: 300, tolerance: 0),
            "none at 5m; nearest at 10m: \(line(8))"),
        .init(
            .present(select("location", ("index", number(2))), at: 605.2, tolerance: 0.1),
            "none at 10m5.2s +- 100ms; nearest at 10m5s: \(line(10))"),
        // Equally near: the earlier one.
        .init(
            .present(select("location"), at: 150, tolerance: 10),
            "none at 2m30s +- 10s; nearest at 0s: \(line(4))"),
        .init(
            .present(select("app"), at: nil, tolerance: 0),
            "no app at all"),
        .init(
            .present(select("app", ("state", .string("background"))), at: 30, tolerance: 0),
            #"no app {state: "background"} at all"#),
        // The nearest miss: the event of that type matching the most fields.
        .init(
            .present(select("authorization", ("to", .string("restricted"))), at: nil, tolerance: 0),
            #"no authorization {to: "restricted"} at all; nearest miss: "# + line(1)),
        .init(
            .present(
                select("authorization", ("to", .string("denied")), ("cause", .string("services"))), at: 600,
                tolerance: 0),
            #"no authorization {to: "denied", cause: "services"} at all; nearest miss: "# + line(7)),
    ]

    @Test(arguments: presentCases)
    func present(_ testCase: EvaluatorCase) {
        check(testCase)
    }

    // MARK: subset matching of fields

    static let subsetCases: [EvaluatorCase] = [
        // Fields the selector does not name may be anything.
        .init(.present(select("location", ("index", number(1))), at: nil, tolerance: 0)),
        .init(.present(select("weather", ("stale", .bool(false)), ("fetchMs", .null)), at: nil, tolerance: 0)),
        .init(.present(select("weather", ("cell", .string("37.79,-122.40"))), at: nil, tolerance: 0)),
        .init(.present(select("location", ("lat", number(37.7954, 0.000003))), at: nil, tolerance: 0)),
        .init(.present(select("location", ("lat", number(37.7954, 0.0000031))), at: nil, tolerance: 0)),
        .init(.present(select("location", ("horizontalAccuracy", compare(.lessOrEqual, 5))), at: nil, tolerance: 0)),
        .init(.present(select("weather", ("temperatureCelsius", number(19, 0.4))), at: nil, tolerance: 0)),
        .init(
            .present(select("start", ("settings", .string(#"{"loop":1}"#))), at: nil, tolerance: 0),
            #"no start {settings: "{"loop":1}"} at all; nearest miss: "# + line(0)),
        .init(
            .present(select("weather", ("temperatureCelsius", number(19, 0.39))), at: nil, tolerance: 0),
            "no weather {temperatureCelsius: 19 +- 0.39} at all; nearest miss: \(line(5))"),
        .init(
            .present(select("location", ("lat", number(37.7954, 0.0000029))), at: nil, tolerance: 0),
            "no location {lat: 37.7954 +- 2.9e-06} at all; nearest miss: \(line(4))"),
        // A field the event type never has fails, naming the type's fields: as a typo, it
        // would make an `absent` hold whatever the run did.
        .init(
            .present(select("location", ("floor", number(1))), at: nil, tolerance: 0),
            "unknown field 'floor'; fields of location: t, offset, type, lat, lon, altitude, horizontalAccuracy, verticalAccuracy, speed, course, index, cached, truth"
        ),
        // A string is not a number, nor a number a string, nor a string a boolean.
        .init(
            .present(select("location", ("index", .string("1"))), at: nil, tolerance: 0),
            #"no location {index: "1"} at all; nearest miss: "# + line(4)),
        // A field whose values form a closed set takes a string of the set: anything else
        // could never match, so it fails naming the set (issue 41).
        .init(
            .present(select("prompt", ("answer", number(1))), at: nil, tolerance: 0),
            "prompt.answer is a string, one of allow, once, deny; 1 never matches it"),
        .init(
            .absent(select("authorization", ("to", .string("denyed"))), after: nil, before: nil),
            "unknown value 'denyed' (did you mean 'denied'?); authorization.to is one of: notDetermined, restricted, denied, authorizedWhenInUse, authorizedAlways"
        ),
        .init(
            .absent(select("call", ("method", .string("startUpdatingLocations"))), after: nil, before: nil),
            "unknown value 'startUpdatingLocations' (did you mean 'startUpdatingLocation'?); call.method is one of: requestWhenInUseAuthorization, requestAlwaysAuthorization, startUpdatingLocation, stopUpdatingLocation, requestLocation, requestTemporaryFullAccuracyAuthorization, startMonitoring, stopMonitoring, requestState, startMonitoringSignificantLocationChanges, stopMonitoringSignificantLocationChanges, startMonitoringVisits, stopMonitoringVisits, serviceSession, backgroundActivitySession"
        ),
        .init(
            .absent(select("region", ("change", .string("entered"))), after: nil, before: nil),
            "unknown value 'entered' (did you mean 'enter'?); region.change is one of: started, enter, exit, inside, outside, unknown, stopped, satisfied, unsatisfied, unmonitored"
        ),
        .init(
            .end([field("reason", .string("finshed"))]),
            "unknown value 'finshed' (did you mean 'finished'?); end.reason is one of: finished, interrupted, error"),
        .init(
            .present(select("weather", ("stale", .string("false"))), at: nil, tolerance: 0),
            #"no weather {stale: "false"} at all; nearest miss: "# + line(5)),
        .init(
            .present(select("weather", ("fetchMs", number(0))), at: nil, tolerance: 0),
            "no weather {fetchMs: 0} at all; nearest miss: \(line(5))"),
        .init(
            .present(select("location", ("altitude", compare(.greaterOrEqual, 0))), at: nil, tolerance: 0),
            "no location {altitude: >= 0} at all; nearest miss: \(line(4))"),
    ]

    @Test(arguments: subsetCases)
    func subsetMatching(_ testCase: EvaluatorCase) {
        check(testCase)
    }

    // MARK: order

    static let orderCases: [EvaluatorCase] = [
        .init(.order(first: select("prompt"), then: select("alert"))),
        .init(.order(first: select("start"), then: select("end"))),
        // Same offset, earlier in the timeline: before.
        .init(.order(first: select("authorization", ("to", .string("denied"))), then: select("alert"))),
        .init(.order(first: select("alert"), then: select("location", ("index", number(3))))),
        .init(
            .order(first: select("alert"), then: select("prompt")),
            "the first prompt (at 0s) came before the first alert (at 10m): \(line(2)) then \(line(8))"),
        .init(
            .order(first: select("locationError"), then: select("authorization", ("to", .string("denied")))),
            #"the first authorization {to: "denied"} (at 10m) came before the first locationError (at 10m): "#
                + "\(line(7)) then \(line(9))"),
        .init(
            .order(first: select("app"), then: select("alert")),
            "no app at all"),
        .init(
            .order(first: select("alert"), then: select("app", ("state", .string("background")))),
            #"no app {state: "background"} at all"#),
        .init(
            .order(first: select("alert"), then: select("authorization", ("to", .string("restricted")))),
            #"no authorization {to: "restricted"} at all; nearest miss: "# + line(1)),
        .init(
            .order(first: select("app"), then: select("weatherError")),
            "no app at all; no weatherError at all"),
        .init(
            .order(first: select("authorization"), then: select("authorization", ("cause", .string("initial")))),
            #"the first authorization is also the first authorization {cause: "initial"}: "# + line(1)),
    ]

    @Test(arguments: orderCases)
    func order(_ testCase: EvaluatorCase) {
        check(testCase)
    }

    // MARK: end

    static let endCases: [EvaluatorCase] = [
        .init(.end([])),
        .init(.end([field("weatherErrors", number(0)), field("locations", number(4))])),
        .init(.end([field("weatherErrors", compare(.equal, 0)), field("locations", compare(.greaterOrEqual, 4))])),
        .init(
            .end([
                field("simulatedSeconds", compare(.greater, 1199.9)), field("weatherNetworkFetches", compare(.less, 1)),
            ])),
        // 7080.6 - 7080 is 0.6000000000000364 in binary; a tolerance of 0.6 still covers it.
        .init(.end([field("distanceMeters", number(7080, 0.6))])),
        .init(.end([field("distanceMeters", number(7081.2, 0.6))])),
        .init(.end([field("locations", compare(.notEqual, 0))])),
        .init(
            .end([field("locations", compare(.greaterOrEqual, 100))]),
            "locations is 4, expected >= 100"),
        .init(
            .end([field("weatherErrors", number(3))]),
            "weatherErrors is 0, expected 3"),
        // `<` against the value itself fails (`< 1` with 0 passes, above).
        .init(
            .end([field("weatherErrors", compare(.less, 0))]),
            "weatherErrors is 0, expected < 0"),
        .init(
            .end([field("distanceMeters", number(7080, 0.5))]),
            "distanceMeters is 7080.6, expected 7080 +- 0.5"),
        .init(
            .end([field("distanceMeters", number(7081.2, 0.59))]),
            "distanceMeters is 7080.6, expected 7081.2 +- 0.59"),
        .init(
            .end([field("locations", .string("4"))]),
            #"locations is 4, expected "4""#),
        .init(
            .end([field("foo", number(1))]),
            "unknown field 'foo'; fields of end: t, offset, type, points, locations, distanceMeters, simulatedSeconds, wallSeconds, weatherLookups, weatherNetworkFetches, weatherCacheHits, weatherErrors, reason, message"
        ),
        .init(
            .end([field("location", number(4))]),
            "unknown field 'location' (did you mean 'locations'?); fields of end: t, offset, type, points, locations, distanceMeters, simulatedSeconds, wallSeconds, weatherLookups, weatherNetworkFetches, weatherCacheHits, weatherErrors, reason, message"
        ),
        .init(
            .end([
                field("locations", compare(.greaterOrEqual, 4)), field("weatherErrors", compare(.greater, 0)),
                field("wallSeconds", compare(.less, 0.01)),
            ]),
            "weatherErrors is 0, expected > 0; wallSeconds is 0.035, expected < 0.01"),
    ]

    @Test(arguments: endCases)
    func end(_ testCase: EvaluatorCase) {
        check(testCase)
    }

    @Test func endNeedsTheLastEventToBeEnd() {
        check(
            EvaluatorCase(.end([]), "the last event is location, not end: \(line(12))"),
            in: Array(timeline.dropLast()))
        check(EvaluatorCase(.end([field("locations", number(0))]), "the timeline is empty"), in: [])
    }

    // MARK: the evaluator with real events

    @Test func recordsOfTimelineEvents() {
        let time = Timestamp(secondsSince1970: 1_781_366_400)
        let events: [TimelineEvent] = [
            TimelineEvent(
                time: time, offsetSeconds: 0,
                kind: .authorization(
                    AuthorizationChange(
                        from: .notDetermined, to: .denied, accuracy: .full, servicesEnabled: true, cause: .initial))),
            TimelineEvent(time: time, offsetSeconds: 0, kind: .alert(message: "Location access is off.")),
            TimelineEvent(time: time, offsetSeconds: 0, kind: .locationError(.denied)),
            TimelineEvent(
                time: time, offsetSeconds: 60,
                kind: .end(
                    ReplaySummary(
                        locations: 0, distanceMeters: 84.1, simulatedSeconds: 60, wallSeconds: 0.002,
                        weather: WeatherStatistics(lookups: 0, networkFetches: 0, cacheHits: 0, errors: 0)))),
        ]
        let records = events.map(TimelineRecord.init)
        let expectations: [Expectation] = [
            .present(
                select("authorization", ("to", .string("denied")), ("servicesEnabled", .bool(true))), at: 0,
                tolerance: 0),
            .order(first: select("alert"), then: select("locationError", ("code", .string("denied")))),
            .absent(select("location"), after: nil, before: nil),
            .count(select("weather"), .exactly(0), window: .init()),
            .end([
                field("locations", number(0)), field("weatherLookups", number(0)),
                field("distanceMeters", number(84, 0.25)), field("simulatedSeconds", compare(.equal, 60)),
            ]),
        ]
        for expectation in expectations {
            let outcome = ExpectationEvaluator.evaluate(expectation, line: 1, in: records)
            #expect(outcome.passed, "\(expectation): \(outcome.detail ?? "")")
        }
        let missing = ExpectationEvaluator.evaluate(
            .present(select("prompt"), at: nil, tolerance: 0), line: 1, in: records)
        #expect(missing.detail == "no prompt at all")
    }

    // MARK: evidence of an expectation that held

    /// `check --format html` shows, beside each expectation that held, what made it hold. A
    /// `present` without a time held at its first match (later ones are not what made it);
    /// with a time, at the match inside the tolerance, not at the first of the run.
    @Test("the evidence a held expectation shows: the first match, or the match at its time")
    func evidenceOfHeldExpectations() {
        let cases: [(Expectation, String)] = [
            (.present(select("location"), at: nil, tolerance: 0), "at 0s: \(line(4))"),
            (
                .present(select("authorization", ("cause", .string("settings"))), at: nil, tolerance: 0),
                "at 10m: \(line(7))"
            ),
            (.present(select("location"), at: 605, tolerance: 1), "at 10m5s: \(line(10))"),
            (.present(select("location"), at: 900, tolerance: 2), "at 15m2s: \(line(12))"),
            (.count(select("location"), .atLeast(2), window: .init(from: 300)), "found 3"),
            (.absent(select("app"), after: nil, before: nil), "no app in the run"),
            (.absent(select("location"), after: 606, before: 900), "none in the window (4 outside it)"),
            (.order(first: select("prompt"), then: select("alert")), "first at 0s, then at 10m"),
            (.end([]), line(13)),
        ]
        for (expectation, evidence) in cases {
            #expect(ExpectationEvaluator.evaluate(expectation, line: 1, in: timeline).passed, "\(expectation)")
            #expect(ExpectationEvaluator.evidence(for: expectation, in: timeline) == evidence, "\(expectation)")
        }
    }

    // MARK: one line

    @Test func detailsStayOnOneLine() throws {
        let records = [
            CraftedTimelines.record(0, "alert", #""message":"two\nlines""#),
            CraftedTimelines.record(1, "end", #""message":"x""#),
        ]
        let outcome = ExpectationEvaluator.evaluate(
            .present(select("alert", ("message", .string("one\nline\r\n"))), at: nil, tolerance: 0), line: 3,
            in: records)
        let detail = try #require(outcome.detail)
        #expect(
            detail
                == #"no alert {message: "one\nline\r\n"} at all; nearest miss: {"t":"2026-06-13T16:00:00.000Z","offset":0,"type":"alert","message":"two\nlines"}"#
        )
        #expect(!detail.contains { $0.isNewline })
    }

    @Test(arguments: [
        (1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (10, "10th"), (11, "11th"), (12, "12th"),
        (13, "13th"), (21, "21st"), (22, "22nd"), (101, "101st"), (111, "111th"), (112, "112th"),
    ])
    func ordinals(_ n: Int, _ expected: String) {
        let records = (0...n).map { CraftedTimelines.record(Double($0), "location", "\"index\":\($0)") }
        let outcome = ExpectationEvaluator.evaluate(
            .count(select("location"), .atMost(n - 1), window: .init()), line: 1, in: records)
        #expect(outcome.detail == "found \(n + 1); the \(expected) (over the limit): \(records[n - 1].line)")
    }
}
