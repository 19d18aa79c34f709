// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation

/// A CA, a server certificate it signed for 127.0.0.1 and localhost, a client certificate
/// it signed, and a second CA that signed nothing here: made by the real `openssl` for a
/// TLS broker's tests, valid for two days.
struct TestCertificates {
    let directory: ScratchDirectory
    var caCertificate: URL { file("ca.pem") }
    var serverCertificate: URL { file("server.pem") }
    var serverKey: URL { file("server.key") }
    var clientCertificate: URL { file("client.pem") }
    var clientKey: URL { file("client.key") }
    /// A CA the broker's certificate is not signed by.
    var otherCACertificate: URL { file("other-ca.pem") }

    func file(_ name: String) -> URL { directory.url.appendingPathComponent(name) }

    static func make() async throws -> TestCertificates {
        try Peer.require("openssl")
        let certificates = TestCertificates(directory: try ScratchDirectory())
        let directory = certificates.directory.url
        let steps: [[String]] = [
            ["req", "-x509"] + newKey + [
                "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=Trailcast test CA",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
            ],
            ["req", "-x509"] + newKey + [
                "-keyout", "other-ca.key", "-out", "other-ca.pem", "-days", "2", "-subj", "/CN=Another CA",
            ],
            ["req"] + newKey + ["-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=localhost"],
            [
                "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out",
                "server.pem",
                "-days", "2", "-extfile", "server.ext",
            ],
            ["req"] + newKey + ["-keyout", "client.key", "-out", "client.csr", "-subj", "/CN=trailcast-fleet"],
            [
                "x509", "-req", "-in", "client.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out",
                "client.pem",
                "-days", "2", "-extfile", "client.ext",
            ],
        ]
        try "subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n"
            .write(to: directory.appendingPathComponent("server.ext"), atomically: true, encoding: .utf8)
        try "extendedKeyUsage=clientAuth\n".write(
            to: directory.appendingPathComponent("client.ext"), atomically: true, encoding: .utf8)
        try await openssl(steps, in: directory)
        return certificates
    }

    /// P-256 keys: quick to make, and what Let's Encrypt and mosquitto's docs use alike.
    private static let newKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]

    /// Runs each `openssl` step in `directory`, stopping at the first that fails.
    private static func openssl(_ steps: [[String]], in directory: URL) async throws {
        for step in steps {
            let result = try await TrailcastBinary.runTool("openssl", step, in: directory)
            guard result.status == 0 else { throw Failed(step: step, output: result.stderr + result.stdout) }
        }
    }

    /// The same CA and client certificate, with the server's certificate made again by that
    /// CA for another host only (`other.example`, not 127.0.0.1 or localhost): a chain a
    /// client trusts, from a server that is not the one it named. `openssl verify` checks
    /// the chain here, so a refusal can only be for the name.
    static func makeForAnotherHost() async throws -> TestCertificates {
        let certificates = try await make()
        let directory = certificates.directory.url
        try "subjectAltName=DNS:other.example\nextendedKeyUsage=serverAuth\n"
            .write(to: directory.appendingPathComponent("other-host.ext"), atomically: true, encoding: .utf8)
        try await openssl(
            [
                ["req"] + newKey + ["-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=other.example"],
                [
                    "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out",
                    "server.pem",
                    "-days", "2", "-extfile", "other-host.ext",
                ],
                ["verify", "-CAfile", "ca.pem", "-purpose", "sslserver", "server.pem"],
            ], in: directory)
        return certificates
    }

    /// The same CA, with the server's certificate made again by it for 127.0.0.1 and
    /// localhost but already expired: `-days -1` ends it a day before it begins, now.
    static func makeExpired() async throws -> TestCertificates {
        let certificates = try await make()
        try await openssl(
            [
                ["req"] + newKey + ["-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=localhost"],
                [
                    "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out",
                    "server.pem",
                    "-days", "-1", "-extfile", "server.ext",
                ],
            ], in: certificates.directory.url)
        return certificates
    }

    /// The same CA, with the server's certificate made again by it for 127.0.0.1 and
    /// localhost but valid only from tomorrow (a clock that is behind, or a certificate
    /// issued for later): `openssl ca -startdate`, which `x509 -req` lacks in OpenSSL 3.0.
    static func makeNotYetValid() async throws -> TestCertificates {
        let certificates = try await make()
        let directory = certificates.directory.url
        try """
        [ ca ]
        default_ca = test
        [ test ]
        database = index.txt
        new_certs_dir = .
        serial = serial.txt
        default_md = sha256
        policy = anything
        copy_extensions = copy
        unique_subject = no
        [ anything ]
        commonName = supplied

        """.write(to: directory.appendingPathComponent("ca.cnf"), atomically: true, encoding: .utf8)
        try "".write(to: directory.appendingPathComponent("index.txt"), atomically: true, encoding: .utf8)
        try "01\n".write(to: directory.appendingPathComponent("serial.txt"), atomically: true, encoding: .utf8)
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyyMMddHHmmss'Z'"
        let now = Date()
        try await openssl(
            [
                ["req"] + newKey + [
                    "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=localhost",
                    "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-addext", "extendedKeyUsage=serverAuth",
                ],
                [
                    "ca", "-batch", "-config", "ca.cnf", "-cert", "ca.pem", "-keyfile", "ca.key", "-in", "server.csr",
                    "-out", "server.pem",
                    "-startdate", format.string(from: now.addingTimeInterval(86_400)),
                    "-enddate", format.string(from: now.addingTimeInterval(3 * 86_400)), "-notext",
                ],
            ], in: directory)
        return certificates
    }

    /// The same CA and client certificate, with the server's certificate its own issuer:
    /// self-signed for 127.0.0.1 and localhost, as a broker set up in a hurry has it.
    static func makeSelfSigned() async throws -> TestCertificates {
        let certificates = try await make()
        try await openssl(
            [
                ["req", "-x509"] + newKey + [
                    "-keyout", "server.key", "-out", "server.pem", "-days", "2", "-subj", "/CN=localhost",
                    "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-addext", "extendedKeyUsage=serverAuth",
                ]
            ], in: certificates.directory.url)
        return certificates
    }

    /// A certificate's `notBefore` and `notAfter` as `openssl x509` reads them, each to the
    /// minute as trailcast's messages give a time: `2026-11-28 21:58 UTC`.
    static func validity(of certificate: URL) async throws -> (notBefore: String, notAfter: String) {
        let result = try await TrailcastBinary.runTool(
            "openssl", ["x509", "-in", certificate.path, "-noout", "-startdate", "-enddate", "-dateopt", "iso_8601"])
        guard result.status == 0 else { throw Failed(step: ["x509", "-in", certificate.path], output: result.stderr) }
        // `notBefore=2026-11-28 21:58:07Z` and `notAfter=...`: to the minute.
        var dates: [String: String] = [:]
        for line in result.stdout.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { dates[String(parts[0])] = "\(parts[1].prefix(16)) UTC" }
        }
        guard let notBefore = dates["notBefore"], let notAfter = dates["notAfter"] else {
            throw Failed(step: ["x509", "-in", certificate.path], output: result.stdout)
        }
        return (notBefore, notAfter)
    }

    struct Failed: Error, CustomStringConvertible {
        var step: [String]
        var output: String
        var description: String { "openssl \(step.joined(separator: " ")) failed:\n\(output)" }
    }
}
