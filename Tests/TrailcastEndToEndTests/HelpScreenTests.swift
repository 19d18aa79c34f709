// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing

/// Help that fits a screen: each subcommand's first 40 lines say what it does, its
/// arguments and the options most runs need, with examples that paste; no line of any help
/// reaches 100 characters (the parser wraps prose to 80 when not on a terminal, so a longer
/// line is a usage line or an example that cannot be pasted whole).
@Suite("Help that fits a screen")
struct HelpScreenTests {
    static let firstScreens: [(command: String, mustShow: [String])] = [
        (
            "replay",
            [
                "USAGE: trailcast replay <route-file>", "ARGUMENTS:", "-f, --format", "-o, --output", "--report",
                "--speed", "--prompt", "--event",
            ]
        ),
        (
            "fleet",
            [
                "USAGE: trailcast fleet <routes>", "ARGUMENTS:", "--devices", "--duration", "--virtual", "-o, --output",
                "-q, --quiet", "--mqtt",
            ]
        ),
        (
            "export",
            ["USAGE: trailcast export <route-file>", "ARGUMENTS:", "-f, --format, --to", "-o, --output", "--gps"]
        ),
        ("inspect", ["USAGE: trailcast inspect <route-file>", "-f, --format", "-o, --output", "--strict"]),
        ("check", ["USAGE: trailcast check <scenario.yaml>", "-f, --format", "-o, --output"]),
        ("report", ["USAGE: trailcast report <timeline.jsonl>", "-o, --output", "--tiles"]),
        ("serve-weather", ["USAGE: trailcast serve-weather", "--port", "--cache", "--fail-rate", "--seed"]),
    ]

    @Test("the first 40 lines: the usage, the arguments and the options most runs need", arguments: firstScreens)
    func firstScreen(command: String, mustShow: [String]) async throws {
        let help = try await TrailcastBinary.run(arguments: [command, "--help"], environment: ["COLUMNS": nil])
        #expect(help.status == 0)
        let screen = help.stdoutLines.prefix(40).joined(separator: "\n")
        for text in mustShow {
            #expect(screen.contains(text), "\(command): '\(text)' is not on the first screen")
        }
        #expect(screen.contains("  trailcast \(command)"), "\(command): an example on the first screen")
    }

    @Test(
        "no help line of 100 characters or more; every example names a real command",
        arguments: [
            [], ["replay"], ["report"], ["check"], ["inspect"], ["export"], ["fleet"], ["serve-weather"],
        ])
    func widths(command: [String]) async throws {
        let help = try await TrailcastBinary.run(arguments: command + ["--help"], environment: ["COLUMNS": nil])
        #expect(help.status == 0, "\(command): \(help.stderr)")
        #expect(help.stderr == "")
        // The help itself, not an error or an empty screen that has no long lines either.
        let usage = "USAGE: trailcast" + (command.isEmpty ? " <subcommand>" : " \(command[0])")
        #expect(help.stdoutLines.contains { $0.hasPrefix(usage) }, "\(command): \(help.stdout.prefix(200))")
        #expect(help.stdoutLines.contains("OPTIONS:"), "\(command)")
        if !command.isEmpty {
            #expect(help.stdoutLines.contains { $0.hasPrefix("  trailcast ") }, "\(command): an example to check")
        }
        for line in help.stdoutLines {
            #expect(line.count < 100, "\(command): \(line.count) characters: \(line)")
        }
        let commands = ["replay", "report", "check", "inspect", "export", "fleet", "serve-weather"]
        for example in help.stdoutLines where example.hasPrefix("  trailcast ") {
            let named = example.split(separator: " ")[1]
            #expect(commands.contains(String(named)), "\(example)")
        }
    }

    @Test(
        "every default is said once in each option's help",
        arguments: ["replay", "fleet", "export", "inspect", "serve-weather"])
    func defaultsOnce(command: String) async throws {
        let help = try await TrailcastBinary.run(arguments: [command, "--help"], environment: ["COLUMNS": nil])
        #expect(help.status == 0, "\(command): \(help.stderr)")
        #expect(
            help.stdoutLines.first { $0.hasPrefix("USAGE: ") }?.hasPrefix("USAGE: trailcast \(command)") == true,
            "\(command)")
        // An option's help: its line and the indented lines after it, up to the next option.
        var options: [String] = []
        for line in help.stdoutLines {
            if line.hasPrefix("  -") {
                options.append(line)
            } else if line.hasPrefix("    "), !options.isEmpty {
                options[options.count - 1] += " " + line
            }
        }
        // Every command has options with defaults: none found would check nothing.
        #expect(options.count >= 3, "\(command): \(options.count) options")
        #expect(options.contains { $0.contains("(default:") }, "\(command): no default found")
        for option in options {
            #expect(option.components(separatedBy: "(default:").count <= 2, "\(command): \(option)")
        }
    }
}
