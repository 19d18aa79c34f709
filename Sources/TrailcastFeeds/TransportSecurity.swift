// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore
import NIOSSL
import TrailcastBasics

/// TLS for a fleet's connections (`mqtts://`, `https://`): whom to trust and, when the
/// server asks for one, the client's certificate. Made once for a whole fleet: ten thousand
/// connections share one context, as they share one CA and one client certificate.
///
/// swift-nio-ssl (BoringSSL) rather than the system's TLS: it is what SwiftNIO's servers
/// and clients use on every platform, async-http-client already brings it, and its errors
/// carry BoringSSL's own reason (`CERTIFICATE_VERIFY_FAILED`), which a message can quote.
package final class TransportSecurity: Sendable {
    /// How messages name the peer and the options that set this up.
    package struct Naming: Sendable {
        package var peer: String
        package var caOption: String
        package var certificateOption: String
        package var keyOption: String
        /// Where TLS usually is, for a handshake that got no TLS back.
        package var usualPort: String

        package static let mqtt = Naming(
            peer: "broker", caOption: "--mqtt-ca", certificateOption: "--mqtt-cert", keyOption: "--mqtt-key",
            usualPort: "mqtts:// is usually 8883")
        package static let http = Naming(
            peer: "server", caOption: "--http-ca", certificateOption: "--http-cert", keyOption: "--http-key",
            usualPort: "https:// is usually 443")
    }

    let context: NIOSSLContext
    let naming: Naming
    /// Whether a client certificate is presented (`--mqtt-cert`, `--http-cert`).
    let presentsClientCertificate: Bool

    /// - Parameters:
    ///   - trustedCertificatesFile: PEM certificates to trust (a CA); nil: the system's.
    ///   - clientCertificateFile: a PEM certificate (chain) to present, with
    ///     `clientKeyFile`, to a broker that requires one (`require_certificate true`).
    package init(
        trustedCertificatesFile: String? = nil, clientCertificateFile: String? = nil, clientKeyFile: String? = nil,
        naming: Naming = .mqtt
    ) throws(TransportSecurityError) {
        self.naming = naming
        presentsClientCertificate = clientCertificateFile != nil
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let trustedCertificatesFile {
            configuration.trustRoots = .certificates(
                try Self.certificates(trustedCertificatesFile, option: naming.caOption))
        }
        switch (clientCertificateFile, clientKeyFile) {
        case (let certificateFile?, let keyFile?):
            configuration.certificateChain = try Self.certificates(certificateFile, option: naming.certificateOption)
                .map { .certificate($0) }
            do {
                configuration.privateKey = .privateKey(try NIOSSLPrivateKey(file: keyFile, format: .pem))
            } catch {
                throw Self.fileProblem(keyFile, option: naming.keyOption, otherwise: "not a PEM private key")
            }
        case (nil, nil):
            break
        case (.some, nil), (nil, .some):
            throw TransportSecurityError(
                file: nil, option: naming.certificateOption,
                reason:
                    "a client certificate needs its key: give \(naming.certificateOption) and \(naming.keyOption) together"
            )
        }
        do {
            context = try NIOSSLContext(configuration: configuration)
        } catch {
            throw TransportSecurityError(
                file: clientKeyFile, option: naming.keyOption,
                reason: "the key does not go with the certificate (\(String(describing: error)))")
        }
    }

    private static func certificates(_ file: String, option: String) throws(TransportSecurityError)
        -> [NIOSSLCertificate]
    {
        let certificates: [NIOSSLCertificate]
        do {
            certificates = try NIOSSLCertificate.fromPEMFile(file)
        } catch {
            throw fileProblem(file, option: option, otherwise: "not a PEM certificate")
        }
        guard !certificates.isEmpty else {
            throw TransportSecurityError(file: file, option: option, reason: "no PEM certificate in it")
        }
        return certificates
    }

    /// Why a file could not be read as PEM: missing, unreadable, or not PEM.
    private static func fileProblem(_ file: String, option: String, otherwise: String) -> TransportSecurityError {
        if OpenFailure.isDirectory(file) {
            return TransportSecurityError(
                file: file, option: option, reason: OpenFailure.reason(errno: EISDIR, kind: "a PEM file"),
                cannotOpen: true)
        }
        guard let handle = fopen(file, "r") else {
            return TransportSecurityError(
                file: file, option: option, reason: OpenFailure.reason(errno: errno, kind: "a PEM file"),
                cannotOpen: true)
        }
        fclose(handle)
        return TransportSecurityError(file: file, option: option, reason: otherwise)
    }

    /// The TLS handler for a connection to `host`: its name checked against the broker's
    /// certificate, or for an IP address, the address (as NIOSSL does when given no name;
    /// an address cannot be a TLS server name, RFC 6066 section 3).
    func handler(host: String) throws -> NIOSSLClientHandler {
        let isAddress = (try? SocketAddress(ipAddress: host, port: 0)) != nil
        return try NIOSSLClientHandler(context: context, serverHostname: isAddress ? nil : host)
    }

    /// A TLS failure in a few words: BoringSSL's reason (`certificate verify failed`,
    /// `wrong version number`) rather than the error's whole dump, with what usually
    /// causes it.
    func reason(of error: any Error) -> String {
        let peer = naming.peer
        if let extra = error as? NIOSSLExtraError, extra == .failedToValidateHostname {
            return "the \(peer)'s certificate is not for this host name or address"
        }
        if error is IOError {
            return
                "\(connectFailureReason(error)) during the handshake (is this the \(peer)'s TLS port? \(naming.usualPort))"
        }
        let text = String(describing: error)
        // "error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED at file:line"
        guard let marker = text.firstRange(of: "OPENSSL_internal:") else {
            if let error = error as? NIOSSLError, case .uncleanShutdown = error {
                return "the \(peer) closed the connection during the TLS handshake"
            }
            return text
        }
        let code = text[marker.upperBound...].prefix { $0 != " " && $0 != "]" && $0 != ")" && $0 != "," }
        let words = code.lowercased().replacingUnderscores()
        switch code {
        case "CERTIFICATE_VERIFY_FAILED":
            return
                "\(words): the \(peer)'s certificate is not signed by a CA this run trusts (\(naming.caOption) FILE names one)"
        case "TLSV1_ALERT_CERTIFICATE_REQUIRED":
            return
                "\(words): the \(peer) requires a client certificate (\(naming.certificateOption) FILE \(naming.keyOption) FILE)"
        case "WRONG_VERSION_NUMBER":
            return "\(words): the \(peer) did not answer in TLS (is this its TLS port? \(naming.usualPort))"
        default:
            return words
        }
    }
}

/// A TLS setting that cannot be used: the file, the option that named it, and why.
package struct TransportSecurityError: Error, Sendable, CustomStringConvertible {
    package var file: String?
    package var option: String
    package var reason: String
    /// Whether the file is missing or unreadable (exit 66) rather than not what it should be.
    package var cannotOpen = false

    package var description: String {
        if let file { "\(option) \(file): error: \(reason)" } else { "\(option): error: \(reason)" }
    }
}

extension String {
    fileprivate func replacingUnderscores() -> String {
        String(map { $0 == "_" ? " " : $0 })
    }
}
