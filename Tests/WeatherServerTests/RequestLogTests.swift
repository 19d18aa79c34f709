// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastWeatherServer

/// serve-weather's request log: what a team reads to see how long its app's requests took.
@Suite("serve-weather's request log line")
struct RequestLogTests {
    @Test("the time in whole milliseconds, rounded down, whatever its size")
    func milliseconds() {
        let cases: [(Duration, String)] = [
            (.microseconds(2_417), "2 ms"),
            (.microseconds(2_999), "2 ms"),
            (.microseconds(999), "0 ms"),
            (.milliseconds(2_417), "2417 ms"),
            (.seconds(3) + .microseconds(999_999), "3999 ms"),
            (.seconds(600), "600000 ms"),
        ]
        for (elapsed, written) in cases {
            let line = RequestLog.line(
                method: "GET", target: "/v1/forecast?latitude=1&longitude=2", status: 200, elapsed: elapsed,
                faults: [])
            #expect(line == "GET /v1/forecast?latitude=1&longitude=2 200 \(written)", "\(elapsed)")
        }
    }

    @Test("a held request says no-answer; the faults follow, comma-separated")
    func heldAndFaults() {
        #expect(
            RequestLog.line(
                method: "GET", target: "/v1/forecast", status: nil, elapsed: .seconds(1), faults: ["timeout"])
                == "GET /v1/forecast no-answer 1000 ms fault=timeout")
        #expect(
            RequestLog.line(
                method: "POST", target: "/v1/archive", status: 200, elapsed: .milliseconds(300),
                faults: ["latency", "malformed"])
                == "POST /v1/archive 200 300 ms fault=latency,malformed")
    }
}
