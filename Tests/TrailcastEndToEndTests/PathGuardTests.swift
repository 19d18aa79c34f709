// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One guard for every path, proved for every pair of every command's path arguments. The
/// pairs come from the parser's own description of the commands (`--experimental-dump-help`):
/// an argument completed as a file or a directory is a path, one whose value name is
/// `OUTPUT` is written. So a new flag that takes a path is in the pairs without a new test;
/// what it needs beside it to be valid (``companions``) is the only list here.
@Suite("No output over an input, nor over another output, nor standard output over an input")
struct PathGuardTests {
    /// A path argument of a command: an option (`--report`) or the command's positional.
    struct PathArgument: CustomStringConvertible {
        var command: String
        /// As typed, the long name; nil for the positional.
        var spelled: String?
        var isOutput: Bool
        var isDirectory: Bool

        var description: String { "\(command) \(spelled ?? "<positional>")" }
    }

    static let walk = Repository.url("gpx/sf-waterfront-walk.gpx").path

    /// Every path argument of every command, as the parser describes them.
    static func pathArguments() async throws -> [PathArgument] {
        let dump = try await TrailcastBinary.run(arguments: ["--experimental-dump-help"])
        try #require(dump.status == 0)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let tool = try #require(root["command"] as? [String: Any])
        var found: [PathArgument] = []
        for command in tool["subcommands"] as? [[String: Any]] ?? [] {
            let name = try #require(command["commandName"] as? String)
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                guard let completion = argument["completionKind"] as? [String: Any],
                    completion["file"] != nil || completion["directory"] != nil
                else { continue }
                let names = (argument["names"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "long" }
                let valueName = argument["valueName"] as? String ?? ""
                found.append(
                    PathArgument(
                        command: name, spelled: (names.first?["name"] as? String).map { "--" + $0 },
                        isOutput: valueName.hasPrefix("OUTPUT"), isDirectory: completion["directory"] != nil))
            }
        }
        return found
    }

    /// What a path argument needs beside it to be a valid command line, in `scratch`.
    static func companions(_ argument: PathArgument, in scratch: ScratchDirectory) throws -> [String] {
        switch (argument.command, argument.spelled) {
        case ("replay", "--weather-cache"): return ["--weather", "open-meteo"]
        case ("fleet", "--output"), ("fleet", nil): return []
        case ("fleet", "--summary"), ("fleet", "--mqtt-ca"): return ["--mqtt", "mqtts://127.0.0.1:1"]
        case ("fleet", "--mqtt-cert"):
            return [
                "--mqtt", "mqtts://127.0.0.1:1", "--mqtt-key", try scratch.file(named: "other.key", text: "key\n").path,
            ]
        case ("fleet", "--mqtt-key"):
            return [
                "--mqtt", "mqtts://127.0.0.1:1", "--mqtt-cert",
                try scratch.file(named: "other.pem", text: "cert\n").path,
            ]
        case ("fleet", "--mqtt-password-file"): return ["--mqtt", "mqtts://127.0.0.1:1", "--mqtt-user", "u"]
        case ("fleet", "--http-ca"): return ["--osmand", "https://127.0.0.1:1"]
        case ("fleet", "--http-cert"):
            return [
                "--osmand", "https://127.0.0.1:1", "--http-key",
                try scratch.file(named: "other.key", text: "key\n").path,
            ]
        case ("fleet", "--http-key"):
            return [
                "--osmand", "https://127.0.0.1:1", "--http-cert",
                try scratch.file(named: "other.pem", text: "cert\n").path,
            ]
        case ("fleet", "--http-password-file"): return ["--osmand", "https://127.0.0.1:1", "--http-user", "u"]
        default: return []
        }
    }

    /// The command's own arguments around the pair: its positional when the pair has none
    /// (and no `--scenario` stands for it), and what every run of it needs.
    static func commandLine(
        _ command: String, given: [(PathArgument, String)], in scratch: ScratchDirectory
    ) throws -> [String] {
        var positional: String?
        var options: [String] = []
        for (argument, path) in given {
            if let spelled = argument.spelled { options += [spelled, path] } else { positional = path }
            // Each companion is a flag and its value; one a pair shares is given once.
            let needed = try companions(argument, in: scratch)
            for start in stride(from: 0, to: needed.count, by: 2) where !options.contains(needed[start]) {
                options += needed[start..<min(start + 2, needed.count)]
            }
        }
        let scenarioGiven = given.contains { $0.0.spelled == "--scenario" }
        if positional == nil, !scenarioGiven {
            switch command {
            case "check": positional = try scratch.file(named: "given.yaml", text: "gpx: \(walk)\n").path
            case "report": positional = try scratch.file(named: "given.jsonl", text: "").path
            default: positional = walk
            }
        }
        var line = [command] + (positional.map { [$0] } ?? []) + options
        if command == "export" { line += ["--format", "csv"] }
        if command == "fleet" {
            line += ["--devices", "1", "--duration", "1m"]
            if !line.contains("--mqtt"), !line.contains("--osmand"), !line.contains("--virtual") {
                line.append("--virtual")
            }
        }
        return line
    }

    /// What an input must hold to get as far as the guard: a scenario is read to learn its
    /// paths; everything else is read only after the guard.
    static func contents(for argument: PathArgument) -> String {
        (argument.spelled == "--scenario" || (argument.command == "check" && argument.spelled == nil))
            ? "gpx: \(walk)\n" : "the file a command must not write over\n"
    }

    /// Whether two arguments can be on one command line at all (the command refuses the
    /// rest for other reasons: a route and a scenario, `--virtual`'s file and a broker's).
    static func combinable(_ first: PathArgument, _ second: PathArgument) -> Bool {
        let names = Set([first.spelled ?? "<positional>", second.spelled ?? "<positional>"])
        if first.command == "replay", names == ["<positional>", "--scenario"] { return false }
        if first.command == "fleet" {
            let virtualOnly: Set = ["--output"]
            let sendingOnly: Set = [
                "--summary", "--mqtt-ca", "--mqtt-cert", "--mqtt-key", "--mqtt-password-file", "--http-ca",
                "--http-cert", "--http-key",
                "--http-password-file",
            ]
            if !names.isDisjoint(with: virtualOnly), !names.isDisjoint(with: sendingOnly) { return false }
        }
        return true
    }

    /// How a refusal names an argument: its flag, or for the positional its role's words.
    /// A path argument's words in a refusal, whole: a role misnamed in a plan (the places
    /// called the regions, the client key the certificates) fails, not only a wrong flag.
    static func named(_ argument: PathArgument) -> String {
        switch (argument.command, argument.spelled) {
        case ("report", nil): return "the timeline"
        case ("check", nil): return "the scenario"
        case (_, nil): return "the route"
        case ("replay", "--output"): return "the timeline file (--output)"
        case ("fleet", "--output"): return "the messages file (--output)"
        case ("inspect", "--output"): return "the summary (--output)"
        case ("export", "--output"): return "the export (--output)"
        case ("report", "--output"), ("check", "--output"): return "the report (--output)"
        case (_, let spelled?): return "\(roles[spelled] ?? "(no words known for \(spelled))") (\(spelled))"
        }
    }

    /// The words of each other path argument, the same in every command that has it.
    static let roles = [
        "--report": "the report", "--weather-log": "the weather log", "--nmea": "the NMEA file",
        "--scenario": "the scenario", "--places": "the places", "--regions": "the regions",
        "--weather-cache": "the weather cache", "--summary": "the summary",
        "--mqtt-password-file": "the password file", "--http-password-file": "the password file",
        "--mqtt-ca": "the certificates", "--http-ca": "the certificates", "--mqtt-cert": "the client certificate",
        "--http-cert": "the client certificate", "--mqtt-key": "the client key", "--http-key": "the client key",
    ]

    @Test(
        "every pair of path arguments with an output, the same file (the second a hard link): exit 64, one line naming both, nothing written"
    )
    func everyPair() async throws {
        let arguments = try await Self.pathArguments()
        // The parser describes what the guard must cover: every command's outputs are there.
        #expect(
            Set(arguments.filter(\.isOutput).map(\.description)) == [
                "replay --output", "replay --report", "replay --weather-log", "replay --nmea", "report --output",
                "check --output",
                "inspect --output", "export --output", "fleet --output", "fleet --summary",
            ])
        var pairs = 0
        for command in Set(arguments.map(\.command)).sorted() {
            let own = arguments.filter { $0.command == command }
            for (index, first) in own.enumerated() {
                for second in own[(index + 1)...]
                where (first.isOutput || second.isOutput) && Self.combinable(first, second) {
                    // The written one second: it is the one refused, and its line comes first.
                    let (input, output) = second.isOutput ? (first, second) : (second, first)
                    try await Self.refuses(input: input, output: output)
                    pairs += 1
                }
            }
        }
        #expect(pairs >= 30, "the pairs tried: \(pairs)")
    }

    static func refuses(input: PathArgument, output: PathArgument) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let text = contents(for: input)
        let original: URL
        var given: [(PathArgument, String)]
        if input.isDirectory {
            original = scratch.url.appendingPathComponent("cache")
            try FileManager.default.createDirectory(at: original, withIntermediateDirectories: false)
            given = [(input, original.path), (output, original.appendingPathComponent("inside.txt").path)]
        } else {
            original = try scratch.file(named: "shared.txt", text: text)
            let linked = scratch.url.appendingPathComponent("linked.txt").path
            try #require(link(original.path, linked) == 0)
            given = [(input, original.path), (output, linked)]
        }
        let line = try commandLine(input.command, given: given, in: scratch)
        let result = try await TrailcastBinary.run(arguments: line)
        #expect(result.status == 64, "\(line): \(result.stderr)")
        #expect(result.stdout == "", "\(line)")
        #expect(result.stderrLines.count == 1, "\(line): \(result.stderr)")
        let refusal = result.stderrLines.first ?? ""
        #expect(
            refusal.contains(": error: ") && refusal.hasSuffix(": choose another output path"), "\(line): \(refusal)")
        #expect(refusal.contains(named(input)) && refusal.contains(named(output)), "\(line): \(refusal)")
        if input.isDirectory {
            #expect(try FileManager.default.contentsOfDirectory(atPath: original.path).isEmpty, "\(line)")
        } else {
            #expect(try String(contentsOf: original, encoding: .utf8) == text, "\(line) wrote over its input")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).filter {
            $0.contains(".trailcast-")
        }
        #expect(left.isEmpty, "\(line) left \(left)")
    }

    /// A directory where a file is read is an input that cannot be had (exit 66), not an
    /// I/O error: on Linux open(2) opens a directory and only the read fails (EISDIR), which
    /// `report DIR` and `--mqtt-password-file DIR` called exit 74, and `--mqtt-ca DIR` "not
    /// a PEM certificate" (65).
    @Test("every file an argument reads, given a directory: exit 66, one line saying so, nothing written")
    func directoryForAnInputFile() async throws {
        let inputs = try await Self.pathArguments().filter { !$0.isOutput && !$0.isDirectory }
        // The fleet's positional takes a folder of routes too.
        let files = inputs.filter { !($0.command == "fleet" && $0.spelled == nil) }
        #expect(files.count >= 12, "\(files)")
        // A key is read after its certificate: that one is real here, so the key is reached.
        let certificates = try await TestCertificates.make()
        defer { certificates.directory.remove() }
        for argument in files {
            let scratch = try ScratchDirectory()
            defer { scratch.remove() }
            let folder = scratch.url.appendingPathComponent("folder")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            var line = try Self.commandLine(argument.command, given: [(argument, folder.path)], in: scratch)
            if argument.spelled == "--mqtt-key", let at = line.firstIndex(of: "--mqtt-cert") {
                line[at + 1] = certificates.clientCertificate.path
            }
            if argument.spelled == "--http-key", let at = line.firstIndex(of: "--http-cert") {
                line[at + 1] = certificates.clientCertificate.path
            }
            let result = try await TrailcastBinary.run(arguments: line, in: scratch.url)
            #expect(result.status == 66, "\(line): \(result.stderr)")
            #expect(result.stderrLines == ["\(result.stderrLines.first ?? "")"], "\(line): \(result.stderr)")
            #expect(result.stderr.contains("\(folder.path): error: is a directory"), "\(line): \(result.stderr)")
            // check's report lists the scenario it could not run; nothing else writes.
            #expect(result.stdout.isEmpty || argument.command == "check", "\(line)")
        }
    }

    @Test("two outputs named differently that are one new file (out.txt, ./out.txt): exit 64, nothing made")
    func twoOutputsOneNewFile() async throws {
        let arguments = try await Self.pathArguments()
        let outputs = Dictionary(grouping: arguments.filter(\.isOutput), by: \.command)
        var tried = 0
        for (command, own) in outputs.sorted(by: { $0.key < $1.key }) {
            for (index, first) in own.enumerated() {
                for second in own[(index + 1)...] where Self.combinable(first, second) {
                    let scratch = try ScratchDirectory()
                    defer { scratch.remove() }
                    let line = try Self.commandLine(
                        command, given: [(first, "out.txt"), (second, "./out.txt")], in: scratch)
                    let result = try await TrailcastBinary.run(arguments: line, in: scratch.url)
                    #expect(result.status == 64, "\(line): \(result.stderr)")
                    #expect(
                        result.stderrLines == [
                            "./out.txt: error: the \(Self.what(second)) would overwrite the \(Self.what(first)) out.txt: choose another output path"
                        ], "\(line)")
                    #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("out.txt").path))
                    tried += 1
                }
            }
        }
        #expect(tried == 6, "replay's four outputs, pairwise")
    }

    @Test("outputs to new files of other names in one folder are other files: all written, exit 0")
    func newOutputsSideBySide() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let names = ["timeline.jsonl", "report.html", "weather.csv", "feed.nmea"]
        let result = try await TrailcastBinary.run(
            arguments: [
                "replay", Self.walk, "--format", "jsonl", "--output", names[0], "--report", names[1], "--weather-log",
                names[2],
                "--nmea", names[3],
            ], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        for name in names {
            let size =
                try FileManager.default.attributesOfItem(atPath: scratch.url.appendingPathComponent(name).path)[.size]
                as? Int
            #expect((size ?? 0) > 0, "\(name) written")
        }
    }

    /// An output's words in a refusal.
    static func what(_ output: PathArgument) -> String {
        switch output.spelled {
        case "--output": return "timeline file (--output)"
        case "--report": return "report (--report)"
        case "--weather-log": return "weather log (--weather-log)"
        case "--nmea": return "NMEA file (--nmea)"
        default: return "\(output.spelled ?? "")"
        }
    }

    @Test(
        "standard input (-) read from the file an output names: exit 64, the file intact",
        arguments: [
            ["replay", "-", "--output"], ["inspect", "-", "--output"],
            ["report", "-", "--output"],
        ])
    func standardInputIsTheOutput(line: [String]) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let text = "the file a command must not write over\n"
        let file = try scratch.file(named: "both.txt", text: text)
        let quoted = (line + [file.path]).map { "'\($0)'" }.joined(separator: " ")
        let result = try await TrailcastBinary.runTool(
            "sh", ["-c", "exec \"$0\" \(quoted) < '\(file.path)'", TrailcastBinary.url.path])
        #expect(result.status == 64, "\(line): \(result.stderr)")
        #expect(result.stderrLines.count == 1)
        #expect(result.stderrLines.first?.contains("would overwrite the ") == true, "\(result.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == text)
    }

    @Test("standard output or standard error that is an input file: exit 64, the input intact")
    func standardStreamsOverAnInput() async throws {
        let arguments = try await Self.pathArguments()
        var tried = 0
        for input in arguments where !input.isOutput && !input.isDirectory {
            // A command that writes to standard output: every one, without -o (fleet's only
            // with --virtual, which its sending-only inputs cannot have).
            if input.command == "fleet", input.spelled != nil { continue }
            let scratch = try ScratchDirectory()
            defer { scratch.remove() }
            let text = Self.contents(for: input)
            let file = try scratch.file(named: "input.txt", text: text)
            let line = try Self.commandLine(input.command, given: [(input, file.path)], in: scratch)
            let quoted = line.map { "'\($0)'" }.joined(separator: " ")
            let toStdout = try await TrailcastBinary.runTool(
                "sh", ["-c", "exec \"$0\" \(quoted) >> '\(file.path)'", TrailcastBinary.url.path])
            #expect(toStdout.status == 64, "\(line) >> input: \(toStdout.stderr)")
            #expect(toStdout.stderrLines.count == 1, "\(line): \(toStdout.stderr)")
            #expect(
                toStdout.stderrLines.first?.hasPrefix("\(file.path): error: standard output is ") == true,
                "\(toStdout.stderr)")
            #expect(try String(contentsOf: file, encoding: .utf8) == text, "\(line) >> input wrote into it")
            // Standard error: the refusal itself would change the file, so it is not written.
            let toStderr = try await TrailcastBinary.runTool(
                "sh", ["-c", "exec \"$0\" \(quoted) 2>> '\(file.path)'", TrailcastBinary.url.path])
            #expect(toStderr.status == 64, "\(line) 2>> input")
            #expect(toStderr.stdout == "", "\(line) 2>> input")
            #expect(try String(contentsOf: file, encoding: .utf8) == text, "\(line) 2>> input wrote into it")
            tried += 1
        }
        #expect(tried >= 8, "inputs tried: \(tried)")
    }
}
