// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastWeather
@testable import TrailcastOpenMeteo

/// Which failures may pass, and how long their words may be, at the edges of the rules.
@Suite("Open-Meteo failures at their edges")
struct OpenMeteoFailureEdgeTests {
    @Test(
        "429 and every 5xx may pass (a retry, a back-off); 428, 499 and 600 will not",
        arguments: [(429, true), (500, true), (599, true), (428, false), (499, false), (600, false)])
    func transientStatuses(status: Int, transient: Bool) {
        let failure = OpenMeteoClient.httpFailure(status: status, body: nil, authority: "127.0.0.1:9")
        #expect(failure.isTransient == transient)
        #expect(failure.message == "HTTP \(status) from 127.0.0.1:9")
    }

    struct Described: Error, CustomStringConvertible {
        var description: String
    }

    @Test("an error's own words: 200 characters kept whole, 201 cut to 199 and an ellipsis")
    func errorWordsCut() {
        let configuration = OpenMeteoClient.Configuration()
        let whole = String(repeating: "w", count: 200)
        #expect(
            TransportFailure.failure(for: Described(description: whole), authority: "h:1", configuration: configuration)
                .message == "request to h:1 failed: " + whole)
        let long = String(repeating: "l", count: 201)
        #expect(
            TransportFailure.failure(for: Described(description: long), authority: "h:1", configuration: configuration)
                .message == "request to h:1 failed: " + String(repeating: "l", count: 199) + "…")
    }
}
