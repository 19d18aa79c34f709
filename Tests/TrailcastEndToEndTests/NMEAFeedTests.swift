// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--nmea tcp://` against clients that misbehave, and its usage errors: a slow or vanished
/// consumer never blocks the run.
@Suite("trailcast replay --nmea: clients and errors")
struct NMEAFeedTests {
    @Test(
        "a client that stops reading is dropped with one warning; one that leaves is forgotten; the run goes on to Ctrl-C"
    )
    func misbehavingClients() async throws {
        // Ten simulated minutes at 10 epochs a second, played at 100x and looped until the
        // test stops it (a busy test runner may connect late): a few hundred kilobytes a
        // second, which a client with a 4 KB receive buffer stops taking within a second.
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let route = try scratch.file(
            named: "ten-minutes.gpx",
            text: """
                <?xml version="1.0"?>
                <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
                <trkpt lat="47.0" lon="8.0"><time>2026-06-13T16:00:00Z</time></trkpt>
                <trkpt lat="47.01" lon="8.0"><time>2026-06-13T16:10:00Z</time></trkpt>
                </trkseg></trk></gpx>
                """)
        let replay = try ReplayProcess(
            arguments: [
                "replay", route.path, "--speed", "100", "--interval", "0.1", "--max-gap", "0", "--loop", "0",
                "--weather", "none",
                "--format", "jsonl", "--output", "/dev/null", "--nmea", "tcp://127.0.0.1:0",
            ], output: .discarded)
        let port = try await replay.nmeaPort()
        // The good client is a process of its own, so a busy test runner cannot make it slow:
        // it reads to the end and says how many bytes it got.
        let reader = try ToolProcess(
            "python3",
            [
                "-c",
                """
                import socket
                s = socket.create_connection(("127.0.0.1", \(port)))
                total = 0
                while True:
                    data = s.recv(65536)
                    if not data: break
                    if total == 0: print(data[:7].decode(), flush=True)
                    total += len(data)
                print(total, flush=True)
                """,
            ])
        defer { reader.stop() }
        let silent = try RawTCPSocket.connect(port: port, receiveBufferBytes: 4096)
        do { _ = try RawTCPSocket.connect(port: port) }  // connects and leaves at once
        try await replay.wait(
            for: "the silent client dropped",
            until: {
                replay.stderr.contains("dropped: it stopped reading")
            })
        try await replay.wait(for: "sentences at the reading client", until: { reader.output.hasPrefix("$GPGGA") })
        replay.send(SIGINT)
        let (status, _) = try await replay.waitForExit()
        #expect(status == 130)
        let warnings = replay.stderr.split(separator: "\n").filter { $0.contains("dropped") }
        #expect(warnings.count == 1, "only the silent client: \(warnings)")
        try await replay.wait(for: "the reader's count", until: { reader.output.split(separator: "\n").count == 2 })
        let total = Int(reader.output.split(separator: "\n").last ?? "") ?? 0
        #expect(total > 100_000, "the reading client got \(total) bytes")
        _ = silent
    }

    /// Over IPv4 and IPv6 alike: the sending socket is of the destination's family.
    @Test(
        "udp://: one datagram per epoch, its four sentences, to a receiver that is a process of its own",
        arguments: [
            ("AF_INET", "127.0.0.1", "127.0.0.1"), ("AF_INET6", "::1", "[::1]"),
        ])
    func datagrams(family: String, address: String, host: String) async throws {
        // The receiver counts until the test's own END datagram, sent after the run has
        // exited, so the count does not depend on how fast this machine is; its buffer holds
        // the whole run (518 datagrams of about 300 bytes), so none is dropped on loopback.
        let receiver = try ToolProcess(
            "python3",
            [
                "-c",
                """
                import socket
                s = socket.socket(socket.\(family), socket.SOCK_DGRAM)
                s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4 << 20)
                s.bind(("\(address)", 0))
                print(s.getsockname()[1], flush=True)
                # Only so that a broken run cannot leave it waiting forever (the test stops it
                # anyway): the run may wait long for a slot on a loaded machine (600 s was
                # passed at 427%).
                s.settimeout(3600)
                first, count = None, 0
                while True:
                    data = s.recv(65536)
                    if data == b"END":
                        break
                    first = first or data
                    count += 1
                print(count, flush=True)
                print(first.decode(), end="", flush=True)
                """,
            ])
        defer { receiver.stop() }
        try await receiver.wait(for: "the receiver's port", until: { receiver.output.contains("\n") })
        let port = try #require(Int(receiver.output.split(separator: "\n")[0]))
        let run = try await TrailcastBinary.run(arguments: [
            "replay", "gpx/sf-waterfront-walk.gpx", "--speed", "600", "--interval", "10", "--weather", "none",
            "--format", "jsonl", "--output", "/dev/null", "--nmea", "udp://\(host):\(port)",
        ])
        #expect(run.status == 0)
        let end = try await TrailcastBinary.runTool(
            "python3",
            [
                "-c",
                "import socket, sys; socket.socket(socket.\(family), socket.SOCK_DGRAM).sendto(b'END', ('\(address)', int(sys.argv[1])))",
                String(port),
            ])
        #expect(end.status == 0)
        try await receiver.wait(
            for: "the receiver's count", until: { receiver.output.split(separator: "\n").count >= 3 })
        let lines = receiver.output.split(whereSeparator: \.isNewline)
        let count = try #require(Int(lines[1]))
        // 518 epochs: every 10 s, and the last point at 5166 s.
        #expect(count == 518, "\(count) datagrams")
        #expect(lines[2...].map { String($0.prefix(6)) } == ["$GPGGA", "$GPGSA", "$GPRMC", "$GPVTG"])
    }

    @Test("bad --nmea targets and settings: one line, 64; a port in use: one line, 69")
    func badTargets() async throws {
        let walk = "gpx/sf-waterfront-walk.gpx"
        let udp = try await TrailcastBinary.run(arguments: [
            "replay", walk, "--speed", "60", "--nmea", "ftp://127.0.0.1:1",
        ])
        #expect(udp.status == 64)
        #expect(udp.stderrLines.first?.contains("unknown scheme 'ftp'") == true)
        let virtual = try await TrailcastBinary.run(arguments: ["replay", walk, "--nmea", "tcp://127.0.0.1:0"])
        #expect(virtual.status == 64)
        #expect(
            virtual.stderrLines.first
                == "trailcast: error: --nmea tcp:// and udp:// feed a live consumer and need real time: add --speed N (1 is real time)"
        )
        let noPort = try await TrailcastBinary.run(arguments: [
            "replay", walk, "--speed", "60", "--nmea", "tcp://127.0.0.1",
        ])
        #expect(noPort.status == 64)
        let (holder, port) = try RawTCPSocket.listen()
        let busy = try await TrailcastBinary.run(arguments: [
            "replay", walk, "--speed", "60", "--nmea", "tcp://127.0.0.1:\(port)",
        ])
        #expect(busy.status == 69)
        #expect(busy.stderrLines.count == 1)
        #expect(
            busy.stderrLines.first
                == "trailcast: error: cannot listen for NMEA clients on tcp://127.0.0.1:\(port): port \(port) is in use: choose another, or 0 for any free one"
        )
        _ = holder
    }
}
