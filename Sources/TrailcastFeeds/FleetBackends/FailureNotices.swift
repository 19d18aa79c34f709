// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import TrailcastBasics

/// The first of each kind of failure, said once as it happens: `the OwnTracks HTTP backend
/// answered 401 Unauthorized: check the login (--http-user, TRAILCAST_HTTP_PASSWORD)`. The
/// counts say how many; this says at once that something is wrong, and what to look at.
final class FailureNotices: Sendable {
    private let what: String
    private let notice: @Sendable (String) -> Void
    /// Over TLS with no client certificate: a 400 may be a server asking for one.
    private let withoutClientCertificate: Bool
    private let seen = LockedValue<Set<String>>([])

    init(what: String, notice: @escaping @Sendable (String) -> Void, withoutClientCertificate: Bool = false) {
        self.what = what
        self.notice = notice
        self.withoutClientCertificate = withoutClientCertificate
    }

    /// `cause`: a status (`401 Unauthorized`), `no answer in 10 s`, or with `connecting` why a
    /// connection could not be made.
    func report(_ cause: String, connecting: Bool = false) {
        let first = seen.withLock { $0.insert((connecting ? "connect " : "") + cause).inserted }
        guard first else { return }
        if connecting {
            notice("cannot connect to \(what): \(cause) (the fleet keeps trying, with backoff)")
            return
        }
        let code = Int(cause.prefix(3)) ?? 0
        let hint: String
        switch code {
        case 401, 403: hint = ": check the login (--http-user, TRAILCAST_HTTP_PASSWORD or --http-password-file)"
        case 400 where withoutClientCertificate:
            // nginx's `ssl_verify_client on` lets the handshake through and answers 400
            // ("No required SSL certificate was sent") to each request without one.
            hint =
                ": a server that asks for a client certificate answers so without one (--http-cert FILE --http-key FILE)"
        case 404, 405: hint = ": check the URL's path (the OwnTracks recorder's is /pub)"
        case 500...599: hint = ": the server failed"
        default: hint = ""
        }
        notice(code == 0 ? "\(what) gave \(cause)" : "\(what) answered \(cause)\(hint)")
    }
}
