// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import AsyncHTTPClient
import Clocks
import Foundation
import Testing
import TrailcastWeatherServer
import TrailcastWeather
import Logging

@Suite("Injected faults: failures, truncated JSON, rate limit, latency, held requests, the seed")
struct FaultTests {
    let query = "hourly=temperature_2m&forecast_days=1"

    @Test("fail-rate 1: HTTP 500 with an error body")
    func fail() async throws {
        let answer = try await ServerHarness.run(faults: WeatherServerFaults(failRate: 1)) { server in
            try await server.forecast(query)
        }
        #expect(answer.status == 500)
        #expect(answer.contentType == "application/json")
        let json = try answer.json()
        #expect(try json.bool("error"))
        #expect(try !json.string("reason").isEmpty)
    }

    @Test("malformed-rate 1: HTTP 200 whose body is the start of a good answer and not valid JSON")
    func malformed() async throws {
        let answer = try await ServerHarness.run(faults: WeatherServerFaults(malformedRate: 1)) { server in
            try await server.forecast(query)
        }
        #expect(answer.status == 200)
        #expect(answer.text.hasPrefix(#"{"latitude":47.3769,"longitude":8.5417,"#))
        #expect(answer.bytes.count > 100)
        #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: Data(answer.bytes)) }
    }

    @Test("malformed answers are only made of good ones: a 400 stays a whole 400")
    func malformedLeavesErrorsAlone() async throws {
        let answer = try await ServerHarness.run(faults: WeatherServerFaults(malformedRate: 1)) { server in
            try await server.get("/v1/forecast?latitude=95&longitude=0")
        }
        #expect(answer.status == 400)
        #expect(try answer.json().bool("error"))
    }

    @Test("rate-limit 2: the third request in a minute gets 429 with Open-Meteo's body; /health does not count")
    func rateLimit() async throws {
        let clock = ContinuousClock()
        let firstSent = clock.now
        let answers = try await ServerHarness.run(faults: WeatherServerFaults(rateLimitPerMinute: 2)) { server in
            var answers: [Fetched] = []
            answers.append(try await server.forecast(query))
            let health = try await server.get("/health")
            #expect(health.status == 200)
            answers.append(try await server.forecast(query))
            answers.append(try await server.forecast(query))
            answers.append(try await server.get("/v1/archive?\(zurich)&start_date=2020-01-01&end_date=2020-01-01"))
            return answers
        }
        // The window is the server's real minute: on a machine so loaded that the four
        // requests took longer, the first has left it and the last may be answered.
        if clock.now - firstSent < .seconds(60) {
            #expect(answers.map(\.status) == [200, 200, 429, 429])
        } else {
            #expect(answers.map(\.status).prefix(2) == [200, 200])
            #expect(answers.dropFirst(2).allSatisfy { [200, 429].contains($0.status) })
        }
        guard answers[2].status == 429 else { return }
        #expect(
            answers[2].text
                == #"{"error":true,"reason":"Minutely API request limit exceeded. Please try again in one minute."}"#)
        #expect(answers[2].contentType == "application/json")
    }

    /// The window is the minute before a request: a request counted exactly 60 s earlier
    /// has left it, one 59.999 s earlier has not. A refused request is not counted.
    @Test("rate-limit 1: refused 59.999 s after the answered request, answered at 60 s")
    func rateLimitWindowEdge() {
        let schedule = FaultSchedule(WeatherServerFaults(rateLimitPerMinute: 1))
        let start = ContinuousClock.now
        #expect(!schedule.next(at: start).rateLimited)
        #expect(schedule.next(at: start.advanced(by: .milliseconds(59_999))).rateLimited)
        #expect(!schedule.next(at: start.advanced(by: .seconds(60))).rateLimited)
        #expect(schedule.next(at: start.advanced(by: .milliseconds(119_999))).rateLimited)
        #expect(!schedule.next(at: start.advanced(by: .seconds(120))).rateLimited)
    }

    @Test("latency: the answer takes at least the latency, and is still a good answer")
    func latency() async throws {
        let latency = Duration.milliseconds(300)
        let (answer, elapsed) = try await ServerHarness.run(faults: WeatherServerFaults(latency: latency)) { server in
            let clock = ContinuousClock()
            let started = clock.now
            let answer = try await server.forecast(query)
            return (answer, started.duration(to: clock.now))
        }
        #expect(answer.status == 200)
        #expect(elapsed >= latency)
    }

    @Test(
        "timeout-rate 1: a client that gives up gets no answer, and the server stops holding; held requests do not delay shutdown"
    )
    func timeout() async throws {
        let log = CapturedLog()
        let clock = ContinuousClock()
        let shutdownStarted = try await ServerHarness.run(
            faults: WeatherServerFaults(timeoutRate: 1), log: log, logLevel: .debug
        ) { server in
            // A client that gives up once the server holds its request. It gives up by
            // cancelling, not by a short timeout: a timeout can pass on a loaded machine
            // before the request reaches the server, which then has nothing to log.
            let impatient = Task { try await server.get("/v1/forecast?\(zurich)&impatient=1", timeout: .seconds(600)) }
            try await log.waitForLine(containing: "impatient=1 held without an answer")
            impatient.cancel()
            await #expect(throws: (any Error).self) { _ = try await impatient.value }
            // The server noticed the closed connection and ended the hold. Without that the
            // hold lasts its 600 s, far past the harness's patience of a minute, itself far
            // beyond any machine's slowness.
            try await log.waitForLine(containing: "impatient=1 no-answer")

            // A patient client whose request is still held when the server stops.
            let patient = Task { try await server.get("/v1/forecast?\(zurich)&patient=1", timeout: .seconds(600)) }
            try await log.waitForLine(containing: "patient=1 held without an answer")
            return (clock.now, patient)
        }
        let (stopping, patient) = shutdownStarted
        // withRunningServer returned: the held request (600 s) did not keep the server up. The
        // bound leaves room for a slow, busy machine (a shutdown takes ~10 ms when idle),
        // and is still half the held request's 600 s.
        #expect(stopping.duration(to: clock.now) < .seconds(300))
        // The patient client saw its connection closed, not an answer.
        await #expect(throws: (any Error).self) { _ = try await patient.value }
        #expect(log.all.contains { $0.contains("patient=1 no-answer") && $0.hasSuffix("fault=timeout") })
        #expect(log.all.contains { $0.contains("impatient=1 no-answer") && $0.hasSuffix("fault=timeout") })
    }

    /// A request nobody ends is let go after ten minutes: a client waiting longer sees its
    /// connection closed, not a server that holds it for ever. On a test clock: the hold's
    /// end is fixed before the line saying it began.
    @Test("timeout-rate 1: a hold nobody ends is let go at ten minutes of its clock, not before")
    func holdLetGoAtTenMinutes() async throws {
        let log = CapturedLog()
        let clock = TestClock()
        try await ServerHarness.run(
            faults: WeatherServerFaults(timeoutRate: 1), log: log, logLevel: .debug, holdClock: clock
        ) { server in
            let held = Task { try await server.get("/v1/forecast?\(zurich)&held=1", timeout: .seconds(3600)) }
            try await log.waitForLine(containing: "held=1 held without an answer")
            await clock.advance(by: .seconds(599))
            // A round trip of another request: time enough for a hold let go too early to
            // have said so.
            #expect(try await server.get("/health").status == 200)
            #expect(!log.all.contains { $0.contains("held=1 no-answer") }, "let go before ten minutes")
            await clock.advance(by: .seconds(1))
            try await log.waitForLine(containing: "held=1 no-answer")
            await #expect(throws: (any Error).self) { _ = try await held.value }
        }
    }

    /// The statuses of 24 requests in a row.
    static func statuses(seed: UInt64) async throws -> [Int] {
        try await ServerHarness.run(faults: WeatherServerFaults(failRate: 0.5, seed: seed)) { server in
            var statuses: [Int] = []
            for _ in 0..<24 {
                statuses.append(try await server.forecast("forecast_days=0").status)
            }
            return statuses
        }
    }

    @Test("the seed: the same seed gives the same faults in the same order, another seed others")
    func seed() async throws {
        let first = try await Self.statuses(seed: 42)
        let again = try await Self.statuses(seed: 42)
        let other = try await Self.statuses(seed: 43)
        #expect(first == again)
        #expect(first != other)
        #expect(Set(first) == [200, 500], "fail-rate 0.5 over 24 requests gives both: \(first)")
    }
}
