// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastSettings
import TrailcastCoreLocation

/// `--event OFFSET:KEY=VALUE`: the offset spellings, every key and value, and the
/// message a user sees for each kind of mistake.
@Suite("Scheduled events and simulated offsets")
struct ScheduledEventTests {
    struct OffsetRow: Sendable, CustomTestStringConvertible {
        let text: String
        let milliseconds: Int64
        /// The shortest spelling, which `description` prints.
        let printed: String
        var testDescription: String { text }
    }

    static let validOffsets: [OffsetRow] = [
        OffsetRow(text: "45s", milliseconds: 45_000, printed: "45s"),
        OffsetRow(text: "10m", milliseconds: 600_000, printed: "10m"),
        OffsetRow(text: "1h5m", milliseconds: 3_900_000, printed: "1h5m"),
        OffsetRow(text: "250ms", milliseconds: 250, printed: "250ms"),
        OffsetRow(text: "1h", milliseconds: 3_600_000, printed: "1h"),
        OffsetRow(text: "1h5m30s", milliseconds: 3_930_000, printed: "1h5m30s"),
        OffsetRow(text: "1h0m0s250ms", milliseconds: 3_600_250, printed: "1h0.25s"),
        OffsetRow(text: "1s500ms", milliseconds: 1_500, printed: "1.5s"),
        OffsetRow(text: "1.5s", milliseconds: 1_500, printed: "1.5s"),
        OffsetRow(text: "2.5m", milliseconds: 150_000, printed: "2m30s"),
        OffsetRow(text: "0.5h", milliseconds: 1_800_000, printed: "30m"),
        OffsetRow(text: "90s", milliseconds: 90_000, printed: "1m30s"),
        OffsetRow(text: "90", milliseconds: 90_000, printed: "1m30s"),
        OffsetRow(text: "1.25", milliseconds: 1_250, printed: "1.25s"),
        OffsetRow(text: "0", milliseconds: 0, printed: "0s"),
        OffsetRow(text: "0s", milliseconds: 0, printed: "0s"),
        OffsetRow(text: "0ms", milliseconds: 0, printed: "0s"),
        OffsetRow(text: "1ms", milliseconds: 1, printed: "1ms"),
        OffsetRow(text: "1m0.25s", milliseconds: 60_250, printed: "1m0.25s"),
        OffsetRow(text: "1.001s", milliseconds: 1_001, printed: "1.001s"),
        OffsetRow(text: "10m0.05s", milliseconds: 600_050, printed: "10m0.05s"),
        OffsetRow(text: "24h", milliseconds: 86_400_000, printed: "24h"),
        OffsetRow(text: "100h", milliseconds: 360_000_000, printed: "100h"),
        OffsetRow(text: "0.0004s", milliseconds: 0, printed: "0s"),
        OffsetRow(text: "1.5ms", milliseconds: 2, printed: "2ms"),
        // The longest spans an offset holds, just under 10^12 seconds, bare and with units.
        OffsetRow(text: "999999999999", milliseconds: 999_999_999_999_000, printed: "277777777h46m39s"),
        OffsetRow(text: "277777777h", milliseconds: 999_999_997_200_000, printed: "277777777h"),
    ]

    @Test(arguments: validOffsets)
    func parsesAndPrintsOffsets(_ row: OffsetRow) throws {
        let offset = try #require(SimulatedOffset(row.text))
        #expect(offset.milliseconds == row.milliseconds)
        #expect(offset.seconds == Double(row.milliseconds) / 1000)
        #expect(offset.description == row.printed)
        #expect(SimulatedOffset(row.printed) == offset, "the printed form parses back")
    }

    static let invalidOffsets: [String] = [
        "", " ", "s", "ms", "m5", "5x", "5 s", " 5s", "5s ", "5S", "5M", "5sec", "5min",
        "-5", "-5s", "5m-1s", "5m1h", "1m1m", "1s1m", "1ms1s", "1h1h", "5m5", "1.5.5s",
        "inf", "nan", "infinity", "1e400", "1e3s", "1_000s", "1,5s",
        // Double's parser takes these, an offset does not.
        "1e3", "0x10", "+5", "٣s",
        // Spans beyond the ~31,700 years an offset can hold are refused, not trapped on.
        "1e12", "1e300", "999999999999999999999", "277777778h",
        // 10^12 seconds itself, bare and as 277777777h46m40s.
        "1000000000000", "277777777h46m40s",
    ]

    @Test(arguments: invalidOffsets)
    func refusesMalformedOffsets(_ text: String) {
        #expect(SimulatedOffset(text) == nil)
    }

    /// Every millisecond count prints as a spelling that parses back to it.
    @Test func everyOffsetRoundTripsThroughItsDescription() throws {
        var values: [Int64] = Array(0...2_000)
        var value: Int64 = 1
        while value < 900_000_000_000 {
            values += [value - 1, value, value + 1, value * 7 + 3, value * 13 + 999]
            value *= 3
        }
        values += [59_999, 60_000, 60_001, 3_599_999, 3_600_000, 3_600_001, 86_399_999]
        for milliseconds in values {
            let offset = SimulatedOffset(milliseconds: milliseconds)
            let parsed = try #require(SimulatedOffset(offset.description), "\(offset.description)")
            #expect(parsed == offset, "\(milliseconds) printed as \(offset.description)")
        }
    }

    @Test func secondsRoundToTheNearestMillisecondAndOrderByTime() {
        #expect(SimulatedOffset(seconds: 1.0004).milliseconds == 1_000)
        #expect(SimulatedOffset(seconds: 1.0006).milliseconds == 1_001)
        #expect(SimulatedOffset(seconds: 90).description == "1m30s")
        #expect(SimulatedOffset("59s")! < SimulatedOffset("1m")!)
        #expect(SimulatedOffset("1h")! > SimulatedOffset("59m59.999s")!)
        #expect(SimulatedOffset("60s") == SimulatedOffset("1m"))
    }

    // MARK: - Events

    struct EventRow: Sendable, CustomTestStringConvertible {
        let argument: String
        let event: ScheduledEvent
        /// How the event prints: the short command-line spelling.
        let printed: String
        var testDescription: String { argument }
    }

    static func event(_ milliseconds: Int64, _ change: ScheduledEvent.Change) -> ScheduledEvent {
        ScheduledEvent(offset: SimulatedOffset(milliseconds: milliseconds), change: change)
    }

    static let validEvents: [EventRow] = [
        EventRow(
            argument: "10m:authorization=notDetermined", event: event(600_000, .authorization(.notDetermined)),
            printed: "10m:authorization=notDetermined"),
        EventRow(
            argument: "10m:authorization=restricted", event: event(600_000, .authorization(.restricted)),
            printed: "10m:authorization=restricted"),
        EventRow(
            argument: "10m:authorization=denied", event: event(600_000, .authorization(.denied)),
            printed: "10m:authorization=denied"),
        EventRow(
            argument: "45s:authorization=whenInUse", event: event(45_000, .authorization(.authorizedWhenInUse)),
            printed: "45s:authorization=whenInUse"),
        EventRow(
            argument: "45s:authorization=always", event: event(45_000, .authorization(.authorizedAlways)),
            printed: "45s:authorization=always"),
        EventRow(
            argument: "45s:authorization=authorizedWhenInUse",
            event: event(45_000, .authorization(.authorizedWhenInUse)), printed: "45s:authorization=whenInUse"),
        EventRow(
            argument: "45s:authorization=authorizedAlways",
            event: event(45_000, .authorization(.authorizedAlways)), printed: "45s:authorization=always"),
        EventRow(
            argument: "1h5m:accuracy=reduced", event: event(3_900_000, .accuracy(.reduced)),
            printed: "1h5m:accuracy=reduced"),
        EventRow(
            argument: "1h5m:accuracy=full", event: event(3_900_000, .accuracy(.full)),
            printed: "1h5m:accuracy=full"),
        EventRow(
            argument: "250ms:services=off", event: event(250, .services(enabled: false)),
            printed: "250ms:services=off"),
        EventRow(
            argument: "250ms:services=on", event: event(250, .services(enabled: true)),
            printed: "250ms:services=on"),
        EventRow(
            argument: "90:app=background", event: event(90_000, .app(.background)),
            printed: "1m30s:app=background"),
        EventRow(argument: "0s:app=foreground", event: event(0, .app(.foreground)), printed: "0s:app=foreground"),
        EventRow(argument: "0:app=foreground", event: event(0, .app(.foreground)), printed: "0s:app=foreground"),
    ]

    @Test(arguments: validEvents)
    func parsesEveryKeyAndValue(_ row: EventRow) throws {
        let event = try ScheduledEvent(parsing: row.argument)
        #expect(event == row.event)
        #expect(event.description == row.printed)
        #expect(try ScheduledEvent(parsing: event.description) == event, "the printed form parses back")
    }

    struct ErrorRow: Sendable, CustomTestStringConvertible {
        let argument: String
        let reason: String
        var testDescription: String { argument }
    }

    static let invalidEvents: [ErrorRow] = [
        ErrorRow(argument: "", reason: "expected OFFSET:KEY=VALUE, such as 10m:authorization=denied"),
        ErrorRow(argument: "10m", reason: "expected OFFSET:KEY=VALUE, such as 10m:authorization=denied"),
        ErrorRow(
            argument: "authorization=denied", reason: "expected OFFSET:KEY=VALUE, such as 10m:authorization=denied"),
        ErrorRow(
            argument: "10x:app=background",
            reason: "'10x' is not an offset; use forms like 45s, 10m, 1h5m, 250ms"),
        ErrorRow(argument: ":app=background", reason: "'' is not an offset; use forms like 45s, 10m, 1h5m, 250ms"),
        ErrorRow(
            argument: "-5s:app=background",
            reason: "the offset must be 0 or more (from the run's start), not -5s"),
        ErrorRow(argument: "10m:", reason: "expected KEY=VALUE after the offset"),
        ErrorRow(argument: "10m:app", reason: "expected KEY=VALUE after the offset"),
        ErrorRow(
            argument: "10m:=on", reason: "unknown key ''; use authorization, accuracy, services, app, signal or tap"),
        ErrorRow(
            argument: "10m:color=red",
            reason: "unknown key 'color'; use authorization, accuracy, services, app, signal or tap"),
        ErrorRow(
            argument: "10m:App=background",
            reason: "unknown key 'App' (did you mean 'app'?); use authorization, accuracy, services, app, signal or tap"
        ),
        ErrorRow(
            argument: "1h:5m:app=background",
            reason: "unknown key '5m:app'; use authorization, accuracy, services, app, signal or tap"),
        ErrorRow(
            argument: "10m:authorization=maybe",
            reason: "'maybe' is not a valid authorization; use notDetermined, restricted, denied, whenInUse, always"),
        ErrorRow(
            argument: "10m:authorization=Denied",
            reason:
                "'Denied' is not a valid authorization (did you mean 'denied'?); use notDetermined, restricted, denied, whenInUse, always"
        ),
        ErrorRow(
            argument: "10m:authorization=",
            reason: "'' is not a valid authorization; use notDetermined, restricted, denied, whenInUse, always"),
        ErrorRow(argument: "10m:accuracy=precise", reason: "'precise' is not a valid accuracy; use full, reduced"),
        ErrorRow(argument: "10m:services=true", reason: "'true' is not a valid services; use on, off"),
        ErrorRow(argument: "10m:services=on=off", reason: "'on=off' is not a valid services; use on, off"),
        ErrorRow(
            argument: "10m:app=suspended",
            reason: "'suspended' is not a valid app; use background, foreground, terminated"),
        ErrorRow(
            argument: "10m:app= background",
            reason:
                "' background' is not a valid app (did you mean 'background'?); use background, foreground, terminated"),
    ]

    @Test(arguments: invalidEvents)
    func explainsWhatIsWrong(_ row: ErrorRow) {
        do {
            let event = try ScheduledEvent(parsing: row.argument)
            Issue.record("parsed as \(event)")
        } catch {
            #expect(error.argument == row.argument)
            #expect(error.reason == row.reason)
            #expect(error.description == "invalid event '\(row.argument)': \(row.reason)")
        }
    }
}
