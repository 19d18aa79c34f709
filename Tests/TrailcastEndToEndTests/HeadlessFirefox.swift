// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// Debian's Firefox ESR, headless, its WebDriver BiDi endpoint on a port it picked itself
/// (`--remote-debugging-port 0`; it writes the port to `WebDriverBiDiServer.json` in its
/// profile), showing `url`. Killed when the test lets go of it (``ToolProcess``).
final class HeadlessFirefox: @unchecked Sendable {
    static let path: String? = ["/usr/bin/firefox-esr", "/usr/bin/firefox"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    private let process: ToolProcess
    private let profile: ScratchDirectory
    let port: Int
    /// With `marionette`: the port of WebDriver classic's Marionette server, which Firefox
    /// picks (`marionette.port` 0) and writes to `MarionetteActivePort` in its profile.
    private(set) var marionettePort: Int?

    init(showing url: String, marionette: Bool = false) async throws {
        guard let browser = Self.path else { throw Peer.Missing(tool: "firefox-esr") }
        let profile = try ScratchDirectory()
        self.profile = profile
        if marionette {
            try #"user_pref("marionette.port", 0);"#.write(
                to: profile.url.appendingPathComponent("user.js"), atomically: true, encoding: .utf8)
        }
        // At trailcast's own priority (nice 10, TrailcastBinary.run), not the report browser's 19:
        // what these tests measure is Firefox delivering every position, and at 19 a loaded
        // machine starves it until overrides are coalesced (CI lost a fix; with both cores
        // busy it could not start a session within 30 s).
        process = try ToolProcess(
            "nice",
            [
                "-n", "10", browser, "--headless", "--no-remote", "--profile", profile.url.path,
                "--remote-debugging-port", "0",
            ] + (marionette ? ["--marionette"] : []) + [url])
        let portFile = profile.url.appendingPathComponent("WebDriverBiDiServer.json")
        var port: Int?
        let end = ContinuousClock.now.advanced(by: Patience.hang)
        // Polling for the file the browser writes once it listens: never a wait for time.
        while port == nil {
            if let data = try? Data(contentsOf: portFile),
                let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            {
                port = json["ws_port"] as? Int
            } else {
                guard ContinuousClock.now < end, process.isRunning else {
                    throw Peer.Missing(tool: "a running firefox-esr (it wrote: \(process.output.suffix(500)))")
                }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        self.port = port!
        guard marionette else { return }
        let activePort = profile.url.appendingPathComponent("MarionetteActivePort")
        while marionettePort == nil {
            if let text = try? String(contentsOf: activePort, encoding: .utf8),
                let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                marionettePort = number
            } else {
                guard ContinuousClock.now < end, process.isRunning else {
                    throw Peer.Missing(tool: "firefox-esr's Marionette (it wrote: \(process.output.suffix(500)))")
                }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    /// `http://127.0.0.1:PORT`, what `--browser` takes.
    var endpoint: String { "http://127.0.0.1:\(port)" }

    func quit() {
        process.stop()
    }

    deinit {
        process.stop()
        profile.remove()
    }
}
