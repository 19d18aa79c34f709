// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TrailcastBasics
package import TrailcastFeeds

/// How a fleet run logs in to its broker and whom it trusts, as the command names them:
/// files and the environment, read when the run starts (a missing file is exit 66, as any
/// input is), never a secret on the command line, where `ps` shows it to every user.
package struct MQTTAccess: Sendable, Equatable {
    /// `mqtts://`: TLS, trusting ``trustedCertificatesFile`` or the system's CAs.
    package var tls = false
    /// `--mqtt-ca FILE`.
    package var trustedCertificatesFile: String?
    /// `--mqtt-cert FILE` and `--mqtt-key FILE`: a client certificate for a broker that asks.
    package var clientCertificateFile: String?
    package var clientKeyFile: String?
    /// `mqtt://USER@HOST` or `--mqtt-user USER`.
    package var user: String?
    /// `--mqtt-password-file FILE`: the password is the file's first line.
    package var passwordFile: String?
    /// The value of ``passwordVariable``, as the command read it from its environment.
    package var passwordFromEnvironment: String?

    /// Where a password may come from besides a file.
    package static let passwordVariable = "TRAILCAST_MQTT_PASSWORD"

    package init() {}

    /// A usage problem with what was given (a password and no user; a key without its
    /// certificate; TLS files without `mqtts://`), or nil.
    package var problem: String? {
        if passwordFile != nil && passwordFromEnvironment != nil {
            return "--mqtt-password-file and \(Self.passwordVariable) both give a password: give one"
        }
        if (passwordFile != nil || passwordFromEnvironment != nil) && user == nil {
            return "a password needs a user name: mqtt://USER@HOST or --mqtt-user USER"
        }
        if !tls && (trustedCertificatesFile != nil || clientCertificateFile != nil || clientKeyFile != nil) {
            return "--mqtt-ca, --mqtt-cert and --mqtt-key are for TLS: write the broker as mqtts://HOST[:PORT]"
        }
        if (clientCertificateFile == nil) != (clientKeyFile == nil) {
            return "a client certificate needs its key: give --mqtt-cert and --mqtt-key together"
        }
        return nil
    }

    /// The login and TLS set on `options`: the password read, the certificates loaded.
    package func apply(to options: inout MQTTFleetPublisher.Options) throws(RunFailure) {
        if let problem { throw RunFailure(problem, status: .usage) }
        options.username = user
        if let passwordFromEnvironment {
            options.password = Array(passwordFromEnvironment.utf8)
        } else if let passwordFile {
            // MQTT's password field is at most 65,535 bytes (3.1.3.5).
            options.password = try PasswordFile.firstLine(
                of: passwordFile, option: "--mqtt-password-file", limit: 65_535, limitName: "MQTT's 65,535 bytes")
        }
        guard tls else { return }
        do {
            options.security = try TransportSecurity(
                trustedCertificatesFile: trustedCertificatesFile, clientCertificateFile: clientCertificateFile,
                clientKeyFile: clientKeyFile)
        } catch {
            throw RunFailure(error.description, status: error.cannotOpen ? .noInput : .dataError)
        }
    }
}
