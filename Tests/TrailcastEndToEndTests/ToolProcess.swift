// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real peer (gpsd, gpspipe) running beside a test, its output in a file; killed by
/// ``stop()`` or when the test lets go of it.
final class ToolProcess: @unchecked Sendable {
    // @unchecked: Process is used from the test's task only; the output is a file.
    private let process = Process()
    private let scratch: ScratchDirectory
    private let outputFile: URL

    /// Starts `tool` (found on PATH) with `arguments`; stdout and stderr go to one file.
    /// `environment` adds to (or replaces in) the test's own; `directory` is its working one.
    init(_ tool: String, _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil) throws {
        try Peer.require(tool)
        scratch = try ScratchDirectory()
        outputFile = try scratch.emptyFile(named: "output")
        let handle = try FileHandle(forWritingTo: outputFile)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        }
        if let directory { process.currentDirectoryURL = directory }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = handle
        try ChildProcess.start(process)
    }

    /// What it has written so far.
    var output: String {
        String(decoding: (try? Data(contentsOf: outputFile)) ?? Data(), as: UTF8.self)
    }

    var isRunning: Bool { process.isRunning }

    /// Sends SIGTERM (no waiting: Foundation's waitUntilExit spins on a busy test pool).
    func stop() {
        // SIGKILL, since gpsd -N does not always act on SIGTERM at once; kill(2) rather than
        // terminate(), which Foundation skips once it believes the child gone (a pid that has
        // exited but is not reaped yet takes the signal harmlessly).
        kill(process.processIdentifier, SIGKILL)
    }

    /// Sends `number` to the process (SIGSTOP freezes it: its sockets stay open, unanswered).
    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    deinit {
        stop()
        scratch.remove()
    }
}

/// A TCP port on 127.0.0.1 held for a peer that must be told its port: gpsd's `-S` takes a
/// number, refuses 0 ("can't get \"0\" service entry"), and its systemd socket activation
/// hands it only the control socket, never the client listener (gpsd 3.22, gpsd.c).
///
/// The port is bound here with `SO_REUSEADDR` and never listened on, so the kernel gives it
/// to no one else, while gpsd, which binds with `SO_REUSEADDR` too, can bind and listen on
/// it (Linux allows that while no socket listens on the port). Nothing is picked by closing
/// a socket and hoping; release it once the peer listens, or let it go with the test.
final class HeldLocalPort {
    let port: Int
    private let socket: Int32

    init() throws {
        // Close-on-exec: the peers a test starts (gpsd, gpspipe) never hold the reservation.
        #if canImport(Glibc)
        let streamType = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        #else
        let streamType = SOCK_STREAM
        #endif
        let socket = Foundation.socket(AF_INET, streamType, 0)
        guard socket >= 0 else { throw POSIXError(.EMFILE) }
        var reuse: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) }
        }
        guard bound == 0 else {
            close(socket)
            throw POSIXError(.EADDRINUSE)
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        self.socket = socket
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        close(socket)
    }
}

extension ToolProcess {
    /// Polls (every 10 ms, as ``ReplayProcess`` does) until `condition` holds; throws after `deadline`.
    func wait(for what: String, deadline: Duration = Patience.hang, until condition: () -> Bool) async throws {
        let end = ContinuousClock.now.advanced(by: deadline)
        while !condition() {
            guard ContinuousClock.now < end else { throw ReplayProcess.TimedOut(what: what) }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
