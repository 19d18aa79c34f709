import Foundation
import Testing

/// Debian's Firefox ESR, headless, its WebDriver BiDi endpoint on a port it picked itself
/// (`--remote-debugging-port 0`; it writes the port to `WebDriverBiDiServer.json` in its
/// profile), showing `url`. Killed when the test lets go of it (``ToolProcess``).
final class HeadlessFirefox: @unchecked Sendable {
    static let path: String? = ["/usr/bin/firefox-esr", "/usr/bin/firefox"].first { FileManager.default.isExecutableFile(atPath: $0) }

    private let process: ToolProcess
    private let profile: ScratchDirectory
    let port: Int

    init(showing url: String) async throws {
        guard let browser = Self.path else { throw Peer.Missing(tool: "firefox-esr") }
        let profile = try ScratchDirectory()
        self.profile = profile
        // At trailcast's own priority (nice 10, TrailcastBinary.run), not the report browser's 19:
        // what these tests measure is Firefox delivering every position, and at 19 a loaded
        // machine starves it until overrides are coalesced (CI lost a fix; with both cores
        // busy it could not start a session within 30 s).
        process = try ToolProcess("nice", [
            "-n", "10", browser, "--headless", "--no-remote", "--profile", profile.url.path, "--remote-debugging-port", "0", url,
        ])
        let portFile = profile.url.appendingPathComponent("WebDriverBiDiServer.json")
        var port: Int?
        let end = ContinuousClock.now.advanced(by: Patience.hang)
        // Polling for the file the browser writes once it listens: never a wait for time.
        while port == nil {
            if let data = try? Data(contentsOf: portFile),
               let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
                port = json["ws_port"] as? Int
            } else {
                guard ContinuousClock.now < end, process.isRunning else {
                    throw Peer.Missing(tool: "a running firefox-esr (it wrote: \(process.output.suffix(500)))")
                }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        self.port = port!
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
