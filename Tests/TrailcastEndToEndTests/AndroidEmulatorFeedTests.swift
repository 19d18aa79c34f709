// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// `replay --android-emulator` against a stub of the emulator console that speaks its
/// banner, auth and replies (`Tests/Fixtures/feeds/android-console-stub.py`), checking
/// every command line.
@Suite("trailcast replay --android-emulator")
struct AndroidEmulatorFeedTests {
    static let run = [
        "replay", "gpx/sf-waterfront-walk.gpx", "--speed", "600", "--interval", "10", "--gps", "suburban", "--seed",
        "2",
        "--authorization", "always", "--weather", "none", "--format", "jsonl",
    ]

    /// The console's answer to a bad satellite count, which the stub's `--ko-after` gives.
    static let satellitesKO = "KO: invalid number of satellites. Must be an integer between 1 and 12"

    /// Starts the stub; its port, its process and the file it logs commands to.
    static func console(_ options: [String] = []) async throws -> (
        port: Int, stub: ToolProcess, log: URL, scratch: ScratchDirectory
    ) {
        let scratch = try ScratchDirectory()
        let log = scratch.url.appendingPathComponent("commands.log")
        let stub = try ToolProcess(
            "python3",
            [Repository.url("Tests/Fixtures/feeds/android-console-stub.py").path, "secret", log.path] + options)
        try await stub.wait(for: "the stub console's port", until: { stub.output.contains("\n") })
        let port = try #require(Int(stub.output.split(separator: "\n")[0]))
        return (port, stub, log, scratch)
    }

    @Test("auth with the token, then one `geo fix LON LAT ALT SATS KNOTS` per device fix, in order")
    func drivesTheEmulator() async throws {
        let (port, stub, log, scratch) = try await Self.console()
        defer { stub.stop(); scratch.remove() }
        let result = try await TrailcastBinary.run(
            arguments: Self.run + ["--android-emulator", String(port), "--android-token", "secret"])
        #expect(result.status == 0, "\(result.stderr)")
        let timeline = try ReplayTimeline(text: result.stdout)
        let commands = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(commands.first == "auth secret")
        let fixes = Array(commands.dropFirst())
        #expect(fixes.count == timeline.locations.count)
        for (command, location) in zip(fixes, timeline.locations) {
            let fields = command.split(separator: " ")
            try #require(fields.count == 7 && fields[0] == "geo" && fields[1] == "fix", "\(command)")
            // Longitude first, as the console's help says.
            #expect(abs(Double(fields[2])! - location["lon"]!.doubleValue!) < 1e-7)
            #expect(abs(Double(fields[3])! - location["lat"]!.doubleValue!) < 1e-7)
            #expect(abs(Double(fields[4])! - location["altitude"]!.doubleValue!) < 0.051)
            #expect((1...12).contains(Int(fields[5])!))
            // The timeline rounds m/s to 0.01 (0.0097 knots), the command knots to 0.01.
            #expect(abs(Double(fields[6])! - location["speed"]!.doubleValue! * 3600 / 1852) < 0.015, "knots")
        }
    }

    @Test("the run waits for the answers to its last commands: a KO to the very last fix is still an error")
    func lastCommandIsAnswered() async throws {
        let (port, stub, log, scratch) = try await Self.console()
        let good = try await TrailcastBinary.run(
            arguments: Self.run + ["--android-emulator", String(port), "--android-token", "secret"])
        stub.stop()
        #expect(good.status == 0)
        // Every command was logged by the console before trailcast exited: it waited for the answers.
        let commands = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        #expect(commands.count - 1 == (try ReplayTimeline(text: good.stdout)).locations.count)
        scratch.remove()

        let (koPort, koStub, _, koScratch) = try await Self.console(["--ko-after", "\(commands.count - 1)"])
        defer { koStub.stop(); koScratch.remove() }
        let refused = try await TrailcastBinary.run(
            arguments: Self.run + ["--android-emulator", String(koPort), "--android-token", "secret"])
        #expect(refused.status == 69)
        #expect(refused.stderrLines.first?.hasSuffix("' with \(Self.satellitesKO)") == true, "\(refused.stderrLines)")
    }

    @Test("a wrong token, a KO, a console that closes, nothing listening: one error line and 69, not a hang")
    func failures() async throws {
        do {
            let (port, stub, _, scratch) = try await Self.console()
            defer { stub.stop(); scratch.remove() }
            let result = try await TrailcastBinary.run(
                arguments: Self.run + ["--android-emulator", String(port), "--android-token", "wrong"])
            #expect(result.status == 69)
            #expect(
                result.stderrLines == [
                    "trailcast: error: the Android emulator console refused auth: KO: authentication token does not match ~/.emulator_console_auth_token"
                ])
        }
        do {
            let (port, stub, log, scratch) = try await Self.console(["--ko-after", "5"])
            defer { stub.stop(); scratch.remove() }
            let result = try await TrailcastBinary.run(
                arguments: Self.run + ["--android-emulator", "127.0.0.1:\(port)", "--android-token", "secret"])
            #expect(result.status == 69)
            #expect(result.stderrLines.count == 1)
            // The first refusal is the one said (the fifth command after auth), not a later one.
            let commands = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
            try #require(commands.count >= 6, "\(commands)")
            #expect(
                result.stderrLines.first
                    == "trailcast: error: the Android emulator console answered '\(commands[5])' with \(Self.satellitesKO)"
            )
        }
        do {
            let (port, stub, _, scratch) = try await Self.console(["--close-after", "3"])
            defer { stub.stop(); scratch.remove() }
            let result = try await TrailcastBinary.run(
                arguments: Self.run + ["--android-emulator", String(port), "--android-token", "secret"])
            #expect(result.status == 69)
            #expect(result.stderrLines == ["trailcast: error: the Android emulator console closed the connection"])
            // The timeline still ends, its `end` carrying the feed's error (what report and
            // check read), after the fixes sent before the console went.
            let timeline = try ReplayTimeline(text: result.stdout)
            #expect(!timeline.locations.isEmpty)
            #expect(timeline.end?["reason"] == .string("error"))
            #expect(timeline.end?["message"] == .string("error: the Android emulator console closed the connection"))
        }
        // A port bound but not listening: connections to it are refused, and no other test
        // can start listening there.
        let port = try closedLoopbackPort()
        let unreachable = try await TrailcastBinary.run(arguments: Self.run + ["--android-emulator", String(port)])
        #expect(unreachable.status == 69)
        #expect(unreachable.stderrLines.count == 1)
        #expect(
            unreachable.stderrLines.first?.hasPrefix(
                "trailcast: error: cannot reach the Android emulator console at 127.0.0.1:\(port)") == true)
        let virtual = try await TrailcastBinary.run(arguments: [
            "replay", "gpx/sf-waterfront-walk.gpx", "--android-emulator", "5554",
        ])
        #expect(virtual.status == 64)
        // A scenario runs on virtual time too; the error names the feed that needs real time
        // (it once named --nmea, whatever the feed).
        let scenario = try await TrailcastBinary.run(arguments: [
            "replay", "--scenario", "gpx/scenarios/happy-path.yaml", "--android-emulator", "5554",
        ])
        #expect(scenario.status == 64)
        #expect(
            scenario.stderrLines.first
                == "trailcast: error: --android-emulator drives a live emulator and needs real time: add --speed N (1 is real time)"
        )
    }

    @Test("a console that accepts and never greets: after the 5 s wait, one line naming the wait, and 69")
    func silentConsole() async throws {
        let (port, stub, _, scratch) = try await Self.console(["--silent"])
        defer { stub.stop(); scratch.remove() }
        let result = try await TrailcastBinary.run(
            arguments: Self.run + ["--android-emulator", String(port), "--android-token", "secret"])
        #expect(result.status == 69)
        #expect(
            result.stderrLines == [
                "trailcast: error: the Android emulator console did not send its banner within 5 s"
            ])
    }

    @Test("the token from ~/.emulator_console_auth_token when none is given; none anywhere: one line and 69")
    func tokenFromHome() async throws {
        let home = try ScratchDirectory()
        defer { home.remove() }
        try home.file(named: ".emulator_console_auth_token", contents: Data("secret\n".utf8))
        do {
            let (port, stub, log, scratch) = try await Self.console()
            defer { stub.stop(); scratch.remove() }
            let result = try await TrailcastBinary.run(
                arguments: Self.run + ["--android-emulator", String(port)], environment: ["HOME": home.url.path])
            #expect(result.status == 0, "\(result.stderr)")
            let commands = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
            #expect(commands.first == "auth secret")
        }
        let empty = try ScratchDirectory()
        defer { empty.remove() }
        let (port, stub, log, scratch) = try await Self.console()
        defer { stub.stop(); scratch.remove() }
        let result = try await TrailcastBinary.run(
            arguments: Self.run + ["--android-emulator", String(port)], environment: ["HOME": empty.url.path])
        #expect(result.status == 69)
        #expect(
            result.stderrLines == [
                "trailcast: error: the Android emulator console asks for a token: none in ~/.emulator_console_auth_token or --android-token"
            ])
        // Nothing was sent to a console that had not let the feed in.
        #expect((try? String(contentsOf: log, encoding: .utf8)) ?? "" == "")
    }

    /// The stub must refuse what the emulator's console refuses, or the tests above could
    /// pass a feed the real console would reject: each line here is the console's own.
    @Test("the stub console rejects what the emulator's does, in its words")
    func theStubRejectsLikeTheConsole() async throws {
        let (port, stub, _, scratch) = try await Self.console()
        defer { stub.stop(); scratch.remove() }
        let client = """
            import socket, sys
            s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
            f = s.makefile("rb")
            def reply():
                lines = []
                while True:
                    line = f.readline().decode().rstrip("\\r\\n")
                    lines.append(line)
                    if line == "OK" or line.startswith("KO"):
                        return lines[-1]
            reply()
            for command in sys.argv[2:]:
                s.sendall(command.encode() + b"\\r\\n")
                print(reply())
            """
        // Each command and the console's answer, with the line of console.cpp@1d886ff9 it
        // comes from (docs/research/android-console-and-simctl.md).
        let exchanges: [(command: String, answer: String)] = [
            ("geo fix -122.4 37.8", "KO: unknown command, try 'help'"),  // :519-521, before auth
            ("auth", "KO: missing authentication token"),  // :3970-3972
            ("auth wrong", "KO: authentication token does not match ~/.emulator_console_auth_token"),  // :3994-3999
            ("auth  secret", "OK"),  // the spaces after the command are not the token's (find_command)
            ("auth secret", "KO: unknown command, try 'help'"),  // the main table has no auth (:3828-3948)
            ("ping", "OK"),  // after "I am alive!" (:622-627)
            ("geo fix -122.4 37.8 4.5 7 2.72", "OK"),
            ("geo fix 180.5 0", "KO: invalid longitude value. Should be in [-180,+180] range"),  // :2729-2733
            ("geo fix 0 -90.5", "KO: invalid latitude value. Should be in [-90,+90] range"),  // :2734-2738
            ("geo fix 0 0 0 0", Self.satellitesKO),  // :2748-2756
            ("geo fix 0 0 0 13", Self.satellitesKO),
            ("geo fix 0 0 0 6.5", Self.satellitesKO),
            ("geo fix 0 0 0 nan", Self.satellitesKO),
            ("geo fix 0 north", "KO: argument 'north' is not a number"),  // :2707-2709
            ("geo fix 1.5abc 2", "KO: argument 'abc 2' is not a number"),  // strtod reads 1.5: the rest is quoted
            ("geo fix 5", "KO: not enough arguments: see 'help geo fix' for details"),  // :2722-2724
            ("geo fix 0x10 nan", "OK"),  // strtod reads hex; a NaN latitude fails no comparison
            ("geo fix 1 2 3 4 5 six", "OK"),  // at most five numbers read (:2713-2714)
            ("geo fixture 1 2", "KO:  bad sub-command"),  // :549-554, after the help; two spaces
            ("geo", "KO: missing sub-command"),  // :542-545
            ("geo nmea", "KO: NMEA sentence missing, try 'help geo nmea'"),  // :2671-2673
            ("GET / HTTP/1.1", "KO: Forbidden HTTP request. Aborting"),  // :507-510, and it closes
        ]
        let result = try await TrailcastBinary.runTool(
            "python3", ["-c", client, String(port)] + exchanges.map(\.command))
        #expect(result.status == 0, "\(result.stderr)")
        let answers = result.stdout.split(separator: "\n").map(String.init)
        #expect(answers.count == exchanges.count)
        for (exchange, answer) in zip(exchanges, answers) {
            #expect(answer == exchange.answer, "\(exchange.command)")
        }
    }
}
