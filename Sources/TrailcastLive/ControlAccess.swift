// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
package import HTTPTypes

/// Who may use the live server's controls (`POST /pause`, `/resume`, `/speed`): they change
/// the run, so no page of another site may, although every page may read the stream.
///
/// A request is let in when either
/// - it carries the run's token (printed on stderr at start): `Authorization: Bearer TOKEN`,
///   `X-Trailcast-Token: TOKEN`, or `?token=TOKEN` (a page of the user's own, or a script); or
/// - its `Origin` is the server's own (`http://` and the `Host` it was asked by), as a page
///   the server served sends, and that `Host` names this machine (a loopback name or
///   address, or the address it was told to serve on), so that a site whose name is made to
///   point at 127.0.0.1 (DNS rebinding) is still another origin.
///
/// Browsers send `Origin` with every cross-origin request and every POST; a page opened from
/// a file sends `Origin: null`. So a page elsewhere is refused whatever it sends, and the
/// read-only `GET`s keep `Access-Control-Allow-Origin: *`.
package struct ControlAccess: Sendable {
    /// The run's token: 128 random bits in hex.
    package let token: String
    /// Host names (without port) the server answers to as itself.
    private let ownHosts: Set<String>

    /// `servedHost`: the host the server was told to listen on, besides the loopback names.
    package init(token: String = ControlAccess.makeToken(), servedHost: String) {
        self.token = token
        ownHosts = ["127.0.0.1", "localhost", "[::1]", "::1", servedHost.lowercased()]
    }

    /// A new token from the system's random source (a secret, not simulation noise: never seeded).
    package static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let value = generator.next() as UInt64
            let hex = String(value, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// Why the request may not use the controls, or nil if it may.
    /// `authority`: the request's `Host` (HTTP/1.1) or `:authority`.
    package func refusal(headers: HTTPFields, authority: String?, queryToken: String?) -> String? {
        if let presented = Self.presentedToken(headers, queryToken: queryToken) {
            return Self.constantTimeEqual(presented, token) ? nil : "the token is not this run's"
        }
        guard let origin = headers[.origin] else {
            return
                "the controls need the run's token (printed at start: Authorization: Bearer TOKEN, or ?token=TOKEN) or the live page"
        }
        guard let host = authority, origin == "http://" + host, ownHosts.contains(Self.hostName(host)) else {
            return "the controls answer the live page and holders of the run's token, not pages from \(origin)"
        }
        return nil
    }

    static let trailcastToken = HTTPField.Name("X-Trailcast-Token")!

    private static func presentedToken(_ headers: HTTPFields, queryToken: String?) -> String? {
        if let bearer = headers[.authorization], bearer.hasPrefix("Bearer ") {
            return String(bearer.dropFirst("Bearer ".count))
        }
        return headers[trailcastToken] ?? queryToken
    }

    /// `host` without its port: `127.0.0.1:8080` → `127.0.0.1`, `[::1]:8080` → `[::1]`.
    static func hostName(_ host: String) -> String {
        let lowered = host.lowercased()
        if lowered.hasPrefix("["), let close = lowered.firstIndex(of: "]") { return String(lowered[...close]) }
        return String(lowered.prefix { $0 != ":" })
    }

    /// Compares without stopping at the first difference, so the time taken says nothing
    /// of how much of a guess was right.
    private static func constantTimeEqual(_ left: String, _ right: String) -> Bool {
        let a = Array(left.utf8), b = Array(right.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
