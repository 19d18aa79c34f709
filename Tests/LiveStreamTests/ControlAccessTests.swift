// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import HTTPTypes
import Testing
@testable import TrailcastLive

/// Who may pause, resume or speed up a live run: the run's token, or the live page the
/// server itself served (its `Origin` is `http://` and a `Host` naming this machine).
@Suite("Live controls: the token or the server's own page")
struct ControlAccessTests {
    static let access = ControlAccess(token: "0123456789abcdef0123456789abcdef", servedHost: "0.0.0.0")

    static func refusal(origin: String?, host: String?, token: String? = nil) -> String? {
        var headers = HTTPFields()
        if let origin { headers[.origin] = origin }
        return access.refusal(headers: headers, authority: host, queryToken: token)
    }

    @Test(
        "the server's own page, by any name of this machine, is let in",
        arguments: [
            "127.0.0.1:8080", "localhost:8080", "LOCALHOST:8080", "[::1]:8080", "0.0.0.0:8080",
        ])
    func ownPage(host: String) {
        #expect(Self.refusal(origin: "http://" + host, host: host) == nil)
    }

    @Test("DNS rebinding: a site whose name points at 127.0.0.1 sends its own Origin and Host, and is refused")
    func rebinding() {
        #expect(
            Self.refusal(origin: "http://evil.example:8080", host: "evil.example:8080")
                == "the controls answer the live page and holders of the run's token, not pages from http://evil.example:8080"
        )
    }

    @Test("an Origin that is not the Host asked, or no Host, is refused")
    func otherOrigins() {
        #expect(Self.refusal(origin: "http://evil.example", host: "127.0.0.1:8080") != nil)
        #expect(Self.refusal(origin: "http://127.0.0.1:9999", host: "127.0.0.1:8080") != nil)
        #expect(Self.refusal(origin: "https://127.0.0.1:8080", host: "127.0.0.1:8080") != nil)
        #expect(Self.refusal(origin: "null", host: "127.0.0.1:8080") != nil)
        #expect(Self.refusal(origin: "http://127.0.0.1:8080", host: nil) != nil)
    }

    @Test("the token lets anyone in, from any page; a wrong token is refused even from the own page")
    func token() {
        #expect(Self.refusal(origin: "http://evil.example", host: "evil.example", token: Self.access.token) == nil)
        #expect(Self.refusal(origin: nil, host: nil, token: Self.access.token) == nil)
        #expect(
            Self.refusal(
                origin: "http://127.0.0.1:8080", host: "127.0.0.1:8080", token: "0123456789abcdef0123456789abcdee")
                == "the token is not this run's")
        #expect(
            Self.refusal(origin: nil, host: "127.0.0.1:8080")
                == "the controls need the run's token (printed at start: Authorization: Bearer TOKEN, or ?token=TOKEN) or the live page"
        )
    }

    @Test("a host's name is read without its port, IPv6 brackets kept")
    func hostNames() {
        #expect(ControlAccess.hostName("127.0.0.1:8080") == "127.0.0.1")
        #expect(ControlAccess.hostName("[::1]:8080") == "[::1]")
        #expect(ControlAccess.hostName("Example.COM") == "example.com")
    }
}
