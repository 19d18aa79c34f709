// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// `trailcast fleet --osmand https://...`: OsmAnd over TLS, as a Traccar behind a TLS
/// proxy takes it, against the Traccar-rules receiver answering over TLS with a
/// certificate `openssl` made.
@Suite("trailcast fleet --osmand over https")
struct FleetHTTPSTests {
    @Test(
        "trusting the receiver's CA (--http-ca): every position arrives; trusting the system's CAs: exit 69, BoringSSL's reason"
    )
    func https() async throws {
        let certificates = try await TestCertificates.make()
        let receiver = try await OsmAndReceiver.start(
            devices: OsmAndReceiver.deviceIDs(10),
            options: [
                "--tls-cert", certificates.serverCertificate.path, "--tls-key", certificates.serverKey.path,
            ])
        defer { receiver.remove() }
        let (totals, _) = try await FleetOsmAndConnectionTests.run(
            receiver, devices: 10, seconds: 4, url: "https://127.0.0.1:\(receiver.port)",
            extra: ["--http-ca", certificates.caCertificate.path])
        #expect(totals.sent >= 30 && totals.acknowledged == totals.sent, "\(totals)")
        #expect(try receiver.positions().count == totals.sent)

        let untrusted = try await TrailcastBinary.run(arguments: [
            "fleet", "gpx/", "--devices", "1", "--osmand", "https://127.0.0.1:\(receiver.port)", "--duration", "2s",
        ])
        #expect(untrusted.status == 69)
        #expect(
            untrusted.stderrLines == [
                "trailcast: error: TLS with the OsmAnd server at 127.0.0.1:\(receiver.port) failed: certificate verify failed: "
                    + "the server's certificate is signed by CN=Trailcast test CA, a CA this run does not trust (--http-ca FILE names one)"
            ])
    }

    @Test(
        "a server certificate a trusted CA signed for another host: exit 69, saying the name does not match; nothing sent"
    )
    func certificateForAnotherHost() async throws {
        // The chain is trusted (--http-ca names its CA): only the host name check refuses it.
        let certificates = try await TestCertificates.makeForAnotherHost()
        let receiver = try await OsmAndReceiver.start(
            devices: OsmAndReceiver.deviceIDs(1),
            options: [
                "--tls-cert", certificates.serverCertificate.path, "--tls-key", certificates.serverKey.path,
            ])
        defer { receiver.remove() }
        let run = try await TrailcastBinary.run(arguments: [
            "fleet", "gpx/", "--devices", "1", "--osmand", "https://127.0.0.1:\(receiver.port)", "--duration", "2s",
            "--http-ca", certificates.caCertificate.path,
        ])
        #expect(run.status == 69, "\(run.stderr)")
        #expect(run.stdout == "")
        #expect(
            run.stderrLines == [
                "trailcast: error: TLS with the OsmAnd server at 127.0.0.1:\(receiver.port) failed: "
                    + "the server's certificate is not for this host name or address"
            ])
        #expect(try receiver.positions().isEmpty, "no position was sent to a server that is not the one named")
    }

    /// BoringSSL says only "certificate verify failed"; the dates, read on a second
    /// connection, say it is the certificate's age and not the CA: expired, or valid only
    /// from tomorrow (a clock behind, or a certificate issued for later).
    @Test(
        "a server certificate out of its dates from a trusted CA: exit 69, saying which and when",
        arguments: [true, false])
    func certificateOutOfItsDates(expired: Bool) async throws {
        let certificates = try await expired ? TestCertificates.makeExpired() : TestCertificates.makeNotYetValid()
        let receiver = try await OsmAndReceiver.start(
            devices: OsmAndReceiver.deviceIDs(1),
            options: [
                "--tls-cert", certificates.serverCertificate.path, "--tls-key", certificates.serverKey.path,
            ])
        defer { receiver.remove() }
        let run = try await TrailcastBinary.run(arguments: [
            "fleet", "gpx/", "--devices", "1", "--osmand", "https://127.0.0.1:\(receiver.port)", "--duration", "2s",
            "--http-ca", certificates.caCertificate.path,
        ])
        #expect(run.status == 69, "\(run.stderr)")
        // The dates the certificate has, as openssl reads them back.
        let (notBefore, notAfter) = try await TestCertificates.validity(of: certificates.serverCertificate)
        let why =
            expired
            ? "expired on \(notAfter) (it was valid from \(notBefore)): the server needs a new one"
            : "is not valid until \(notBefore): check this machine's clock and the server's"
        #expect(
            run.stderrLines == [
                "trailcast: error: TLS with the OsmAnd server at 127.0.0.1:\(receiver.port) failed: certificate verify failed: "
                    + "the server's certificate \(why)"
            ])
        #expect(try receiver.positions().isEmpty)
    }

    @Test("a self-signed server certificate: exit 69, saying so and how to trust it; trusted so, every position stored")
    func selfSignedCertificate() async throws {
        let certificates = try await TestCertificates.makeSelfSigned()
        let receiver = try await OsmAndReceiver.start(
            devices: OsmAndReceiver.deviceIDs(1),
            options: [
                "--tls-cert", certificates.serverCertificate.path, "--tls-key", certificates.serverKey.path,
            ])
        defer { receiver.remove() }
        func run(trusting ca: URL) async throws -> CommandResult {
            try await TrailcastBinary.run(arguments: [
                "fleet", "gpx/", "--devices", "1", "--osmand", "https://127.0.0.1:\(receiver.port)", "--duration", "2s",
                "--http-ca", ca.path,
            ])
        }
        let refused = try await run(trusting: certificates.caCertificate)
        #expect(refused.status == 69, "\(refused.stderr)")
        #expect(
            refused.stderrLines == [
                "trailcast: error: TLS with the OsmAnd server at 127.0.0.1:\(receiver.port) failed: certificate verify failed: "
                    + "the server's certificate is self-signed (CN=localhost): to trust it, give it as --http-ca FILE"
            ])
        #expect(try receiver.positions().isEmpty)
        let trusted = try await run(trusting: certificates.serverCertificate)
        #expect(trusted.status == 0, "\(trusted.stderr)")
        #expect(try !receiver.positions().isEmpty)
    }

    /// nginx's `ssl_verify_client on` lets a handshake without a client certificate through
    /// and answers each request 400 ("No required SSL certificate was sent").
    @Test(
        "a client certificate nginx asks for: with --http-cert and --http-key every position in; without, 400 with the hint, exit 69"
    )
    func clientCertificate() async throws {
        let certificates = try await TestCertificates.make()
        let receiver = try await OsmAndReceiver.start(devices: OsmAndReceiver.deviceIDs(3))
        defer { receiver.remove() }
        let nginx = try await Nginx.start(
            proxyingTo: receiver.port, at: "/osmand/", keepaliveRequests: 100, keepaliveTimeout: "10s",
            tls: (certificates, requiresClientCertificate: true))
        defer { nginx.stop() }
        let url = "https://127.0.0.1:\(nginx.port)/osmand",
            trust = ["--interval", "1", "--http-ca", certificates.caCertificate.path]
        let (totals, _) = try await FleetOsmAndConnectionTests.run(
            receiver, devices: 3, seconds: 2, url: url,
            extra: trust + [
                "--http-cert", certificates.clientCertificate.path, "--http-key", certificates.clientKey.path,
            ])
        #expect(totals.sent >= 3 && totals.acknowledged == totals.sent, "\(totals)")
        #expect(try receiver.positions().count == totals.sent)

        let (refused, stderr) = try await FleetOsmAndConnectionTests.run(
            receiver, devices: 3, seconds: 2, url: url, extra: trust, status: 69)
        #expect(refused.sent >= 3 && refused.errors == refused.sent, "\(refused)")
        #expect(try receiver.positions().count == totals.sent, "nothing more stored")
        let notice =
            "the OsmAnd server answered 400 Bad Request: a server that asks for a client certificate answers so "
            + "without one (--http-cert FILE --http-key FILE)"
        #expect(stderr.components(separatedBy: notice + "\n").count == 2, "said once: \(stderr)")
    }

    @Test("https:// to a plain HTTP server: exit 69, saying it did not answer in TLS")
    func plainServer() async throws {
        let receiver = try await OsmAndReceiver.start(devices: OsmAndReceiver.deviceIDs(1))
        defer { receiver.remove() }
        let run = try await TrailcastBinary.run(arguments: [
            "fleet", "gpx/", "--devices", "1", "--osmand", "https://127.0.0.1:\(receiver.port)", "--duration", "2s",
        ])
        #expect(run.status == 69)
        #expect(run.stderrLines.count == 1)
        #expect(
            run.stderr.hasPrefix("trailcast: error: TLS with the OsmAnd server at 127.0.0.1:\(receiver.port) failed: "),
            "\(run.stderr)")
        #expect(run.stderr.contains("https:// is usually 443"), "\(run.stderr)")
    }
}
