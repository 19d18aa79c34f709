// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// `trailcast fleet` into an HTTP backend behind a login, as the OwnTracks recorder's README
/// sets it up: a real nginx with `auth_basic` in front of the receiver. The login as browsers
/// and the OwnTracks apps send it (`Authorization: Basic`), the password never on the command
/// line; a wrong one said at once, counted by its status, and the run's exit status 69.
@Suite("trailcast fleet: logins for HTTP backends, failures by cause, the exit status")
struct FleetHTTPLoginTests {
    static let login = (user: "fleet", password: "s3cret: with spaces")

    /// A receiver behind nginx asking for ``login`` at `/osmand/`.
    static func withGuardedReceiver<T>(devices: Int, _ body: (OsmAndReceiver, Nginx) async throws -> T) async throws
        -> T
    {
        let receiver = try await OsmAndReceiver.start(devices: OsmAndReceiver.deviceIDs(devices))
        defer { receiver.remove() }
        let nginx = try await Nginx.start(
            proxyingTo: receiver.port, at: "/osmand/", keepaliveRequests: 100, keepaliveTimeout: "10s", login: login)
        defer { nginx.stop() }
        return try await body(receiver, nginx)
    }

    @Test("--http-user with TRAILCAST_HTTP_PASSWORD, and https-style USER@ with a password file: every position in")
    func loggedIn() async throws {
        try await Self.withGuardedReceiver(devices: 5) { receiver, nginx in
            let (totals, _) = try await FleetOsmAndConnectionTests.run(
                receiver, devices: 5, seconds: 3, url: "http://127.0.0.1:\(nginx.port)/osmand",
                extra: ["--interval", "1", "--http-user", Self.login.user],
                environment: ["TRAILCAST_HTTP_PASSWORD": Self.login.password])
            #expect(totals.sent >= 10 && totals.acknowledged == totals.sent && totals.errors == 0, "\(totals)")
            #expect(try receiver.positions().count == totals.sent)
        }
        try await Self.withGuardedReceiver(devices: 3) { receiver, nginx in
            let scratch = try ScratchDirectory()
            defer { scratch.remove() }
            let file = scratch.url.appendingPathComponent("password")
            try (Self.login.password + "\n").write(to: file, atomically: true, encoding: .utf8)
            let (totals, _) = try await FleetOsmAndConnectionTests.run(
                receiver, devices: 3, seconds: 2, url: "http://\(Self.login.user)@127.0.0.1:\(nginx.port)/osmand",
                extra: ["--interval", "1", "--http-password-file", file.path])
            #expect(totals.acknowledged == totals.sent && totals.errors == 0, "\(totals)")
        }
    }

    @Test("a wrong password: said once at once, 401 counted in the summary and the progress, exit 69")
    func wrongPassword() async throws {
        try await Self.withGuardedReceiver(devices: 5) { receiver, nginx in
            let (totals, stderr) = try await FleetOsmAndConnectionTests.run(
                receiver, devices: 5, seconds: 3, url: "http://127.0.0.1:\(nginx.port)/osmand",
                extra: ["--interval", "1", "--http-user", Self.login.user], status: 69,
                environment: ["TRAILCAST_HTTP_PASSWORD": "wrong"])
            #expect(totals.sent >= 10 && totals.errors == totals.sent && totals.acknowledged == 0, "\(totals)")
            #expect(try receiver.positions().isEmpty)
            let notice =
                "the OsmAnd server answered 401 Unauthorized: check the login (--http-user, TRAILCAST_HTTP_PASSWORD or --http-password-file)"
            #expect(stderr.components(separatedBy: notice + "\n").count == 2, "said once: \(stderr)")
            #expect(
                stderr.contains("failedConnects 0 (errors: 401 Unauthorized: \(totals.sent)) | lag "),
                "the last progress line: \(stderr)")
            #expect(
                stderr.hasSuffix(
                    "trailcast: error: nothing was acknowledged: \(totals.sent) sent, \(totals.sent) failed (osmand: 401 Unauthorized: \(totals.sent))\n"
                ), "\(stderr)")
        }
    }

    @Test("no login at all where one is asked: 401 and exit 69; the summary's errors by cause")
    func noLogin() async throws {
        try await Self.withGuardedReceiver(devices: 2) { receiver, nginx in
            let scratch = try ScratchDirectory()
            defer { scratch.remove() }
            let summaryFile = scratch.url.appendingPathComponent("s.json")
            let run = try await TrailcastBinary.run(
                arguments: [
                    "fleet", "gpx/", "--devices", "2", "--osmand", "http://127.0.0.1:\(nginx.port)/osmand",
                    "--duration", "2s",
                    "--stagger", "0s", "--interval", "1", "--summary", summaryFile.path,
                ], waitsForASlot: false)
            #expect(run.status == 69, "\(run.stderr)")
            let summary = try FleetMQTTCommandTests.summary(summaryFile)
            let osmand = try #require((summary["backends"] as? [String: Any])?["osmand"] as? [String: Any])
            let errors = try #require(osmand["errors"] as? Int)
            #expect(errors >= 4)
            #expect(osmand["errorCauses"] as? [String: Int] == ["401 Unauthorized": errors])
        }
    }

    @Test("a server forbidding the path (403, nginx's deny all): said once at once with the login's hint, exit 69")
    func forbidden() async throws {
        let receiver = try await OsmAndReceiver.start(devices: OsmAndReceiver.deviceIDs(3))
        defer { receiver.remove() }
        let nginx = try await Nginx.start(
            proxyingTo: receiver.port, at: "/osmand/", keepaliveRequests: 100, keepaliveTimeout: "10s",
            forbidding: "/closed/")
        defer { nginx.stop() }
        let (totals, stderr) = try await FleetOsmAndConnectionTests.run(
            receiver, devices: 3, seconds: 2, url: "http://127.0.0.1:\(nginx.port)/closed", extra: ["--interval", "1"],
            status: 69)
        #expect(totals.sent >= 3 && totals.errors == totals.sent && totals.acknowledged == 0, "\(totals)")
        #expect(try receiver.positions().isEmpty)
        let notice =
            "the OsmAnd server answered 403 Forbidden: check the login (--http-user, TRAILCAST_HTTP_PASSWORD or --http-password-file)"
        #expect(stderr.components(separatedBy: notice + "\n").count == 2, "said once: \(stderr)")
        #expect(
            stderr.hasSuffix(
                "trailcast: error: nothing was acknowledged: \(totals.sent) sent, \(totals.sent) failed (osmand: 403 Forbidden: \(totals.sent))\n"
            ), "\(stderr)")
    }

    @Test(
        "a path that takes no POST (405, nginx's own answer): said once with the path's hint; a plain 400: said with none"
    )
    func wrongPathAndBadRequest() async throws {
        let receiver = try await OsmAndReceiver.start(devices: OsmAndReceiver.deviceIDs(3))
        defer { receiver.remove() }
        for (path, status, notice) in [
            (
                "/wrong/", 405,
                "the OsmAnd server answered 405 Method Not Allowed: check the URL's path (the OwnTracks recorder's is /pub)"
            ),
            ("/bad/", 400, "the OsmAnd server answered 400 Bad Request"),
        ] {
            let nginx = try await Nginx.start(
                proxyingTo: receiver.port, at: "/osmand/", keepaliveRequests: 100, keepaliveTimeout: "10s",
                answering: (path, status))
            defer { nginx.stop() }
            let (totals, stderr) = try await FleetOsmAndConnectionTests.run(
                receiver, devices: 3, seconds: 2, url: "http://127.0.0.1:\(nginx.port)\(path.dropLast())",
                extra: ["--interval", "1"],
                status: 69)
            #expect(totals.sent >= 3 && totals.errors == totals.sent, "\(totals)")
            #expect(
                stderr.components(separatedBy: "\n").filter { $0 == notice }.count == 1,
                "said once, as it is: \(stderr)")
        }
        #expect(try receiver.positions().isEmpty)
    }

    /// `--http-password-file` reads at most 4,096 bytes of a line: the password nginx asks
    /// for here is exactly that long, and one byte more is refused, not cut to the limit.
    @Test("a password file's first line of 4,096 bytes logs in; of 4,097: exit 65 before anything is sent")
    func passwordFileLimit() async throws {
        let password = String(repeating: "pass", count: 1024)
        let receiver = try await OsmAndReceiver.start(devices: OsmAndReceiver.deviceIDs(2))
        defer { receiver.remove() }
        let nginx = try await Nginx.start(
            proxyingTo: receiver.port, at: "/osmand/", keepaliveRequests: 100, keepaliveTimeout: "10s",
            login: (user: Self.login.user, password: password))
        defer { nginx.stop() }
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = scratch.url.appendingPathComponent("password")
        try (password + "\n").write(to: file, atomically: true, encoding: .utf8)
        let url = "http://\(Self.login.user)@127.0.0.1:\(nginx.port)/osmand"
        let (totals, _) = try await FleetOsmAndConnectionTests.run(
            receiver, devices: 2, seconds: 2, url: url, extra: ["--interval", "1", "--http-password-file", file.path])
        #expect(totals.sent >= 2 && totals.acknowledged == totals.sent && totals.errors == 0, "\(totals)")

        try (password + "s\n").write(to: file, atomically: true, encoding: .utf8)
        let run = try await TrailcastBinary.run(
            arguments: [
                "fleet", "gpx/", "--devices", "2", "--osmand", url, "--duration", "2s", "--http-password-file",
                file.path,
            ], environment: ["TRAILCAST_HTTP_PASSWORD": nil], waitsForASlot: false)
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderrLines == ["--http-password-file \(file.path): error: longer than 4,096 bytes"])
        #expect(try receiver.positions().count == totals.sent, "nothing more was sent")
    }

    /// The receiver knows half the devices and answers the others 400: half the messages fail.
    @Test("--max-error-rate: half the messages failing exits 0 under 0.6, 69 under 0.4; the 400 said once")
    func maxErrorRate() async throws {
        let receiver = try await OsmAndReceiver.start(devices: OsmAndReceiver.deviceIDs(2))
        defer { receiver.remove() }
        let (lenient, stderr) = try await FleetOsmAndConnectionTests.run(
            receiver, devices: 4, seconds: 2, extra: ["--interval", "1", "--stagger", "0s", "--max-error-rate", "0.6"])
        #expect(lenient.errors * 2 == lenient.sent && lenient.acknowledged * 2 == lenient.sent, "\(lenient)")
        #expect(stderr.contains("the OsmAnd server answered 400 Bad Request\n"), "\(stderr)")
        let (strict, strictErrors) = try await FleetOsmAndConnectionTests.run(
            receiver, devices: 4, seconds: 2, extra: ["--interval", "1", "--stagger", "0s", "--max-error-rate", "0.4"],
            status: 69)
        #expect(
            strictErrors.hasSuffix(
                "trailcast: error: \(strict.errors) of \(strict.sent) messages failed (50.0 %), more than --max-error-rate 0.4 allows (osmand: 400 Bad Request: \(strict.errors))\n"
            ),
            "\(strictErrors)")
    }

    @Test("--max-error-rate 0: a run where nothing failed exits 0")
    func noErrorAllowed() async throws {
        let receiver = try await OsmAndReceiver.start(devices: OsmAndReceiver.deviceIDs(3))
        defer { receiver.remove() }
        let (totals, stderr) = try await FleetOsmAndConnectionTests.run(
            receiver, devices: 3, seconds: 2, extra: ["--interval", "1", "--stagger", "0s", "--max-error-rate", "0"])
        #expect(totals.sent == 6 && totals.acknowledged == 6, "\(totals)")
        #expect(!stderr.contains("trailcast: error:"), "\(stderr)")
    }

    @Test(
        "logins refused before anything is sent",
        arguments: [
            (
                ["--http-user", "fleet"], 64,
                "trailcast: error: --http-user fleet needs a password: TRAILCAST_HTTP_PASSWORD in the environment, or --http-password-file FILE"
            ),
            (
                ["--http-password-file", "/nonexistent/password"], 64,
                "trailcast: error: a password needs a user name: https://USER@HOST/... or --http-user USER"
            ),
            // A file's error in the FILE: error: form every command gives one.
            (
                ["--http-user", "fleet", "--http-password-file", "/nonexistent/password"], 66,
                "--http-password-file /nonexistent/password: error: no such file"
            ),
            (
                ["--http-cert", "c.pem", "--http-key", "k.pem"], 64,
                "trailcast: error: --http-cert is for TLS: write --osmand or --owntracks-http as https://HOST[:PORT]"
            ),
            (
                ["--max-error-rate", "1.5"], 64,
                "trailcast: error: --max-error-rate must be a share from 0 to 1, not 1.5"
            ),
        ] as [([String], Int32, String)])
    func refused(arguments: [String], status: Int32, line: String) async throws {
        let run = try await TrailcastBinary.run(
            arguments: [
                "fleet", "gpx/", "--devices", "1", "--osmand", "http://127.0.0.1:9", "--duration", "1s",
            ] + arguments, environment: ["TRAILCAST_HTTP_PASSWORD": nil], waitsForASlot: false)
        #expect(run.status == status, "\(run.stderr)")
        #expect(run.stderr.hasPrefix(line), "\(run.stderr)")
    }
    /// A certificate is no use without its key, nor a key without its certificate: either
    /// alone is a usage error before any file is read or connection made.
    @Test(
        "over https, --http-cert without --http-key or --http-key without --http-cert: exit 64",
        arguments: [
            ["--http-cert", "client.pem"], ["--http-key", "client.key"],
        ])
    func clientCertificateWithoutItsKey(arguments: [String]) async throws {
        let run = try await TrailcastBinary.run(
            arguments: [
                "fleet", "gpx/", "--devices", "1", "--osmand", "https://127.0.0.1:9", "--duration", "1s",
            ] + arguments, waitsForASlot: false)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(
            run.stderr.hasPrefix(
                "trailcast: error: a client certificate needs its key: give --http-cert and --http-key together\n"),
            "\(run.stderr)")
    }
}
