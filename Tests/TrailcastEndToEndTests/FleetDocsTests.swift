// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// docs/fleet.md's load tests, run as written but for where the peers are and how long:
/// against a plain mosquitto, a TLS mosquitto with a login (the `mqtts://fleet@...`
/// example, its password in TRAILCAST_MQTT_PASSWORD, `--mqtt-ca ca.pem`), and a
/// Traccar-rules OsmAnd receiver. DocsCommandsTests skips that block, which needs them.
@Suite("docs/fleet.md's load tests against real peers")
struct FleetDocsTests {
    static let marker = "<!-- not run by DocsCommandsTests: needs a broker on 127.0.0.1:1883 and one with TLS -->"

    /// The block after the marker: its commands, `\` continuations joined.
    static func commands() throws -> [String] {
        let lines = try String(contentsOf: Repository.url("docs/fleet.md"), encoding: .utf8).components(
            separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: marker), "docs/fleet.md has the load tests' block")
        var commands: [String] = []
        var pending = ""
        for line in lines[(start + 2)...].prefix(while: { !$0.hasPrefix("```") }) {
            pending += line.hasSuffix("\\") ? String(line.dropLast()) : line + "\n"
            if !line.hasSuffix("\\") {
                commands.append(
                    pending.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                        .trimmingCharacters(in: .whitespacesAndNewlines))
                pending = ""
            }
        }
        return commands
    }

    @Test("each example delivers every message it sends, and its summary's totals add up")
    func loadTests() async throws {
        let commands = try Self.commands()
        #expect(commands.count == 3, "\(commands)")
        let plain = try MosquittoBroker()
        try await plain.waitUntilRunning()
        let certificates = try await TestCertificates.make()
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let login = MosquittoBroker.Login(user: "fleet", password: "a team's secret")
        let secured = try MosquittoBroker(
            tls: certificates, passwordFile: try await MosquittoBroker.passwordFile(for: [login], in: scratch))
        try await secured.waitUntilRunning()
        let receiver = try await OsmAndReceiver.start(devices: OsmAndReceiver.deviceIDs(500))
        defer { receiver.remove() }
        try FileManager.default.createSymbolicLink(
            at: scratch.url.appendingPathComponent("gpx"), withDestinationURL: Repository.url("gpx"))
        try FileManager.default.copyItem(
            at: certificates.caCertificate, to: scratch.url.appendingPathComponent("ca.pem"))

        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for written in commands {
            // Where the peers are, and 5 s instead of 10 minutes or an hour.
            var command =
                written
                .replacingOccurrences(of: "mqtt://127.0.0.1:1883", with: "mqtt://127.0.0.1:\(plain.port)")
                .replacingOccurrences(of: "@broker.example.com", with: "@127.0.0.1:\(secured.port)")
                .replacingOccurrences(of: "http://127.0.0.1:5055", with: "http://127.0.0.1:\(receiver.port)")
                .replacingOccurrences(of: #"--duration \S+"#, with: "--duration 5s", options: .regularExpression)
            var environment = TrailcastBinary.environment([
                "PATH": TrailcastBinary.url.deletingLastPathComponent().path + ":" + path
            ])
            if command.hasPrefix("TRAILCAST_MQTT_PASSWORD=... ") {
                command.removeFirst("TRAILCAST_MQTT_PASSWORD=... ".count)
                environment["TRAILCAST_MQTT_PASSWORD"] = login.password
            }
            if !command.contains("--summary") { command += " --summary run.json" }
            let summaryFile = scratch.url.appendingPathComponent("run.json")
            try? FileManager.default.removeItem(at: summaryFile)
            let result = try await TrailcastBinary.runTool(
                "sh", ["-c", command], in: scratch.url, environment: environment)
            #expect(result.status == 0, "`\(written)` exited \(result.status): \(result.stderr)")
            let summary = try FleetMQTTCommandTests.summary(summaryFile)
            let backend = command.contains("--osmand") ? "osmand" : "mqtt"
            let totals = try BackendTotals(summary: summary, backend: backend)
            #expect(totals.addsUp && totals.sent > 0 && totals.acknowledged == totals.sent, "`\(written)`: \(totals)")
            if let verify = summary["verify"] as? [String: Any] {
                #expect(
                    verify["received"] as? Int == totals.sent && verify["lost"] as? Int == 0, "`\(written)`: \(verify)")
            }
        }
        #expect(secured.output.contains("u'fleet'"), "the TLS example logged in as fleet")
    }
}
