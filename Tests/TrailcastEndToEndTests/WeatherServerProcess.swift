// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `trailcast serve-weather --port 0` running beside a test, on an ephemeral port of 127.0.0.1.
struct WeatherServerProcess {
    let process: ReplayProcess
    let port: Int

    /// The base URL to give `--weather-url`.
    var url: String { "http://127.0.0.1:\(port)" }

    /// Starts the server with extra flags (faults) and waits for its listening line.
    init(_ flags: [String] = [], environment: [String: String?] = [:]) async throws {
        process = try ReplayProcess(arguments: ["serve-weather", "--port", "0"] + flags, environment: environment)
        try await process.waitForFirstLine()
        let line = process.stdout.split(separator: "\n").first.map(String.init) ?? ""
        let prefix = "serve-weather: listening on http://127.0.0.1:"
        try #require(line.hasPrefix(prefix), "unexpected first line: \(line)")
        port = try #require(Int(line.dropFirst(prefix.count)))
    }

    /// Ctrl-C, then the exit status.
    func stop() async throws -> Int32 {
        process.send(SIGINT)
        return try await process.waitForExit().status
    }
}

/// A port on 127.0.0.1 with nothing listening: bound, never listened on, and kept bound for
/// the rest of the test process, so that connections to it are refused and no server that
/// another test starts meanwhile can take it.
func closedLoopbackPort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    try #require(descriptor >= 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
        }
    }
    try #require(bound)
    return Int(UInt16(bigEndian: address.sin_port))
}
