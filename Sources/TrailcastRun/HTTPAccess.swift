// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TrailcastBasics
import TrailcastFeeds

/// How a fleet run logs in to an HTTP backend (`--osmand`, `--owntracks-http`) and whom it
/// trusts: basic authentication as browsers and the OwnTracks apps send it (RFC 7617:
/// `Authorization: Basic` and the user and password in base64), the password from the
/// environment or a file, read when the run starts, never on the command line; with
/// `https://` the CA to trust and a client certificate for a server that asks for one
/// (nginx's `ssl_verify_client`).
package struct HTTPAccess: Sendable, Equatable {
    /// `https://USER@HOST/...` or `--http-user USER`.
    package var user: String?
    /// `--http-password-file FILE`: the password is the file's first line.
    package var passwordFile: String?
    /// The value of ``passwordVariable``, as the command read it from its environment.
    package var passwordFromEnvironment: String?
    /// `--http-cert FILE` and `--http-key FILE`.
    package var clientCertificateFile: String?
    package var clientKeyFile: String?

    /// Where a password may come from besides a file.
    package static let passwordVariable = "TRAILCAST_HTTP_PASSWORD"

    package init() {}

    /// A usage problem with what was given, or nil.
    package var problem: String? {
        if passwordFile != nil && passwordFromEnvironment != nil {
            return "--http-password-file and \(Self.passwordVariable) both give a password: give one"
        }
        if passwordFile != nil && user == nil {
            return "a password needs a user name: https://USER@HOST/... or --http-user USER"
        }
        if user != nil && passwordFile == nil && passwordFromEnvironment == nil {
            return
                "--http-user \(user!) needs a password: \(Self.passwordVariable) in the environment, or --http-password-file FILE"
        }
        if (clientCertificateFile == nil) != (clientKeyFile == nil) {
            return "a client certificate needs its key: give --http-cert and --http-key together"
        }
        return nil
    }

    /// The header a request carries, the password read: `Authorization: Basic ...`, or none.
    package func authorizationHeader() throws(RunFailure) -> (name: String, value: String)? {
        if let problem { throw RunFailure(problem, status: .usage) }
        guard let user else { return nil }
        let password: [UInt8]
        if let passwordFromEnvironment {
            password = Array(passwordFromEnvironment.utf8)
        } else if let passwordFile {
            password = try PasswordFile.firstLine(
                of: passwordFile, option: "--http-password-file", limit: 4096, limitName: "4,096 bytes")
        } else {
            return nil
        }
        // RFC 7617 section 2: user-id ":" password, UTF-8, in base64.
        let credentials = Data(Array(user.utf8) + [UInt8(ascii: ":")] + password).base64EncodedString()
        return ("Authorization", "Basic \(credentials)")
    }
}
