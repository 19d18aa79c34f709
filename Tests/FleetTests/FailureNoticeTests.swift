// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Testing
import TrailcastBasics
@testable import TrailcastFeeds

/// The fleet's first-of-a-kind notices and the sum of its counts: what the operator reads
/// first, and what the summary adds up.
@Suite("The fleet's failure notices and summed counts")
struct FailureNoticeTests {
    /// Notices said, in order.
    final class Said: Sendable {
        let lines = LockedValue<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func notices(what: String, withoutClientCertificate: Bool = false) -> FailureNotices {
            FailureNotices(
                what: what, notice: { line in self.lines.withLock { $0.append(line) } },
                withoutClientCertificate: withoutClientCertificate)
        }
    }

    /// The summary's causes, most frequent first (what to fix first), ties by name.
    @Test("failure causes: most frequent first, ties in name order")
    func causesMostFirst() {
        var counts = ConnectionCounts()
        counts.failureCauses = ["timed out": 3, "connection refused": 12, "not authorized": 3, "reset": 1]
        #expect(counts.failureCausesText == "connection refused: 12, not authorized: 3, timed out: 3, reset: 1")
        #expect(ConnectionCounts().failureCausesText == "")
    }

    @Test("each status with the hint of what to check; each said once")
    func hints() {
        let said = Said()
        let notices = said.notices(what: "the OsmAnd server")
        for cause in [
            "401 Unauthorized", "403 Forbidden", "404 Not Found", "405 Method Not Allowed", "400 Bad Request",
            "502 Bad Gateway", "no answer in 10 s", "405 Method Not Allowed", "401 Unauthorized",
            // The edges of each range: every 5xx is the server's failure, a 4xx the hints do
            // not name has none.
            "500 Internal Server Error", "599 Network Connect Timeout Error", "499 Client Closed Request",
            "402 Payment Required",
        ] {
            notices.report(cause)
        }
        notices.report("connection refused", connecting: true)
        notices.report("connection refused", connecting: true)
        #expect(
            said.all == [
                "the OsmAnd server answered 401 Unauthorized: check the login (--http-user, TRAILCAST_HTTP_PASSWORD or --http-password-file)",
                "the OsmAnd server answered 403 Forbidden: check the login (--http-user, TRAILCAST_HTTP_PASSWORD or --http-password-file)",
                "the OsmAnd server answered 404 Not Found: check the URL's path (the OwnTracks recorder's is /pub)",
                "the OsmAnd server answered 405 Method Not Allowed: check the URL's path (the OwnTracks recorder's is /pub)",
                "the OsmAnd server answered 400 Bad Request",
                "the OsmAnd server answered 502 Bad Gateway: the server failed",
                "the OsmAnd server gave no answer in 10 s",
                "the OsmAnd server answered 500 Internal Server Error: the server failed",
                "the OsmAnd server answered 599 Network Connect Timeout Error: the server failed",
                "the OsmAnd server answered 499 Client Closed Request",
                "the OsmAnd server answered 402 Payment Required",
                "cannot connect to the OsmAnd server: connection refused (the fleet keeps trying, with backoff)",
            ])
    }

    @Test("a 400 over TLS without a client certificate: the certificate's hint; with one, or over plain HTTP, none")
    func clientCertificateHint() {
        let said = Said()
        said.notices(what: "the HTTPS server", withoutClientCertificate: true).report("400 Bad Request")
        said.notices(what: "the HTTP server").report("400 Bad Request")
        #expect(
            said.all == [
                "the HTTPS server answered 400 Bad Request: a server that asks for a client certificate answers so without one (--http-cert FILE --http-key FILE)",
                "the HTTP server answered 400 Bad Request",
            ])
    }

    @Test("two counts add up field by field, the error causes by cause")
    func countsAdd() {
        var left = DeliveryCounts()
        left.sent = 10
        left.acknowledged = 4
        left.errors = 6
        left.errorCauses = ["401 Unauthorized": 5, "no answer in 10 s": 1]
        var right = DeliveryCounts()
        right.sent = 7
        right.refused = 1
        right.lost = 2
        right.errors = 3
        right.inFlight = 1
        right.errorCauses = ["401 Unauthorized": 3]
        let sum = left + right
        #expect(
            sum.sent == 17 && sum.acknowledged == 4 && sum.refused == 1 && sum.lost == 2 && sum.errors == 9
                && sum.inFlight == 1)
        #expect(sum.errorCauses == ["401 Unauthorized": 8, "no answer in 10 s": 1])
        #expect(sum.causesText == "401 Unauthorized: 8, no answer in 10 s: 1")
        #expect(sum.addsUp)
    }

    @Test("the store's report: missing and extra, never below zero")
    func storeReport() {
        let more = RecorderStoreCheck.Report(expected: 5, stored: 7, waitedSeconds: 1, storedPerSecond: 2, error: nil)
        #expect(more.missing == 0 && more.extra == 2)
        let fewer = RecorderStoreCheck.Report(expected: 7, stored: 5, waitedSeconds: 1, storedPerSecond: 2, error: nil)
        #expect(fewer.missing == 2 && fewer.extra == 0)
    }
}
