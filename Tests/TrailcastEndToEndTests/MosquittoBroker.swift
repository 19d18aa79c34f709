// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation

/// A real mosquitto (Debian's, installed by .ci/run) on a loopback port of its own, for the
/// fleet's MQTT client and `fleet --mqtt`. Logs everything to its output, so a test can see
/// what the broker saw (connections, pings, disconnections).
final class MosquittoBroker: @unchecked Sendable {
    // @unchecked: used from one test's task; the broker's output is a file.
    let port: Int
    private let reservation: HeldLocalPort
    private let scratch: ScratchDirectory
    private let configuration: URL
    private var process: ToolProcess?

    /// A user name and password the broker accepts.
    struct Login {
        var user: String
        var password: String
    }

    /// A `password_file` for `logins`, made by the real `mosquitto_passwd` in `directory`.
    static func passwordFile(for logins: [Login], in directory: ScratchDirectory) async throws -> URL {
        let file = directory.url.appendingPathComponent("mosquitto-passwords")
        for (index, login) in logins.enumerated() {
            // -b takes the password as an argument: a test's own throwaway login.
            let made = try await TrailcastBinary.runTool(
                "mosquitto_passwd", (index == 0 ? ["-c"] : []) + ["-b", file.path, login.user, login.password])
            guard made.status == 0 else { throw Failed(output: "mosquitto_passwd: \(made.stderr)") }
        }
        return file
    }

    /// - Parameters:
    ///   - tls: the listener speaks TLS with the server certificate of these.
    ///   - passwordFile: only its logins may connect (``passwordFile(for:in:)``); nil:
    ///     anyone may.
    ///   - requiresClientCertificate: with `tls`, a client must present a certificate
    ///     signed by its CA (`require_certificate true`).
    init(tls: TestCertificates? = nil, passwordFile: URL? = nil, requiresClientCertificate: Bool = false) throws {
        try Peer.require("/usr/sbin/mosquitto")
        reservation = try HeldLocalPort()
        port = reservation.port
        scratch = try ScratchDirectory()
        configuration = try scratch.emptyFile(named: "mosquitto.conf")
        var access = passwordFile.map { "allow_anonymous false\npassword_file \($0.path)" } ?? "allow_anonymous true"
        if let tls {
            access += """

                cafile \(tls.caCertificate.path)
                certfile \(tls.serverCertificate.path)
                keyfile \(tls.serverKey.path)
                require_certificate \(requiresClientCertificate)
                """
        }
        // Not persisted; on loopback only; every log line (PINGREQs included); no cap on
        // queued or in-flight messages, so a slow subscriber loses nothing.
        try """
        listener \(port) 127.0.0.1
        \(access)
        persistence false
        log_dest stderr
        log_type all
        max_queued_messages 0
        max_inflight_messages 0
        user root

        """.write(to: configuration, atomically: true, encoding: .utf8)
        try start()
    }

    /// Starts the broker and waits until it says it is running.
    func start() throws {
        process = try ToolProcess("/usr/sbin/mosquitto", ["-c", configuration.path])
    }

    func waitUntilRunning() async throws {
        try await process?.wait(for: "mosquitto to start") { output.contains(" running") || output.contains("Error") }
        guard output.contains(" running") else { throw Failed(output: output) }
    }

    /// Waits until the broker has logged `text` (its log is written as things happen, a
    /// moment after the client's side of them).
    func waitForLog(_ text: String) async throws {
        try await process?.wait(for: "mosquitto to log \"\(text)\"") { output.contains(text) }
    }

    /// Kills the broker at once (what a crash looks like to its clients).
    func kill() {
        process?.stop()
        process = nil
    }

    /// Stops the broker where it is (SIGSTOP): connections stay open and nothing is answered.
    func freeze() {
        process?.signal(SIGSTOP)
    }

    var output: String { process?.output ?? "" }

    struct Failed: Error, CustomStringConvertible {
        var output: String
        var description: String { "mosquitto did not start:\n\(output)" }
    }
}
