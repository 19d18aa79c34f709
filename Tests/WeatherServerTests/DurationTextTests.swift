// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastWeatherServer
import TrailcastWeather

@Suite("DurationText: --latency values as people type them")
struct DurationTextTests {
    @Test(
        "durations",
        arguments: [
            ("250ms", Duration.milliseconds(250)), ("2s", .seconds(2)), ("1m", .seconds(60)), ("1h", .seconds(3600)),
            ("1.5s", .milliseconds(1500)), ("1m30s", .seconds(90)), ("0", .zero), ("3", .seconds(3)),
            ("0.25", .milliseconds(250)), ("2MIN", .seconds(120)),
            // A year of 366 days is the most, written either way.
            ("31622400", .seconds(31_622_400)), ("8784h", .seconds(31_622_400)),
        ])
    func parses(text: String, duration: Duration) {
        #expect(DurationText.parse(text) == duration)
    }

    @Test(
        "not durations",
        arguments: [
            "", "soon", "-1s", "5 s", "1.2.3s", "ms", "10y", "nan", "inf", "9999h", "-1", "31622400.001", "8784h1ms",
            "1e20", "1e300",
        ])
    func rejects(text: String) {
        #expect(DurationText.parse(text) == nil)
    }
}

@Suite("WeatherServerFaults.problem: settings a server cannot use")
struct WeatherServerFaultsTests {
    @Test(
        "usable settings",
        arguments: [
            WeatherServerFaults(),
            WeatherServerFaults(failRate: 1, timeoutRate: 0, malformedRate: 0.5, rateLimitPerMinute: 0),
        ])
    func usable(faults: WeatherServerFaults) {
        #expect(faults.problem == nil)
    }

    @Test(
        "unusable settings",
        arguments: [
            (WeatherServerFaults(failRate: 1.5), "the fail rate must be within 0...1, not 1.5"),
            (WeatherServerFaults(timeoutRate: -0.1), "the timeout rate must be within 0...1, not -0.1"),
            (WeatherServerFaults(malformedRate: .nan), "the malformed rate must be within 0...1, not nan"),
            (WeatherServerFaults(latency: .seconds(-1)), "the latency must not be negative"),
            (WeatherServerFaults(rateLimitPerMinute: -1), "the rate limit must not be negative, not -1"),
        ])
    func unusable(faults: WeatherServerFaults, problem: String) {
        #expect(faults.problem == problem)
    }
}
