// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastOpenMeteo
import Testing
import TrailcastWeather

@Suite struct OpenMeteoErrorBodyTests {
    @Test func parsesOpenMeteosErrorBody() throws {
        let body = #"{"error":true,"reason":"Latitude must be in range of -90 to 90°. Given: 95.0."}"#
        let parsed = try #require(OpenMeteoErrorBody.parse(Array(body.utf8)))
        #expect(parsed.singleLineReason == "Latitude must be in range of -90 to 90°. Given: 95.0.")
    }

    @Test(arguments: [
        "<html><body>502 Bad Gateway</body></html>",
        "",
        #"{"error":false,"reason":"fine"}"#,
        #"{"reason":"no error flag"}"#,
    ])
    func otherBodiesAreNotErrorBodies(body: String) {
        #expect(OpenMeteoErrorBody.parse(Array(body.utf8)) == nil)
    }

    @Test func reasonsAreOneShortLine() throws {
        let long = String(repeating: "very ", count: 100)
        let body = #"{"error":true,"reason":"  Cannot\n  initialize \#(long) "}"#
        let parsed = try #require(OpenMeteoErrorBody.parse(Array(body.utf8)))
        #expect(parsed.singleLineReason.hasPrefix("Cannot initialize very very"))
        #expect(!parsed.singleLineReason.contains("\n"))
        #expect(parsed.singleLineReason.count == 300)
    }

    /// 300 characters is the limit, not over it: a reason of exactly 300 is kept whole; one
    /// of 301 is cut to 299 and an ellipsis, 300 in all.
    @Test func aReasonOfThreeHundredCharactersIsKeptWhole() throws {
        let exactly = String(repeating: "a", count: 300)
        let whole = try #require(OpenMeteoErrorBody.parse(Array(#"{"error":true,"reason":"\#(exactly)"}"#.utf8)))
        #expect(whole.singleLineReason == exactly)
        let over = try #require(OpenMeteoErrorBody.parse(Array(#"{"error":true,"reason":"\#(exactly)b"}"#.utf8)))
        #expect(over.singleLineReason == String(repeating: "a", count: 299) + "…")
    }
}
