// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation

/// A real program the end-to-end tests read our output back with (gpsbabel, gpsd,
/// gpspipe, python3, chromium). A missing one fails the test that needs it, saying what
/// to install, rather than the test disappearing or failing on exit status 127.
enum Peer {
    /// What installs each peer (`.ci/run` does all of them).
    static let packages = [
        "gpsbabel": "apt-get install gpsbabel",
        "gpsd": "apt-get install gpsd",
        "gpspipe": "apt-get install gpsd-clients",
        "python3": "apt-get install python3",
        "/usr/sbin/mosquitto": "apt-get install mosquitto",
        "mosquitto_sub": "apt-get install mosquitto-clients",
        "mosquitto_passwd": "apt-get install mosquitto",
        "openssl": "apt-get install openssl",
        "/usr/sbin/nginx": "apt-get install nginx-light",
    ]

    struct Missing: Error, CustomStringConvertible {
        var tool: String
        var description: String {
            "\(tool) is not on PATH: the test reads its output back with the real program "
                + "(\(Peer.packages[tool] ?? "install it"); .ci/run installs every peer)"
        }
    }

    /// Throws ``Missing`` unless `tool` (a name found on PATH, or a path) can be run.
    static func require(_ tool: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        if tool.contains("/") {
            guard FileManager.default.isExecutableFile(atPath: tool) else { throw Missing(tool: tool) }
            return
        }
        // gpsd lives in /usr/sbin, which a user's PATH may lack; /usr/bin/env looks in PATH.
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        let found = path.split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
        }
        guard found else { throw Missing(tool: tool) }
    }

    /// A Python library a test reads our output back with (Open-Meteo's SDK), missing
    /// from `python`: what to install, not Python's `ModuleNotFoundError` from the script.
    struct MissingModule: Error, CustomStringConvertible {
        var python: String
        var module: String
        var install: String
        var description: String {
            "\(python) cannot import \(module): the test runs the real library (\(install); .ci/run installs it)"
        }
    }

    /// Throws ``MissingModule`` unless `python` (found on PATH, or a path) imports each of
    /// `modules`.
    static func requireModules(_ modules: [String], python: String, install: String) throws {
        try require(python)
        for module in modules {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [python, "-c", "import \(module)"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw MissingModule(python: python, module: module, install: install)
            }
        }
    }
}
